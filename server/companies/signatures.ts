/**
 * company-settings → digital signature and certificates (spec 2.3; spec 7 companies children `digital-sign`,
 * `certificate`): the signed-in admin's own company, like the profile and tax sections (decision 0048), menu
 * `company-info`.
 *
 * - Digital signatures: name, title, selected, file (an uploaded PNG or JPEG, `POST /v1/files?accept=image`, checked by
 *   content). One selected at a time: selecting one unselects the others in the same transaction (a partial unique
 *   index holds it). The selected signature is printed on the 1721-A1 (server/tax/).
 * - Certificates: cert_name and file (an uploaded image or PDF).
 * A file must be a file of the same company. Every change is logged.
 */
import { type Static, Type } from '@sinclair/typebox';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Changes, diff, writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import { companyCertificates, companySignatures, files } from '../db/schema.ts';
import { type Scope, scopeOf } from '../http/access.ts';
import { invalid, notFound } from '../http/errors.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';

const MENU = 'company-info';
const access = (action: 'read' | 'write') => ({ kind: 'menu', menu: MENU, action, company: true }) as const;

const imageFile = Type.String({
  pattern: '^/v1/files/[a-f0-9]{32}\\.(png|jpg)$',
  description: 'An uploaded PNG or JPEG (POST /v1/files?accept=image)',
});
const certificateFile = Type.String({
  pattern: '^/v1/files/[a-f0-9]{32}\\.(png|jpg|pdf)$',
  description: 'An uploaded image or PDF (POST /v1/files)',
});

export const DigitalSignature = Type.Object(
  {
    _id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    title: Nullable(Type.String()),
    selected: Type.Boolean(),
    file: Type.String(),
    created_at: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'DigitalSignature' },
);
export const CompanyCertificate = Type.Object(
  {
    _id: Type.String({ format: 'uuid' }),
    cert_name: Type.String(),
    file: Type.String(),
    created_at: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'CompanyCertificate' },
);
export const signatureSchemas = [DigitalSignature, CompanyCertificate];

const name = Type.String({ minLength: 1, maxLength: 120 });
const SignatureBody = Type.Object(
  {
    name,
    title: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    selected: Type.Optional(Type.Boolean()),
    file: imageFile,
  },
  { additionalProperties: false },
);
const SignaturePatch = Type.Partial(SignatureBody, { additionalProperties: false, minProperties: 1 });
const CertificateBody = Type.Object({ cert_name: name, file: certificateFile }, { additionalProperties: false });
const CertificatePatch = Type.Partial(CertificateBody, { additionalProperties: false, minProperties: 1 });

const signatureColumns = {
  _id: companySignatures.id,
  name: companySignatures.name,
  title: companySignatures.title,
  selected: companySignatures.selected,
  file: companySignatures.file,
  created_at: companySignatures.created_at,
  version: companySignatures.version,
};
const certificateColumns = {
  _id: companyCertificates.id,
  cert_name: companyCertificates.cert_name,
  file: companyCertificates.file,
  created_at: companyCertificates.created_at,
  version: companyCertificates.version,
};

/** The file must be an upload of the caller's company. */
async function ownFile(db: Executor, companyId: string, url: string | undefined) {
  if (!url) return;
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.name, url.slice('/v1/files/'.length)), eq(files.company_id, companyId)));
  if (!file) throw invalid({ file: { code: 'not_found', message: 'Upload the file first' } });
}

const log = (
  tx: Executor,
  scope: Scope,
  action: 'create' | 'update' | 'delete',
  what: string,
  id: string,
  detail: string,
  changes?: Changes,
) =>
  writeLog(tx, {
    actor: scope.actor,
    companyId: scope.companyId,
    action,
    menu: MENU,
    resource: what,
    recordId: id,
    detail,
    ...(changes ? { changes } : {}),
  });

export function signatureRoutes(app: FastifyInstance, db: Db) {
  const readSignature = async (tx: Executor, companyId: string, id: string) => {
    const [row] = await tx
      .select(signatureColumns)
      .from(companySignatures)
      .where(and(eq(companySignatures.id, id), eq(companySignatures.company_id, companyId)));
    if (!row) throw notFound('Digital signature');
    return row;
  };
  /** Selecting one unselects the others first (the partial unique index allows one). */
  const unselectOthers = (tx: Executor, companyId: string, id: string | null) =>
    tx
      .update(companySignatures)
      .set({ selected: false })
      .where(
        and(
          eq(companySignatures.company_id, companyId),
          eq(companySignatures.selected, true),
          ...(id ? [ne(companySignatures.id, id)] : []),
        ),
      );

  app.get('/v1/company/digital-sign', {
    config: { access: access('read') },
    schema: {
      operationId: 'listDigitalSignatures',
      tags: ['company'],
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(DigitalSignature)) }), ...errorResponses },
    },
    handler: async (request) => ({
      data: await db
        .select(signatureColumns)
        .from(companySignatures)
        .where(eq(companySignatures.company_id, scopeOf(request).companyId))
        .orderBy(asc(companySignatures.created_at)),
    }),
  });

  app.post('/v1/company/digital-sign', {
    config: { access: access('write') },
    schema: {
      operationId: 'createDigitalSignature',
      tags: ['company'],
      body: SignatureBody,
      response: { 201: one(Type.Ref(DigitalSignature)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const body = request.body as Static<typeof SignatureBody>;
      await ownFile(db, scope.companyId, body.file);
      const row = await db.transaction(async (tx) => {
        if (body.selected) await unselectOthers(tx, scope.companyId, null);
        const [created] = await tx
          .insert(companySignatures)
          .values({ ...body, title: body.title ?? null, company_id: scope.companyId, created_by: scope.actor.userId })
          .returning({ id: companySignatures.id });
        await log(tx, scope, 'create', 'digital-sign', created!.id, `Added the digital signature of ${body.name}`);
        return readSignature(tx, scope.companyId, created!.id);
      });
      reply.status(201);
      return { data: row };
    },
  });

  app.patch('/v1/company/digital-sign/:id', {
    config: { access: access('write') },
    schema: {
      operationId: 'updateDigitalSignature',
      tags: ['company'],
      params: IdParams,
      body: SignaturePatch,
      response: { 200: one(Type.Ref(DigitalSignature)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      const body = request.body as Static<typeof SignaturePatch>;
      await ownFile(db, scope.companyId, body.file);
      return {
        data: await db.transaction(async (tx) => {
          const before = await readSignature(tx, scope.companyId, id);
          if (body.selected) await unselectOthers(tx, scope.companyId, id);
          const changed = diff(before as Record<string, unknown>, body as Record<string, unknown>);
          if (Object.keys(changed).length) {
            await tx
              .update(companySignatures)
              .set({ ...body, updated_at: new Date().toISOString(), version: before.version + 1 })
              .where(eq(companySignatures.id, id));
            await log(
              tx,
              scope,
              'update',
              'digital-sign',
              id,
              `Updated the digital signature of ${before.name}`,
              changed,
            );
          }
          return readSignature(tx, scope.companyId, id);
        }),
      };
    },
  });

  app.delete('/v1/company/digital-sign/:id', {
    config: { access: access('write') },
    schema: {
      operationId: 'deleteDigitalSignature',
      tags: ['company'],
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      await db.transaction(async (tx) => {
        const before = await readSignature(tx, scope.companyId, id);
        await tx.delete(companySignatures).where(eq(companySignatures.id, id));
        await log(tx, scope, 'delete', 'digital-sign', id, `Deleted the digital signature of ${before.name}`);
      });
      return reply.code(204).send();
    },
  });

  const readCertificate = async (tx: Executor, companyId: string, id: string) => {
    const [row] = await tx
      .select(certificateColumns)
      .from(companyCertificates)
      .where(and(eq(companyCertificates.id, id), eq(companyCertificates.company_id, companyId)));
    if (!row) throw notFound('Certificate');
    return row;
  };

  app.get('/v1/company/certificate', {
    config: { access: access('read') },
    schema: {
      operationId: 'listCompanyCertificates',
      tags: ['company'],
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(CompanyCertificate)) }), ...errorResponses },
    },
    handler: async (request) => ({
      data: await db
        .select(certificateColumns)
        .from(companyCertificates)
        .where(eq(companyCertificates.company_id, scopeOf(request).companyId))
        .orderBy(asc(companyCertificates.created_at)),
    }),
  });

  app.post('/v1/company/certificate', {
    config: { access: access('write') },
    schema: {
      operationId: 'createCompanyCertificate',
      tags: ['company'],
      body: CertificateBody,
      response: { 201: one(Type.Ref(CompanyCertificate)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const body = request.body as Static<typeof CertificateBody>;
      await ownFile(db, scope.companyId, body.file);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(companyCertificates)
          .values({ ...body, company_id: scope.companyId, created_by: scope.actor.userId })
          .returning({ id: companyCertificates.id });
        await log(tx, scope, 'create', 'certificate', created!.id, `Added the certificate ${body.cert_name}`);
        return readCertificate(tx, scope.companyId, created!.id);
      });
      reply.status(201);
      return { data: row };
    },
  });

  app.patch('/v1/company/certificate/:id', {
    config: { access: access('write') },
    schema: {
      operationId: 'updateCompanyCertificate',
      tags: ['company'],
      params: IdParams,
      body: CertificatePatch,
      response: { 200: one(Type.Ref(CompanyCertificate)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      const body = request.body as Static<typeof CertificatePatch>;
      await ownFile(db, scope.companyId, body.file);
      return {
        data: await db.transaction(async (tx) => {
          const before = await readCertificate(tx, scope.companyId, id);
          const changed = diff(before as Record<string, unknown>, body as Record<string, unknown>);
          if (Object.keys(changed).length) {
            await tx
              .update(companyCertificates)
              .set({ ...body, updated_at: new Date().toISOString(), version: before.version + 1 })
              .where(eq(companyCertificates.id, id));
            await log(tx, scope, 'update', 'certificate', id, `Updated the certificate ${before.cert_name}`, changed);
          }
          return readCertificate(tx, scope.companyId, id);
        }),
      };
    },
  });

  app.delete('/v1/company/certificate/:id', {
    config: { access: access('write') },
    schema: {
      operationId: 'deleteCompanyCertificate',
      tags: ['company'],
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      await db.transaction(async (tx) => {
        const before = await readCertificate(tx, scope.companyId, id);
        await tx.delete(companyCertificates).where(eq(companyCertificates.id, id));
        await log(tx, scope, 'delete', 'certificate', id, `Deleted the certificate ${before.cert_name}`);
      });
      return reply.code(204).send();
    },
  });
}
