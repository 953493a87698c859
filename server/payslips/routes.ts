/**
 * Payslips as PDF (issue 14 "payslips (mass)"): one payslip of a run (menu `payslips`), a whole run as one zip built
 * by a job with progress (`payslips-zip`, ./zip-job.ts), and the signed-in employee's own payslips of completed runs
 * (my-profile). Rendering happens in worker threads (./render-pool.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorOf, scopeOf } from '../http/access.ts';
import { errorResponses } from '../http/schemas.ts';
import { jobUrl } from '../jobs/routes.ts';
import { renderPool } from './render-pool.ts';
import {
  departmentScope,
  findPayslip,
  findRun,
  ownEmployeeId,
  ownPayslips,
  payslipCompany,
  type SlipRow,
} from './repository.ts';
import { type PayslipLanguage, payslipLanguages, payslipTexts, payslipView } from './view.ts';

const LangQuery = Type.Object(
  {
    lang: Type.Optional(
      Type.Union(
        payslipLanguages.map((l) => Type.Literal(l)),
        { default: 'en', description: 'The payslip language' },
      ),
    ),
  },
  { additionalProperties: false },
);
type Lang = Static<typeof LangQuery>;

export const OwnPayslip = Type.Object(
  {
    summary: Type.String({ format: 'uuid' }),
    title: Type.String(),
    type: Type.String(),
    year: Type.Integer(),
    month: Type.Integer(),
    bruto: Type.Integer(),
    pph21: Type.Integer(),
    thp: Type.Integer(),
  },
  { $id: 'OwnPayslip' },
);
export const payslipSchemas = [OwnPayslip];

const pdfResponse = { 200: Type.String({ format: 'binary' }), ...errorResponses };
const uuid = Type.String({ format: 'uuid' });

/** The file name a payslip is downloaded as: 'Slip Gaji 2026-03 EMP-0001 Budi Santoso.pdf'. */
export const payslipFileName = (slip: SlipRow, language: PayslipLanguage) =>
  `${payslipTexts.payslip[language]} ${slip.year}-${String(slip.month).padStart(2, '0')} ${slip.employee_number} ${slip.fullname}`
    .replace(/[\\/:*?"<>|]+/g, '-')
    .concat('.pdf');

export function payslipRoutes(app: FastifyInstance, db: Db, config: Config) {
  const send = async (reply: FastifyReply, companyId: string, slip: SlipRow, language: PayslipLanguage) => {
    const company = await payslipCompany(db, config.filesDir, companyId);
    const pdf = await renderPool().render(payslipView(slip, company, language));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(payslipFileName(slip, language))}`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  app.get('/v1/payroll-summary/:id/payslips/:employeeId/pdf', {
    config: { access: { kind: 'menu', menu: 'payslips', action: 'read', company: true } },
    schema: {
      operationId: 'getPayslipPdf',
      tags: ['payslips'],
      params: Type.Object({ id: uuid, employeeId: uuid }),
      querystring: LangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const { actor, companyId } = scopeOf(request);
      const { id, employeeId } = request.params as { id: string; employeeId: string };
      const language = (request.query as Lang).lang ?? 'en';
      const slip = await findPayslip(db, companyId, id, employeeId, { department: departmentScope(actor) });
      return send(reply, companyId, slip, language);
    },
  });

  app.post('/v1/payroll-summary/:id/payslips/zip', {
    config: { access: { kind: 'menu', menu: 'payslips', action: 'read', company: true } },
    schema: {
      operationId: 'startPayslipZip',
      tags: ['payslips'],
      params: Type.Object({ id: uuid }),
      querystring: LangQuery,
      response: {
        202: Type.Object({ data: Type.Object({ job_id: Type.String({ format: 'uuid' }), url: Type.String() }) }),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      const language = (request.query as Lang).lang ?? 'en';
      await findRun(db, scope.companyId, id);
      const jobId = await app.jobs.enqueue(
        'payslips-zip',
        { companyId: scope.companyId, userId: scope.actor.userId },
        'payslips',
        {
          summary_id: id,
          language,
          department: departmentScope(scope.actor) ?? null,
          scoped: scope.actor.level === 'admin_department',
        },
      );
      reply.status(202);
      return { data: { job_id: jobId, url: jobUrl(jobId) } };
    },
  });

  // my-profile: the signed-in employee's own payslips, completed runs only.
  app.get('/v1/payslips/me', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'listOwnPayslips',
      tags: ['payslips'],
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(OwnPayslip)) }), ...errorResponses },
    },
    handler: async (request) => {
      const { companyId } = scopeOf(request);
      const employeeId = await ownEmployeeId(db, companyId, actorOf(request).userId).catch(() => null);
      return { data: employeeId ? await ownPayslips(db, companyId, employeeId) : [] };
    },
  });

  app.get('/v1/payslips/me/:summaryId/pdf', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'getOwnPayslipPdf',
      tags: ['payslips'],
      params: Type.Object({ summaryId: uuid }),
      querystring: LangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const { companyId } = scopeOf(request);
      const { summaryId } = request.params as { summaryId: string };
      const language = (request.query as Lang).lang ?? 'en';
      const employeeId = await ownEmployeeId(db, companyId, actorOf(request).userId);
      const slip = await findPayslip(db, companyId, summaryId, employeeId, { completedOnly: true });
      return send(reply, companyId, slip, language);
    },
  });
}
