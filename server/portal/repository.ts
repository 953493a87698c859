/**
 * The portal's data access beyond the generic lists (./README.md): who an announcement or a link reaches, the
 * caller's own portal (current announcements, links, warning letters), read receipts, the warning letters' history of
 * one employee, and the ID card design. Every company and department condition comes from the scope module.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { jakartaToday } from '../../common/employment.ts';
import { defaultIdCardDesign, type IdCardDesign, proposedType, type WarningLetterType } from '../../common/portal.ts';
import type { Db, Executor } from '../db/connect.ts';
import { employees, idCardDesigns } from '../db/schema.ts';
import { uuidArray } from '../db/sql.ts';
import { employedSql } from '../employees/employed.ts';
import { notFound } from '../http/errors.ts';
import {
  employeeInReach,
  employeesInReachSql,
  inCompany,
  inCompanySql,
  ownEmployee,
  ownedBy,
  type Reach,
  type Scope,
  sameCompanySql,
} from '../scope/scope.ts';

/**
 * Whether the targets of row `t` reach employee `e` (common/portal.ts `reaches`, its twin): every list empty is
 * everyone; else the employees named, plus those matching every non-empty attribute list. `named`: whether the row
 * has an employee list (announcements do, links do not).
 */
export function audienceSql(t: string, e: string, named: boolean): SQL {
  const col = (name: string) => sql.raw(`${t}.${name}`);
  const emp = (name: string) => sql.raw(`${e}.${name}`);
  const lists = [
    ['department_ids', 'department_id'],
    ['sub_department_ids', 'sub_department_id'],
    ['location_ids', 'location_id'],
    ['job_title_ids', 'job_title_id'],
  ] as const;
  const anyAttribute = sql.join(
    lists.map(([list]) => sql`cardinality(${col(list)}) > 0`),
    sql` or `,
  );
  const everyAttribute = sql.join(
    lists.map(([list, field]) => sql`(cardinality(${col(list)}) = 0 or ${emp(field)} = any(${col(list)}))`),
    sql` and `,
  );
  const nobodyNamed = named ? sql`cardinality(${col('employee_ids')}) = 0` : sql`true`;
  const isNamed = named ? sql`${emp('id')} = any(${col('employee_ids')})` : sql`false`;
  return sql`((${nobodyNamed} and not (${anyAttribute})) or ${isNamed} or ((${anyAttribute}) and ${everyAttribute}))`;
}

/** The caller's own employee record (its placement), or null for a user without one. */
export async function ownPlacement(db: Executor, scope: Scope) {
  const [row] = await db
    .select({ id: employees.id, fullname: employees.fullname })
    .from(employees)
    .where(ownEmployee(scope, employees));
  return row ?? null;
}

export interface PortalAnnouncement {
  _id: string;
  title: string;
  content: string;
  start_date: string;
  end_date: string;
  read_at: string | null;
  /** Delivered to this employee just now: the one notification of it (the client shows it once). */
  new: boolean;
}

/**
 * The announcements current on `today` that reach the employee, newest first; each delivered once: the first read of
 * it records the delivery (`notified_at`), and says `new` that one time.
 */
export async function currentAnnouncements(db: Db, scope: Scope, employeeId: string, today = jakartaToday()) {
  return db.transaction(async (tx) => {
    const from = sql`from announcements a join employees e on e.id = ${employeeId} and ${sameCompanySql('e', 'a')}`;
    const where = sql`where ${inCompanySql(scope, 'a')} and a.start_date <= ${today}::date
      and a.end_date >= ${today}::date and ${audienceSql('a', 'e', true)}`;
    const delivered = await tx.execute(sql`
      insert into announcement_reads (company_id, announcement_id, employee_id)
      select a.company_id, a.id, e.id ${from} ${where}
      on conflict (announcement_id, employee_id) do nothing
      returning announcement_id`);
    const fresh = new Set((delivered.rows as { announcement_id: string }[]).map((row) => row.announcement_id));
    const rows = await tx.execute(sql`
      select a.id as "_id", a.title, a.content, a.start_date::text as start_date, a.end_date::text as end_date,
        to_json(r.read_at) #>> '{}' as read_at
      ${from}
      left join announcement_reads r on r.announcement_id = a.id and r.employee_id = e.id
      ${where}
      order by a.start_date desc, a.created_at desc
      limit 50`);
    return (rows.rows as Omit<PortalAnnouncement, 'new'>[]).map((row) => ({ ...row, new: fresh.has(row._id) }));
  });
}

/** Marks a current announcement that reaches the employee read (once: the first time stays). 404 otherwise. */
export async function markAnnouncementRead(
  db: Db,
  scope: Scope,
  employeeId: string,
  id: string,
  today = jakartaToday(),
) {
  const result = await db.execute(sql`
    insert into announcement_reads (company_id, announcement_id, employee_id, read_at)
    select a.company_id, a.id, e.id, now()
    from announcements a join employees e on e.id = ${employeeId} and ${sameCompanySql('e', 'a')}
    where a.id = ${id} and ${inCompanySql(scope, 'a')} and a.start_date <= ${today}::date
      and a.end_date >= ${today}::date and ${audienceSql('a', 'e', true)}
    on conflict (announcement_id, employee_id)
      do update set read_at = coalesce(announcement_reads.read_at, excluded.read_at)
    returning to_json(read_at) #>> '{}' as read_at`);
  const row = result.rows[0] as { read_at: string } | undefined;
  if (!row) throw notFound('Announcement');
  return { _id: id, read_at: row.read_at };
}

/**
 * Read receipts of announcements (the author's "212 of 240 read"): the audience is the employees employed on the
 * today it reaches, within the caller's reach.
 */
export async function readCounts(db: Executor, reach: Reach, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db.execute(sql`
    select a.id as "_id",
      count(e.id)::int as audience,
      count(r.read_at)::int as read
    from announcements a
    join employees e on ${employeesInReachSql(reach, 'e')} and ${audienceSql('a', 'e', true)}
      and ${employedSql('e', jakartaToday())}
    left join announcement_reads r on r.announcement_id = a.id and r.employee_id = e.id
    where a.id = any(${uuidArray(ids)}) and ${inCompanySql(reach, 'a')}
    group by a.id`);
  const found = new Map((rows.rows as { _id: string; audience: number; read: number }[]).map((row) => [row._id, row]));
  return ids.map((id) => found.get(id) ?? { _id: id, audience: 0, read: 0 });
}

/** Who an announcement reaches, with whether and when each read it (the author's detail of the receipts). */
export async function readersOf(db: Executor, reach: Reach, id: string) {
  const exists = await db.execute(
    sql`select 1 from announcements a where a.id = ${id} and ${inCompanySql(reach, 'a')}`,
  );
  if (exists.rows.length === 0) throw notFound('Announcement');
  const rows = await db.execute(sql`
    select e.id as "_id", e.fullname, e.employee_id, to_json(r.read_at) #>> '{}' as read_at
    from announcements a
    join employees e on ${employeesInReachSql(reach, 'e')} and ${audienceSql('a', 'e', true)}
      and ${employedSql('e', jakartaToday())}
    left join announcement_reads r on r.announcement_id = a.id and r.employee_id = e.id
    where a.id = ${id} and ${inCompanySql(reach, 'a')}
    order by r.read_at is null, e.fullname
    limit 10000`);
  return rows.rows as { _id: string; fullname: string; employee_id: string; read_at: string | null }[];
}

/** The useful links that reach the employee. */
export async function linksFor(db: Executor, scope: Scope, employeeId: string) {
  const rows = await db.execute(sql`
    select l.id as "_id", l.display, l.link
    from useful_links l join employees e on e.id = ${employeeId} and ${sameCompanySql('e', 'l')}
    where ${inCompanySql(scope, 'l')} and ${audienceSql('l', 'e', false)}
    order by l.display
    limit 100`);
  return rows.rows as { _id: string; display: string; link: string }[];
}

export interface LetterRow {
  _id: string;
  employee: string;
  type: WarningLetterType;
  start_date: string;
  end_date: string;
  description: string;
  attachment: string | null;
  created_at: string;
}

const letterColumns = sql`w.id as "_id", w.employee_id as employee, w.type, w.start_date::text as start_date,
  w.end_date::text as end_date, w.description, w.attachment, to_json(w.created_at) #>> '{}' as created_at`;

/** An employee's warning letters, newest first; the employee must be in the caller's reach (else 404). */
export async function lettersOfEmployee(db: Executor, reach: Reach, employeeId: string): Promise<LetterRow[]> {
  const [employee] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), employeeInReach(reach, employees.id)));
  if (!employee) throw notFound('Employee');
  const rows = await db.execute(sql`select ${letterColumns} from warning_letters w
    where w.employee_id = ${employeeId} and ${inCompanySql(reach, 'w')}
    order by w.start_date desc, w.created_at desc`);
  return rows.rows as unknown as LetterRow[];
}

/** What a new letter for the employee should be on `day`, and the letters valid then. */
export async function letterStatus(db: Executor, reach: Reach, employeeId: string, day = jakartaToday()) {
  const letters = await lettersOfEmployee(db, reach, employeeId);
  const valid = letters.filter((letter) => letter.start_date <= day && day <= letter.end_date);
  return {
    employee: employeeId,
    date: day,
    proposed: proposedType(letters, day),
    valid: valid.map(({ _id, type, start_date, end_date }) => ({ _id, type, start_date, end_date })),
  };
}

/** The caller's own letters (My Profile). */
export async function ownLetters(db: Executor, scope: Scope, employeeId: string): Promise<LetterRow[]> {
  const rows = await db.execute(sql`select ${letterColumns} from warning_letters w
    where w.employee_id = ${employeeId} and ${inCompanySql(scope, 'w')}
    order by w.start_date desc, w.created_at desc`);
  return rows.rows as unknown as LetterRow[];
}

/** One of the caller's own letters, or 404. */
export async function ownLetter(db: Executor, scope: Scope, employeeId: string, id: string) {
  const letter = (await ownLetters(db, scope, employeeId)).find((row) => row._id === id);
  if (!letter) throw notFound('Warning letter');
  return letter;
}

/** The company's ID card design (the default until an admin saves one). */
export async function idCardDesign(db: Executor, reach: Reach): Promise<IdCardDesign & { version: number }> {
  const [row] = await db
    .select({ design: idCardDesigns.design, version: idCardDesigns.version })
    .from(idCardDesigns)
    .where(inCompany(reach, idCardDesigns));
  return row
    ? { ...defaultIdCardDesign, ...(row.design as Partial<IdCardDesign>), version: row.version }
    : {
        ...defaultIdCardDesign,
        version: 0,
      };
}

export async function saveIdCardDesign(db: Executor, scope: Scope, design: IdCardDesign) {
  await db
    .insert(idCardDesigns)
    .values({ ...ownedBy(scope), design: { ...design }, created_by: scope.actor.userId })
    .onConflictDoUpdate({
      target: idCardDesigns.company_id,
      set: { design: { ...design }, updated_at: sql`now()`, version: sql`${idCardDesigns.version} + 1` },
    });
  return idCardDesign(db, scope);
}

/** A letter with what its PDF shows of the employee, and its number among the company's letters of its year. */
export async function letterForPdf(db: Executor, reach: Reach, id: string) {
  const rows = await db.execute(sql`
    select w.id as "_id", w.type, w.description, w.start_date::text as start_date, w.end_date::text as end_date,
      to_json(w.created_at) #>> '{}' as created_at, w.attachment, w.version,
      e.fullname, e.employee_id as employee_number, j.name as job_title, d.name as department,
      (select count(*)::int from warning_letters o where ${sameCompanySql('o', 'w')}
        and extract(year from o.start_date) = extract(year from w.start_date)
        and (o.created_at, o.id) <= (w.created_at, w.id)) as sequence
    from warning_letters w
    join employees e on e.id = w.employee_id and ${employeesInReachSql(reach, 'e')}
    left join job_titles j on j.id = e.job_title_id
    left join departments d on d.id = e.department_id
    where w.id = ${id} and ${inCompanySql(reach, 'w')}`);
  const row = rows.rows[0] as
    | {
        _id: string;
        type: WarningLetterType;
        description: string;
        start_date: string;
        end_date: string;
        created_at: string;
        attachment: string | null;
        version: number;
        fullname: string;
        employee_number: string;
        job_title: string | null;
        department: string | null;
        sequence: number;
      }
    | undefined;
  if (!row) throw notFound('Warning letter');
  return row;
}

/**
 * The letter's PDF stored when it was issued (decision 0200), in `language`, for the letter's current version: its
 * file, or undefined when not issued yet (a letter from before stored PDFs, or just edited). `earlier`: whether an
 * earlier version was issued (then a new file is a reissue).
 */
export async function letterDocument(db: Executor, reach: Reach, id: string, language: string, version: number) {
  const rows = await db.execute(sql`
    select d.file, d.letter_version, f.original_name
    from warning_letter_documents d join files f on f.name = d.file and ${sameCompanySql('f', 'd')}
    where ${inCompanySql(reach, 'd')} and d.letter_id = ${id} and d.language = ${language}
    order by d.letter_version desc limit 1`);
  const row = rows.rows[0] as { file: string; letter_version: number; original_name: string } | undefined;
  return {
    current: row && row.letter_version === version ? row : undefined,
    earlier: row !== undefined && row.letter_version < version,
  };
}

/**
 * The files the letters `ids` hold, in the caller's reach: every PDF issued for them (each language and version,
 * decision 0200) and their uploaded attachments. Read before a delete, released after it (decision 0217).
 */
export async function letterFiles(db: Executor, reach: Reach, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute(sql`
    select d.file as name from warning_letter_documents d
      join warning_letters w on w.id = d.letter_id and ${inCompanySql(reach, 'w')}
      where d.letter_id = any(${uuidArray(ids)})
    union
    select w.attachment as name from warning_letters w
      where w.id = any(${uuidArray(ids)}) and ${inCompanySql(reach, 'w')} and w.attachment is not null`);
  return (rows.rows as { name: string }[]).map((row) => row.name);
}

/** Records an issued PDF (its file row written by the caller); false when another request issued it first. */
export async function insertLetterDocument(
  db: Executor,
  reach: Reach,
  values: { letter: string; language: string; letter_version: number; file: string; userId: string | null },
) {
  const rows = await db.execute(sql`
    insert into warning_letter_documents (company_id, letter_id, language, letter_version, file, created_by)
    values (${ownedBy(reach).company_id}, ${values.letter}, ${values.language}, ${values.letter_version},
      ${values.file}, ${values.userId})
    on conflict (letter_id, language, letter_version) do nothing
    returning id`);
  return rows.rows.length > 0;
}

/** The companies with letters not issued yet (the demo's, just seeded: no caller, the system's own pass). */
export async function companiesWithLettersNotIssued(db: Executor): Promise<string[]> {
  const rows = await db.execute(sql`
    select distinct w.company_id as id from warning_letters w where not exists (select 1 from warning_letter_documents d
      where d.letter_id = w.id and d.letter_version = w.version)`);
  return (rows.rows as { id: string }[]).map((row) => row.id);
}

/** The company's letters with no PDF issued for their current version (the demo's, once seeded). */
export async function lettersNotIssued(db: Executor, reach: Reach): Promise<string[]> {
  const rows = await db.execute(sql`
    select w.id from warning_letters w
    where ${inCompanySql(reach, 'w')} and not exists (select 1 from warning_letter_documents d
      where d.letter_id = w.id and d.letter_version = w.version)
    order by w.created_at, w.id`);
  return (rows.rows as { id: string }[]).map((row) => row.id);
}

/** The people whose cards are printed: the employees named (or every active one), in the starter's reach. */
export async function cardPeople(db: Executor, reach: Reach, ids: readonly string[] | null) {
  const rows = await db.execute(sql`
    select e.id, e.fullname, e.employee_id, j.name as job_title, d.name as department, u.photo_url
    from employees e
    join users u on u.id = e.user_id
    left join job_titles j on j.id = e.job_title_id
    left join departments d on d.id = e.department_id
    where ${employeesInReachSql(reach, 'e')}
      and ${ids ? sql`e.id = any(${uuidArray(ids)})` : employedSql('e', jakartaToday())}
    order by e.fullname, e.employee_id
    limit 20000`);
  return rows.rows as {
    id: string;
    fullname: string;
    employee_id: string;
    job_title: string | null;
    department: string | null;
    photo_url: string | null;
  }[];
}
