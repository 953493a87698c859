/**
 * Demo data of the developer's platform and the activity log: banners and company-level announcements (some current,
 * one over), and each company's activity log for the last 60 days, as its admins would have written it (employee
 * records changed, holidays and shifts added, a department removed), with the changed fields before and after.
 * Bulk inserts only: the demo seeds on every start.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { activityLogs, banners, companyAnnouncements } from '../db/schema.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Log rows per company: enough to page through and filter, few enough to seed in a blink. */
const LOG_ROWS = 600;

/** A small deterministic generator, so that the demo is the same on every start. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Person = {
  id: string;
  company_id: string;
  level: string;
};
type Staff = {
  id: string;
  company_id: string;
  fullname: string;
  employee_id: string;
  phone: string | null;
  basic_salary: number | null;
};

export async function seedPlatform(tx: Executor, today: number) {
  const companyRows = (
    await tx.execute<{ id: string; code: string }>(sql`select id, code from companies order by code`)
  ).rows;
  await tx.insert(banners).values([
    {
      title: 'Coretax e-Bupot 21: file by the 20th',
      description:
        'Export the monthly e-Bupot 21 XML from Finance → PPh report and upload it to Coretax before the 20th.',
      link: 'https://www.pajak.go.id/',
      start_date: iso(today - 10 * DAY),
      end_date: iso(today + 20 * DAY),
    },
    {
      title: 'New: activity log for admins',
      description: 'See who changed what, with every field before and after: Activity log in the menu.',
      link: null,
      start_date: iso(today - 3 * DAY),
      end_date: null,
    },
    {
      title: 'THR 2026 webinar',
      description: 'How the THR run handles pro-rated service months: a 45-minute session with our payroll team.',
      link: 'https://example.com/webinar-thr',
      start_date: iso(today - 120 * DAY),
      end_date: iso(today - 60 * DAY),
    },
  ]);
  const everyCompany = companyRows.map((c) => c.id);
  const demo = companyRows.filter((c) => c.code === 'DEMO').map((c) => c.id);
  await tx.insert(companyAnnouncements).values([
    {
      title: 'Scheduled maintenance on Sunday night',
      content:
        'The workspace will be unavailable on Sunday from 23:00 to 01:00 WIB while we upgrade the database. Clock-ins made in the app during that time are kept and sent afterwards.',
      start_date: iso(today - 2 * DAY),
      end_date: iso(today + 5 * DAY),
      companies: everyCompany,
    },
    {
      title: 'BPJS Kesehatan wage cap updated',
      content:
        'The BPJS Kesehatan wage cap for this year has been entered as an effective-dated rate; runs from its start date use it. No action is needed.',
      start_date: iso(today - 7 * DAY),
      end_date: iso(today + 14 * DAY),
      companies: demo,
    },
    {
      title: 'Year-end 1721-A1 forms are ready',
      content: 'The 1721-A1 forms of last year can be generated from Finance → A1 form.',
      start_date: iso(today - 90 * DAY),
      end_date: iso(today - 40 * DAY),
      companies: everyCompany,
    },
  ]);

  const people = (
    await tx.execute<Person>(
      sql`select id, company_id, level from users where company_id is not null and level in ('admin', 'sub_admin', 'admin_department')`,
    )
  ).rows;
  const staff = (
    await tx.execute<Staff>(
      sql`select id, company_id, fullname, employee_id, phone, basic_salary from employees order by employee_id`,
    )
  ).rows;
  const rows: (typeof activityLogs.$inferInsert)[] = [];
  const now = Date.now();
  for (const company of companyRows) {
    const writers = people.filter((p) => p.company_id === company.id);
    const theirs = staff.filter((s) => s.company_id === company.id);
    if (!writers.length || !theirs.length) continue;
    const next = random(company.code.length * 7919 + theirs.length);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    for (let i = 0; i < LOG_ROWS; i++) {
      // Newest first from an hour ago, back over 60 days: never in the future, whenever the demo is seeded.
      const at = now - 3_600_000 - Math.floor((i / LOG_ROWS) * 60 * DAY) - Math.floor(next() * 3_600_000);
      const writer = pick(writers);
      const person = pick(theirs);
      const kind = next();
      const base = { company_id: company.id, user: writer.id, created_at: new Date(at).toISOString() };
      if (kind < 0.55) {
        const salary = Number(person.basic_salary ?? 6_000_000);
        const raised = Math.round((salary * (1.03 + next() * 0.07)) / 50_000) * 50_000;
        const change: Record<string, { from: unknown; to: unknown }> =
          next() < 0.5
            ? { basic_salary: { from: salary, to: raised } }
            : { phone: { from: person.phone, to: `08${Math.floor(1e9 + next() * 8e9)}` } };
        rows.push({
          ...base,
          action: 'update',
          menu: 'active-employees',
          resource: 'employees',
          record_id: person.id,
          detail: `Updated employee ${person.fullname} (${person.employee_id})`,
          changes: change,
        });
      } else if (kind < 0.75) {
        const start = iso(at + Math.floor(next() * 60) * DAY);
        const name = pick(['Cuti bersama', 'Company outing', 'Office closed for renovation', 'Family day']);
        rows.push({
          ...base,
          action: 'create',
          menu: 'mass-leave',
          resource: 'mass-leave',
          record_id: null,
          detail: `Created holiday ${name} (${start})`,
          changes: {
            name: { from: null, to: name },
            start_date: { from: null, to: start },
            end_date: { from: null, to: start },
          },
        });
      } else if (kind < 0.9) {
        const code = `SH-${Math.floor(10 + next() * 80)}`;
        rows.push({
          ...base,
          action: 'update',
          menu: 'shift',
          resource: 'shifts',
          record_id: null,
          detail: `Updated shift ${code}`,
          changes: { start_time: { from: '08:00', to: '08:30' }, finish_time: { from: '17:00', to: '17:30' } },
        });
      } else {
        const code = pick(['TMP', 'PRJ-X', 'OLD-SALES', 'PILOT']);
        rows.push({
          ...base,
          action: 'delete',
          menu: 'employee-organization',
          resource: 'departments',
          record_id: null,
          detail: `Deleted department ${code}`,
          changes: { code: { from: code, to: null }, name: { from: `Department ${code}`, to: null } },
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(activityLogs).values(rows.slice(i, i + 500));
}
