import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildSerializer = NonNullable<Factories['buildSerializer']>;
type BuildValidator = AjvCompiler.BuildCompilerFromPool;
type Schemas = Record<string, unknown>;

/** The ids of the shared schemas a schema refers to, directly or through other shared schemas. */
function referenced(schema: unknown, shared: Schemas, found = new Set<string>()): Set<string> {
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const id = value.split('#')[0] ?? '';
        if (id && !found.has(id) && id in shared) {
          found.add(id);
          walk(shared[id]);
        }
      } else walk(value);
    }
  };
  walk(schema);
  return found;
}

/**
 * Fastify asks its compiler factories for a compiler again for every route once any schema was added with
 * `addSchema` (its schema controller's `addedSchemas` flag never resets), handing over a fresh copy of every shared
 * schema each time. Its default validator pool then `JSON.stringify`s all of them (a few hundred) to find the pooled
 * compiler: a CPU profile of a restart put more time there than in compiling anything (docs/decisions/0077). Both
 * factories below therefore answer from a cache keyed by the shared schemas' ids, which is cheap: schemas are only
 * ever added before routes, under ids that never change meaning. Each app gets its own pair (`compilerFactories()`).
 */
const idsKey = (externalSchemas: unknown) => Object.keys((externalSchemas ?? {}) as Schemas).join('\n');

/**
 * Fastify's own response serializer compiler (fast-json-stringify), made cheap at start-up (docs/decisions/0019):
 * - one compiled function per distinct schema: every route declares the same eight error replies and the generic
 *   routes repeat each resource's schemas, so Fastify would compile about 3,300 serializers of which about 330 differ;
 * - each compile gets only the shared schemas it refers to: fast-json-stringify validates and indexes every
 *   external schema it is given on every compile, and there are a few hundred.
 */
function cachedSerializers(): BuildSerializer {
  // The serializer depends only on the route's schema: shared schemas are only added, never changed.
  const compiled = new Map<string, (data: unknown) => string>();
  const compilers = new Map<string, ReturnType<BuildSerializer>>();
  return (externalSchemas, serializerOptions) => {
    const key = idsKey(externalSchemas);
    const known = compilers.get(key);
    if (known) return known;
    const shared = (externalSchemas ?? {}) as Schemas;
    const compiler: ReturnType<BuildSerializer> = (route) => {
      const schemaKey = JSON.stringify(route.schema);
      let serializer = compiled.get(schemaKey);
      if (!serializer) {
        const needed: Schemas = {};
        for (const id of referenced(route.schema, shared)) needed[id] = shared[id];
        serializer = SerializerSelector()(needed, serializerOptions)(route) as (data: unknown) => string;
        compiled.set(schemaKey, serializer);
      }
      return serializer;
    };
    compilers.set(key, compiler);
    return compiler;
  };
}

/** Fastify's own validator compiler (Ajv through @fastify/ajv-compiler), one per set of shared schemas. */
function cachedValidators(): BuildValidator {
  const build = AjvCompiler.AjvCompiler();
  const compilers = new Map<string, ReturnType<BuildValidator>>();
  return (externalSchemas, options) => {
    const key = idsKey(externalSchemas);
    let compiler = compilers.get(key);
    if (!compiler) {
      compiler = build(externalSchemas, options);
      compilers.set(key, compiler);
    }
    return compiler;
  };
}

/** Fastify's `schemaController.compilersFactory` for one app. */
export const compilerFactories = () => ({ buildValidator: cachedValidators(), buildSerializer: cachedSerializers() });
