/**
 * Payslips as PDF (issue 14 "payslips (mass)"): one payslip of a run (menu `payslips`), a whole run as one zip built
 * by a job with progress (`payslips-zip`, ./zip-job.ts), and the signed-in employee's own payslips of completed runs
 * (my-profile). Rendering happens in worker threads (./render-pool.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { jobStarter } from '../jobs/queue.ts';
import { jobUrl } from '../jobs/routes.ts';
import { companyReach } from '../scope/scope.ts';
import { renderPool } from './render-pool.ts';
import { findPayslip, findRun, ownEmployeeId, ownPayslips, payslipCompany, type SlipRow } from './repository.ts';
import {
  type PayslipLanguage,
  type PayslipView,
  payslipLanguages,
  payslipTexts,
  payslipView,
  severanceSlipView,
} from './view.ts';

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
    severance: Type.Boolean({ description: 'The payslip pays severance: its own slip is at .../severance-pdf' }),
  },
  { $id: 'OwnPayslip' },
);
export const payslipSchemas = [OwnPayslip];

/** The menu of a run's payslips: the zip's readers (server/files/routes.ts). */
export const PAYSLIPS_MENU = 'payslips';

const pdfResponse = { 200: Type.String({ format: 'binary' }), ...errorResponses };
const uuid = Type.String({ format: 'uuid' });

/** The file name a payslip is downloaded as: 'Slip Gaji 2026-03 EMP-0001 Budi Santoso.pdf'. */
export const payslipFileName = (slip: SlipRow, language: PayslipLanguage, severance = false) =>
  `${severance ? payslipTexts.severanceFile[language] : payslipTexts.payslip[language]} ${slip.year}-${String(slip.month).padStart(2, '0')} ${slip.employee_number} ${slip.fullname}`
    .replace(/[\\/:*?"<>|]+/g, '-')
    .concat('.pdf');

export function payslipRoutes(fastify: FastifyInstance, db: Db, config: Config) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const send = async (
    reply: FastifyReply,
    companyId: string,
    slip: SlipRow,
    language: PayslipLanguage,
    kind: 'payslip' | 'severance' = 'payslip',
  ) => {
    const company = await payslipCompany(db, config.filesDir, companyId);
    let view: PayslipView | null = payslipView(slip, company, language);
    if (kind === 'severance') {
      // Severance is reported on its own slip (decision 0207): the exit month's payslip that pays it, or a 404.
      view = severanceSlipView(slip, company, language);
      if (!view) throw notFound('Severance slip');
    }
    const pdf = await renderPool().render(view);
    const name = payslipFileName(slip, language, kind === 'severance');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  app.get('/v1/payroll-summary/:id/payslips/:employeeId/pdf', {
    config: { access: { kind: 'menu', menu: PAYSLIPS_MENU, action: 'read', company: true } },
    schema: {
      operationId: 'getPayslipPdf',
      tags: ['payslips'],
      params: Type.Object({ id: uuid, employeeId: uuid }),
      querystring: LangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const { id, employeeId } = request.params;
      const slip = await findPayslip(db, scope, id, employeeId);
      return send(reply, scope.companyId, slip, request.query.lang ?? 'en');
    },
  });

  app.get('/v1/payroll-summary/:id/payslips/:employeeId/severance-pdf', {
    config: { access: { kind: 'menu', menu: PAYSLIPS_MENU, action: 'read', company: true } },
    schema: {
      operationId: 'getSeveranceSlipPdf',
      description:
        "The severance slip of the exit month's payslip (decision 0207): its severance lines and their final PPh 21 of PP 68/2009; 404 when the payslip pays no severance",
      tags: ['payslips'],
      params: Type.Object({ id: uuid, employeeId: uuid }),
      querystring: LangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const { id, employeeId } = request.params;
      const slip = await findPayslip(db, scope, id, employeeId);
      return send(reply, scope.companyId, slip, request.query.lang ?? 'en', 'severance');
    },
  });

  app.post('/v1/payroll-summary/:id/payslips/zip', {
    config: { access: { kind: 'menu', menu: PAYSLIPS_MENU, action: 'read', company: true } },
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
      const { id } = request.params;
      await findRun(db, scope, id);
      // The job reads the caller's reach (a department admin's zip holds their department's payslips).
      const jobId = await app.jobs.enqueue('payslips-zip', jobStarter(scope), PAYSLIPS_MENU, {
        summary_id: id,
        language: request.query.lang ?? 'en',
      });
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
      const scope = scopeOf(request);
      const employeeId = await ownEmployeeId(db, scope).catch(() => null);
      return { data: employeeId ? await ownPayslips(db, scope.companyId, employeeId) : [] };
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
      const scope = scopeOf(request);
      const employeeId = await ownEmployeeId(db, scope);
      // Their own payslip, whichever department it was computed in.
      const slip = await findPayslip(db, companyReach(scope.companyId), request.params.summaryId, employeeId, {
        completedOnly: true,
      });
      return send(reply, scope.companyId, slip, request.query.lang ?? 'en');
    },
  });

  app.get('/v1/payslips/me/:summaryId/severance-pdf', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'getOwnSeveranceSlipPdf',
      description: "The signed-in employee's severance slip of a completed run (decision 0207); 404 without severance",
      tags: ['payslips'],
      params: Type.Object({ summaryId: uuid }),
      querystring: LangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const employeeId = await ownEmployeeId(db, scope);
      const slip = await findPayslip(db, companyReach(scope.companyId), request.params.summaryId, employeeId, {
        completedOnly: true,
      });
      return send(reply, scope.companyId, slip, request.query.lang ?? 'en', 'severance');
    },
  });
}
