/**
 * The developer area's finances → payroll-summary (issue 15): every company's payroll runs and daily payrolls,
 * read-only, as `GET /v1/dev/loans` lists loans. Should the menu ever let a company user in, they see their own
 * company's only (tenancy); a developer sees every company.
 */
import { Type } from '@sinclair/typebox';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { companies, payrollSummaries } from '../db/schema.ts';
import { errorResponses } from '../http/schemas.ts';

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));

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

export function weeklyRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/dev/payroll-summary', {
    config: { access: { kind: 'menu', menu: 'payroll-summary', action: 'read', company: false } },
    schema: {
      operationId: 'listDevPayrollSummaries',
      tags: ['payroll'],
      summary: "Every company's payroll runs and daily payrolls (developer area, read-only)",
      querystring: Type.Object(
        {
          company: Type.Optional(Type.String({ format: 'uuid' })),
          status: Type.Optional(literals(['pending', 'completed'] as const)),
          type: Type.Optional(Type.Array(literals(['payroll_run', 'thr', 'weekly'] as const))),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000 })),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ data: Type.Array(DevPayrollSummary), meta: Type.Object({ total: Type.Integer() }) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const q = request.query as {
        company?: string;
        status?: 'pending' | 'completed';
        type?: ('payroll_run' | 'thr' | 'weekly')[];
        limit?: number;
      };
      const own = request.actor?.companyId ?? null;
      const where = and(
        own ? eq(payrollSummaries.company_id, own) : undefined,
        q.company ? eq(payrollSummaries.company_id, q.company) : undefined,
        q.status ? eq(payrollSummaries.status, q.status) : undefined,
        q.type?.length ? inArray(payrollSummaries.type, q.type) : undefined,
      );
      const rows = await db
        .select({
          summary: payrollSummaries,
          company_name: companies.name,
          company_code: companies.code,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(payrollSummaries)
        .innerJoin(companies, eq(companies.id, payrollSummaries.company_id))
        .where(where)
        .orderBy(asc(companies.name), desc(payrollSummaries.created_at), asc(payrollSummaries.id))
        .limit(q.limit ?? 1000);
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
