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
function cachedSerializers(later: Later): BuildSerializer {
  // The serializer depends only on the route's schema: shared schemas are only added, never changed.
  const compiled = new Map<string, (data: unknown) => string>();
  const compilers = new Map<string, ReturnType<BuildSerializer>>();
  return (externalSchemas, serializerOptions) => {
    const key = idsKey(externalSchemas);
    const known = compilers.get(key);
    if (known) return known;
    const shared = (externalSchemas ?? {}) as Schemas;
    const compile = (schema: unknown) => {
      const schemaKey = JSON.stringify(schema);
      let serializer = compiled.get(schemaKey);
      if (!serializer) {
        const needed: Schemas = {};
        for (const id of referenced(schema, shared)) needed[id] = shared[id];
        serializer = SerializerSelector()(needed, serializerOptions)({ schema } as never) as (data: unknown) => string;
        compiled.set(schemaKey, serializer);
      }
      return serializer;
    };
    const compiler: ReturnType<BuildSerializer> = (route) => {
      let serializer: ((data: unknown) => string) | undefined;
      const ensure = () => {
        serializer ??= compile(route.schema);
        return serializer;
      };
      later.add(ensure);
      return (data: unknown) => ensure()(data);
    };
    compilers.set(key, compiler);
    return compiler;
  };
}

/**
 * Fastify's own validator compiler (Ajv through @fastify/ajv-compiler), one per set of shared schemas. Each route's
 * validator is compiled on its first use (or by `warm`): compiling them all took a large part of a restart's CPU
 * (docs/decisions/0081). The stand-in carries what Fastify reads off an Ajv function: `schemaEnv` (so that Ajv may coerce
 * a root value through its parent) and `errors`.
 */
function cachedValidators(later: Later): BuildValidator {
  const build = AjvCompiler.AjvCompiler();
  const compilers = new Map<string, ReturnType<BuildValidator>>();
  return (externalSchemas, options) => {
    const key = idsKey(externalSchemas);
    let compiler = compilers.get(key);
    if (!compiler) {
      const eager = build(externalSchemas, options) as unknown as (route: unknown) => ValidateFunction;
      const lazyCompiler = (route: unknown) => {
        let validate: ValidateFunction | undefined;
        const ensure = () => {
          validate ??= eager(route);
          return validate;
        };
        later.add(ensure);
        const lazy = ((data: unknown, context?: unknown) => ensure()(data, context)) as ValidateFunction;
        Object.defineProperty(lazy, 'errors', { get: () => validate?.errors ?? null });
        Object.defineProperty(lazy, 'schemaEnv', { get: () => ensure().schemaEnv });
        return lazy;
      };
      compiler = lazyCompiler as unknown as ReturnType<BuildValidator>;
      compilers.set(key, compiler);
    }
    return compiler;
  };
}

type ValidateFunction = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** The compiles put off until first use; `warm` does the rest a slice at a time, between requests. */
export class Later {
  private readonly pending: (() => unknown)[] = [];
  add(compile: () => unknown) {
    this.pending.push(compile);
  }
  get size() {
    return this.pending.length;
  }
  /** Compiles everything still pending (a compiled one is a no-op), yielding to the event loop every `sliceMs`. */
  async warm(sliceMs = 20): Promise<void> {
    while (this.pending.length) {
      const until = performance.now() + sliceMs;
      while (this.pending.length && performance.now() < until) this.pending.pop()?.();
      await new Promise((done) => setImmediate(done));
    }
  }
}

/**
 * Fastify's `schemaController.compilersFactory` for one app, and `warm()`: the server calls it after `listen` so that
 * no user waits for a first compile; the tests call it to prove that every route's schemas compile.
 */
export function compilerFactories() {
  const later = new Later();
  return {
    buildValidator: cachedValidators(later),
    buildSerializer: cachedSerializers(later),
    warm: (sliceMs?: number) => later.warm(sliceMs),
  };
}
