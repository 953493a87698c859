/**
 * The developer area's finances → payroll-summary (issue 15): every company's payroll runs and daily payrolls,
 * read-only, as `GET /v1/dev/loans` lists loans. Should the menu ever let a company user in, they see their own
 * company's only (tenancy); a developer sees every company.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { errorResponses, listPaging } from '../http/schemas.ts';
import { listPlatformSummaries } from './repository.ts';

const literals = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v as T[number])));

/** The developer's list of every company's runs: a larger limit is taken as 5,000 (issue 24). */
const devPaging = listPaging({ defaultLimit: 1000, maxLimit: 5000 });

const DevPayrollSummary = Type.Object({
  _id: Type.String({ format: 'uuid' }),
  company: Type.Object({ _id: Type.String(), name: Type.String(), code: Type.String() }),
  title: Type.String(),
  type: literals(['payroll_run', 'thr', 'weekly'] as const),
  status: literals(['pending', 'completed'] as const),
  year: Type.Integer(),
  month: Type.Integer(),
  period_start: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  period_end: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  employee_count: Type.Integer(),
  total_bruto: Type.Integer(),
  total_pph21: Type.Integer(),
  total_thp: Type.Integer(),
  created_at: Type.String({ description: 'The upload date' }),
  completed_at: Type.Union([Type.String(), Type.Null()]),
});

export function weeklyRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/dev/payroll-summary', {
    // The developer's finances → payroll-summary, and the admin's finance → payroll-summary (issue 26): the same list,
    // a company user's narrowed to their company by `listPlatformSummaries`.
    config: {
      access: { kind: 'menus', menus: ['payroll-summary', 'finance-payroll-summary'], action: 'read', company: false },
    },
    schema: {
      operationId: 'listDevPayrollSummaries',
      tags: ['payroll'],
      summary: "Every company's payroll runs and daily payrolls (developer area, read-only)",
      querystring: Type.Object(
        {
          company: Type.Optional(Type.String({ format: 'uuid' })),
          status: Type.Optional(literals(['pending', 'completed'] as const)),
          type: Type.Optional(Type.Array(literals(['payroll_run', 'thr', 'weekly'] as const))),
          limit: devPaging.limit,
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ data: Type.Array(DevPayrollSummary), meta: Type.Object({ total: Type.Integer() }) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const q = request.query;
      const rows = await listPlatformSummaries(db, request.actor?.companyId ?? null, {
        ...(q.company ? { company: q.company } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.type ? { type: q.type } : {}),
        limit: devPaging.page(q).limit,
      });
      return {
        data: rows.map(({ summary: s, company_name, company_code }) => ({
          _id: s.id,
          company: { _id: s.company_id, name: company_name, code: company_code },
          title: s.title,
          type: s.type,
          status: s.status,
          year: s.year,
          month: s.month,
          period_start: s.period_start,
          period_end: s.period_end,
          employee_count: s.employee_count,
          total_bruto: s.total_bruto,
          total_pph21: s.total_pph21,
          total_thp: s.total_thp,
          created_at: s.created_at,
          completed_at: s.completed_at,
        })),
        meta: { total: rows[0]?.total ?? 0 },
      };
    },
  });
}
