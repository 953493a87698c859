/**
 * Record attachments: the one mechanism behind a leave request's attachment (issue 13) and a loan's (issue 15),
 * docs/decisions/0076.
 *
 * - Upload: `POST /v1/files?accept=attachment` (./routes.ts: size limit, content sniffed as PDF, PNG or JPEG), stored
 *   in the company's folder and marked `attachment`; the reply's `name` is the file id the record stores.
 * - A record names its file in its `attachment` field. On write, `checkAttachment` refuses a name that is not an
 *   attachment upload of the caller's company, or that another record already holds.
 * - Download: only through the record's route (`GET /v1/approvals/{id}/attachment`, `GET /v1/loans/{id}/attachment`),
 *   which reads the record with its own access rule and repository (tenancy, department, the requester and the
 *   approvers) before `sendAttachment`; `GET /v1/files/{name}` never serves an attachment.
 * - Deletion: when a record goes (or drops its file), `releaseAttachments` deletes the files no record holds any
 *   more, row and bytes.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/connect.ts';
import { invalid, notFound } from '../http/errors.ts';
import { companyReach } from '../scope/scope.ts';
import { attachmentHeld, deleteUnheldAttachments, findAttachment } from './repository.ts';
import { sendStoredFile } from './routes.ts';

export type { AttachmentOwner } from './repository.ts';

/** The stored file's id as a record holds it: the name `POST /v1/files` answered. */
export const ATTACHMENT_PATTERN = '^[a-f0-9]{32}\\.(pdf|png|jpg)$';

const noRecord = '00000000-0000-0000-0000-000000000000';

/**
 * The attachment a record is about to hold: an attachment upload of the caller's company that no other record holds.
 * Refused as a field error of `field` (`not_found`: upload it first; `taken`: another record's file).
 */
export async function checkAttachment(
  db: Executor,
  companyId: string,
  name: string | null | undefined,
  field = 'attachment',
  except: string = noRecord,
) {
  if (!name) return;
  const reach = companyReach(companyId);
  if (!(await findAttachment(db, reach, name))) {
    throw invalid({ [field]: { code: 'not_found', message: 'Upload the file first' } });
  }
  if (await attachmentHeld(db, reach, name, except)) {
    throw invalid({ [field]: { code: 'taken', message: 'This file belongs to another record' } });
  }
}

/** Sends the attachment `name` of a record the caller was allowed to read (its route checked that). */
export async function sendAttachment(db: Db, config: Config, reply: FastifyReply, companyId: string, name: unknown) {
  if (typeof name !== 'string' || !name) throw notFound('Attachment');
  const row = await findAttachment(db, companyReach(companyId), name);
  if (!row) throw notFound('Attachment');
  return sendStoredFile(reply, config, row);
}

/**
 * Deletes the attachments among `names` that no record of the company holds any more (its record was deleted, or
 * holds another file now): the rows, then the bytes. Called after the record's change was committed.
 */
export async function releaseAttachments(db: Db, config: Config, companyId: string, names: readonly string[]) {
  const candidates = [...new Set(names.filter(Boolean))];
  if (candidates.length === 0) return [];
  const gone = await deleteUnheldAttachments(db, companyReach(companyId), candidates);
  await Promise.all(gone.map((name) => rm(join(config.filesDir, companyId, name), { force: true })));
  return gone;
}
