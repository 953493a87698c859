/** The developer list and its invitation: queries and writes (./developers.ts holds the routes). */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { writeLog } from '../activity/log.ts';
import { issueOneTimeToken } from '../auth/one-time.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import type { Actor } from '../http/access.ts';
import { invalid } from '../http/errors.ts';
import { type Mailer, publicLink } from '../mail/mailer.ts';
import { activationMail } from '../mail/messages.ts';

/** The developer accounts, by name; the platform's own (no company). */
export async function listDevelopers(db: Db) {
  const rows = await db
    .select({
      _id: users.id,
      fullname: users.fullname,
      username: users.username,
      email: users.email,
      phone: users.phone,
      photo_url: users.photo_url,
      blocked: users.blocked,
      activated: sql<boolean>`${users.password_hash} is not null`,
      created_at: users.created_at,
    })
    .from(users)
    .where(and(eq(users.level, 'developer'), isNull(users.company_id)))
    .orderBy(asc(users.fullname));
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}

/** A username from the email's local part, made unique with a number when taken. */
async function freeUsername(db: Db, email: string) {
  const stem = (email.split('@')[0] ?? 'developer').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 50) || 'developer';
  const stems = [stem.length >= 3 ? stem : `${stem}dev`];
  for (let n = 2; n < 50; n++) stems.push(`${stems[0]}${n}`);
  const taken = new Set(
    (
      await db
        .select({ username: sql<string>`lower(${users.username})` })
        .from(users)
        .where(or(...stems.map((name) => eq(sql`lower(${users.username})`, name.toLowerCase()))))
    ).map((row) => row.username),
  );
  return stems.find((name) => !taken.has(name.toLowerCase())) ?? `${stems[0]}${Date.now().toString(36)}`;
}

/** Creates the invited developer's account (no password) and mails the link to /register?developer=1; its id. */
export async function inviteDeveloper(
  db: Db,
  config: Config,
  mailer: Mailer,
  actor: Actor,
  body: { fullname: string; email: string; phone?: string | null; photo_url?: string | null },
) {
  const email = body.email.trim();
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (clash) throw invalid({ email: { code: 'unique', message: 'is already used' } });
  const username = await freeUsername(db, email);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        company_id: null,
        fullname: body.fullname.trim(),
        username,
        email,
        phone: body.phone ?? null,
        photo_url: body.photo_url ?? null,
        level: 'developer',
        password_hash: null,
        created_by: actor.userId,
      })
      .returning({ id: users.id });
    const token = await issueOneTimeToken(tx, 'activation', { userId: user!.id });
    const link = publicLink(config, '/register', { developer: '1', activation: token });
    await mailer.send(tx, [activationMail({ email, name: body.fullname.trim(), companyId: null }, link)]);
    await writeLog(tx, {
      actor,
      companyId: null,
      action: 'create',
      menu: 'developer',
      resource: 'developers',
      recordId: user!.id,
      detail: `Invited developer ${body.fullname.trim()} (${email})`,
    });
    return user!.id;
  });
  return created;
}
