/**
 * Demo leave (seedLeave, called from server/seed/demo.ts after the companies, employees and their statutory annual
 * leave rule): the usual Indonesian leave types, the public holidays and collective leave of last year and this
 * year, a year of approved leave for most employees, a few pending requests and a few adjustments. Set-based
 * (INSERT ... SELECT over generate_series, choices from hashtext so every run gives the same rows): fast at any size.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import type { Scope } from '../http/access.ts';
import { listBalances } from '../leave/balance.ts';

/** Leave types besides the statutory annual leave (UU 13/2003 Pasal 93 ayat 4 for the paid special leaves). */
const rules = [
  // Sick leave with a doctor's letter is paid and has no quota (Pasal 93 ayat 2 huruf a).
  { type: 'Sick Leave', calculation: 'work_day', amount: 0, quota_type: 'unlimited' },
  { type: 'Marriage Leave', calculation: 'work_day', amount: 3, quota_type: 'fixed' },
  // Pasal 82: one and a half months before and after giving birth, counted in calendar days.
  { type: 'Maternity Leave', calculation: 'calendar_day', amount: 90, quota_type: 'fixed' },
  { type: 'Paternity Leave', calculation: 'work_day', amount: 2, quota_type: 'fixed' },
  { type: 'Bereavement Leave', calculation: 'work_day', amount: 2, quota_type: 'fixed' },
  { type: "Child's Marriage Leave", calculation: 'work_day', amount: 2, quota_type: 'fixed' },
  { type: 'Unpaid Leave', calculation: 'work_day', amount: 0, quota_type: 'unlimited' },
] as const;

/**
 * Public holidays (libur nasional) and collective leave (cuti bersama), from the joint decrees of the Minister of
 * Religious Affairs, the Minister of Manpower and the Minister of State Apparatus (SKB 3 Menteri): for 2025 SKB
 * No. 1017/2024, 2/2024, 2/2024 (with the revision adding 18 August 2025 as collective leave), for 2026 the SKB signed
 * in September 2025. Collective leave is marked `true`.
 */
const holidays: readonly (readonly [start: string, end: string, name: string, collective?: true])[] = [
  ['2025-01-01', '2025-01-01', "New Year's Day"],
  ['2025-01-27', '2025-01-27', 'Isra Mikraj of the Prophet Muhammad'],
  ['2025-01-28', '2025-01-28', 'Collective leave: Chinese New Year', true],
  ['2025-01-29', '2025-01-29', 'Chinese New Year 2576'],
  ['2025-03-28', '2025-03-28', 'Collective leave: Nyepi', true],
  ['2025-03-29', '2025-03-29', 'Nyepi (Saka New Year 1947)'],
  ['2025-03-31', '2025-04-01', 'Idul Fitri 1446 H'],
  ['2025-04-02', '2025-04-07', 'Collective leave: Idul Fitri', true],
  ['2025-04-18', '2025-04-18', 'Good Friday'],
  ['2025-04-20', '2025-04-20', 'Easter Sunday'],
  ['2025-05-01', '2025-05-01', 'Labour Day'],
  ['2025-05-12', '2025-05-12', 'Vesak 2569 BE'],
  ['2025-05-13', '2025-05-13', 'Collective leave: Vesak', true],
  ['2025-05-29', '2025-05-29', 'Ascension of Jesus Christ'],
  ['2025-05-30', '2025-05-30', 'Collective leave: Ascension Day', true],
  ['2025-06-01', '2025-06-01', 'Pancasila Day'],
  ['2025-06-06', '2025-06-06', 'Idul Adha 1446 H'],
  ['2025-06-09', '2025-06-09', 'Collective leave: Idul Adha', true],
  ['2025-06-27', '2025-06-27', 'Islamic New Year 1447 H'],
  ['2025-08-17', '2025-08-17', 'Independence Day'],
  ['2025-08-18', '2025-08-18', 'Collective leave: Independence Day', true],
  ['2025-09-05', '2025-09-05', 'Prophet Muhammad’s Birthday'],
  ['2025-12-25', '2025-12-25', 'Christmas Day'],
  ['2025-12-26', '2025-12-26', 'Collective leave: Christmas', true],
  ['2026-01-01', '2026-01-01', "New Year's Day"],
  ['2026-01-16', '2026-01-16', 'Isra Mikraj of the Prophet Muhammad'],
  ['2026-02-16', '2026-02-16', 'Collective leave: Chinese New Year', true],
  ['2026-02-17', '2026-02-17', 'Chinese New Year 2577'],
  ['2026-03-18', '2026-03-18', 'Collective leave: Nyepi', true],
  ['2026-03-19', '2026-03-19', 'Nyepi (Saka New Year 1948)'],
  ['2026-03-20', '2026-03-20', 'Collective leave: Idul Fitri', true],
  ['2026-03-21', '2026-03-22', 'Idul Fitri 1447 H'],
  ['2026-03-23', '2026-03-24', 'Collective leave: Idul Fitri', true],
  ['2026-04-03', '2026-04-03', 'Good Friday'],
  ['2026-04-05', '2026-04-05', 'Easter Sunday'],
  ['2026-05-01', '2026-05-01', 'Labour Day'],
  ['2026-05-14', '2026-05-14', 'Ascension of Jesus Christ'],
  ['2026-05-15', '2026-05-15', 'Collective leave: Ascension Day', true],
  ['2026-05-27', '2026-05-27', 'Idul Adha 1447 H'],
  ['2026-05-28', '2026-05-28', 'Collective leave: Idul Adha', true],
  ['2026-05-31', '2026-05-31', 'Vesak 2570 BE'],
  ['2026-06-01', '2026-06-01', 'Pancasila Day'],
  ['2026-06-16', '2026-06-16', 'Islamic New Year 1448 H'],
  ['2026-08-17', '2026-08-17', 'Independence Day'],
  ['2026-08-25', '2026-08-25', 'Prophet Muhammad’s Birthday'],
  ['2026-12-24', '2026-12-24', 'Collective leave: Christmas', true],
  ['2026-12-25', '2026-12-25', 'Christmas Day'],
];

/**
 * Seeds every company's leave. `deductCompanies`: the company codes that take collective leave from annual leave
 * (the others give it on top). `today`: 'YYYY-MM-DD'.
 */
export async function seedLeave(tx: Executor, today: string, deductCompanies: readonly string[] = ['DEMO']) {
  const ruleValues = sql.join(
    rules.map(
      (rule) => sql`(${rule.type}::text, ${rule.calculation}::text, ${rule.amount}::numeric, ${rule.quota_type}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into leave_rules (company_id, type, distribution, calculation, amount, quota_type, unit, unpaid)
    select c.id, v.type, 'annual', v.calculation::leave_calculation, v.amount::numeric, v.quota_type::leave_quota_type, 'day',
      v.type = 'Unpaid Leave'
    from companies c cross join (values ${ruleValues}) as v(type, calculation, amount, quota_type)`);

  const holidayValues = sql.join(
    holidays.map(
      ([start, end, name, collective]) =>
        sql`(${start}::date, ${end}::date, ${name}::text, ${collective ?? false}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into mass_leaves (company_id, name, start_date, end_date, deduct_leave_rule_id)
    select c.id, h.name, h.start_date, h.end_date,
      case when h.collective and c.code = any(${`{${deductCompanies.join(',')}}`}::text[]) then r.id end
    from companies c
    join leave_rules r on r.company_id = c.id and r.type = 'Annual Leave'
    cross join (values ${holidayValues}) as h(start_date, end_date, name, collective)`);

  // Approved leave over the past year: three spells of annual leave (one to three days) in three windows, for
  // employees with the year of service the statute asks; sick leave for one in three; a marriage, paternity or
  // bereavement leave here and there. Windows never overlap. The total counts the working days (Monday to Friday,
  // holidays left out), as the day counting does for a five-day week.
  await tx.execute(sql`
    with person as (
      select e.id, e.company_id, e.join_date, e.gender, abs(hashtext(e.employee_id)) as h
      from employees e where e.exit_date is null and e.join_date is not null
    ),
    spell as (
      select p.id, p.company_id, p.join_date, r.id as rule_id, s.start, s.start + (k.len - 1) as finish, k.reason
      from person p
      cross join lateral (values
        ('Annual Leave', 0, 70, 1 + p.h % 3, 'Family holiday', p.join_date <= ${today}::date - 365),
        ('Annual Leave', 120, 70, 1 + (p.h / 3) % 3, 'Going home to the village', p.join_date <= ${today}::date - 365),
        ('Annual Leave', 240, 70, 1 + (p.h / 9) % 2, 'Personal matters', p.join_date <= ${today}::date - 365),
        ('Sick Leave', 85, 25, 1 + (p.h / 7) % 2, 'Fever, with a doctor''s letter', p.h % 3 = 0),
        ('Marriage Leave', 205, 25, 3, 'Wedding', p.h % 41 = 1),
        ('Paternity Leave', 205, 25, 2, 'Wife gave birth', p.h % 37 = 2 and p.gender = 'male'),
        ('Bereavement Leave', 320, 25, 2, 'Death in the family', p.h % 29 = 3)
      ) as k(type, base, spread, len, reason, applies)
      join leave_rules r on r.company_id = p.company_id and r.type = k.type
      cross join lateral (
        select (date_trunc('week', ${today}::date - 360 + k.base + (p.h / 11 + k.base) % k.spread)::date
          + (p.h / 13) % 2) as start
      ) s
      where k.applies
    ),
    holiday as (
      select distinct m.company_id, d::date as day
      from mass_leaves m cross join lateral generate_series(m.start_date, m.end_date, interval '1 day') d
    ),
    counted as (
      select s.company_id, s.id, s.rule_id, s.start, s.finish, s.reason, s.join_date,
        count(*) filter (where extract(isodow from d) < 6 and h.day is null) as total
      from spell s
      cross join lateral generate_series(s.start, s.finish, interval '1 day') d
      left join holiday h on h.company_id = s.company_id and h.day = d::date
      where s.finish < ${today}::date and s.start >= s.join_date
      group by s.company_id, s.id, s.rule_id, s.start, s.finish, s.reason, s.join_date
    )
    insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status, reason)
    select company_id, id, rule_id, start, finish, 'day', total, 'approved', reason
    from counted where total > 0`);

  // Pending requests: annual leave in the coming weeks for one employee in twenty-five.
  await tx.execute(sql`
    with person as (
      select e.id, e.company_id, abs(hashtext(e.employee_id || 'pending')) as h
      from employees e where e.exit_date is null and e.join_date <= ${today}::date - 365
    ),
    spell as (
      select p.id, p.company_id, r.id as rule_id,
        date_trunc('week', ${today}::date + 14 + p.h % 35)::date + 1 as start, 1 + p.h % 2 as len
      from person p join leave_rules r on r.company_id = p.company_id and r.type = 'Annual Leave'
      where p.h % 25 = 0
    )
    insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status, reason)
    select s.company_id, s.id, s.rule_id, s.start, s.start + (s.len - 1), 'day',
      (select count(*) from generate_series(s.start, s.start + (s.len - 1), interval '1 day') d
        where extract(isodow from d) < 6 and not exists (
          select 1 from mass_leaves m where m.company_id = s.company_id and d between m.start_date and m.end_date)),
      'pending', 'Holiday plans'
    from spell s`);

  // Adjustments: this year's carry-over of unused days for one employee in thirty, a correction here and there.
  await tx.execute(sql`
    insert into leave_balance_adjustments (company_id, employee_id, leave_rule_id, year, amount, note)
    select e.company_id, e.id, r.id, extract(year from ${today}::date)::smallint,
      case when abs(hashtext(e.employee_id || 'adj')) % 2 = 0 then 2 else -1 end,
      case when abs(hashtext(e.employee_id || 'adj')) % 2 = 0 then 'Carry-over from last year, approved by HR'
        else 'Unpaid absence taken from annual leave' end
    from employees e join leave_rules r on r.company_id = e.company_id and r.type = 'Annual Leave'
    where e.exit_date is null and e.join_date <= ${today}::date - 365 and abs(hashtext(e.employee_id || 'adj')) % 30 = 0`);

  // Statistics for the planner now, not whenever autovacuum comes by.
  await tx.execute(sql`analyze leave_rules, mass_leaves, leaves, leave_balance_adjustments`);
  await fitAnnualLeave(tx, today);
}

/**
 * Nobody overspends: the spells above ignore the balance, and collective leave (eight days in 2026) may leave too
 * little for them. HR would have refused such requests, so per company and year (last and this), while an employee's
 * annual leave would end below the reserve (three days this year, so a demo login can still ask for a couple of days;
 * one last year; never more than the days left after collective leave), their latest pending, then approved, spells
 * of annual leave are dropped. Whom collective leave alone puts below zero (a joiner not yet entitled, or with few
 * days accrued) gets the deficit back as an adjustment, as companies grant it.
 */
async function fitAnnualLeave(tx: Executor, today: string) {
  const year = Number(today.slice(0, 4));
  const companies = (await tx.execute<{ id: string }>(sql`select id from companies`)).rows;
  const drop: string[] = [];
  const grants: ReturnType<typeof sql>[] = [];
  for (const company of companies) {
    const annual = (
      await tx.execute<{ id: string }>(
        sql`select id from leave_rules where company_id = ${company.id} and type = 'Annual Leave'`,
      )
    ).rows[0];
    if (!annual) continue;
    for (const [balanceYear, reserve] of [
      [year - 1, 1],
      [year, 3],
    ] as const) {
      const scope = { companyId: company.id, actor: { level: 'admin' } } as Scope;
      const balances = await listBalances(tx, scope, {
        year: balanceYear,
        leave_rule: annual.id,
        asOf: balanceYear === year ? today : `${balanceYear}-12-31`,
      });
      const short = new Map<string, { deficit: number; entitled: number }>();
      for (const row of balances) {
        if (row.remaining === null || row.entitled === null) continue;
        const wanted = Math.max(0, Math.min(reserve, row.entitled + row.adjusted - row.collective));
        if (row.remaining < wanted)
          short.set(row.employee._id, { deficit: wanted - row.remaining, entitled: row.entitled });
      }
      if (short.size === 0) continue;
      const spells = (
        await tx.execute<{ id: string; employee_id: string; total: string }>(sql`
          select id, employee_id, total from leaves
          where company_id = ${company.id} and leave_rule_id = ${annual.id} and status in ('pending', 'approved')
            and start_date between ${`${balanceYear}-01-01`}::date and ${`${balanceYear}-12-31`}::date
            and approval_id is null
          order by (status = 'pending') desc, start_date desc`)
      ).rows;
      for (const spell of spells) {
        const need = short.get(spell.employee_id);
        if (!need || need.deficit <= 0) continue;
        drop.push(spell.id);
        need.deficit -= Number(spell.total);
      }
      for (const [employee, need] of short) {
        if (need.deficit > 0)
          grants.push(
            sql`(${company.id}::uuid, ${employee}::uuid, ${annual.id}::uuid, ${balanceYear}::smallint, ${need.deficit}, 'Collective leave beyond the days accrued, granted by the company')`,
          );
      }
    }
  }
  if (drop.length)
    await tx.execute(
      sql`delete from leaves where id = any(array[${sql.join(
        drop.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[])`,
    );
  if (grants.length)
    await tx.execute(sql`insert into leave_balance_adjustments (company_id, employee_id, leave_rule_id, year, amount, note)
      values ${sql.join(grants, sql`, `)}`);
}
