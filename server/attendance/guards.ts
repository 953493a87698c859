/**
 * What the generic routes of the scheduling resources cannot know, attached to those routes only (an `onRoute` hook,
 * so the generic machinery has no new option):
 * - `GET /v1/shifts?limit=9999999` (spec 7, 9: the shift list's limit) answers: a limit above the list maximum reads
 *   as "all", which a company's tens of shifts are (decision 0031).
 * - an attendance group's weekly pattern names shifts of the caller's company only (another company's id is the same
 *   `not_found` field error as any relation's).
 * - a shift a weekly pattern uses is not deleted: 409 `in_use` (decision 0016); roster cells and overrides are
 *   refused by their foreign keys through the generic count.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { Db } from '../db/connect.ts';
import { actorOf } from '../http/access.ts';
import { invalid } from '../http/errors.ts';
import { isUuid } from '../http/validation.ts';
import { inUse } from '../resources/repository.ts';
import { companyReach } from '../scope/scope.ts';
import { companyShiftIds, groupsUsingShifts } from './repository.ts';

type Hook = 'preValidation' | 'preHandler';

function attach(route: RouteOptions, hook: Hook, handler: onRequestHookHandler | preHandlerHookHandler) {
  const existing = route[hook];
  const list = existing ? (Array.isArray(existing) ? existing : [existing]) : [];
  (route as unknown as Record<Hook, unknown[]>)[hook] = [...list, handler];
}

const companyOf = (request: FastifyRequest) => actorOf(request).companyId;

type Body = Record<string, unknown> | undefined;

/**
 * These hooks sit on generic routes whose schemas this file does not own: their body, query and params are read as
 * what they are (unknown), narrowed here rather than cast.
 */
const fieldsOf = (value: unknown): Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The shift ids a group write names in `schedule`, for one row or every bulk row. */
function scheduleIds(body: Body): string[] {
  const rows = Array.isArray(body?.rows) ? (body.rows as Body[]) : [body];
  const ids: string[] = [];
  for (const row of rows) {
    const schedule = row?.schedule;
    if (schedule && typeof schedule === 'object')
      for (const id of Object.values(schedule)) if (typeof id === 'string') ids.push(id);
  }
  return [...new Set(ids)];
}

/** The shift ids a delete names: the path's id, `ids` of a delete of many, or `delete` of a bulk request. */
function deletedIds(request: FastifyRequest): string[] {
  const id = fieldsOf(request.params)?.id;
  if (typeof id === 'string' && id) return [id];
  const body = fieldsOf(request.body);
  const ids = Array.isArray(body?.ids) ? body.ids : Array.isArray(body?.delete) ? body.delete : [];
  return ids.filter((id): id is string => typeof id === 'string');
}

export function attendanceGuards(app: FastifyInstance, db: Db) {
  const checkSchedule: preHandlerHookHandler = async (request) => {
    const companyId = companyOf(request);
    const ids = scheduleIds(fieldsOf(request.body));
    if (!companyId || ids.length === 0) return;
    // Bulk rows are validated after this hook: an id that is not even a uuid is unknown too (never sent to the database).
    const known = await companyShiftIds(db, companyReach(companyId), ids.filter(isUuid));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) {
      throw invalid(
        { schedule: { code: 'not_found', message: 'Shift not found', params: { ids: unknown } } },
        'The weekly schedule names a shift that does not exist',
      );
    }
  };

  const guardShiftDelete: preHandlerHookHandler = async (request) => {
    const companyId = companyOf(request);
    const ids = deletedIds(request);
    if (!companyId || ids.length === 0) return;
    const groups = await groupsUsingShifts(db, companyReach(companyId), ids);
    if (groups.length) throw inUse([{ resource: 'attendance-groups', count: groups.length }]);
  };

  const table: { method: string; url: string; hook: Hook; handler: onRequestHookHandler | preHandlerHookHandler }[] = [
    { method: 'POST', url: '/v1/attendance-groups', hook: 'preHandler', handler: checkSchedule },
    { method: 'PUT', url: '/v1/attendance-groups/:id', hook: 'preHandler', handler: checkSchedule },
    { method: 'POST', url: '/v1/attendance-groups/bulk', hook: 'preHandler', handler: checkSchedule },
    { method: 'DELETE', url: '/v1/shifts/:id', hook: 'preHandler', handler: guardShiftDelete },
    { method: 'DELETE', url: '/v1/shifts', hook: 'preHandler', handler: guardShiftDelete },
    { method: 'POST', url: '/v1/shifts/bulk', hook: 'preHandler', handler: guardShiftDelete },
  ];

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const entry of table) {
      if (route.url === entry.url && methods.includes(entry.method as never)) attach(route, entry.hook, entry.handler);
    }
  });
}
