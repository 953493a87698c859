/** In-app notifications (spec: repository notifications): the caller's own, newest first, and marking them read. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import type { Scope } from '../http/access.ts';

async function unreadCount(db: Db, scope: Scope) {
  const row = (
    await db.execute(sql`select count(*)::int as unread from notifications
      where user_id = ${scope.actor.userId} and company_id = ${scope.companyId} and read_at is null`)
  ).rows[0] as { unread: number };
  return row.unread;
}

export async function listNotifications(db: Db, scope: Scope, query: { unread?: boolean }) {
  const rows = await db.execute(sql`
    select n.id, n.kind, to_json(n.created_at) #>> '{}' as created_at, to_json(n.read_at) #>> '{}' as read_at,
      a.id as approval_id, a.approval_number, a.context, a.status
    from notifications n left join approvals a on a.id = n.approval_id
    where n.user_id = ${scope.actor.userId} and n.company_id = ${scope.companyId}
      ${query.unread === true ? sql`and n.read_at is null` : query.unread === false ? sql`and n.read_at is not null` : sql``}
    order by n.created_at desc, n.id limit 100`);
  const data = (rows.rows as Record<string, string | null>[]).map((row) => ({
    _id: row.id,
    kind: row.kind,
    approval: row.approval_id
      ? { _id: row.approval_id, approval_number: row.approval_number, context: row.context, status: row.status }
      : null,
    created_at: row.created_at,
    read_at: row.read_at,
  }));
  return { data, unread: await unreadCount(db, scope) };
}

export async function markRead(db: Db, scope: Scope, ids: string[] | undefined) {
  const only =
    ids === undefined
      ? sql``
      : ids.length === 0
        ? sql`and false`
        : sql`and id = any(array[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[])`;
  await db.execute(sql`update notifications set read_at = now(), updated_at = now()
    where user_id = ${scope.actor.userId} and company_id = ${scope.companyId} and read_at is null ${only}`);
  return { unread: await unreadCount(db, scope) };
}
