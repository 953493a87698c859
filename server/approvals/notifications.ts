/** In-app notifications (spec: repository notifications): the caller's own, newest first, and marking them read. */
import { sql } from 'drizzle-orm';
import type { ApprovalContext, ApprovalStatus } from '../../common/approvals.ts';
import { jakartaToday } from '../../common/employment.ts';
import type { Db } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { noticeLevels } from '../platform/home.ts';
import { audienceSql } from '../portal/repository.ts';
import { addressedToSql, inCompanySql, type Scope, sameCompanySql } from '../scope/scope.ts';

type NotificationRow = {
  id: string;
  kind: string;
  created_at: string;
  read_at: string | null;
  approval_id: string | null;
  approval_number: string;
  context: ApprovalContext;
  status: ApprovalStatus;
  announcement_id: string | null;
  announcement_title: string | null;
  company_announcement_id: string | null;
  company_announcement_title: string | null;
};

/**
 * Delivers the announcements current today to the caller's bell, once each (decision 0188): the portal's
 * announcements that reach the caller's own employee record, and (to admins and sub-admins) the developer's company
 * announcements addressed to the company. The unique keys keep a second call from adding them again.
 */
export async function deliverAnnouncements(db: Db, scope: Scope, today = jakartaToday()) {
  await db.execute(sql`
    insert into notifications (company_id, user_id, kind, announcement_id)
    select a.company_id, ${scope.actor.userId}, 'announcement', a.id
    from announcements a join employees e on e.user_id = ${scope.actor.userId} and ${sameCompanySql('e', 'a')}
    where ${inCompanySql(scope, 'a')} and a.start_date <= ${today}::date and a.end_date >= ${today}::date
      and ${audienceSql('a', 'e', true)}
    on conflict (user_id, announcement_id) do nothing`);
  if (!noticeLevels.includes(scope.actor.level)) return;
  await db.execute(sql`
    insert into notifications (company_id, user_id, kind, company_announcement_id)
    select ${scope.companyId}, ${scope.actor.userId}, 'company_announcement', c.id
    from company_announcements c
    where ${addressedToSql(scope, 'c', 'company_ids')} and c.start_date <= ${today}::date
      and c.end_date >= ${today}::date
    on conflict (user_id, company_id, company_announcement_id) do nothing`);
}

/** The caller's own notifications in their company. */
const mine = (scope: Scope, alias: string) =>
  sql`${sql.identifier(alias)}.user_id = ${scope.actor.userId} and ${inCompanySql(scope, alias)}`;

async function unreadCount(db: Db, scope: Scope) {
  const row = (
    await db.execute(sql`select count(*)::int as unread from notifications n
      where ${mine(scope, 'n')} and n.read_at is null`)
  ).rows[0] as { unread: number };
  return row.unread;
}

export async function listNotifications(db: Db, scope: Scope, query: { unread?: boolean | undefined }) {
  await deliverAnnouncements(db, scope);
  const rows = await db.execute(sql`
    select n.id, n.kind, to_json(n.created_at) #>> '{}' as created_at, to_json(n.read_at) #>> '{}' as read_at,
      a.id as approval_id, a.approval_number, a.context, a.status,
      p.id as announcement_id, p.title as announcement_title,
      c.id as company_announcement_id, c.title as company_announcement_title
    from notifications n left join approvals a on a.id = n.approval_id
      left join announcements p on p.id = n.announcement_id
      left join company_announcements c on c.id = n.company_announcement_id
    where ${mine(scope, 'n')}
      ${query.unread === true ? sql`and n.read_at is null` : query.unread === false ? sql`and n.read_at is not null` : sql``}
    order by n.created_at desc, n.id limit 100`);
  const data = (rows.rows as NotificationRow[]).map((row) => ({
    _id: row.id,
    kind: row.kind,
    approval: row.approval_id
      ? { _id: row.approval_id, approval_number: row.approval_number, context: row.context, status: row.status }
      : null,
    announcement: row.announcement_id ? { _id: row.announcement_id, title: row.announcement_title ?? '' } : null,
    company_announcement: row.company_announcement_id
      ? { _id: row.company_announcement_id, title: row.company_announcement_title ?? '' }
      : null,
    created_at: row.created_at,
    read_at: row.read_at,
  }));
  return { data, unread: await unreadCount(db, scope) };
}

export async function markRead(db: Db, scope: Scope, ids: string[] | undefined) {
  const only = ids === undefined ? sql`` : ids.length === 0 ? sql`and false` : sql`and n.id = any(${uuidArray(ids)})`;
  await db.execute(sql`update notifications n set read_at = now(), updated_at = now()
    where ${mine(scope, 'n')} and n.read_at is null ${only}`);
  return { unread: await unreadCount(db, scope) };
}
