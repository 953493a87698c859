import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildSerializer = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;
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
 * Fastify's own response serializer compiler (fast-json-stringify), made cheap at start-up (docs/decisions/0019):
 * - one compiled function per distinct schema: every route declares the same eight error replies and the generic
 *   routes repeat each resource's schemas, so Fastify would compile about 3,300 serializers of which about 330 differ;
 * - each compile gets only the shared schemas it refers to: fast-json-stringify validates and indexes every
 *   external schema it is given on every compile, and there are a few hundred.
 */
export const cachedSerializers: BuildSerializer = (externalSchemas, serializerOptions) => {
  const shared = (externalSchemas ?? {}) as Schemas;
  const compiled = new Map<string, (data: unknown) => string>();
  return (route) => {
    // The serializer depends only on the schema: the shared schemas are fixed for this factory.
    const key = JSON.stringify(route.schema);
    let serializer = compiled.get(key);
    if (!serializer) {
      const needed: Schemas = {};
      for (const id of referenced(route.schema, shared)) needed[id] = shared[id];
      serializer = SerializerSelector()(needed, serializerOptions)(route) as (data: unknown) => string;
      compiled.set(key, serializer);
    }
    return serializer;
  };
};
