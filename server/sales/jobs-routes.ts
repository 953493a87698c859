/**
 * Sales routes (issue 29, ./README.md): the employee's own job reports (services → report-job), the job recap and an
 * employee's reports of the month (sales → job-recap), and the sales objectives' achievement (sales →
 * sales-objective). The categories and the objectives themselves are generic resources (./resources.ts). Every sales
 * menu needs the company's `sales_menu` feature: the access guard refuses these routes where it is off.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { reachOf } from '../scope/scope.ts';
import {
  createOwnJobReport,
  employeeJobReports,
  jobRecap,
  objectiveAchievement,
  ownJobReports,
} from './jobs-repository.ts';

const uuid = Type.String({ format: 'uuid' });
const year = Type.Integer({ minimum: 2000, maximum: 2100 });
const month = Type.Integer({ minimum: 1, maximum: 12 });
const hours = Type.Number({ minimum: 0, description: 'Hours, two decimals' });
const count = Type.Integer({ minimum: 0 });
const Person = Type.Object({ _id: uuid, employee_id: Type.String(), fullname: Type.String() });
const Named = Type.Object({ _id: uuid, name: Type.String() });
const CodeNamed = Type.Object({ _id: uuid, code: Type.String(), name: Type.String() });
const Figures = Type.Object({ reports: count, hours, minutes: count });

const MonthQuery = Type.Object(
  { year, month, department: Type.Optional(uuid), employee: Type.Optional(uuid) },
  { additionalProperties: false },
);
const PeriodQuery = Type.Object({ year, month }, { additionalProperties: false });

const JobReportLine = Type.Object(
  {
    _id: uuid,
    date: Type.String({ format: 'date' }),
    category: Nullable(Named),
    description: Nullable(Type.String()),
    duration_minutes: count,
    photo: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'JobReportLine' },
);
const JobReportInput = Type.Object(
  {
    date: Type.String({ format: 'date' }),
    category: uuid,
    description: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }),
    duration_minutes: Type.Integer({ minimum: 1, maximum: 24 * 60, description: 'How long the job took, minutes' }),
    photo: Type.Optional(
      Nullable(Type.String({ pattern: '^[a-f0-9]{32}\\.(png|jpg)$', description: 'POST /v1/files?accept=photo' })),
    ),
  },
  { $id: 'JobReportInput', additionalProperties: false },
);
const OwnJobReports = Type.Object(
  {
    year,
    month,
    reports: Type.Array(Type.Ref(JobReportLine)),
    categories: Type.Array(CodeNamed),
  },
  { $id: 'OwnJobReports' },
);
const JobRecap = Type.Object(
  {
    year,
    month,
    categories: Type.Array(
      Type.Object({ _id: Nullable(uuid), code: Nullable(Type.String()), name: Nullable(Type.String()) }),
      { description: "The company's categories (every column), then `_id: null` when a report has no category" },
    ),
    rows: Type.Array(
      Type.Object({
        _id: uuid,
        employee: Person,
        department: Nullable(Type.String()),
        categories: Type.Record(Type.String(), Figures, { description: "By category id ('none': no category)" }),
        reports: count,
        hours,
        minutes: count,
      }),
    ),
    totals: Type.Object({
      employees: count,
      reports: count,
      hours,
      minutes: count,
      categories: Type.Record(Type.String(), Figures),
    }),
    options: Type.Object({ departments: Type.Array(Named), employees: Type.Array(Person) }),
  },
  { $id: 'JobRecap' },
);
const EmployeeJobReports = Type.Object(
  { employee: Person, reports: Type.Array(Type.Ref(JobReportLine)) },
  { $id: 'EmployeeJobReports' },
);
const Three = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Number>>(schema: T) =>
  Type.Object({ visits: schema, new_stores: schema, order_value: schema });
const Percents = Type.Object({
  visits: Nullable(Type.Number()),
  new_stores: Nullable(Type.Number()),
  order_value: Nullable(Type.Number()),
});
const SalesAchievement = Type.Object(
  {
    year,
    month,
    rows: Type.Array(
      Type.Object({
        _id: uuid,
        employee: Person,
        department: Nullable(Type.String()),
        objective: Nullable(uuid),
        targets: Three(Type.Integer({ minimum: 0 })),
        actual: Three(Type.Integer({ minimum: 0 })),
        percent: Percents,
      }),
    ),
    totals: Type.Object({
      employees: count,
      targets: Three(Type.Integer({ minimum: 0 })),
      actual: Three(Type.Integer({ minimum: 0 })),
      percent: Percents,
    }),
  },
  {
    $id: 'SalesAchievement',
    description:
      'Targets against the visits of the month, computed on read: visits, new stores (first visit ever in the month ' +
      "and this employee's), order value; percent null where the target is 0",
  },
);

export const salesJobSchemas = [
  JobReportLine,
  JobReportInput,
  OwnJobReports,
  JobRecap,
  EmployeeJobReports,
  SalesAchievement,
];

export function salesJobRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/v1/job-reports/mine', {
    config: { access: { kind: 'menu', menu: 'report-job', action: 'read', company: true } },
    schema: {
      operationId: 'listOwnJobReports',
      description: "The caller's own job reports of a month, and the categories (job-report/category) to pick from",
      tags: ['sales'],
      querystring: PeriodQuery,
      response: { 200: Type.Object({ data: Type.Ref(OwnJobReports) }), ...errorResponses },
    },
    handler: async (request) => ({
      data: await ownJobReports(db, scopeOf(request), request.query.year, request.query.month),
    }),
  });

  app.post('/v1/job-reports/mine', {
    config: { access: { kind: 'menu', menu: 'report-job', action: 'write', company: true } },
    schema: {
      operationId: 'createOwnJobReport',
      description: 'Reports a job the caller did: category, date, description, duration, an uploaded photo',
      tags: ['sales'],
      body: Type.Ref(JobReportInput),
      response: { 201: Type.Object({ data: Type.Ref(JobReportLine) }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const data = await createOwnJobReport(db, scopeOf(request), request.body as never);
      return reply.code(201).send({ data });
    },
  });

  app.get('/v1/sales/job-recap', {
    config: { access: { kind: 'menu', menu: 'job-recap', action: 'read', company: true } },
    schema: {
      operationId: 'getJobRecap',
      description:
        'Job reports of a month per employee by category (counts, hours), with totals (the job-report totals)',
      tags: ['sales'],
      querystring: MonthQuery,
      response: { 200: Type.Object({ data: Type.Ref(JobRecap) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await jobRecap(db, reachOf(scopeOf(request)), request.query) }),
  });

  app.get('/v1/sales/job-recap/:employee', {
    config: { access: { kind: 'menu', menu: 'job-recap', action: 'read', company: true } },
    schema: {
      operationId: 'getEmployeeJobReports',
      description: "One employee's job reports of a month (the recap's drill-down)",
      tags: ['sales'],
      params: Type.Object({ employee: uuid }),
      querystring: PeriodQuery,
      response: { 200: Type.Object({ data: Type.Ref(EmployeeJobReports) }), ...errorResponses },
    },
    handler: async (request) => ({
      data: await employeeJobReports(
        db,
        reachOf(scopeOf(request)),
        request.params.employee,
        request.query.year,
        request.query.month,
      ),
    }),
  });

  app.get('/v1/sales/achievement', {
    config: { access: { kind: 'menu', menu: 'sales-objective', action: 'read', company: true } },
    schema: {
      operationId: 'getSalesAchievement',
      description: "The month's sales objectives against the visits (computed on read, never stored)",
      tags: ['sales'],
      querystring: MonthQuery,
      response: { 200: Type.Object({ data: Type.Ref(SalesAchievement) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await objectiveAchievement(db, reachOf(scopeOf(request)), request.query) }),
  });
}
