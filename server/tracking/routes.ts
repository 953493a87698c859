/**
 * live-tracking: the latest clock position of each member of a live-tracking group, for the map and its list.
 * Set-based: one query for the whole group, whatever its size. The tile server the map should draw on is in the
 * same reply (MAP_TILE_URL), so a closed network's company tile server needs no client build.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorOf, scopeOf } from '../http/access.ts';
import { invalid, notFound } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { isUuid } from '../http/validation.ts';
import { companyReach } from '../scope/scope.ts';
import { knownEmployees, latestPositions, trackingGroupExists } from './repository.ts';

const LiveTrackingPosition = Type.Object(
  {
    employee: Type.Object({ _id: Type.String(), fullname: Type.String(), employee_id: Type.String() }),
    /** Null when the member has never clocked with a position. */
    position: Nullable(
      Type.Object({
        /** The attendance date (the shift's start date, WIB). */
        date: Type.String({ format: 'date' }),
        type: Type.Union([Type.Literal('in'), Type.Literal('out')]),
        time: Type.String({ format: 'date-time' }),
        latitude: Type.Number(),
        longitude: Type.Number(),
        offsite: Type.Boolean(),
      }),
    ),
  },
  { $id: 'LiveTrackingPosition' },
);
const MapTiles = Type.Object({ url: Type.String(), attribution: Type.String() }, { $id: 'MapTiles' });
export const trackingSchemas = [LiveTrackingPosition, MapTiles];

/** The member ids a group write names, for one row or every bulk row. */
function memberIds(body: unknown): string[] {
  const b = body as { rows?: unknown; members?: unknown } | undefined;
  const rows = Array.isArray(b?.rows) ? (b.rows as { members?: unknown }[]) : [b];
  const ids = rows.flatMap((row) => (Array.isArray(row?.members) ? row.members : []));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/**
 * A group's members are employees of the caller's company: another company's id (or an unknown one) is the same
 * `not_found` field error as any relation's, and is never stored (so never echoed back).
 */
function membersGuard(app: FastifyInstance, db: Db) {
  const check = async (request: FastifyRequest) => {
    const companyId = actorOf(request).companyId;
    const ids = memberIds(request.body);
    if (!companyId || ids.length === 0) return;
    // Groups are company-wide lists: a member is any employee of the company (as before issue 24).
    const known = await knownEmployees(db, companyReach(companyId), ids.filter(isUuid));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length)
      throw invalid(
        { members: { code: 'not_found', message: 'Employee not found', params: { ids: unknown } } },
        'A member is not an employee of this company',
      );
  };
  const routes = new Set([
    'POST /v1/live-tracking-group',
    'PUT /v1/live-tracking-group/:id',
    'PATCH /v1/live-tracking-group/:id',
    'POST /v1/live-tracking-group/bulk',
  ]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => routes.has(`${method} ${route.url}`))) return;
    const existing = route.preHandler;
    const list = existing ? (Array.isArray(existing) ? existing : [existing]) : [];
    route.preHandler = [...list, check];
  });
}

export function trackingRoutes(parent: FastifyInstance, db: Db, config: Config) {
  membersGuard(parent, db);
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/live-tracking', {
    config: { access: { kind: 'menu', menu: 'live-tracking', action: 'read', company: true } },
    schema: {
      operationId: 'liveTracking',
      tags: ['tracking'],
      summary: "The latest clock position of each member of a live-tracking group, and the map's tile server",
      querystring: Type.Object({ group: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(LiveTrackingPosition)),
          tiles: Type.Ref(MapTiles),
          /** When the server read the positions. */
          updated_at: Type.String({ format: 'date-time' }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { group } = request.query;
      if (!(await trackingGroupExists(db, scope, group))) throw notFound('Live tracking group');
      return {
        data: await latestPositions(db, scope, group),
        tiles: config.mapTiles,
        updated_at: new Date().toISOString(),
      };
    },
  });
}
