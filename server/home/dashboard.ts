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
import { currentBanners, currentNotices, noticeLevels } from '../platform/home.ts';
import { loansEnding, nextThr, openRequests, payrollRuns, peopleFigures } from './repository.ts';

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
  /** The platform's current banners this user has not dismissed (server/platform/home.ts). */
  banners?: { _id: string; title: string; description: string | null; link: string | null; image_url: string | null }[];
  /** The platform's current announcements to this company, for its admins. */
  notices?: { _id: string; title: string; content: string; start_date: string; end_date: string }[];
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

/** Today in Asia/Jakarta and its week, Monday to Sunday: the whole home of a user outside any company. */
export function calendarOf(now: number): Dashboard {
  const today = jakartaDate(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = nextDate(today, -weekday);
  return { date: today, week: { from: monday, to: nextDate(monday, 6) } };
}

/** The caller's home: the sections load at once, each query on its own connection of the pool (so `Db`, not a transaction). */
export async function loadDashboard(db: Db, scope: Scope, now = Date.now()): Promise<Dashboard> {
  const viewer = actorViewer(scope.actor);
  const may = (menu: string) => canAccess(menu, viewer);
  const company = scope.companyId;
  const out: Dashboard = calendarOf(now);
  const today = out.date;
  const monday = out.week.from;
  const tasks: Promise<void>[] = [];

  tasks.push(
    (async () => {
      out.banners = await currentBanners(db, scope.actor.userId, today);
    })(),
  );
  if (noticeLevels.includes(scope.actor.level)) {
    tasks.push(
      (async () => {
        out.notices = await currentNotices(db, scope, today);
      })(),
    );
  }

  if (may('daily')) {
    tasks.push(
      (async () => {
        const grid = await loadAttendanceGrid(db, scope, { from: today, to: today }, {}, now);
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
        // The end of each of the last 12 months, oldest first; this month's is today.
        const monthEnds = Array.from({ length: 12 }, (_, i) => {
          const [y, m] = today.split('-').map(Number) as [number, number];
          const end = new Date(Date.UTC(y, m - 11 + i, 0)).toISOString().slice(0, 10);
          return end > today ? today : end;
        });
        const [counts, history, ending, birthdays, anniversaries] = await peopleFigures(db, scope, {
          today,
          from,
          to,
          soon,
          monday,
          weekDays,
          monthEnds,
        });
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
        const runs = await payrollRuns(db, scope, { year, month }, last);
        const figures = (y: number, m: number) => {
          const row = (runs.rows as unknown as (RunFigures & { year: number; month: number })[]).find(
            (r) => r.year === y && r.month === m,
          );
          if (!row) return null;
          const { year: _y, month: _m, ...rest } = row;
          return rest;
        };
        // The next THR: the next THR run's holiday, else the next Idul Fitri in the company's holidays.
        const thr = await nextThr(db, scope, today);
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
        const rows = await loansEnding(db, scope);
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
          openRequests(db, scope, me.id),
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
