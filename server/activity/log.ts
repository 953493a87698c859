import type { Executor } from '../db/connect.ts';
import { activityLogs } from '../db/schema.ts';
import type { Actor } from '../http/access.ts';

export type LogAction = 'create' | 'update' | 'delete';
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Fields whose values never enter the log. */
const secret = new Set(['password_hash', 'password', 'token_hash']);

export interface LogEntry {
  /** Who did it: a signed-in actor, or a user acting for the first time (a verified registration). */
  actor: Pick<Actor, 'userId' | 'impersonatorId'>;
  companyId: string | null;
  action: LogAction;
  menu: string;
  resource: string;
  recordId?: string | null;
  detail: string;
  changes?: Changes | null;
}

/** Entries per insert: short statements keep the embedded engine responsive during bulk writes. */
const LOG_BATCH = 250;

/** Writes the entries; answers their ids, in order. */
export async function writeLog(db: Executor, entries: LogEntry | LogEntry[]): Promise<string[]> {
  const list = Array.isArray(entries) ? entries : [entries];
  const ids: string[] = [];
  for (let i = 0; i < list.length; i += LOG_BATCH) {
    const written = await db
      .insert(activityLogs)
      .values(
        list.slice(i, i + LOG_BATCH).map((entry) => ({
          company_id: entry.companyId,
          user: entry.actor.userId,
          impersonator: entry.actor.impersonatorId,
          action: entry.action,
          menu: entry.menu,
          resource: entry.resource,
          record_id: entry.recordId ?? null,
          detail: entry.detail.slice(0, 1000),
          changes: entry.changes ?? null,
        })),
      )
      .returning({ id: activityLogs.id });
    ids.push(...written.map((row) => row.id));
  }
  return ids;
}

/** The fields that differ between two versions of a row, secrets masked. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [field, to] of Object.entries(after)) {
    if (field === 'updated_at' || field === 'version') continue;
    const from = before[field];
    if (JSON.stringify(from ?? null) === JSON.stringify(to ?? null)) continue;
    changes[field] = secret.has(field) ? { from: '***', to: '***' } : { from: from ?? null, to: to ?? null };
  }
  return changes;
}

/** What a row looks like in a 'create' or 'delete' entry: its non-empty fields, secrets masked. */
export function snapshot(row: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(row)) {
    if (
      value === null ||
      value === undefined ||
      ['id', 'company_id', 'created_at', 'updated_at', 'version'].includes(field)
    )
      continue;
    changes[field] = { from: null, to: secret.has(field) ? '***' : value };
  }
  return changes;
}
