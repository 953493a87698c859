/**
 * payroll-import's routes (spec 7 `payroll-summary/template`, `payroll-summary/import`): the month's template as data
 * (the browser writes the xlsx, decision 0011) and the import of the rows the browser read and checked. Thin handlers
 * over server/payroll/import.ts.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { requireMenu, scopeOf } from '../http/access.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import { runKinds } from './run.ts';

/**
 * The month's template and import are payroll-import's; a daily payroll's (type weekly) are the weekly-payroll screen's
 * (decision 0091): the gate lets in whoever may read (write) either, and the handler checks the type's menu.
 */
const importMenus = ['payroll-import', 'weekly-payroll'] as const;
/** The kinds with an import (`runKinds[type].import`): no type is the monthly run's. */
const importOf = (type: 'payroll_run' | 'weekly' | undefined) => runKinds[type ?? 'payroll_run'].import;
const read = { kind: 'menus', menus: importMenus, action: 'read', company: true } as const;
const write = { kind: 'menus', menus: importMenus, action: 'write', company: true } as const;
const tags = ['payroll'];
const year = Type.Integer({ minimum: 2000, maximum: 2100 });
const month = Type.Integer({ minimum: 1, maximum: 12 });
/** Integer rupiah; a component amount is never negative (a deduction is its own component). */
const amount = Type.Integer({ minimum: 0, maximum: 100_000_000_000, description: 'Integer rupiah' });

export const PayrollImportTemplate = Type.Object(
  {
    components: Type.Array(
      Type.Object({
        /** `<category>:<reference code>` (allowance, incentive, bonus, deduction), or `thr` / `yearly_bonus`. */
        key: Type.String(),
        /** `weekly`: a daily payroll's inputs (days_worked, daily_rate, incentive). */
        category: Type.Union(
          ['allowance', 'incentive', 'bonus', 'deduction', 'thr', 'yearly_bonus', 'weekly'].map((v) => Type.Literal(v)),
        ),
        code: Nullable(Type.String()),
        name: Nullable(Type.String()),
      }),
    ),
    run: Nullable(
      Type.Object({
        _id: Type.String({ format: 'uuid' }),
        title: Type.String(),
        status: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
      }),
    ),
    employees: Type.Array(
      Type.Object({
        _id: Type.String({ format: 'uuid' }),
        employee_id: Type.String(),
        fullname: Type.String(),
        department_name: Nullable(Type.String()),
        amounts: Type.Record(Type.String(), Type.Integer()),
      }),
    ),
  },
  { $id: 'PayrollImportTemplate' },
);

export const PayrollImport = Type.Object(
  {
    rows: Type.Array(
      Type.Object(
        {
          employee_id: Type.String({ minLength: 1, maxLength: 100 }),
          year,
          month,
          amounts: Type.Record(Type.String({ maxLength: 200 }), amount, { maxProperties: 500 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 50_000 },
    ),
    type: Type.Optional(
      Type.Union([Type.Literal('payroll_run'), Type.Literal('weekly')], {
        description: "weekly: the rows are a daily payroll's inputs (amounts days_worked, daily_rate, incentive)",
      }),
    ),
    summary: Type.Optional(Type.String({ format: 'uuid', description: 'type weekly: the daily payroll' })),
  },
  { $id: 'PayrollImport', additionalProperties: false },
);

export const PayrollImportResult = Type.Object(
  {
    rows: Type.Array(
      Type.Object({ index: Type.Integer(), status: Type.Union([Type.Literal('saved'), Type.Literal('unchanged')]) }),
    ),
    saved: Type.Integer(),
    unchanged: Type.Integer(),
    /** The months' pending runs whose payslips were recalculated. */
    runs: Type.Array(
      Type.Object({
        _id: Type.String({ format: 'uuid' }),
        title: Type.String(),
        year: Type.Integer(),
        month: Type.Integer(),
        payslips: Type.Integer(),
      }),
    ),
  },
  { $id: 'PayrollImportResult' },
);

export const payrollImportSchemas = [PayrollImportTemplate, PayrollImport, PayrollImportResult];

export function payrollImportRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/payroll-summary/template', {
    config: { access: read },
    schema: {
      operationId: 'payrollImportTemplate',
      description:
        "A month's payroll-import template: the company's components (payroll-references allowances, incentives, " +
        'bonuses, deductions; THR; yearly bonus), the payroll-active employees of the month with their current ' +
        'amounts, and the month’s monthly run if any. The browser writes the xlsx. With type=weekly and summary: ' +
        "that daily payroll's inputs (days_worked, daily_rate, incentive) per daily worker.",
      tags,
      querystring: Type.Object(
        {
          year: Type.Optional(year),
          month: Type.Optional(month),
          type: Type.Optional(Type.Union([Type.Literal('payroll_run'), Type.Literal('weekly')])),
          summary: Type.Optional(
            Type.String({ format: 'uuid', description: 'type weekly: the daily payroll whose inputs the template is' }),
          ),
        },
        { additionalProperties: false },
      ),
      response: { 200: one(Type.Ref(PayrollImportTemplate)), ...errorResponses },
    },
    handler: async (request) => {
      const query = request.query;
      const scope = scopeOf(request);
      const kind = importOf(query.type);
      requireMenu(scope.actor, kind.menu, 'read');
      return { data: await kind.template(db, scope, query) };
    },
  });

  app.post('/v1/payroll-summary/import', {
    config: { access: write },
    schema: {
      operationId: 'importPayrollComponents',
      description:
        'Sets component amounts per employee and month (an absent component is left as it is, 0 removes it), saved at ' +
        "once: the month's pending monthly run recalculates those employees' payslips. A month whose payroll is " +
        'saved is refused. All rows or none. With type weekly and summary: the rows set that daily payroll’s ' +
        'inputs (amounts days_worked, daily_rate, incentive) by employee number, recalculated at once.',
      tags,
      body: Type.Ref(PayrollImport),
      response: { 200: one(Type.Ref(PayrollImportResult)), ...errorResponses },
    },
    handler: async (request) => {
      const { rows, type, summary } = request.body;
      const scope = scopeOf(request);
      const kind = importOf(type);
      requireMenu(scope.actor, kind.menu, 'write');
      return { data: await kind.apply(db, scope, { summary, rows }) };
    },
  });
}
