/**
 * The man-fee reports (developer area, finances → man-fee; decision 0073): `GET /v1/dev/man-fee/monthly` and
 * `GET /v1/dev/man-fee/annual`, read from the fees stored on the completed monthly runs (`man-fee.ts`), so a report
 * always equals the completed runs. Schemas and thin handlers; the queries are `repository.ts`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { errorResponses } from '../http/schemas.ts';
import { manFeeAnnual, manFeeMonthly } from './repository.ts';

const CompanyOf = Type.Object({ _id: Type.String(), name: Type.String(), code: Type.String() });
const Method = Type.Union([Type.Literal('percentage'), Type.Literal('per_employee'), Type.Null()]);

export const ManFeeMonthlyRow = Type.Object(
  {
    _id: Type.String({ description: 'The run' }),
    company: CompanyOf,
    title: Type.String(),
    completed_at: Type.Union([Type.String(), Type.Null()]),
    employee_count: Type.Integer(),
    total_bruto: Type.Integer(),
    method: Method,
    percentage: Type.Union([Type.Number(), Type.Null()]),
    amount_per_employee: Type.Union([Type.Integer(), Type.Null()]),
    fee: Type.Integer({ description: 'Rupiah; 0 when the company had no rule for the month' }),
  },
  { $id: 'ManFeeMonthlyRow', additionalProperties: false },
);
export const ManFeeMonthly = Type.Object(
  {
    year: Type.Integer(),
    month: Type.Integer(),
    rows: Type.Array(Type.Ref(ManFeeMonthlyRow)),
    totals: Type.Object({
      companies: Type.Integer(),
      employees: Type.Integer(),
      bruto: Type.Integer(),
      fee: Type.Integer(),
    }),
    /** Companies whose run of the month is still pending (no fee until completed). */
    pending: Type.Integer(),
  },
  { $id: 'ManFeeMonthly', additionalProperties: false },
);
export const ManFeeAnnualRow = Type.Object(
  {
    _id: Type.String({ description: 'The company' }),
    company: CompanyOf,
    /** Twelve entries, January first: the month's fee, or null when the month has no completed run. */
    months: Type.Array(Type.Union([Type.Integer(), Type.Null()]), { minItems: 12, maxItems: 12 }),
    total_bruto: Type.Integer(),
    fee: Type.Integer(),
  },
  { $id: 'ManFeeAnnualRow', additionalProperties: false },
);
export const ManFeeAnnual = Type.Object(
  {
    year: Type.Integer(),
    rows: Type.Array(Type.Ref(ManFeeAnnualRow)),
    totals: Type.Object({
      months: Type.Array(Type.Integer(), { minItems: 12, maxItems: 12 }),
      bruto: Type.Integer(),
      fee: Type.Integer(),
    }),
  },
  { $id: 'ManFeeAnnual', additionalProperties: false },
);
export const manFeeSchemas = [ManFeeMonthlyRow, ManFeeMonthly, ManFeeAnnualRow, ManFeeAnnual];

const Year = Type.Integer({ minimum: 2000, maximum: 2100 });

export function manFeeRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/dev/man-fee/monthly', {
    config: { access: { kind: 'menu', menu: 'man-fee-monthly', action: 'read', company: false } },
    schema: {
      operationId: 'manFeeMonthly',
      tags: ['man-fee'],
      summary: "A month's man-fee per company, from the completed monthly runs",
      querystring: Type.Object(
        { year: Year, month: Type.Integer({ minimum: 1, maximum: 12 }) },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Ref(ManFeeMonthly) }), ...errorResponses },
    },
    handler: async (request) => {
      const { year, month } = request.query;
      return { data: await manFeeMonthly(db, year, month) };
    },
  });

  app.get('/v1/dev/man-fee/annual', {
    config: { access: { kind: 'menu', menu: 'man-fee-annual', action: 'read', company: false } },
    schema: {
      operationId: 'manFeeAnnual',
      tags: ['man-fee'],
      summary: "A year's man-fee per company and month, from the completed monthly runs",
      querystring: Type.Object({ year: Year }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Ref(ManFeeAnnual) }), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await manFeeAnnual(db, request.query.year) };
    },
  });
}
