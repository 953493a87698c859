/**
 * The portal's routes beyond the generic lists (./README.md):
 * - `GET /v1/portal`: the signed-in employee's own portal: current announcements that reach them (each `new` once:
 *   its notification), their useful links and their warning letters; `POST /v1/portal/announcements/{id}/read`;
 *   `GET /v1/portal/warning-letters/{id}/pdf`.
 * - `GET /v1/announcements/read-counts`, `GET /v1/announcements/{id}/readers`: the author's read receipts.
 * - `GET /v1/employees/surat-peringatan/status`: the level a new letter should have and the letters valid now (the
 *   form's proposal, the exit dialog's SP 3); `…/{id}/pdf` the letter on the letterhead; `…/{id}/attachment`.
 * - `GET|PUT /v1/id-card/design`, `POST /v1/id-card/print` (a job: the sheet PDF).
 * - hooks on the generic routes: announcement content sanitised, a letter's attachment an uploaded PDF, a deleted
 *   letter's files (its issued PDFs, its attachment) removed once the delete committed (decision 0217).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { type IdCardField, idCardFields, warningLetterTypes } from '../../common/portal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { checkAttachment, releaseAttachments, sendAttachment } from '../files/attachments.ts';
import { actorOf, requireMenu, scopeOf } from '../http/access.ts';
import { invalid } from '../http/errors.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';
import { isUuid } from '../http/validation.ts';
import { jobStarter } from '../jobs/queue.ts';
import { jobUrl } from '../jobs/routes.ts';
import { type PayslipLanguage, payslipLanguages } from '../payslips/view.ts';
import * as generic from '../resources/repository.ts';
import { reachOf } from '../scope/scope.ts';
import { ID_CARD_MENU } from './cards-job.ts';
import { issueLetters, letterPdf } from './letters.ts';
import * as repo from './repository.ts';
import { warningLettersResource } from './resources.ts';
import { sanitizeContent } from './sanitize.ts';

const uuid = Type.String({ format: 'uuid' });
const date = Type.String({ format: 'date' });
const LangQuery = Type.Object(
  {
    lang: Type.Optional(
      Type.Unsafe<PayslipLanguage>(Type.String({ enum: [...payslipLanguages], description: 'The letter language' })),
    ),
  },
  { additionalProperties: false },
);
const pdfResponse = { 200: Type.Unsafe<Buffer>(Type.String({ format: 'binary' })), ...errorResponses };
const pdfHeaders = (name: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
  'cache-control': 'private, no-store',
});
const LetterType = Type.String({ enum: [...warningLetterTypes] });

export const PortalAnnouncement = Type.Object(
  {
    _id: uuid,
    title: Type.String(),
    content: Type.String({ description: 'Sanitised HTML' }),
    start_date: date,
    end_date: date,
    read_at: Nullable(Type.String({ format: 'date-time' })),
    new: Type.Boolean({ description: 'Delivered now for the first time: notify the employee once' }),
  },
  { $id: 'PortalAnnouncement' },
);
const OwnLetter = Type.Object(
  {
    _id: uuid,
    type: LetterType,
    start_date: date,
    end_date: date,
    description: Type.String(),
    has_attachment: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'OwnWarningLetter' },
);
export const Portal = Type.Object(
  {
    employee: Nullable(Type.Object({ _id: uuid, fullname: Type.String() })),
    announcements: Type.Array(Type.Ref(PortalAnnouncement)),
    links: Type.Array(Type.Object({ _id: uuid, display: Type.String(), link: Type.String() })),
    warning_letters: Type.Array(Type.Ref(OwnLetter)),
  },
  { $id: 'Portal' },
);
const ReadCount = Type.Object({ _id: uuid, audience: Type.Integer(), read: Type.Integer() }, { $id: 'ReadCount' });
const Reader = Type.Object({
  _id: uuid,
  fullname: Type.String(),
  employee_id: Type.String(),
  read_at: Nullable(Type.String({ format: 'date-time' })),
});
const LetterStatus = Type.Object(
  {
    employee: uuid,
    date,
    proposed: LetterType,
    valid: Type.Array(Type.Object({ _id: uuid, type: LetterType, start_date: date, end_date: date })),
  },
  { $id: 'WarningLetterStatus' },
);
const colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
const sideFields = Type.Array(Type.Unsafe<IdCardField>(Type.String({ enum: [...idCardFields] })), {
  maxItems: idCardFields.length,
  uniqueItems: true,
});
const IdCardDesignBody = Type.Object(
  {
    front: sideFields,
    back: sideFields,
    background: colour,
    accent: colour,
    text: colour,
    note: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export const IdCardDesign = Type.Object(
  { ...IdCardDesignBody.properties, version: Type.Integer({ minimum: 0 }) },
  { $id: 'IdCardDesign' },
);

export const portalSchemas = [PortalAnnouncement, OwnLetter, Portal, ReadCount, LetterStatus, IdCardDesign];

const signedIn = { access: { kind: 'signed-in', company: true } } as const;
const menuAccess = (menu: string, action: 'read' | 'write') =>
  ({ access: { kind: 'menu', menu, action, company: true } }) as const;
/** Warning letters are private like salary data: the letter's menu and the payroll-permission one. */
const LETTER_MENU = 'warning-letter';
const PRIVATE_MENU = 'payroll-employees';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body =>
  request.body && typeof request.body === 'object' ? (request.body as Body) : {};

export function portalRoutes(fastify: FastifyInstance, db: Db, config: Config) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The rows a generic write carries: the body itself (create, update) or its `rows` (bulk). */
  const writtenRows = (request: FastifyRequest): { row: Body; field: (name: string) => string }[] => {
    const body = bodyOf(request);
    if (Array.isArray(body.rows)) {
      return (body.rows as Body[]).flatMap((row, index) =>
        row && typeof row === 'object' ? [{ row, field: (name: string) => `rows.${index}.${name}` }] : [],
      );
    }
    return [{ row: body, field: (name: string) => name }];
  };

  // Rich text is stored sanitised, whichever route writes it (create, update, bulk).
  const sanitizeAnnouncements: preHandlerHookHandler = async (request) => {
    for (const { row } of writtenRows(request)) {
      if (typeof row.content === 'string') row.content = sanitizeContent(row.content);
    }
  };
  // A letter's attachment: an attachment upload of the company, a PDF by its content, held by no other record.
  const checkLetterAttachments: preHandlerHookHandler = async (request) => {
    const companyId = actorOf(request).companyId;
    if (!companyId) return;
    const params = (request.params ?? {}) as { id?: string };
    for (const { row, field } of writtenRows(request)) {
      if (typeof row.attachment !== 'string') continue;
      if (!row.attachment.endsWith('.pdf')) {
        throw invalid({ [field('attachment')]: { code: 'not_pdf', message: 'The attachment must be a PDF' } });
      }
      const except = typeof row._id === 'string' ? row._id : params.id;
      await checkAttachment(db, companyId, row.attachment, field('attachment'), except);
    }
  };
  // A letter is issued when it is written (decision 0200): its PDF rendered and stored once per version. A failure
  // here leaves the letter saved and is logged; its PDF is then issued on its first print.
  const issueWrittenLetters: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const actor = actorOf(request);
    if (!actor.companyId) return payload;
    try {
      const data = (JSON.parse(payload) as { data?: { _id?: string; rows?: { _id?: string; status: string }[] } }).data;
      const ids = data?.rows
        ? data.rows.flatMap((row) => (row._id && ['created', 'updated'].includes(row.status) ? [row._id] : []))
        : data?._id
          ? [data._id]
          : [];
      await issueLetters(db, config, reachOf(scopeOf(request)), ids, actor);
    } catch (error) {
      request.log.error({ err: error }, 'a warning letter was saved but its PDF was not issued');
    }
    return payload;
  };
  // A deleted letter's files go with it (decision 0217): a letter is history while it exists (decision 0200), but a
  // delete is a hard delete. The files are read before the delete and removed only once it committed (a success
  // reply): a refused or failed delete keeps every file.
  const deletedLetterFiles = new WeakMap<FastifyRequest, { companyId: string; names: string[] }>();
  const holdDeletedLetterFiles: preHandlerHookHandler = async (request) => {
    const companyId = actorOf(request).companyId;
    if (!companyId) return;
    const body = bodyOf(request);
    const params = (request.params ?? {}) as { id?: string };
    const ids = [
      ...(request.method === 'DELETE' && params.id ? [params.id] : []),
      ...(request.method === 'DELETE' && Array.isArray(body.ids) ? body.ids : []),
      ...(request.method === 'POST' && Array.isArray(body.delete) ? body.delete : []),
    ].filter(isUuid);
    if (ids.length === 0) return;
    const names = await repo.letterFiles(db, reachOf(scopeOf(request)), ids);
    if (names.length) deletedLetterFiles.set(request, { companyId, names });
  };
  const releaseDeletedLetterFiles: onSendHookHandler = async (request, reply, payload) => {
    const held = deletedLetterFiles.get(request);
    if (!held || reply.statusCode >= 300) return payload;
    try {
      await releaseAttachments(db, config, held.companyId, held.names);
    } catch (error) {
      request.log.error({ err: error }, 'a warning letter was deleted but its files were not removed');
    }
    return payload;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const listOf = <T>(hook: T | T[] | undefined): T[] => (hook ? (Array.isArray(hook) ? hook : [hook]) : []);
    const generic = (path: string) => [path, `${path}/:id`, `${path}/bulk`].includes(route.url);
    if (
      methods.includes('DELETE') ||
      (methods.includes('POST') && route.url === '/v1/employees/surat-peringatan/bulk')
    ) {
      if (generic('/v1/employees/surat-peringatan')) {
        route.preHandler = [...listOf(route.preHandler), holdDeletedLetterFiles];
        route.onSend = [...listOf(route.onSend), releaseDeletedLetterFiles];
      }
    }
    const writes = methods.includes('POST') || methods.includes('PUT');
    if (!writes) return;
    if (generic('/v1/announcements')) route.preHandler = [...listOf(route.preHandler), sanitizeAnnouncements];
    if (generic('/v1/employees/surat-peringatan')) {
      route.preHandler = [...listOf(route.preHandler), checkLetterAttachments];
      route.onSend = [...listOf(route.onSend), issueWrittenLetters];
    }
  });

  // ---- The employee's own portal ----------------------------------------------------------------------------------

  app.get('/v1/portal', {
    config: signedIn,
    schema: {
      operationId: 'getPortal',
      tags: ['portal'],
      summary: "The signed-in employee's announcements (current, for them), useful links and warning letters",
      response: { 200: one(Type.Ref(Portal)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const employee = await repo.ownPlacement(db, scope);
      if (!employee) return { data: { employee: null, announcements: [], links: [], warning_letters: [] } };
      const announcements = await repo.currentAnnouncements(db, scope, employee.id);
      const links = await repo.linksFor(db, scope, employee.id);
      const letters = await repo.ownLetters(db, scope, employee.id);
      return {
        data: {
          employee: { _id: employee.id, fullname: employee.fullname },
          announcements,
          links,
          warning_letters: letters.map(({ attachment, employee: _, ...letter }) => ({
            ...letter,
            has_attachment: attachment !== null,
          })),
        },
      };
    },
  });

  app.post('/v1/portal/announcements/:id/read', {
    config: signedIn,
    schema: {
      operationId: 'readAnnouncement',
      tags: ['portal'],
      summary: 'Marks a current announcement that reaches the caller read (the first time stays)',
      params: IdParams,
      response: {
        200: one(Type.Object({ _id: uuid, read_at: Type.String({ format: 'date-time' }) })),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const employee = await repo.ownPlacement(db, scope);
      if (!employee) throw invalid({ employee: { code: 'no_employee', message: 'You have no employee record' } });
      return { data: await repo.markAnnouncementRead(db, scope, employee.id, request.params.id) };
    },
  });

  app.get('/v1/portal/warning-letters/:id/pdf', {
    config: signedIn,
    schema: {
      operationId: 'getOwnWarningLetterPdf',
      tags: ['portal'],
      summary: "One of the caller's own warning letters as a PDF",
      params: IdParams,
      querystring: LangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const employee = await repo.ownPlacement(db, scope);
      if (!employee) throw invalid({ employee: { code: 'no_employee', message: 'You have no employee record' } });
      await repo.ownLetter(db, scope, employee.id, request.params.id);
      // Read as the company: the caller's own letter was found above.
      const { pdf, fileName } = await letterPdf(
        db,
        config,
        { companyId: scope.companyId },
        request.params.id,
        request.query.lang ?? 'en',
        actorOf(request),
      );
      return reply.headers(pdfHeaders(fileName)).send(pdf);
    },
  });

  // ---- Announcements: read receipts -------------------------------------------------------------------------------

  app.get('/v1/announcements/read-counts', {
    config: menuAccess('announcements', 'read'),
    schema: {
      operationId: 'announcementReadCounts',
      tags: ['announcements'],
      summary: 'For each announcement: how many employees (employed today, in reach) it reaches and how many read it',
      querystring: Type.Object({ ids: Type.Array(uuid, { maxItems: 1000 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(ReadCount)) }), ...errorResponses },
    },
    handler: async (request) => ({
      data: await repo.readCounts(db, reachOf(scopeOf(request)), request.query.ids),
    }),
  });

  app.get('/v1/announcements/:id/readers', {
    config: menuAccess('announcements', 'read'),
    schema: {
      operationId: 'announcementReaders',
      tags: ['announcements'],
      summary: 'Who an announcement reaches, read first, with when each read it',
      params: IdParams,
      response: { 200: Type.Object({ data: Type.Array(Reader) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await repo.readersOf(db, reachOf(scopeOf(request)), request.params.id) }),
  });

  // ---- Warning letters -------------------------------------------------------------------------------------------

  const requirePrivate = (request: FastifyRequest) => requireMenu(actorOf(request), PRIVATE_MENU, 'read');

  app.get('/v1/employees/surat-peringatan/status', {
    config: menuAccess(LETTER_MENU, 'read'),
    schema: {
      operationId: 'warningLetterStatus',
      tags: ['warning-letters'],
      summary: "The level a new letter for the employee should have today, and the employee's letters valid today",
      querystring: Type.Object({ employee: uuid }, { additionalProperties: false }),
      response: { 200: one(Type.Ref(LetterStatus)), ...errorResponses },
    },
    handler: async (request) => {
      requirePrivate(request);
      return { data: await repo.letterStatus(db, reachOf(scopeOf(request)), request.query.employee) };
    },
  });

  app.get('/v1/employees/surat-peringatan/:id/pdf', {
    config: menuAccess(LETTER_MENU, 'read'),
    schema: {
      operationId: 'getWarningLetterPdf',
      tags: ['warning-letters'],
      summary: "The letter as a PDF on the company's letterhead with its signature",
      params: IdParams,
      querystring: LangQuery,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      requirePrivate(request);
      const scope = scopeOf(request);
      const { pdf, fileName } = await letterPdf(
        db,
        config,
        reachOf(scope),
        request.params.id,
        request.query.lang ?? 'en',
        actorOf(request),
      );
      return reply.headers(pdfHeaders(fileName)).send(pdf);
    },
  });

  app.get('/v1/employees/surat-peringatan/:id/attachment', {
    config: menuAccess(LETTER_MENU, 'read'),
    schema: {
      operationId: 'getWarningLetterAttachment',
      tags: ['warning-letters'],
      summary: "The letter's attached PDF",
      params: IdParams,
      response: { 200: Type.String({ format: 'binary' }), ...errorResponses },
    },
    handler: async (request, reply) => {
      requirePrivate(request);
      const actor = actorOf(request);
      const caller = { actor, companyId: actor.companyId };
      const letter = await generic.findOne(db, warningLettersResource, caller, request.params.id);
      return sendAttachment(db, config, reply, actor.companyId as string, letter.attachment);
    },
  });

  // ---- ID cards ---------------------------------------------------------------------------------------------------

  app.get('/v1/id-card/design', {
    config: menuAccess(ID_CARD_MENU, 'read'),
    schema: {
      operationId: 'getIdCardDesign',
      tags: ['id-card'],
      response: { 200: one(Type.Ref(IdCardDesign)), ...errorResponses },
    },
    handler: async (request) => ({ data: await repo.idCardDesign(db, reachOf(scopeOf(request))) }),
  });

  app.put('/v1/id-card/design', {
    config: menuAccess(ID_CARD_MENU, 'write'),
    schema: {
      operationId: 'saveIdCardDesign',
      tags: ['id-card'],
      body: IdCardDesignBody,
      response: { 200: one(Type.Ref(IdCardDesign)), ...errorResponses },
    },
    handler: async (request) => ({ data: await repo.saveIdCardDesign(db, scopeOf(request), request.body) }),
  });

  app.post('/v1/id-card/print', {
    config: menuAccess(ID_CARD_MENU, 'read'),
    schema: {
      operationId: 'printIdCards',
      tags: ['id-card'],
      summary: 'Starts a job printing the cards of the employees named (every active employee when absent) as one PDF',
      body: Type.Object(
        {
          employees: Type.Optional(Type.Array(uuid, { minItems: 1, maxItems: 20_000, uniqueItems: true })),
          lang: Type.Optional(Type.Unsafe<PayslipLanguage>(Type.String({ enum: [...payslipLanguages] }))),
        },
        { additionalProperties: false },
      ),
      response: {
        202: Type.Object({ data: Type.Object({ job_id: uuid, url: Type.String() }) }),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const jobId = await app.jobs.enqueue('id-cards', jobStarter(scopeOf(request)), ID_CARD_MENU, {
        employees: request.body.employees ?? null,
        language: request.body.lang ?? 'en',
      });
      reply.status(202);
      return { data: { job_id: jobId, url: jobUrl(jobId) } };
    },
  });
}
