/**
 * The home page's figures (issue #16), in one request: each section is a few aggregate statements over indexed
 * columns, scoped like the list behind it (company; admin_department: their department) and present only when the
 * caller may read that list's menu (common/menu.ts `canAccess`). Figures that another screen shows are computed by
 * that screen's own code (today's attendance: `loadAttendanceGrid` and the daily filter `matches`; waiting requests:
 * the inbox's condition), so the numbers on home are the numbers behind the link. Decision 0085.
 */
import { sql } from 'drizzle-orm';
import type { ApprovalContext } from '../../common/approvals.ts';
import { type DailyStatus, dailyStatuses } from '../../common/attendance.ts';
import { canAccess } from '../../common/menu.ts';
import { inboxByContext, ownEmployee } from '../approvals/repository.ts';
import { loadAttendanceGrid } from '../attendance/report.ts';
import { matches } from '../attendance/routes.ts';
import { jakartaDate, nextDate } from '../attendance/status.ts';
import type { Db } from '../db/connect.ts';
import { actorViewer, type Scope } from '../http/access.ts';
import { listBalances } from '../leave/balance.ts';
import { ownPayslips } from '../payslips/repository.ts';

const none = '00000000-0000-0000-0000-000000000000';

export interface Dashboard {
  date: string;
  week: { from: string; to: string };
  today?: { scheduled: number } & Record<DailyStatus, number>;
  waiting?: { total: number; contexts: { context: ApprovalContext; count: number; oldest: string }[] };
  people?: {
    headcount: number;
    joiners: number;
    leavers: number;
    by_department: { month: string; department: string | null; name: string | null; count: number }[];
    ending: Ending[];
    birthdays: Celebration[];
    anniversaries: Celebration[];
  };
  payroll?: {
    this_month: RunFigures | null;
    last_month: RunFigures | null;
    year: number;
    month: number;
    thr: { holiday: string; name: string | null; run: { id: string; status: string } | null } | null;
  };
  loans?: { ending: number; items: LoanEnding[] };
  me?: {
    employee: string;
    balances: { leave_rule: string; type: string; unit: string; remaining: number | null; unlimited: boolean }[];
    open_requests: {
      _id: string;
      approval_number: string;
      context: ApprovalContext;
      status: string;
      start_date: string;
      end_date: string;
    }[];
    latest_payslip: { summary: string; title: string; year: number; month: number; thp: number } | null;
  };
}
interface Ending {
  kind: 'pkwt' | 'probation';
  employee: string;
  user: string;
  fullname: string;
  date: string;
}
interface Celebration {
  employee: string;
  user: string;
  fullname: string;
  date: string;
  years: number;
}
interface RunFigures {
  id: string;
  status: string;
  employees: number;
  bruto: number;
  thp: number;
  pph21: number;
}
interface LoanEnding {
  _id: string;
  fullname: string;
  name: string;
  remaining_installment: number;
  outstanding: number;
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The caller's home: the sections load at once, each query on its own connection of the pool (so `Db`, not a transaction). */
export async function loadDashboard(db: Db, scope: Scope, now = Date.now()): Promise<Dashboard> {
  const viewer = actorViewer(scope.actor);
  const may = (menu: string) => canAccess(menu, viewer);
  const company = scope.companyId;
  const departmentOnly = scope.actor.level === 'admin_department' ? (scope.actor.departmentId ?? none) : null;
  const inDepartment = (column: string) => (departmentOnly ? sql`and ${sql.raw(column)} = ${departmentOnly}` : sql``);
  const today = jakartaDate(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = nextDate(today, -weekday);
  const sunday = nextDate(monday, 6);
  const out: Dashboard = { date: today, week: { from: monday, to: sunday } };
  const tasks: Promise<void>[] = [];

  if (may('daily')) {
    tasks.push(
      (async () => {
        const grid = await loadAttendanceGrid(
          db,
          company,
          { from: today, to: today },
          departmentOnly ? { departmentScope: departmentOnly } : {},
          now,
        );
        const counts = { scheduled: 0, ...Object.fromEntries(dailyStatuses.map((s) => [s, 0])) } as NonNullable<
          Dashboard['today']
        >;
        for (const index of grid.employees.keys()) {
          const cell = grid.cell(index, 0);
          if (!cell) continue;
          if (cell.working && !cell.holiday) counts.scheduled++;
          for (const status of dailyStatuses) if (matches(cell, status)) counts[status]++;
        }
        out.today = counts;
      })(),
    );
  }

  if (may('approval')) {
    tasks.push(
      (async () => {
        const contexts = await inboxByContext(db, scope);
        out.waiting = { total: contexts.reduce((sum, c) => sum + c.count, 0), contexts };
      })(),
    );
  }

  if (may('active-employees')) {
    tasks.push(
      (async () => {
        const from = monthStart(today);
        const to = monthEnd(today);
        const soon = nextDate(today, 30);
        const weekDays = Array.from({ length: 7 }, (_, i) => nextDate(monday, i).slice(5));
        const days = sql`array[${sql.join(
          weekDays.map((d) => sql`${d}`),
          sql`, `,
        )}]::text[]`;
        // The end of each of the last 12 months, oldest first; this month's is today.
        const monthEnds = Array.from({ length: 12 }, (_, i) => {
          const [y, m] = today.split('-').map(Number) as [number, number];
          const end = new Date(Date.UTC(y, m - 11 + i, 0)).toISOString().slice(0, 10);
          return end > today ? today : end;
        });
        const active = sql`(e.exit_date is null or e.exit_date > ${today}::date) and e.status <> 'freelance'`;
        const [counts, history, ending, birthdays, anniversaries] = await Promise.all([
          db.execute(sql`
            select count(*) filter (where ${active})::int as headcount,
              count(*) filter (where e.join_date between ${from}::date and ${to}::date)::int as joiners,
              count(*) filter (where e.exit_date between ${from}::date and ${to}::date)::int as leavers
            from employees e
            where e.company_id = ${company} and e.status <> 'freelance' ${inDepartment('e.department_id')}`),
          // Each of the last 12 months at its end (today for this month): who was employed then, by department. One
          // scan of the company's employees with a filtered count per month (a join with 12 months was 30 times slower).
          db.execute(sql`
            select e.department_id as department, d.name, ${sql.join(
              monthEnds.map(
                (at, i) =>
                  sql`count(*) filter (where (e.join_date is null or e.join_date <= ${at}::date)
                    and (e.exit_date is null or e.exit_date > ${at}::date))::int as ${sql.raw(`m${i}`)}`,
              ),
              sql`, `,
            )}
            from employees e left join departments d on d.id = e.department_id
            where e.company_id = ${company} and e.status <> 'freelance' ${inDepartment('e.department_id')}
            group by 1, 2 order by 2`),
          db.execute(sql`
            select e.status::text as kind, e.id as employee, e.user_id as user, e.fullname,
              to_char(e.end_of_contract, 'YYYY-MM-DD') as date
            from employees e
            where e.company_id = ${company} and e.status in ('pkwt', 'probation') and ${active}
              and e.end_of_contract between ${today}::date and ${soon}::date ${inDepartment('e.department_id')}
            order by e.end_of_contract, e.fullname limit 200`),
          db.execute(sql`
            select e.id as employee, e.user_id as user, e.fullname, to_char(e.birth_date, 'MM-DD') as date,
              (${Number(today.slice(0, 4))} - extract(year from e.birth_date))::int as years
            from employees e
            where e.company_id = ${company} and ${active} and to_char(e.birth_date, 'MM-DD') = any(${days})
              ${inDepartment('e.department_id')}
            order by 4, 3 limit 200`),
          db.execute(sql`
            select e.id as employee, e.user_id as user, e.fullname, to_char(e.join_date, 'MM-DD') as date,
              (${Number(today.slice(0, 4))} - extract(year from e.join_date))::int as years
            from employees e
            where e.company_id = ${company} and ${active} and to_char(e.join_date, 'MM-DD') = any(${days})
              and e.join_date < ${monday}::date ${inDepartment('e.department_id')}
            order by 4, 3 limit 200`),
        ]);
        const c = counts.rows[0] as { headcount: number; joiners: number; leavers: number };
        // A birthday's date in this week (the week may span a new year).
        const inWeek = (mmdd: string) => weekDaysFull.find((d) => d.slice(5) === mmdd) ?? mmdd;
        const weekDaysFull = Array.from({ length: 7 }, (_, i) => nextDate(monday, i));
        const celebrations = (rows: unknown[]) =>
          (rows as Celebration[]).map((row) => ({ ...row, date: inWeek(row.date) }));
        out.people = {
          ...c,
          by_department: (history.rows as Record<string, unknown>[]).flatMap((row) =>
            monthEnds
              .map((at, i) => ({
                month: at.slice(0, 7),
                department: row.department as string | null,
                name: row.name as string | null,
                count: row[`m${i}`] as number,
              }))
              .filter((entry) => entry.count > 0),
          ),
          ending: ending.rows as unknown as Ending[],
          birthdays: celebrations(birthdays.rows),
          anniversaries: celebrations(anniversaries.rows).filter((row) => row.years > 0),
        };
      })(),
    );
  }

  if (may('payroll-run')) {
    tasks.push(
      (async () => {
        const year = Number(today.slice(0, 4));
        const month = Number(today.slice(5, 7));
        const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
        const runs = await db.execute(sql`
          select distinct on (s.year, s.month) s.id, s.year, s.month, s.status::text as status,
            count(p.id)::int as employees, coalesce(sum(p.bruto), 0)::float8 as bruto,
            coalesce(sum(p.thp), 0)::float8 as thp, coalesce(sum(p.pph21), 0)::float8 as pph21
          from payroll_summaries s
          left join payslips p on p.summary_id = s.id ${inDepartment('p.department_id')}
          where s.company_id = ${company} and s.type = 'payroll_run'
            and ((s.year = ${year} and s.month = ${month}) or (s.year = ${last.year} and s.month = ${last.month}))
          group by s.id order by s.year, s.month, s.created_at desc`);
        const figures = (y: number, m: number) => {
          const row = (runs.rows as unknown as (RunFigures & { year: number; month: number })[]).find(
            (r) => r.year === y && r.month === m,
          );
          if (!row) return null;
          const { year: _y, month: _m, ...rest } = row;
          return rest;
        };
        // The next THR: the next THR run's holiday, else the next Idul Fitri in the company's holidays.
        const thr = (
          await db.execute(sql`
          select h.holiday, h.name, r.id, r.status::text as status from (
            (select to_char(holiday_date, 'YYYY-MM-DD') as holiday, null::text as name from payroll_summaries
              where company_id = ${company} and type = 'thr' and holiday_date >= ${today}::date)
            union all
            (select to_char(start_date, 'YYYY-MM-DD'), name from mass_leaves
              where company_id = ${company} and start_date >= ${today}::date and name ilike 'idul fitri%')
            order by 1 limit 1
          ) h
          left join lateral (select id, status from payroll_summaries
            where company_id = ${company} and type = 'thr' and holiday_date = h.holiday::date
            order by created_at desc limit 1) r on true`)
        ).rows[0] as { holiday: string; name: string | null; id: string | null; status: string | null } | undefined;
        out.payroll = {
          year,
          month,
          this_month: figures(year, month),
          last_month: figures(last.year, last.month),
          thr: thr
            ? { holiday: thr.holiday, name: thr.name, run: thr.id ? { id: thr.id, status: thr.status ?? '' } : null }
            : null,
        };
      })(),
    );
  }

  if (may('finance-loan')) {
    tasks.push(
      (async () => {
        // Loans whose last installment is the next one: they end with the next completed run.
        const rows = await db.execute(sql`
          select l.id as "_id", e.fullname, l.name, l.remaining_installment,
            (l.total_amount - l.amount_paid)::float8 as outstanding, count(*) over ()::int as total
          from loans l join employees e on e.id = l.employee_id
          where l.company_id = ${company} and l.status = 'active' and l.remaining_installment <= 1
            ${inDepartment('e.department_id')}
          order by e.fullname limit 20`);
        const items = rows.rows as unknown as (LoanEnding & { total: number })[];
        out.loans = { ending: items[0]?.total ?? 0, items: items.map(({ total: _t, ...item }) => item) };
      })(),
    );
  }

  if (scope.actor.level !== 'developer') {
    tasks.push(
      (async () => {
        const me = await ownEmployee(db, scope);
        if (!me) return;
        const [balances, open, payslips] = await Promise.all([
          listBalances(db, scope, { year: Number(today.slice(0, 4)), employee: me.id, asOf: today }),
          db.execute(sql`
            select id as "_id", approval_number, context, status::text as status,
              to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
            from approvals where company_id = ${company} and employee_id = ${me.id} and status in ('pending', 'partial')
            order by created_at desc limit 20`),
          ownPayslips(db, company, me.id),
        ]);
        const latest = payslips[0];
        out.me = {
          employee: me.id,
          balances: balances.map((b) => ({
            leave_rule: b.leave_rule._id,
            type: b.leave_rule.type,
            unit: b.leave_rule.unit,
            remaining: b.remaining,
            unlimited: b.unlimited,
          })),
          open_requests: open.rows as NonNullable<Dashboard['me']>['open_requests'],
          latest_payslip: latest
            ? {
                summary: latest.summary,
                title: latest.title,
                year: latest.year,
                month: latest.month,
                thp: Number(latest.thp),
              }
            : null,
        };
      })(),
    );
  }

  await Promise.all(tasks);
  return out;
}
