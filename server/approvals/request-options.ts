/**
 * What the "New request" form needs from the requester's own point of view (issue 13, UI): the leave types they may
 * ask for with their balance left, the company's shifts, the colleagues of their department to swap with; and a
 * leave's day count before it is sent (the same counting as the request's validation: server/leave/calendar.ts).
 * Read-only, the caller's own employee record only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { jakartaToday } from '../../common/employment.ts';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { AppError, invalid } from '../http/errors.ts';
import { errorResponses, one } from '../http/schemas.ts';
import { listBalances } from '../leave/balance.ts';
import { leaveDaysFor } from '../leave/calendar.ts';
import type { Scope } from '../scope/scope.ts';
import { departmentColleagues, ownEmployee, requestShifts } from './repository.ts';

const id = Type.String({ format: 'uuid' });
const date = Type.String({ format: 'date' });
const signedIn = { access: { kind: 'signed-in', company: true } } as const;
const tags = ['approvals'];

export const RequestOptionsSchema = Type.Object(
  {
    leave_types: Type.Array(
      Type.Object({
        _id: id,
        type: Type.String(),
        unit: Type.String({ enum: ['day', 'half_day', 'hour'] }),
        remaining: Type.Union([Type.Number(), Type.Null()], { description: 'null: unlimited' }),
      }),
    ),
    shifts: Type.Array(Type.Object({ _id: id, name: Type.String(), code: Type.String() })),
    colleagues: Type.Array(Type.Object({ _id: id, employee_id: Type.String(), fullname: Type.String() })),
  },
  { $id: 'ApprovalRequestOptions' },
);

const LeaveDaysQuery = Type.Object(
  {
    leave_type: id,
    start_date: date,
    end_date: date,
    unit: Type.Optional(Type.Unsafe<'day' | 'half_day' | 'hour'>(Type.String({ enum: ['day', 'half_day', 'hour'] }))),
    hours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 24 })),
  },
  { additionalProperties: false },
);

async function me(db: Db, scope: Scope) {
  const own = await ownEmployee(db, scope);
  if (!own) throw new AppError(403, 'no_employee', 'You have no employee record to request for');
  return own;
}

const yearOf = (day: string) => Number(day.slice(0, 4));

export function requestOptionRoutes(server: FastifyInstance, db: Db) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/approvals/options', {
    config: signedIn,
    schema: {
      operationId: 'approvalRequestOptions',
      description:
        "The requester's choices: leave types with the balance left this year, shifts, department colleagues",
      tags,
      response: { 200: one(Type.Ref(RequestOptionsSchema)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const own = await me(db, scope);
      // One after the other: the pool is small and each is one short statement.
      const balances = await listBalances(db, scope, { year: yearOf(jakartaToday()), employee: own.id });
      const shifts = await requestShifts(db, scope);
      const colleagues = await departmentColleagues(db, scope, own);
      return {
        data: {
          leave_types: balances.map((row) => ({
            _id: row.leave_rule._id,
            type: row.leave_rule.type,
            unit: row.leave_rule.unit,
            remaining: row.remaining,
          })),
          shifts,
          colleagues,
        },
      };
    },
  });

  app.get('/v1/approvals/leave-days', {
    config: signedIn,
    schema: {
      operationId: 'approvalLeaveDays',
      description:
        "A leave's day count for the requester (working days and holidays as the request counts them) and the balance left",
      tags,
      querystring: LeaveDaysQuery,
      response: {
        200: one(Type.Object({ total_days: Type.Number(), remaining: Type.Union([Type.Number(), Type.Null()]) })),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const own = await me(db, scope);
      const query = request.query;
      if (query.end_date < query.start_date) {
        throw invalid({ end_date: { code: 'after_start', message: 'must not be before the start date' } });
      }
      const balance = (
        await listBalances(db, scope, {
          year: yearOf(query.start_date),
          employee: own.id,
          leave_rule: query.leave_type,
        })
      )[0];
      if (!balance) throw invalid({ leave_type: { code: 'not_found', message: 'Leave Type not found' } });
      const total = await leaveDaysFor(db, scope.companyId, {
        employeeId: own.id,
        leaveRuleId: query.leave_type,
        start: query.start_date,
        end: query.end_date,
        unit: query.unit ?? 'day',
        hours: query.hours ?? null,
      });
      return { data: { total_days: total, remaining: balance.remaining } };
    },
  });
}
