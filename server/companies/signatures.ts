/**
 * company-settings → digital signature and certificates (spec 2.3; spec 7 companies children `digital-sign`,
 * `certificate`): the signed-in admin's own company, like the profile and tax sections (decision 0048), menu
 * `company-info`.
 *
 * - Digital signatures: name, title, selected, file (an uploaded PNG or JPEG, `POST /v1/files?accept=image`, checked by
 *   content). One selected at a time: selecting one unselects the others in the same transaction (a partial unique
 *   index holds it). The selected signature is printed on the 1721-A1 (server/tax/).
 * - Certificates: cert_name and file (an uploaded image or PDF).
 * A file must be a file of the same company. Every change is logged. Both lists are one route family (`documentRoutes`)
 * over a table of the two (`documentLists`): docs/decisions/0079.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TObject, Type } from '@sinclair/typebox';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type Changes, diff, writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import { companyCertificates, companySignatures } from '../db/schema.ts';
import { type Scope, scopeOf } from '../http/access.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';
import {
  type DocumentTable,
  deleteDocument,
  insertDocument,
  listDocuments,
  readDocument,
  requireOwnUpload,
  unselectOtherSignatures,
  updateDocument,
} from './repository.ts';

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

type Body = Record<string, unknown>;

/**
 * One list of company documents (docs/decisions/0079): list, create, patch and delete under `path`, each checking
 * the file, the company (another company's id is a 404), logging and answering the row read again. What differs is
 * data: the table, the reply's columns, the bodies, the operation names and the log's words; and the signature's
 * domain rule (one selected at a time) as `beforeWrite`, run in the write's transaction.
 */
interface DocumentList {
  path: string;
  /** The log entries' resource and the not-found noun. */
  resource: string;
  noun: string;
  table: DocumentTable;
  columns: Record<string, PgColumn>;
  schema: TObject;
  body: TObject;
  patch: TObject;
  operations: { list: string; create: string; update: string; delete: string };
  /** The log's words for a change of the row titled `title`. */
  detail: Record<'create' | 'update' | 'delete', (title: string) => string>;
  title: (row: Body) => string;
  /** Domain rule run first in a create (`id` null) or patch transaction. */
  beforeWrite?: (tx: Executor, scope: Scope, id: string | null, body: Body) => Promise<unknown>;
}

function documentRoutes(parent: FastifyInstance, db: Db, list: DocumentList) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const read = (tx: Executor, scope: Scope, id: string) =>
    readDocument(tx, scope, list.table, list.columns, id, list.noun);
  const log = (
    tx: Executor,
    scope: Scope,
    action: 'create' | 'update' | 'delete',
    id: string,
    title: string,
    changes?: Changes,
  ) =>
    writeLog(tx, {
      actor: scope.actor,
      companyId: scope.companyId,
      action,
      menu: MENU,
      resource: list.resource,
      recordId: id,
      detail: list.detail[action](title),
      ...(changes ? { changes } : {}),
    });
  const tags = ['company'];

  app.get(list.path, {
    config: { access: access('read') },
    schema: {
      operationId: list.operations.list,
      tags,
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(list.schema)) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await listDocuments(db, scopeOf(request), list.table, list.columns) }),
  });

  app.post(list.path, {
    config: { access: access('write') },
    schema: {
      operationId: list.operations.create,
      tags,
      body: list.body,
      response: { 201: one(Type.Ref(list.schema)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const body: Body = request.body;
      await requireOwnUpload(db, scope, body.file as string | undefined);
      const row = await db.transaction(async (tx) => {
        await list.beforeWrite?.(tx, scope, null, body);
        const id = await insertDocument(tx, scope, list.table, body);
        await log(tx, scope, 'create', id, list.title(body));
        return read(tx, scope, id);
      });
      reply.status(201);
      return { data: row };
    },
  });

  app.patch(`${list.path}/:id`, {
    config: { access: access('write') },
    schema: {
      operationId: list.operations.update,
      tags,
      params: IdParams,
      body: list.patch,
      response: { 200: one(Type.Ref(list.schema)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const body: Body = request.body;
      await requireOwnUpload(db, scope, body.file as string | undefined);
      return {
        data: await db.transaction(async (tx) => {
          const before = await read(tx, scope, id);
          await list.beforeWrite?.(tx, scope, id, body);
          const changed = diff(before, body);
          if (Object.keys(changed).length) {
            await updateDocument(tx, scope, list.table, id, body, before.version + 1);
            await log(tx, scope, 'update', id, list.title(before), changed);
          }
          return read(tx, scope, id);
        }),
      };
    },
  });

  app.delete(`${list.path}/:id`, {
    config: { access: access('write') },
    schema: {
      operationId: list.operations.delete,
      tags,
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const before = await read(tx, scope, id);
        await deleteDocument(tx, scope, list.table, id);
        await log(tx, scope, 'delete', id, list.title(before));
      });
      return reply.code(204).send(null);
    },
  });
}

/** Selecting a signature unselects the others first (the partial unique index allows one selected per company). */
const oneSelected = async (tx: Executor, scope: Scope, id: string | null, body: Body) => {
  if (body.selected) await unselectOtherSignatures(tx, scope, id);
};

export const documentLists: readonly DocumentList[] = [
  {
    path: '/v1/company/digital-sign',
    resource: 'digital-sign',
    noun: 'Digital signature',
    table: companySignatures,
    columns: signatureColumns,
    schema: DigitalSignature,
    body: SignatureBody,
    patch: SignaturePatch,
    operations: {
      list: 'listDigitalSignatures',
      create: 'createDigitalSignature',
      update: 'updateDigitalSignature',
      delete: 'deleteDigitalSignature',
    },
    detail: {
      create: (name) => `Added the digital signature of ${name}`,
      update: (name) => `Updated the digital signature of ${name}`,
      delete: (name) => `Deleted the digital signature of ${name}`,
    },
    title: (row) => String(row.name),
    beforeWrite: oneSelected,
  },
  {
    path: '/v1/company/certificate',
    resource: 'certificate',
    noun: 'Certificate',
    table: companyCertificates,
    columns: certificateColumns,
    schema: CompanyCertificate,
    body: CertificateBody,
    patch: CertificatePatch,
    operations: {
      list: 'listCompanyCertificates',
      create: 'createCompanyCertificate',
      update: 'updateCompanyCertificate',
      delete: 'deleteCompanyCertificate',
    },
    detail: {
      create: (name) => `Added the certificate ${name}`,
      update: (name) => `Updated the certificate ${name}`,
      delete: (name) => `Deleted the certificate ${name}`,
    },
    title: (row) => String(row.cert_name),
  },
];

export function signatureRoutes(app: FastifyInstance, db: Db) {
  for (const list of documentLists) documentRoutes(app, db, list);
}
