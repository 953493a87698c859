/**
 * The roster of a working_shift group (issue #12): `GET/PUT /v1/attendance/roster?group=&month=&year=`. GET answers
 * the group's members × the month's days with each cell's shift code; PUT sets (a code) or clears (null) cells, all or
 * nothing: any bad cell (unknown code, a day outside the month, an employee not in the group) refuses the whole
 * request with a per-cell report (decision 0032).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { type Scope, scopeOf } from '../http/access.ts';
import { AppError, notFound } from '../http/errors.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import { employeesReached, findGroup, groupMembers, rosterCells, shiftsByCode, writeRoster } from './repository.ts';
import { addDays } from './schedule.ts';

/** 500 employees × 31 days, with room. */
export const ROSTER_MAX_CELLS = 20_000;

const RosterQuery = Type.Object(
  {
    group: Type.String({ format: 'uuid' }),
    month: Type.Integer({ minimum: 1, maximum: 12 }),
    year: Type.Integer({ minimum: 2000, maximum: 2100 }),
  },
  { additionalProperties: false },
);

export const RosterSchema = Type.Object(
  {
    group: Type.Object({ _id: Type.String(), name: Type.String(), type: Type.String() }),
    month: Type.Integer(),
    year: Type.Integer(),
    /** Every date of the month, in order. */
    days: Type.Array(Type.String()),
    /** One row per member: the shift code of each day (same order as `days`), null where none is set. */
    rows: Type.Array(
      Type.Object({
        employee: Type.Object({ _id: Type.String(), employee_id: Type.String(), fullname: Type.String() }),
        codes: Type.Array(Nullable(Type.String())),
      }),
    ),
  },
  { $id: 'Roster' },
);

export const RosterUpdateSchema = Type.Object(
  {
    cells: Type.Array(
      Type.Object(
        {
          employee: Type.String({ format: 'uuid' }),
          date: Type.String({ format: 'date' }),
          /** A shift code of the company (case-insensitive); null or '' clears the cell. */
          code: Nullable(Type.String({ maxLength: 30 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: ROSTER_MAX_CELLS },
    ),
  },
  { $id: 'RosterUpdate', additionalProperties: false },
);

const RosterWritten = Type.Object({ set: Type.Integer(), cleared: Type.Integer() });

export function monthDays(year: number, month: number): string[] {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const days: string[] = [];
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) days.push(day);
  return days;
}

interface CellError {
  index: number;
  employee: string;
  date: string;
  code: string;
  message: string;
}

/** The cells to write, last cell of an employee and date winning, or the per-cell errors. */
function planCells(
  cells: readonly { employee: string; date: string; code: string | null }[],
  days: ReadonlySet<string>,
  members: ReadonlySet<string>,
  codes: ReadonlyMap<string, { id: string }>,
) {
  const errors: CellError[] = [];
  const set = new Map<string, { employee: string; date: string; shift: string } | null>();
  for (const [index, cell] of cells.entries()) {
    const fail = (code: string, message: string) =>
      errors.push({ index, employee: cell.employee, date: cell.date, code, message });
    const code = cell.code?.trim() ?? '';
    const key = `${cell.employee}|${cell.date}`;
    if (!days.has(cell.date)) fail('outside_month', 'is not a day of this month');
    else if (!members.has(cell.employee)) fail('not_member', 'is not a member of this group');
    else if (code === '') set.set(key, null);
    else {
      const shift = codes.get(code.toLowerCase());
      if (shift) set.set(key, { employee: cell.employee, date: cell.date, shift: shift.id });
      else fail('unknown_shift', `"${code}" is not a shift code`);
    }
  }
  const written = [...set.entries()];
  return {
    errors,
    set: written.flatMap(([, cell]) => (cell ? [cell] : [])),
    clear: written.flatMap(([key, cell]) => {
      if (cell) return [];
      const [employee, date] = key.split('|') as [string, string];
      return [{ employee, date }];
    }),
  };
}

export function rosterRoutes(parent: FastifyInstance, db: Db, config: Config) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  // The roster's own menu (attendance → roster), so a custom role can be given the roster alone.
  const menu = 'roster';
  const tags = ['roster'];

  async function groupOf(scope: Scope, id: string) {
    const group = await findGroup(db, scope, id);
    if (!group) throw notFound('Attendance group');
    return group;
  }

  app.get('/v1/attendance/roster', {
    config: { access: { kind: 'menu', menu, action: 'read', company: true } },
    schema: {
      operationId: 'getRoster',
      tags,
      querystring: RosterQuery,
      response: { 200: one(Type.Ref(RosterSchema)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { query } = request;
      const group = await groupOf(scope, query.group);
      const days = monthDays(query.year, query.month);
      const members = await groupMembers(db, scope, group.id);
      const cells = await rosterCells(
        db,
        scope,
        members.map((m) => m._id),
        days[0] as string,
        days.at(-1) as string,
      );
      const byKey = new Map(cells.map((c) => [`${c.employee}|${c.date}`, c.code]));
      return {
        data: {
          group: { _id: group.id, name: group.name, type: group.type },
          month: query.month,
          year: query.year,
          days,
          rows: members.map((employee) => ({
            employee,
            codes: days.map((day) => byKey.get(`${employee._id}|${day}`) ?? null),
          })),
        },
      };
    },
  });

  app.put('/v1/attendance/roster', {
    config: { access: { kind: 'menu', menu, action: 'write', company: true } },
    bodyLimit: config.limits.bulkBodyBytes,
    schema: {
      operationId: 'updateRoster',
      tags,
      querystring: RosterQuery,
      body: Type.Ref(RosterUpdateSchema),
      response: { 200: one(RosterWritten), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { query } = request;
      const { cells } = request.body;
      return db.transaction(async (tx) => {
        const group = await findGroup(tx, scope, query.group);
        if (!group) throw notFound('Attendance group');
        if (group.type !== 'working_shift') {
          throw new AppError(409, 'not_working_shift', 'Only a working_shift group has a roster');
        }
        // An employee the caller does not reach (another company, another department) is refused unnamed.
        const named = [...new Set(cells.map((cell) => cell.employee))];
        if ((await employeesReached(tx, scope, named)).size < named.length) throw notFound('Employee');
        const days = new Set(monthDays(query.year, query.month));
        const members = new Set((await groupMembers(tx, scope, group.id)).map((m) => m._id));
        const { errors, set, clear } = planCells(cells, days, members, await shiftsByCode(tx, scope));
        if (errors.length) {
          throw new AppError(
            400,
            'validation_failed',
            `${errors.length} cell(s) cannot be saved; nothing was saved`,
            undefined,
            { rows: errors },
          );
        }
        await writeRoster(tx, scope, scope.actor.userId, set, clear);
        return { data: { set: set.length, cleared: clear.length } };
      });
    },
  });
}
