/**
 * The daily workers' payroll (issue 15, payroll → weekly-payroll "Daily Payroll"): a payroll summary of type `weekly`
 * for a date range. Each daily worker (status freelance, payroll-active, employed in the range) is paid the days with a
 * clock-in in the range × the daily rate (the company's daily payroll components paid per day), plus incentives, less
 * PPh 21 by the daily rule, cumulative over the month (common/payroll/weekly.ts, docs/decisions/0061). Stored like a
 * monthly run (payroll_summaries + payslips, one transaction); edited per payslip; completed directly, or through the
 * `daily_payroll` approval when the company has a flow for it (server/approvals/). This file is the kind's own part:
 * its loading, computing, settling and import; creating, storing, editing, logging and totals are the run pipeline's
 * (`runKinds.weekly` in run.ts, `payslip-store.ts`, decision 0210).
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  computeWeeklyPayslip,
  type DailyComponent,
  type WeeklyEdits,
  type WeeklyInput,
  weeklyEditFields,
} from '../../common/payroll/weekly.ts';
import { writeLog } from '../activity/log.ts';
import type { Executor } from '../db/connect.ts';
import {
  dailyPayrollComponents,
  departments,
  employees,
  jobTitles,
  locations,
  payrollSummaries,
  payslips,
} from '../db/schema.ts';
import { loadTogether, uuidArray } from '../db/sql.ts';
import { employedSql } from '../employees/employed.ts';
import type { Scope } from '../http/access.ts';
import { AppError, notFound } from '../http/errors.ts';
import { companyReach, inCompany, inCompanySql } from '../scope/scope.ts';
import {
  actorOfScope,
  markCompleted,
  type PayslipValues,
  refreshTotals,
  weeklyFigures,
  writePayslip,
} from './payslip-store.ts';

export interface CreateWeeklyBody {
  period_start: string;
  period_end: string;
  title?: string | undefined;
}

const MENU = 'weekly-payroll';
const RESOURCE = 'payroll-summary';
/** The longest range one daily payroll covers. */
export const WEEKLY_MAX_DAYS = 31;

const invalid = (field: string, code: string, message: string, params?: Record<string, unknown>) =>
  new AppError(400, 'invalid', 'Some fields are invalid', {
    [field]: { code, message, ...(params ? { params } : {}) },
  });
const refused = (code: string, message: string) => new AppError(409, code, message);

const isRealDate = (value: string | undefined): value is string => {
  if (!value) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const dayNumber = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000;

/** The range checked: real dates, start ≤ end, at most WEEKLY_MAX_DAYS days. The month is the end's. */
export function checkRange(body: CreateWeeklyBody) {
  if (!isRealDate(body.period_start)) throw invalid('period_start', 'required', 'Start date is required');
  if (!isRealDate(body.period_end)) throw invalid('period_end', 'required', 'End date is required');
  const days = dayNumber(body.period_end) - dayNumber(body.period_start) + 1;
  if (days < 1) throw invalid('period_end', 'after_start', 'Must not be before the start date');
  if (days > WEEKLY_MAX_DAYS) {
    throw invalid('period_end', 'maximum', `At most ${WEEKLY_MAX_DAYS} days`, { limit: WEEKLY_MAX_DAYS });
  }
  return { year: Number(body.period_end.slice(0, 4)), month: Number(body.period_end.slice(5, 7)) };
}

const dayMonth = (value: string) => `${value.slice(8, 10)}/${value.slice(5, 7)}`;
export const weeklyTitle = (body: CreateWeeklyBody) =>
  body.title?.trim() ||
  `Daily payroll ${dayMonth(body.period_start)}–${dayMonth(body.period_end)}/${body.period_end.slice(0, 4)}`;

/** Daily workers employed in the range, with their snapshot fields. */
async function loadDailyWorkers(db: Executor, companyId: string, body: CreateWeeklyBody) {
  return db
    .select({
      id: employees.id,
      employee_id: employees.employee_id,
      fullname: employees.fullname,
      department: employees.department,
      department_name: departments.name,
      location: employees.location,
      location_name: locations.name,
      job_title_name: jobTitles.name,
      npwp: employees.npwp_number,
      nik: employees.ktp_number,
      gender: sql<string | null>`${employees.gender}::text`,
      address: sql<
        string | null
      >`nullif(concat_ws(', ', nullif(${employees.id_card_address}, ''), nullif(${employees.id_card_city}, '')), '')`,
      tax_id_valid: employees.tax_id_valid,
    })
    .from(employees)
    .leftJoin(departments, eq(departments.id, employees.department))
    .leftJoin(locations, eq(locations.id, employees.location))
    .leftJoin(jobTitles, eq(jobTitles.id, employees.job_title))
    .where(
      and(
        inCompany(companyReach(companyId), employees),
        eq(employees.payroll_active, true),
        eq(employees.status, 'freelance'),
        employedSql('employees', body.period_start, body.period_end),
      ),
    )
    .orderBy(asc(employees.fullname), asc(employees.id));
}

/** The company's daily payroll components that pay something per day, by code. */
export async function loadDailyComponents(db: Executor, companyId: string): Promise<DailyComponent[]> {
  return db
    .select({
      code: dailyPayrollComponents.code,
      name: dailyPayrollComponents.name,
      amount: dailyPayrollComponents.amount,
    })
    .from(dailyPayrollComponents)
    .where(and(inCompany(companyReach(companyId), dailyPayrollComponents), sql`${dailyPayrollComponents.amount} > 0`))
    .orderBy(asc(dailyPayrollComponents.code));
}

/** Days with a clock-in in the range, per employee: one query. */
async function loadDaysWorked(db: Executor, companyId: string, ids: readonly string[], body: CreateWeeklyBody) {
  const result = new Map<string, number>();
  if (ids.length === 0) return result;
  const { rows } = await db.execute<{ employee_id: string; days: number }>(sql`
    select employee_id, count(distinct date)::int as days from attendances
    where ${inCompanySql(companyReach(companyId), 'attendances')} and employee_id = any(${uuidArray(ids)})
      and date between ${body.period_start} and ${body.period_end} and clock_in is not null
    group by employee_id`);
  for (const row of rows) result.set(row.employee_id, row.days);
  return result;
}

/** The month's completed weekly payrolls (other than `exclude`) per employee: gross, days and PPh withheld. */
export async function loadMonthToDate(
  db: Executor,
  companyId: string,
  period: { year: number; month: number },
  ids: readonly string[],
  exclude?: string,
) {
  const result = new Map<string, WeeklyInput['month_to_date']>();
  if (ids.length === 0) return result;
  const { rows } = await db.execute<{ employee_id: string; bruto: string; days: number; pph21: string }>(sql`
    select p.employee_id, sum(p.bruto) as bruto, sum(p.pph21) as pph21,
      sum(coalesce((p.edits->>'days_worked')::int, (p.input->>'days_worked')::int, 0))::int as days
    from payslips p join payroll_summaries s on s.id = p.summary_id
    where ${inCompanySql(companyReach(companyId), 's')} and s.type = 'weekly' and s.status = 'completed' and s.year = ${period.year}
      and s.month = ${period.month} and p.employee_id = any(${uuidArray(ids)})
      ${exclude ? sql`and s.id <> ${exclude}` : sql``}
    group by p.employee_id`);
  for (const row of rows) {
    result.set(row.employee_id, { bruto: Number(row.bruto), days: row.days, pph21: Number(row.pph21) });
  }
  return result;
}

const none = { bruto: 0, days: 0, pph21: 0 };

/** A daily payroll as the run pipeline plans it (server/payroll/run.ts `RunPlan`). */
interface WeeklyPlan {
  year: number;
  month: number;
  period_start: string | null;
  period_end: string | null;
}

const rangeOf = (plan: WeeklyPlan): CreateWeeklyBody => ({
  period_start: plan.period_start ?? '',
  period_end: plan.period_end ?? '',
});

/** Refuses a range overlapping another daily payroll of the company (409 weekly_payroll_overlap). */
export async function checkNoOverlap(db: Executor, companyId: string, plan: WeeklyPlan) {
  const range = rangeOf(plan);
  const [overlap] = await db
    .select({ id: payrollSummaries.id })
    .from(payrollSummaries)
    .where(
      and(
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, 'weekly'),
        lte(payrollSummaries.period_start, range.period_end),
        gte(payrollSummaries.period_end, range.period_start),
      ),
    )
    .limit(1);
  if (overlap) throw refused('weekly_payroll_overlap', 'A daily payroll already covers some of these days');
}

/** The daily workers' payslips of the range: days with a clock-in × the daily rate, taxed over the month so far. */
export async function computeWeeklyRows(db: Executor, companyId: string, plan: WeeklyPlan) {
  const range = rangeOf(plan);
  const workers = await loadDailyWorkers(db, companyId, range);
  const ids = workers.map((w) => w.id);
  const [components, days, monthToDate] = await loadTogether(db, [
    () => loadDailyComponents(db, companyId),
    () => loadDaysWorked(db, companyId, ids, range),
    () => loadMonthToDate(db, companyId, plan, ids),
  ]);
  return workers.map((person): PayslipValues<WeeklyInput> => {
    const input: WeeklyInput = {
      date: range.period_end,
      days_worked: days.get(person.id) ?? 0,
      components,
      incentive: 0,
      tax_id_valid: person.tax_id_valid,
      month_to_date: monthToDate.get(person.id) ?? none,
    };
    return { person, input, ...weeklyFigures(input, {}) };
  });
}

/** The daily payroll's own check of an edit: whole days, at most 31. */
export function checkWeeklyEdits(edits: Record<string, number | null>) {
  if (edits.days_worked != null && (!Number.isInteger(edits.days_worked) || edits.days_worked > 31)) {
    throw invalid('days_worked', 'maximum', 'Whole days, at most 31', { limit: 31 });
  }
}

/**
 * Before a daily payroll is completed, its tax is recomputed with the month to date as it is now (another week of
 * the month may have been completed since it was made), in the completing transaction.
 */
export async function settleWeekly(tx: Executor, summary: typeof payrollSummaries.$inferSelect) {
  const rows = await tx
    .select({ id: payslips.id, employee: payslips.employee, input: payslips.input, edits: payslips.edits })
    .from(payslips)
    .where(eq(payslips.summary, summary.id));
  const monthToDate = await loadMonthToDate(
    tx,
    summary.company_id,
    summary,
    rows.map((row) => row.employee),
    summary.id,
  );
  for (const row of rows) {
    const input = { ...(row.input as WeeklyInput), month_to_date: monthToDate.get(row.employee) ?? none };
    await writePayslip(tx, row.id, input, row.edits, weeklyFigures(input, row.edits as WeeklyEdits));
  }
  await refreshTotals(tx, summary.id);
}

/** A pending weekly payroll summary of the company, or undefined. */
export async function pendingWeekly(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(payrollSummaries)
    .where(
      and(
        eq(payrollSummaries.id, id),
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, 'weekly'),
        eq(payrollSummaries.status, 'pending'),
      ),
    );
  return row;
}

/** A daily payroll waiting for its approval is neither edited, deleted nor completed again (409). */
export async function checkNotInApproval(db: Executor, summaryId: string) {
  const { rows } = await db.execute(sql`
    select 1 from approvals where context = 'daily_payroll' and status in ('pending', 'partial')
      and content->>'summary_id' = ${summaryId} limit 1`);
  if (rows.length) throw refused('daily_payroll_in_approval', 'This daily payroll is waiting for approval');
}

/** Whether completing a daily payroll goes through the approval: the company has a flow for daily_payroll. */
export async function hasDailyPayrollFlow(db: Executor, companyId: string) {
  const { rows } = await db.execute(sql`
    select 1 from approval_flows f where ${inCompanySql(companyReach(companyId), 'f')} and 'daily_payroll' = any(f.context) limit 1`);
  return rows.length > 0;
}

/** The approval's effect: the daily payroll settled and completed (once; an already completed one is left alone). */
export async function completeWeeklyApproved(tx: Executor, scope: Scope, summaryId: string) {
  const summary = await pendingWeekly(tx, scope.companyId, summaryId);
  if (!summary) return;
  await settleWeekly(tx, summary);
  await markCompleted(tx, scope, MENU, summary, ' (approved)');
}

/** The weekly import's columns (`GET /v1/payroll-summary/template?type=weekly`): the payslip's inputs. */
export const weeklyImportKeys = weeklyEditFields;

/**
 * The template of a daily payroll: its inputs as components, and each daily worker of the payroll with the values in
 * force (edits over the loaded input), so a downloaded template is the payroll as it stands.
 */
export async function weeklyTemplate(db: Executor, companyId: string, summaryId: string) {
  const [summary] = await db
    .select()
    .from(payrollSummaries)
    .where(
      and(
        eq(payrollSummaries.id, summaryId),
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, 'weekly'),
      ),
    );
  if (!summary) throw notFound('Daily payroll');
  const slips = await db
    .select()
    .from(payslips)
    .where(eq(payslips.summary, summary.id))
    .orderBy(asc(payslips.fullname), asc(payslips.id));
  return {
    components: weeklyImportKeys.map((key) => ({ key, category: 'weekly' as const, code: null, name: null })),
    run: { _id: summary.id, title: summary.title, status: summary.status },
    employees: slips.map((slip) => {
      const result = computeWeeklyPayslip(slip.input as WeeklyInput, slip.edits as WeeklyEdits);
      return {
        _id: slip.employee,
        employee_id: slip.employee_number,
        fullname: slip.fullname,
        department_name: slip.department_name,
        amounts: { days_worked: result.days_worked, daily_rate: result.daily_rate, incentive: result.incentive },
      };
    }),
  };
}

/**
 * Imports a daily payroll's inputs (`POST /v1/payroll-summary/import` with `type: "weekly"` and the summary): per
 * row the employee number and any of days_worked, daily_rate, incentive; saved as the payslips' edits and
 * recalculated in one transaction; all rows or none (a row whose employee is not in the payroll, an unknown column
 * or a day count over 31 refuses the file).
 */
export async function importWeekly(
  db: Executor,
  scope: Scope,
  summaryId: string,
  rows: readonly { employee_id: string; amounts: Record<string, number> }[],
) {
  return db.transaction(async (tx) => {
    const [summary] = await tx
      .select()
      .from(payrollSummaries)
      .where(
        and(
          eq(payrollSummaries.id, summaryId),
          inCompany(scope, payrollSummaries),
          eq(payrollSummaries.type, 'weekly'),
        ),
      );
    if (!summary) throw notFound('Daily payroll');
    if (summary.status !== 'pending') throw refused('payroll_run_completed', 'A saved run cannot be changed');
    await checkNotInApproval(tx, summary.id);
    const slips = await tx.select().from(payslips).where(eq(payslips.summary, summary.id));
    const byNumber = new Map(slips.map((slip) => [slip.employee_number.trim().toLowerCase(), slip]));
    const report: { index: number; status: 'saved' | 'unchanged' | 'invalid'; fields?: Record<string, unknown> }[] = [];
    const seen = new Set<string>();
    const planned: { index: number; slip: (typeof slips)[number]; edits: WeeklyEdits }[] = [];
    for (const [index, row] of rows.entries()) {
      const fields: Record<string, unknown> = {};
      const key = row.employee_id.trim().toLowerCase();
      const slip = byNumber.get(key);
      if (!slip) fields.employee_id = { code: 'not_found', message: 'is not in this daily payroll' };
      else if (seen.has(key)) fields.employee_id = { code: 'duplicate', message: 'appears twice' };
      seen.add(key);
      const edits: WeeklyEdits = { ...((slip?.edits as WeeklyEdits) ?? {}) };
      for (const [name, value] of Object.entries(row.amounts)) {
        if (!(weeklyEditFields as readonly string[]).includes(name)) {
          fields[name] = { code: 'unknown_field', message: 'is not an input of a daily payroll' };
        } else if (name === 'days_worked' && value > 31) {
          fields[name] = { code: 'maximum', message: 'must be at most 31', params: { limit: 31 } };
        } else edits[name as keyof WeeklyEdits] = value;
      }
      if (Object.keys(fields).length || !slip) report.push({ index, status: 'invalid', fields });
      else planned.push({ index, slip, edits });
    }
    if (report.length) {
      throw new AppError(
        400,
        'bulk_invalid',
        `${report.length} of ${rows.length} rows are invalid; nothing was saved`,
        undefined,
        { rows: report },
      );
    }
    let saved = 0;
    for (const { index, slip, edits } of planned) {
      const before = slip.edits as WeeklyEdits;
      const same = weeklyEditFields.every((field) => before[field] === edits[field]);
      report.push({ index, status: same ? 'unchanged' : 'saved' });
      if (same) continue;
      saved++;
      await writePayslip(tx, slip.id, slip.input, edits, weeklyFigures(slip.input as WeeklyInput, edits));
    }
    if (saved) await refreshTotals(tx, summary.id);
    await writeLog(tx, {
      actor: actorOfScope(scope),
      companyId: scope.companyId,
      action: 'update',
      menu: MENU,
      resource: RESOURCE,
      recordId: summary.id,
      detail: `Imported ${rows.length} rows into ${summary.title}: ${saved} changed`,
    });
    report.sort((a, b) => a.index - b.index);
    return {
      rows: report.map(({ index, status }) => ({ index, status: status as 'saved' | 'unchanged' })),
      saved,
      unchanged: rows.length - saved,
      runs: [{ _id: summary.id, title: summary.title, year: summary.year, month: summary.month, payslips: saved }],
    };
  });
}
