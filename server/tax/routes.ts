/**
 * Tax reports (issue 15; server/tax/README.md):
 * - `GET /v1/pph-report?year=&month=` (menu pph-report): the month's PPh 21 per employee with totals;
 *   `GET /v1/pph-report/pdf` the same as PDF. The e-Bupot 21 xlsx is written in the browser from the JSON (decision
 *   0011, layout: decision 0067).
 * - `GET /v1/pph-a1/employees?year=` (menu a1-form): one 1721-A1 per employee with PPh 21 withheld, each row carrying
 *   every line; `GET /v1/pph-a1/employees/{id}/pdf?year=&lang=` one form; `POST /v1/pph-a1/employees/zip?year=&lang=`
 *   all of them as a zip built by a job (202 with the job).
 * A department admin reaches their department's employees (decision 0010); numbers stay company-wide.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { a1LineNumbers } from '../../common/payroll/a1.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { type Scope, scopeOf } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { jobStarter } from '../jobs/queue.ts';
import { jobUrl } from '../jobs/routes.ts';
import { loadCompanyKlu as withholderKlu } from '../payroll/dtp-inputs.ts';
import { payslipLanguages } from '../payslips/view.ts';
import { a1FileName, a1View } from './a1-view.ts';
import { taxRenderPool } from './render-pool.ts';
import { a1Rows, pphReport, taxSigner } from './repository.ts';

const uuid = Type.String({ format: 'uuid' });
const year = Type.Integer({ minimum: 2024, maximum: 2100, description: 'The tax year (PP 58/2023 applies from 2024)' });
const month = Type.Integer({ minimum: 1, maximum: 12 });
const lang = Type.Optional(
  Type.Union(
    payslipLanguages.map((l) => Type.Literal(l)),
    { default: 'en', description: 'The document language' },
  ),
);
const YearQuery = Type.Object({ year }, { additionalProperties: false });
const YearLangQuery = Type.Object({ year, lang }, { additionalProperties: false });
const MonthQuery = Type.Object({ year, month }, { additionalProperties: false });
const MonthLangQuery = Type.Object({ year, month, lang }, { additionalProperties: false });
const rupiah = Type.Integer({ description: 'Integer rupiah' });
const ptkp = Type.Union(['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3'].map((s) => Type.Literal(s)));
const EmployeeRef = Type.Object({ _id: uuid, fullname: Type.String(), employee_id: Type.String() });
const taxIdFields = {
  npwp: Nullable(Type.String()),
  nik: Nullable(Type.String({ description: 'KTP number' })),
  tax_id: Nullable(Type.String({ description: 'The NPWP (digits), else the NIK' })),
  tax_id_kind: Type.Union([Type.Literal('NPWP'), Type.Literal('NIK')]),
  address: Nullable(Type.String()),
};

const lineFields = Object.fromEntries(
  a1LineNumbers.map((n) => [`line_${n}`, Type.Integer({ description: `1721-A1 line ${n} (integer rupiah)` })]),
);
export const A1Employee = Type.Object(
  {
    _id: uuid,
    employee: EmployeeRef,
    number: Nullable(
      Type.String({
        description:
          'Per company and year: 1.1-MM.YY-NNNNNNN, issued once the form is first final and never changed (decision 0069); null until then',
      }),
    ),
    year: Type.Integer(),
    period_start: month,
    period_end: month,
    final: Type.Boolean({ description: 'False until the last tax period (December or the exit month) is completed' }),
    ...taxIdFields,
    ptkp_status: ptkp,
    gender: Nullable(Type.String()),
    job_title: Nullable(Type.String()),
    department: Nullable(uuid),
    ...lineFields,
  },
  { $id: 'A1Employee' },
);
export const PphReportRow = Type.Object(
  {
    _id: uuid,
    employee: EmployeeRef,
    ...taxIdFields,
    ptkp_status: ptkp,
    ter_category: Nullable(Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('C')])),
    employment_kind: Type.Union(['permanent', 'non_permanent_monthly', 'daily'].map((k) => Type.Literal(k))),
    object_code: Type.String({ description: 'e-Bupot 21 tax object code' }),
    gross_up: Type.Boolean(),
    last_period: Type.Boolean(),
    bruto: rupiah,
    pph21: rupiah,
    regular_bruto: Type.Integer({ description: 'The fixed and regular part of bruto (no THR, bonus)' }),
    pph21_dtp: Type.Integer({ description: 'PPh 21 borne by the government (DTP), paid back in cash; part of pph21' }),
  },
  { $id: 'PphReportRow' },
);
export const PphReport = Type.Object(
  {
    year: Type.Integer(),
    month: Type.Integer(),
    rows: Type.Array(Type.Ref(PphReportRow)),
    totals: Type.Object({ employees: Type.Integer(), bruto: rupiah, pph21: rupiah, pph21_dtp: rupiah }),
    pending: Type.Integer({ description: 'Pending runs of the month (not in the report until completed)' }),
    withholder: Type.Object({
      name: Type.String(),
      npwp: Nullable(Type.String()),
      klu_code: Nullable(Type.String({ description: "The company's main KLU code (the DTP sector)" })),
      tax_person: Nullable(
        Type.Object({
          fullname: Type.String(),
          tax_id: Nullable(Type.String()),
          tax_id_kind: Type.Union([Type.Literal('NPWP'), Type.Literal('NIK')]),
        }),
      ),
    }),
  },
  { $id: 'PphReport' },
);
export const taxSchemas = [A1Employee, PphReportRow, PphReport];

/** A PDF's bytes (a Buffer to the handler, `string/binary` in the OpenAPI). */
const pdfResponse = { 200: Type.Unsafe<Buffer>(Type.String({ format: 'binary' })), ...errorResponses };
/** The menu of the 1721-A1 forms: the zip's readers (server/files/routes.ts). */
export const A1_MENU = 'a1-form';
const a1Access = (action: 'read' | 'write') => ({ kind: 'menu', menu: A1_MENU, action, company: true }) as const;
const reportAccess = { kind: 'menu', menu: 'pph-report', action: 'read', company: true } as const;

const pdfHeaders = (name: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
  'cache-control': 'private, no-store',
});

export function taxRoutes(fastify: FastifyInstance, db: Db, config: Config) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/pph-a1/employees', {
    config: { access: a1Access('read') },
    schema: {
      operationId: 'listA1Employees',
      tags: ['tax'],
      querystring: YearQuery,
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(A1Employee)) }), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await a1Rows(db, scopeOf(request), request.query.year) };
    },
  });

  app.get('/v1/pph-a1/employees/:id/pdf', {
    config: { access: a1Access('read') },
    schema: {
      operationId: 'getA1Pdf',
      tags: ['tax'],
      params: Type.Object({ id: uuid }),
      querystring: YearLangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const { year, lang } = request.query;
      const [row] = await a1Rows(db, scope, year, { employee: request.params.id });
      if (!row) throw notFound('1721-A1');
      const signer = await taxSigner(db, config.filesDir, scope.companyId);
      const pdf = await taxRenderPool().render({ document: 'a1', view: a1View(row, signer, lang ?? 'en') });
      return reply.headers(pdfHeaders(a1FileName(row))).send(pdf);
    },
  });

  app.post('/v1/pph-a1/employees/zip', {
    config: { access: a1Access('read') },
    schema: {
      operationId: 'startA1Zip',
      tags: ['tax'],
      querystring: YearLangQuery,
      response: {
        202: Type.Object({ data: Type.Object({ job_id: uuid, url: Type.String() }) }),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const { year, lang } = request.query;
      // The job reads the caller's reach (a department admin's zip holds their department's forms).
      const jobId = await app.jobs.enqueue('pph-a1-zip', jobStarter(scopeOf(request)), A1_MENU, {
        year,
        language: lang ?? 'en',
      });
      reply.status(202);
      return { data: { job_id: jobId, url: jobUrl(jobId) } };
    },
  });

  const report = async (scope: Scope, year: number, month: number) => {
    const [result, signer] = await Promise.all([
      pphReport(db, scope, year, month),
      taxSigner(db, config.filesDir, scope.companyId),
    ]);
    return {
      year,
      month,
      ...result,
      withholder: {
        name: signer.company.name,
        npwp: signer.npwp,
        klu_code: (await withholderKlu(db, scope.companyId)) ?? null,
        tax_person: signer.tax_person,
      },
    };
  };

  app.get('/v1/pph-report', {
    config: { access: reportAccess },
    schema: {
      operationId: 'getPphReport',
      tags: ['tax'],
      querystring: MonthQuery,
      response: { 200: Type.Object({ data: Type.Ref(PphReport) }), ...errorResponses },
    },
    handler: async (request) => {
      const { year, month } = request.query;
      return { data: await report(scopeOf(request), year, month) };
    },
  });

  app.get('/v1/pph-report/pdf', {
    config: { access: reportAccess },
    schema: { operationId: 'getPphReportPdf', tags: ['tax'], querystring: MonthLangQuery, response: pdfResponse },
    handler: async (request, reply) => {
      const { year, month, lang } = request.query;
      const data = await report(scopeOf(request), year, month);
      const pdf = await taxRenderPool().render({
        document: 'pph-report',
        view: {
          language: lang ?? 'en',
          company: { name: data.withholder.name, npwp: data.withholder.npwp },
          year,
          month,
          rows: data.rows,
          totals: data.totals,
        },
      });
      return reply.headers(pdfHeaders(`PPh 21 ${year}-${String(month).padStart(2, '0')}.pdf`)).send(pdf);
    },
  });
}
