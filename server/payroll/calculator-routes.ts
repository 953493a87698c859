/**
 * The tax calculator (issue 14): `POST /v1/payroll/pph21/calculate` computes PPh 21 for a person and a year by the
 * payroll engine (common/payroll/calculator.ts), touching no stored data. Schema plus a thin handler.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { calculatePph21 } from '../../common/payroll/calculator.ts';
import type { Pph21CalculateBody, PtkpStatus } from '../../common/payroll/types.ts';
import { invalid } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';

const statuses = ['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3'] as const;
/**
 * At most Rp 10 billion a figure: the engine's exact fractions (decision 0042) multiply an amount by a rate in basis
 * points and by the 120 % surcharge, and that product must stay a safe integer (below 2^53); Rp 100 billion a month
 * did not (a 500, found by the fuzz test).
 */
const rupiah = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 10_000_000_000, description: `${description} (integer rupiah)` });

const Body = Type.Object(
  {
    ptkp_status: Type.Unsafe<PtkpStatus | Uppercase<PtkpStatus>>(
      Type.Union(
        [...statuses, ...statuses.map((s) => s.toUpperCase())].map((s) => Type.Literal(s)),
        { description: "PTKP status as of 1 January: 'TK/0' … 'K/3' (either case)" },
      ),
    ),
    tax_id_valid: Type.Optional(Type.Boolean({ default: true, description: 'False: PPh 21 × 1.2' })),
    gross_up: Type.Optional(
      Type.Boolean({ default: false, description: 'The employer bears the tax (full gross-up)' }),
    ),
    annualize: Type.Optional(
      Type.Boolean({ default: false, description: 'An expatriate arriving or leaving this year: annualise' }),
    ),
    previous_neto: Type.Optional(rupiah("The previous employer's neto this year")),
    previous_pph: Type.Optional(rupiah('PPh 21 the previous employer withheld this year')),
    year: Type.Optional(
      Type.Integer({ minimum: 2024, maximum: 2100, description: 'The tax year (default: this year in Jakarta)' }),
    ),
    periods: Type.Array(
      Type.Object(
        {
          month: Type.Integer({ minimum: 1, maximum: 12 }),
          bruto: rupiah('Gross of the month; with gross_up the pay before the tax allowance'),
          pension: Type.Optional(rupiah("The employee's JHT and JP of the month")),
          zakat: Type.Optional(rupiah('Zakat paid through the employer')),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 12 },
    ),
    last_period: Type.Optional(
      Type.Boolean({ default: false, description: 'The last entry is the last tax period (Pasal 17 settlement)' }),
    ),
  },
  { additionalProperties: false },
);

const Reply = Type.Object({
  data: Type.Object({
    periods: Type.Array(
      Type.Object({
        month: Type.Integer(),
        category: Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('C')]),
        rate: Type.Number({ description: 'The TER rate as a fraction (0.015 = 1.5 %)' }),
        bruto: Type.Integer(),
        pph: Type.Integer({ description: 'Negative in the last period: a refund' }),
      }),
    ),
    last_period: Nullable(
      Type.Object({
        bruto_year: Type.Integer(),
        biaya_jabatan: Type.Integer(),
        pension: Type.Integer(),
        zakat: Type.Integer(),
        neto: Type.Integer(),
        ptkp: Type.Integer(),
        pkp: Type.Integer(),
        tax_year: Type.Integer(),
        withheld: Type.Integer(),
        pph: Type.Integer(),
      }),
    ),
  }),
});

export function calculatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/v1/payroll/pph21/calculate', {
    config: { access: { kind: 'menu', menu: 'tax-calculator', action: 'read', company: true } },
    schema: {
      operationId: 'calculatePph21',
      tags: ['payroll'],
      summary: 'PPh 21 for a person and a year, without touching stored data',
      body: Body,
      response: { 200: Reply, ...errorResponses },
    },
    handler: async (request) => {
      const body: Pph21CalculateBody = request.body;
      const months = body.periods.map((period) => period.month);
      if (months.some((month, i) => i > 0 && month <= months[i - 1]!)) {
        throw invalid({ periods: { code: 'months_order', message: 'Each month once, in calendar order' } });
      }
      return { data: calculatePph21(body) };
    },
  });
}
