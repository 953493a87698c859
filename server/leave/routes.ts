/**
 * The leave balance routes (spec 7: `leave-balance` GET and POST, import; the export is written in the browser,
 * docs/decisions/0011). Schemas plus thin handlers over balance.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, listPaging, MetaSchema, Nullable, one } from '../http/schemas.ts';
import { adjustBalance, importBalances, listBalances } from './balance.ts';

const id = Type.String({ format: 'uuid' });
const year = Type.Integer({ minimum: 2000, maximum: 2100 });
const quantity = Type.Number({ minimum: -9999, maximum: 9999, multipleOf: 0.01 });

export const LeaveBalance = Type.Object(
  {
    _id: Type.String(),
    employee: Type.Object({ _id: id, employee_id: Type.String(), fullname: Type.String() }),
    department: Nullable(Type.Object({ _id: id, code: Type.String(), name: Type.String() })),
    leave_rule: Type.Object({ _id: id, type: Type.String(), unit: Type.String({ enum: ['day', 'hour', 'half_day'] }) }),
    year: Type.Integer(),
    unlimited: Type.Boolean(),
    entitled: Nullable(Type.Number()),
    used: Type.Number(),
    collective: Type.Number(),
    pending: Type.Number(),
    adjusted: Type.Number(),
    remaining: Nullable(Type.Number()),
    expires_on: Nullable(Type.String({ format: 'date' })),
    expired: Type.Boolean(),
  },
  { $id: 'LeaveBalance', additionalProperties: false },
);

export const LeaveBalanceAdjustment = Type.Object(
  {
    employee: id,
    leave_rule: id,
    year,
    amount: quantity,
    note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { $id: 'LeaveBalanceAdjustment', additionalProperties: false },
);

export const LeaveBalanceImport = Type.Object(
  {
    rows: Type.Array(
      Type.Object(
        {
          employee_id: Type.String({ minLength: 1, maxLength: 100 }),
          leave_type: Type.String({ minLength: 1, maxLength: 200 }),
          year,
          remaining: quantity,
          note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100_000 },
    ),
  },
  { $id: 'LeaveBalanceImport', additionalProperties: false },
);

export const LeaveBalanceImportResult = Type.Object(
  {
    rows: Type.Array(
      Type.Object({
        index: Type.Integer(),
        status: Type.String({ enum: ['adjusted', 'unchanged', 'invalid'] }),
        amount: Type.Optional(Type.Number()),
      }),
    ),
  },
  { $id: 'LeaveBalanceImportResult' },
);

export const leaveSchemas = [LeaveBalance, LeaveBalanceAdjustment, LeaveBalanceImport, LeaveBalanceImportResult];

/** Every balance of the company fits one page by default; a larger limit is clamped (issue 24). */
const balancePaging = listPaging({ defaultLimit: 100_000, maxLimit: 200_000 });

const BalanceQuery = Type.Object(
  {
    year: Type.Optional(year),
    employee: Type.Optional(id),
    leave_rule: Type.Optional(id),
    department: Type.Optional(id),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    limit: balancePaging.limit,
    skip: balancePaging.skip,
  },
  { additionalProperties: false },
);

const read = { access: { kind: 'menu', menu: 'balance', action: 'read', company: true } } as const;
const write = { access: { kind: 'menu', menu: 'balance', action: 'write', company: true } } as const;
const tags = ['leave-balance'];

/** The current year in Asia/Jakarta. */
const thisYear = () => Number(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 4));

export function leaveRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/leave-balance', {
    config: read,
    schema: {
      operationId: 'listLeaveBalances',
      description:
        'Per employee, leave rule and year: entitled (accrued to today, prorated for joiners), used (approved leave and deducted collective leave), pending, adjusted and remaining (null when unlimited)',
      tags,
      querystring: BalanceQuery,
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(LeaveBalance)), meta: Type.Ref(MetaSchema) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const { query } = request;
      const all = await listBalances(db, scopeOf(request), { ...query, year: query.year ?? thisYear() });
      const { limit, skip } = balancePaging.page(query);
      return { data: all.slice(skip, skip + limit), meta: { total: all.length, limit, skip } };
    },
  });

  app.post('/v1/leave-balance', {
    config: write,
    schema: {
      operationId: 'adjustLeaveBalance',
      description: 'Adds a manual adjustment (positive or negative) to one balance, logged; answers the new balance',
      tags,
      body: Type.Ref(LeaveBalanceAdjustment),
      response: { 200: one(Type.Ref(LeaveBalance)), ...errorResponses },
    },
    handler: async (request) => ({ data: await adjustBalance(db, scopeOf(request), request.body) }),
  });

  app.post('/v1/leave-balance/import', {
    config: write,
    schema: {
      operationId: 'importLeaveBalances',
      description:
        'Sets balances from a spreadsheet (employee id, leave type, year, remaining): an adjustment makes up each difference. All rows or none.',
      tags,
      body: Type.Ref(LeaveBalanceImport),
      response: { 200: one(Type.Ref(LeaveBalanceImportResult)), ...errorResponses },
    },
    handler: async (request) => {
      const { rows } = request.body;
      return { data: { rows: await importBalances(db, scopeOf(request), rows) } };
    },
  });
}
