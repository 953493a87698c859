/**
 * What the platform shows on a company user's home: the current banners the user has not dismissed, and (to the
 * company's admins) the current company-level announcements addressed to their company. "Current" is today in
 * Asia/Jakarta between the start and end dates, both included (a banner's open date means no limit).
 */
import { and, asc, desc, eq, gte, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { bannerDismissals, banners, companyAnnouncements } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { addressedTo, type Scope } from '../scope/scope.ts';

/** Levels that see the platform's announcements to their company: its admins (spec 2.2 announcements-company). */
export const noticeLevels: readonly string[] = ['admin', 'sub_admin'];

export async function currentBanners(db: Db, userId: string, today: string) {
  return db
    .select({
      _id: banners.id,
      title: banners.title,
      description: banners.description,
      link: banners.link,
      image_url: banners.image_url,
    })
    .from(banners)
    .where(
      and(
        or(isNull(banners.start_date), lte(banners.start_date, today)),
        or(isNull(banners.end_date), gte(banners.end_date, today)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bannerDismissals)
            .where(and(eq(bannerDismissals.banner, banners.id), eq(bannerDismissals.user, userId))),
        ),
      ),
    )
    .orderBy(desc(banners.created_at))
    .limit(10);
}

export async function currentNotices(db: Db, scope: Scope, today: string) {
  const rows = await db
    .select({
      _id: companyAnnouncements.id,
      title: companyAnnouncements.title,
      content: companyAnnouncements.content,
      start_date: companyAnnouncements.start_date,
      end_date: companyAnnouncements.end_date,
    })
    .from(companyAnnouncements)
    .where(
      and(
        lte(companyAnnouncements.start_date, today),
        gte(companyAnnouncements.end_date, today),
        addressedTo(scope, companyAnnouncements.companies),
      ),
    )
    .orderBy(desc(companyAnnouncements.start_date), asc(companyAnnouncements.title))
    .limit(20);
  return rows;
}

/** "Don't show again" on a banner, for this user on every device; dismissing twice is one dismissal. */
export async function dismissBanner(db: Db, userId: string, bannerId: string) {
  const [banner] = await db.select({ id: banners.id }).from(banners).where(eq(banners.id, bannerId));
  if (!banner) throw notFound();
  await db.insert(bannerDismissals).values({ banner: bannerId, user: userId }).onConflictDoNothing();
}
