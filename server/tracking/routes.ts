/**
 * live-tracking: the latest clock position of each member of a live-tracking group, for the map and its list.
 * Set-based: one query for the whole group, whatever its size. The tile server the map should draw on is in the
 * same reply (MAP_TILE_URL), so a closed network's company tile server needs no client build.
 */
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorOf, scopeOf } from '../http/access.ts';
import { invalid, notFound } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';

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

export interface Position {
  employee: { _id: string; fullname: string; employee_id: string };
  position: {
    date: string;
    type: 'in' | 'out';
    time: string;
    latitude: number;
    longitude: number;
    offsite: boolean;
  } | null;
}

/**
 * The group's members (of the caller's company, and of their department for an admin_department caller) with their
 * latest positioned clock: the later of a day's clock-out and clock-in that carries coordinates, on the latest such
 * day. Members are sorted by name.
 */
export async function latestPositions(
  db: Db,
  companyId: string,
  group: string,
  department: string | null | undefined,
): Promise<Position[]> {
  const departmentRule =
    department === undefined ? sql`true` : department === null ? sql`false` : sql`e.department_id = ${department}`;
  const { rows } = await db.execute<{
    id: string;
    fullname: string;
    employee_id: string;
    date: string | null;
    type: 'in' | 'out' | null;
    time: string | null;
    latitude: string | number | null;
    longitude: string | number | null;
    offsite: boolean | null;
  }>(sql`
    select e.id, e.fullname, e.employee_id, p.date::text as date, p.type, p.time, p.latitude, p.longitude, p.offsite
    from live_tracking_groups g
    join employees e on e.id = any(g.member_ids) and e.company_id = g.company_id
    left join lateral (
      select a.date,
             case when a.clock_out_latitude is not null then 'out' else 'in' end as type,
             to_char(case when a.clock_out_latitude is not null then a.clock_out else a.clock_in end at time zone 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time,
             coalesce(a.clock_out_latitude, a.clock_in_latitude) as latitude,
             case when a.clock_out_latitude is not null then a.clock_out_longitude else a.clock_in_longitude end as longitude,
             case when a.clock_out_latitude is not null then a.clock_out_offsite else a.clock_in_offsite end as offsite
      from attendances a
      where a.employee_id = e.id and a.company_id = ${companyId}
        and (a.clock_in_latitude is not null or a.clock_out_latitude is not null)
      order by a.date desc
      limit 1
    ) p on true
    where g.id = ${group} and g.company_id = ${companyId} and ${departmentRule}
    order by lower(e.fullname), e.id`);
  return rows.map((r) => ({
    employee: { _id: r.id, fullname: r.fullname, employee_id: r.employee_id },
    position:
      r.date && r.type && r.time && r.latitude !== null && r.longitude !== null
        ? {
            date: r.date,
            type: r.type,
            time: r.time,
            latitude: Number(r.latitude),
            longitude: Number(r.longitude),
            offsite: Boolean(r.offsite),
          }
        : null,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    const valid = ids.filter((id) => UUID.test(id));
    const known = new Set<string>();
    if (valid.length) {
      const { rows } = await db.execute<{ id: string }>(
        sql`select id from employees where company_id = ${companyId} and id in (${sql.join(
          valid.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const row of rows) known.add(row.id);
    }
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

export function trackingRoutes(app: FastifyInstance, db: Db, config: Config) {
  membersGuard(app, db);
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
      const { actor, companyId } = scopeOf(request);
      const { group } = request.query as { group: string };
      const { rows } = await db.execute<{ id: string }>(
        sql`select id from live_tracking_groups where id = ${group} and company_id = ${companyId}`,
      );
      if (!rows[0]) throw notFound('Live tracking group');
      const department = actor.level === 'admin_department' ? actor.departmentId : undefined;
      return {
        data: await latestPositions(db, companyId, group, department),
        tiles: config.mapTiles,
        updated_at: new Date().toISOString(),
      };
    },
  });
}
