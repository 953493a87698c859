/**
 * payroll-import's routes (spec 7 `payroll-summary/template`, `payroll-summary/import`): the month's template as data
 * (the browser writes the xlsx, decision 0011) and the import of the rows the browser read and checked. Thin handlers
 * over server/payroll/import.ts.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import { type ImportRow, importPayroll, importTemplate } from './import.ts';

const read = { kind: 'menu', menu: 'payroll-import', action: 'read', company: true } as const;
const write = { kind: 'menu', menu: 'payroll-import', action: 'write', company: true } as const;
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
        category: Type.Union(
          ['allowance', 'incentive', 'bonus', 'deduction', 'thr', 'yearly_bonus'].map((v) => Type.Literal(v)),
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

export function payrollImportRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/payroll-summary/template', {
    config: { access: read },
    schema: {
      operationId: 'payrollImportTemplate',
      description:
        "A month's payroll-import template: the company's components (payroll-references allowances, incentives, " +
        'bonuses, deductions; THR; yearly bonus), the payroll-active employees of the month with their current ' +
        'amounts, and the month’s monthly run if any. The browser writes the xlsx.',
      tags,
      querystring: Type.Object({ year, month }, { additionalProperties: false }),
      response: { 200: one(Type.Ref(PayrollImportTemplate)), ...errorResponses },
    },
    handler: async (request) => {
      const period = request.query as { year: number; month: number };
      return { data: await importTemplate(db, scopeOf(request), period) };
    },
  });

  app.post('/v1/payroll-summary/import', {
    config: { access: write },
    schema: {
      operationId: 'importPayrollComponents',
      description:
        'Sets component amounts per employee and month (an absent component is left as it is, 0 removes it), saved at ' +
        "once: the month's pending monthly run recalculates those employees' payslips. A month whose payroll is " +
        'saved is refused. All rows or none.',
      tags,
      body: Type.Ref(PayrollImport),
      response: { 200: one(Type.Ref(PayrollImportResult)), ...errorResponses },
    },
    handler: async (request) => {
      const { rows } = request.body as { rows: ImportRow[] };
      return { data: await importPayroll(db, scopeOf(request), rows) };
    },
  });
}
