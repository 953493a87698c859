/** "Assign admin" on the developer's companies screen: its queries and writes (./admin.ts holds the routes). */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { writeLog } from '../activity/log.ts';
import { issueOneTimeToken } from '../auth/one-time.ts';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/connect.ts';
import { companies, employees, users } from '../db/schema.ts';
import type { Actor } from '../http/access.ts';
import { invalid, notFound } from '../http/errors.ts';
import { type Mailer, publicLink } from '../mail/mailer.ts';
import { activationMail } from '../mail/messages.ts';
import { containsPattern } from '../resources/query.ts';
import { companyReach, inCompany } from '../scope/scope.ts';

export type AssignBody = { user: string } | { invite: { fullname: string; email: string } };

async function companyOf(db: Executor, id: string) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, admin: companies.admin })
    .from(companies)
    .where(eq(companies.id, id));
  if (!company) throw notFound('Company');
  return company;
}

/** The company's people with an account, for the picker: by name, matching the search on name or employee id. */
export async function adminCandidates(db: Db, companyId: string, search: string | undefined) {
  await companyOf(db, companyId);
  const reach = companyReach(companyId);
  const term = search?.trim();
  return db
    .select({
      user: users.id,
      fullname: employees.fullname,
      employee_id: employees.employee_id,
      username: users.username,
      level: users.level,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user))
    .where(
      and(
        inCompany(reach, employees),
        eq(users.blocked, false),
        term
          ? or(ilike(employees.fullname, containsPattern(term)), ilike(employees.employee_id, containsPattern(term)))
          : undefined,
      ),
    )
    .orderBy(asc(employees.fullname))
    .limit(50);
}

/** Makes one of the company's people its admin, or invites a new one by email; logged, in one transaction. */
export async function assignAdmin(
  db: Db,
  config: Config,
  mailer: Mailer,
  actor: Actor,
  companyId: string,
  body: AssignBody,
) {
  return db.transaction(async (tx) => {
    const company = await companyOf(tx, companyId);
    const reach = companyReach(company.id);
    let admin: { id: string; fullname: string; username: string };
    let invited = false;
    if ('user' in body) {
      const [user] = await tx
        .select({ id: users.id, fullname: users.fullname, username: users.username, level: users.level })
        .from(users)
        .where(and(eq(users.id, body.user), inCompany(reach, users), eq(users.blocked, false)));
      if (!user) throw invalid({ user: { code: 'not_found', message: 'is not a person of this company' } });
      await tx.update(users).set({ level: 'admin', updated_at: new Date().toISOString() }).where(eq(users.id, user.id));
      admin = user;
    } else {
      const email = body.invite.email.trim();
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (clash) throw invalid({ 'invite.email': { code: 'unique', message: 'is already used' } });
      const stem = (email.split('@')[0] ?? 'admin').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40) || 'admin';
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, stem.toLowerCase()));
      const username = taken ? `${stem}.${Date.now().toString(36)}` : stem;
      const [user] = await tx
        .insert(users)
        .values({
          company_id: company.id,
          fullname: body.invite.fullname.trim(),
          username,
          email,
          level: 'admin',
          password_hash: null,
          created_by: actor.userId,
        })
        .returning({ id: users.id, fullname: users.fullname, username: users.username });
      admin = user!;
      invited = true;
      const token = await issueOneTimeToken(tx, 'activation', { userId: admin.id });
      const link = publicLink(config, '/verification', { activation: token });
      await mailer.send(tx, [activationMail({ email, name: admin.fullname, companyId: company.id }, link)]);
    }
    await tx
      .update(companies)
      .set({ admin: admin.id, updated_at: new Date().toISOString(), version: sql`${companies.version} + 1` })
      .where(eq(companies.id, company.id));
    await writeLog(tx, {
      actor,
      companyId: company.id,
      action: 'update',
      menu: 'companies',
      resource: 'companies',
      recordId: company.id,
      detail: `${invited ? 'Invited' : 'Assigned'} ${admin.fullname} (${admin.username}) as the admin of ${company.name}`,
      changes: { admin: { from: company.admin, to: admin.id } },
    });
    return {
      company: company.id,
      admin: { _id: admin.id, fullname: admin.fullname, username: admin.username },
      invited,
    };
  });
}
