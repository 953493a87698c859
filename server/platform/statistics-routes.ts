/**
 * The developer area's platform figures (issue 26, spec 2.2): `GET /v1/dev/bpjs` (bpjs → dev-bpjs, BPJS Kesehatan
 * per company and month from completed runs) and `GET /v1/dev/statistics/employees` (statistics → total-employees and
 * compare-total, employees per company and month). Both menus are narrowed by username (spec 6: the developer, finance
 * and bpjs accounts) in common/menu.ts, which the access hook applies here as in the sidebar.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { invalid } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { bpjsByCompanyMonth, employeesByCompanyMonth } from './statistics-repository.ts';

const rupiah = Type.Integer({ description: 'Integer rupiah' });
const Company = Type.Object({ _id: Type.String({ format: 'uuid' }), name: Type.String(), code: Type.String() });

const BpjsMonth = Type.Object({
  company: Company,
  year: Type.Integer(),
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  registered: Type.Integer({ description: 'Employees registered with BPJS Kesehatan on the run' }),
  wage_base: rupiah,
  employer: rupiah,
  employee: rupiah,
  additional: Type.Integer({ description: "The employees' 1% for additional family members, integer rupiah" }),
  family_members: Type.Integer({ description: 'Additional family members covered' }),
});

const EmployeeMonth = Type.Object({
  company: Company,
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  headcount: Type.Integer({ description: "Employed on the month's last day" }),
  joiners: Type.Integer(),
  leavers: Type.Integer(),
});

const yearMonth = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });
/** The longest span the statistics draw: five years of months. */
const MAX_MONTHS = 60;
const monthIndex = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;

export function statisticsRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/v1/dev/bpjs', {
    config: { access: { kind: 'menu', menu: 'dev-bpjs', action: 'read', company: false } },
    schema: {
      operationId: 'listDevBpjs',
      tags: ['platform'],
      summary: 'BPJS Kesehatan per company and month, from completed monthly runs',
      querystring: Type.Object(
        {
          year: Type.Integer({ minimum: 2000, maximum: 2100 }),
          month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
          company: Type.Optional(Type.String({ format: 'uuid' })),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Array(BpjsMonth) }), ...errorResponses },
    },
    handler: async (request) => {
      const { year, month, company } = request.query;
      const rows = await bpjsByCompanyMonth(db, request.actor?.companyId ?? null, {
        year,
        ...(month ? { month } : {}),
        ...(company ? { company } : {}),
      });
      return {
        data: rows.map(({ company_id, company_name, company_code, ...figures }) => ({
          company: { _id: company_id, name: company_name, code: company_code },
          ...figures,
        })),
      };
    },
  });

  app.get('/v1/dev/statistics/employees', {
    config: {
      access: { kind: 'menus', menus: ['total-employees', 'compare-total'], action: 'read', company: false },
    },
    schema: {
      operationId: 'listDevEmployeeStatistics',
      tags: ['platform'],
      summary: 'Employees per company and month (headcount at month end, joiners, leavers)',
      querystring: Type.Object(
        {
          from: yearMonth,
          to: yearMonth,
          company: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50 })),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Array(EmployeeMonth) }), ...errorResponses },
    },
    handler: async (request) => {
      const { from, to, company } = request.query;
      const span = monthIndex(to) - monthIndex(from) + 1;
      if (span < 1) throw invalid({ to: { code: 'after_start', message: 'Must not be before the start month' } });
      if (span > MAX_MONTHS) {
        throw invalid({
          to: { code: 'months_at_most', message: `At most ${MAX_MONTHS} months`, params: { limit: MAX_MONTHS } },
        });
      }
      const rows = await employeesByCompanyMonth(db, request.actor?.companyId ?? null, {
        from,
        to,
        ...(company?.length ? { companies: company } : {}),
      });
      return {
        data: rows.map(({ company_id, company_name, company_code, ...figures }) => ({
          company: { _id: company_id, name: company_name, code: company_code },
          ...figures,
        })),
      };
    },
  });
}
