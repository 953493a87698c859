/**
 * Coretax XML uploads (issue 27 section 1, decision 0166). Each slip type has a pre-check and its file:
 * - `GET /v1/coretax/bpmp/check?year=&month=` and `GET /v1/coretax/bpmp?year=&month=&leave_out=` (menu pph-report):
 *   the month's permanent employees from the completed monthly run.
 * - `GET /v1/coretax/bp21/check?summary=` and `GET /v1/coretax/bp21?summary=&leave_out=` (menu weekly-payroll): one
 *   completed daily payroll's workers.
 * - `GET /v1/coretax/bpa1/check?year=` and `GET /v1/coretax/bpa1?year=&leave_out=` (menu a1-form): the year's final
 *   1721-A1 forms.
 * The check lists every row Coretax would refuse and why. The file is refused (409 `coretax_refused`, naming them)
 * while such rows exist, unless `leave_out=true` writes it without them; without the company's NPWP and ID TKU it is
 * 409 `coretax_company_ids`; with no row to write, 409 `coretax_empty`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { AppError } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { bp21, bpa1, bpmp, type CoretaxCheck, type CoretaxKind } from './coretax.ts';
import { bp21Rows, bpa1Rows, bpmpRows, withholderOf } from './coretax-data.ts';

const year = Type.Integer({ minimum: 2024, maximum: 2100 });
const month = Type.Integer({ minimum: 1, maximum: 12 });
const leaveOut = Type.Optional(
  Type.Boolean({
    default: false,
    description: 'Write the file without the rows the check refuses (their employees are left out)',
  }),
);
const rupiah = Type.Integer({ description: 'Integer rupiah' });

export const CoretaxCheckSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('bpmp'), Type.Literal('bp21'), Type.Literal('bpa1')]),
    ready: Type.Integer({ description: 'Rows the file carries' }),
    refused: Type.Array(
      Type.Object({
        employee: Type.Object({ _id: Type.String(), fullname: Type.String(), employee_id: Type.String() }),
        problems: Type.Array(Type.Union(['tin', 'ptkp', 'rate', 'position'].map((p) => Type.Literal(p))), {
          description:
            'tin: no 16-digit NIK or NPWP; ptkp: unknown PTKP status; rate: the PPh 21 is not the rate of the category × gross; position: no job title',
        }),
        fix: Type.Union([Type.Literal('employee'), Type.Literal('run')]),
      }),
    ),
    company: Type.Array(Type.Union([Type.Literal('npwp'), Type.Literal('nitku')]), {
      description: "The company's own ids missing: no file until its tax settings have a 16-digit NPWP and ID TKU",
    }),
    totals: Type.Object({ gross: rupiah, pph21: rupiah, pph21_dtp: rupiah }),
  },
  { $id: 'CoretaxCheck' },
);
export const coretaxSchemas = [CoretaxCheckSchema];

const xmlResponse = { 200: Type.String({ description: 'The Coretax XML' }), ...errorResponses };
const checkResponse = { 200: Type.Object({ data: Type.Ref(CoretaxCheckSchema) }), ...errorResponses };

const access = (menu: string) => ({ kind: 'menu', menu, action: 'read', company: true }) as const;

/** Refuses a file the check does not allow. */
function assertWritable(check: CoretaxCheck, leave: boolean) {
  if (check.company.length) {
    throw new AppError(
      409,
      'coretax_company_ids',
      `The company's ${check.company.join(' and ')} for Coretax are missing: fill in the company tax settings`,
    );
  }
  if (check.refused.length && !leave) {
    const names = check.refused.map((r) => r.employee.fullname);
    throw new AppError(
      409,
      'coretax_refused',
      `Coretax would refuse ${names.length} row(s): ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}. Fix them, or leave them out`,
    );
  }
  if (check.ready === 0) throw new AppError(409, 'coretax_empty', 'There is no withholding slip to write');
}

const xmlHeaders = (kind: CoretaxKind, name: string) => ({
  'content-type': 'application/xml; charset=utf-8',
  'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${kind.toUpperCase()} ${name}.xml`)}`,
  'cache-control': 'private, no-store',
});

const pad = (n: number) => String(n).padStart(2, '0');

export function coretaxRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const MonthQuery = Type.Object({ year, month }, { additionalProperties: false });
  const MonthFileQuery = Type.Object({ year, month, leave_out: leaveOut }, { additionalProperties: false });
  const SummaryQuery = Type.Object({ summary: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
  const SummaryFileQuery = Type.Object(
    { summary: Type.String({ format: 'uuid' }), leave_out: leaveOut },
    { additionalProperties: false },
  );
  const YearQuery = Type.Object({ year }, { additionalProperties: false });
  const YearFileQuery = Type.Object({ year, leave_out: leaveOut }, { additionalProperties: false });

  const bpmpOf = async (request: { query: { year: number; month: number } } & Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(request);
    const { year, month } = request.query;
    const [withholder, rows] = await Promise.all([withholderOf(db, scope), bpmpRows(db, scope, year, month)]);
    return bpmp(withholder, year, month, rows);
  };
  app.get('/v1/coretax/bpmp/check', {
    config: { access: access('pph-report') },
    schema: { operationId: 'checkCoretaxBpmp', tags: ['tax'], querystring: MonthQuery, response: checkResponse },
    handler: async (request) => ({ data: (await bpmpOf(request)).check }),
  });
  app.get('/v1/coretax/bpmp', {
    config: { access: access('pph-report') },
    schema: { operationId: 'getCoretaxBpmp', tags: ['tax'], querystring: MonthFileQuery, response: xmlResponse },
    handler: async (request, reply) => {
      const file = await bpmpOf(request);
      assertWritable(file.check, request.query.leave_out === true);
      return reply.headers(xmlHeaders('bpmp', `${request.query.year}-${pad(request.query.month)}`)).send(file.xml());
    },
  });

  const bp21Of = async (request: { query: { summary: string } } & Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(request);
    const [withholder, { payment, rows }] = await Promise.all([
      withholderOf(db, scope),
      bp21Rows(db, scope, request.query.summary),
    ]);
    return { payment, file: bp21(withholder, payment, rows) };
  };
  app.get('/v1/coretax/bp21/check', {
    config: { access: access('weekly-payroll') },
    schema: { operationId: 'checkCoretaxBp21', tags: ['tax'], querystring: SummaryQuery, response: checkResponse },
    handler: async (request) => ({ data: (await bp21Of(request)).file.check }),
  });
  app.get('/v1/coretax/bp21', {
    config: { access: access('weekly-payroll') },
    schema: { operationId: 'getCoretaxBp21', tags: ['tax'], querystring: SummaryFileQuery, response: xmlResponse },
    handler: async (request, reply) => {
      const { payment, file } = await bp21Of(request);
      assertWritable(file.check, request.query.leave_out === true);
      return reply.headers(xmlHeaders('bp21', payment.document_date)).send(file.xml());
    },
  });

  const bpa1Of = async (request: { query: { year: number } } & Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(request);
    const [withholder, rows] = await Promise.all([withholderOf(db, scope), bpa1Rows(db, scope, request.query.year)]);
    return bpa1(withholder, request.query.year, rows);
  };
  app.get('/v1/coretax/bpa1/check', {
    config: { access: access('a1-form') },
    schema: { operationId: 'checkCoretaxBpa1', tags: ['tax'], querystring: YearQuery, response: checkResponse },
    handler: async (request) => ({ data: (await bpa1Of(request)).check }),
  });
  app.get('/v1/coretax/bpa1', {
    config: { access: access('a1-form') },
    schema: { operationId: 'getCoretaxBpa1', tags: ['tax'], querystring: YearFileQuery, response: xmlResponse },
    handler: async (request, reply) => {
      const file = await bpa1Of(request);
      assertWritable(file.check, request.query.leave_out === true);
      return reply.headers(xmlHeaders('bpa1', String(request.query.year))).send(file.xml());
    },
  });
}
