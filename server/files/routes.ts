import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { writeLog } from '../activity/log.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { type Actor, actorOf, mayAccess } from '../http/access.ts';
import { AppError, notFound } from '../http/errors.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import { reachCovers } from '../scope/scope.ts';
import { createInspector, createUploadLimit, type Inspector } from './inspector.ts';
import { findDownload, insertUpload, type StoredFileRow } from './repository.ts';
import { type AcceptGroup, acceptGroups, extensionOf, type FileType, fileTypes, sniff } from './sniff.ts';
import { isXlsx } from './zip.ts';

const StoredFile = Type.Object(
  {
    name: Type.String(),
    url: Type.String(),
    original_name: Type.String(),
    mime: Type.String(),
    size: Type.Integer(),
    company: Nullable(Type.String()),
  },
  { $id: 'StoredFile' },
);
export const fileSchemas = [StoredFile];

const refuse = (code: string, message: string, status = 415) => new AppError(status, code, message);

/**
 * Uploads (spec 7 `POST /files`) are streamed to disk under a size limit, then checked by content: a zip's entries
 * are inflated in a worker thread (`inspector.ts`), a few at a time, and each user has a few uploads at once.
 */
export function fileRoutes(fastify: FastifyInstance, db: Db, config: Config) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tmpDir = join(config.filesDir, '.incoming');
  const inspector = createInspector();
  const perUser = createUploadLimit(config.limits.uploadsPerUser);
  app.addHook('onClose', () => inspector.close());

  app.post('/v1/files', {
    config: { access: { kind: 'signed-in' } },
    schema: {
      operationId: 'uploadFile',
      tags: ['files'],
      consumes: ['multipart/form-data'],
      querystring: Type.Object(
        {
          accept: Type.Optional(
            Type.Union(
              (Object.keys(acceptGroups) as AcceptGroup[]).map((k) => Type.Literal(k)),
              { default: 'any' },
            ),
          ),
        },
        { additionalProperties: false },
      ),
      response: { 201: one(Type.Ref(StoredFile)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const accept: AcceptGroup = request.query.accept ?? 'any';
      const release = perUser.acquire(actor.userId);
      const tmp = join(tmpDir, randomBytes(12).toString('hex'));
      try {
        const part = await request.file({ limits: { fileSize: config.limits.fileBytes, files: 1, fields: 5 } });
        if (!part) throw refuse('file_missing', 'Choose a file to upload', 400);
        await mkdir(tmpDir, { recursive: true });
        await pipeline(part.file, (await open(tmp, 'w')).createWriteStream());
        if (part.file.truncated) {
          throw refuse(
            'file_too_large',
            `The file is larger than ${Math.round(config.limits.fileBytes / 1048576)} MB`,
            413,
          );
        }
        const type = await detect(inspector, tmp, config.limits.unpackedBytes);
        const allowed: readonly FileType[] = acceptGroups[accept];
        if (!type || !allowed.includes(type)) {
          throw refuse(
            'file_type_not_allowed',
            `Only ${allowed.map((t) => t.toUpperCase()).join(', ')} files are accepted here`,
          );
        }
        const extension = extensionOf(part.filename);
        if (!(fileTypes[type].extensions as readonly string[]).includes(extension)) {
          throw refuse(
            'file_type_mismatch',
            `This file is a ${type.toUpperCase()} but is named ${extension || 'without an extension'}`,
          );
        }
        const name = `${randomBytes(16).toString('hex')}${fileTypes[type].extensions[0]}`;
        const folder = join(config.filesDir, actor.companyId ?? 'platform');
        await mkdir(folder, { recursive: true });
        const { size } = await stat(tmp);
        await rename(tmp, join(folder, name));
        const row = await insertUpload(db, {
          companyId: actor.companyId,
          name,
          original_name: part.filename.slice(0, 255),
          mime: fileTypes[type].mime,
          size,
          attachment: accept === 'attachment',
          userId: actor.userId,
        });
        await writeLog(db, {
          actor,
          companyId: actor.companyId,
          action: 'create',
          menu: 'files',
          resource: 'files',
          recordId: row.id,
          detail: `Uploaded ${type.toUpperCase()} ${row.original_name} (${Math.ceil(size / 1024)} KB)`,
        });
        reply.status(201);
        return {
          data: {
            name,
            url: `/v1/files/${name}`,
            original_name: row.original_name,
            mime: row.mime,
            size,
            company: row.company_id,
          },
        };
      } finally {
        release();
        await rm(tmp, { force: true });
      }
    },
  });

  app.get('/v1/files/:name', {
    config: { access: { kind: 'signed-in' } },
    schema: {
      operationId: 'downloadFile',
      tags: ['files'],
      params: Type.Object({ name: Type.String({ pattern: '^[a-f0-9]{32}\\.[a-z]{3,4}$' }) }),
      response: { 200: Type.String({ format: 'binary' }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      // A record's attachment is served only through its record (./attachments.ts).
      const row = await findDownload(db, actor.companyId, request.params.name);
      if (!row || !mayRead(actor, row)) throw notFound('File');
      return sendStoredFile(reply, config, row);
    },
  });
}

/**
 * A generated file (a zip of payslips, of 1721-A1 forms) is readable by who may read all of it: its menu, over at
 * least the reach it was made for (issue 24: an employee or a department admin never opens a company-wide zip). An
 * upload keeps its rule: any signed-in user of its company (or of the platform's, for a platform file).
 */
function mayRead(actor: Actor, row: Pick<StoredFileRow, 'menu' | 'reach'>) {
  if (row.menu === null) return true;
  if (!row.reach || !actor.companyId || !mayAccess(actor, row.menu, 'read')) return false;
  return reachCovers({ actor, companyId: actor.companyId }, row.reach);
}

/** Streams a stored file (its row already found for the caller) with its type, size and original name. */
export function sendStoredFile(
  reply: FastifyReply,
  config: Config,
  row: Pick<StoredFileRow, 'company_id' | 'name' | 'mime' | 'size' | 'original_name'>,
) {
  const path = join(config.filesDir, row.company_id ?? 'platform', row.name);
  reply
    .header('content-type', row.mime)
    .header('content-length', row.size)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.original_name)}`)
    .header('cache-control', 'private, max-age=3600');
  return reply.send(createReadStream(path));
}

async function detect(inspector: Inspector, path: string, unpackedLimit: number): Promise<FileType | null> {
  const handle = await open(path, 'r');
  const head = new Uint8Array(16);
  await handle.read(head, 0, 16, 0);
  await handle.close();
  const kind = sniff(head);
  if (kind !== 'zip') return kind;
  const report = await inspector.inspect(path, unpackedLimit);
  if (report.reason === 'unpacked_too_large' || report.reason === 'too_many_entries') {
    throw refuse('file_unpacks_too_large', 'This file unpacks to more than the allowed size and was refused', 413);
  }
  return isXlsx(report) ? 'xlsx' : null;
}
