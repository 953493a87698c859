/**
 * Exit pay (decision 0170): what an exit owes, from PP 35/2021's tables (common/payroll/severance.ts), the exit cause,
 * the company's rules (separation pay, cost of returning home) and the leave balance on the exit date; stored at the
 * exit with the agreed amounts (an amount that differs from the computed one carries its reason, and is logged), paid
 * in the exit month's run as its own lines (`loadExitPays`), its final PPh 21 on its own slip (`exitPayView`).
 */
import { sql } from 'drizzle-orm';
import {
  computeExitPay,
  type ExitCause,
  type ExitPayCode,
  exitPayCodes,
  exitPayTax,
  severanceRatesOn,
  severanceTax,
} from '../../common/payroll/severance.ts';
import type { ExitPayItem } from '../../common/payroll/types.ts';
import { type Changes, writeLog } from '../activity/log.ts';
import type { Executor } from '../db/connect.ts';
import type { StoredExitLine } from '../db/schema.ts';
import { uuidArray } from '../db/sql.ts';
import { allEmployeesResource } from '../employees/resource.ts';
import { AppError, invalid } from '../http/errors.ts';
import { listBalances } from '../leave/balance.ts';
import * as repo from '../resources/repository.ts';
import { inCompanySql, type Scope, sameCompanySql } from '../scope/scope.ts';

export interface ExitPayRequest {
  exit_cause: ExitCause;
  exit_date: string;
  /** Untaken leave days; default: the annual leave balance on the exit date. */
  leave_days?: number | undefined;
  /** Agreed amounts that differ from the computed ones, each with its reason. */
  pay?: { code: ExitPayCode; amount: number; reason?: string | undefined }[] | undefined;
}

interface EmployeeFacts {
  id: string;
  fullname: string;
  employee_id: string;
  join_date: string | null;
  status: string;
  nationality: string | null;
  work_days: number;
  tax_id_valid: boolean;
  npwp: string | null;
  nik: string | null;
  wage: number;
  separation_pay_months: number;
  home_return_amount: number;
}

/** The employee (in the caller's reach: 404 otherwise) with the facts exit pay needs, and the company's rules. */
async function employeeFacts(db: Executor, scope: Scope, id: string): Promise<EmployeeFacts> {
  await repo.findOne(db, allEmployeesResource, scope, id);
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select e.id, e.fullname, e.employee_id, e.join_date::text as join_date, e.status::text as status, e.nationality,
      e.work_days, e.tax_id_valid, e.npwp_number as npwp, e.ktp_number as nik,
      (e.basic_salary + e.transport_allowance + e.meal_allowance + e.communication_allowance + e.job_allowance
        + e.other_allowance)::text as wage,
      c.separation_pay_months::text as separation_pay_months, c.home_return_amount::text as home_return_amount
    from employees e join companies c on c.id = e.company_id
    where ${inCompanySql(scope, 'e')} and e.id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError(404, 'not_found', 'Employee not found');
  return {
    ...(row as unknown as EmployeeFacts),
    wage: Number(row.wage),
    separation_pay_months: Number(row.separation_pay_months),
    home_return_amount: Number(row.home_return_amount),
  };
}

/** Untaken annual leave on the exit date: the balance of the company's annual leave rule (days), never below 0. */
async function leaveBalanceOn(db: Executor, scope: Scope, employeeId: string, date: string): Promise<number> {
  const rows = await listBalances(db, scope, { year: Number(date.slice(0, 4)), employee: employeeId, asOf: date });
  const days = rows.filter((row) => row.leave_rule.unit === 'day' && !row.unlimited);
  const annual = days.find((row) => /annual|tahunan|年/i.test(row.leave_rule.type)) ?? days[0];
  return Math.max(0, annual?.remaining ?? 0);
}

/** Indonesian citizens (or an unstated nationality) are owed PKWT compensation; foreign workers are not (art. 15). */
const isIndonesian = (nationality: string | null) =>
  !nationality || /^(indonesia|indonesian|wni|id|idn)$/i.test(nationality.trim());

export interface ExitPayLineView extends StoredExitLine {
  tax: 'final' | 'ordinary';
}

export interface ExitPayView {
  employee: { _id: string; employee_id: string; fullname: string };
  cause: ExitCause;
  article: string;
  exit_reason: 'resign' | 'phk';
  exit_date: string;
  join_date: string;
  wage: number;
  service_months: number;
  leave_days: number;
  lines: ExitPayLineView[];
  /** Severance under the final tax (PP 68/2009) and its slip. */
  severance: {
    gross: number;
    pph: number;
    net: number;
    tax_object_code: string;
    layers: { over: number; up_to: number | null; percent: number; taxable: number; tax: number }[];
    npwp: string | null;
    nik: string | null;
    /** Without a valid tax id: × 1.2. */
    surcharge: boolean;
  };
  /** PKWT compensation: ordinary income of the exit month (taxed by the run). */
  ordinary: number;
  /** Where it was paid: the exit month's run, when there is one. */
  paid: { summary: string; year: number; month: number; status: string } | null;
  /** Stored (true) or a preview (false). */
  stored: boolean;
}

function view(
  facts: EmployeeFacts,
  cause: ExitCause,
  exitDate: string,
  joinDate: string,
  serviceMonths: number,
  leaveDays: number,
  lines: StoredExitLine[],
  paid: ExitPayView['paid'],
  stored: boolean,
): ExitPayView {
  const rates = severanceRatesOn(exitDate);
  const severance = lines.filter((l) => exitPayTax[l.code] === 'final').reduce((sum, l) => sum + l.amount, 0);
  const tax = severanceTax(severance, exitDate, facts.tax_id_valid);
  return {
    employee: { _id: facts.id, employee_id: facts.employee_id, fullname: facts.fullname },
    cause,
    article: rates.causes[cause].article,
    exit_reason: rates.causes[cause].reason,
    exit_date: exitDate,
    join_date: joinDate,
    wage: facts.wage,
    service_months: serviceMonths,
    leave_days: leaveDays,
    lines: lines.map((line) => ({ ...line, tax: exitPayTax[line.code] })),
    severance: {
      gross: severance,
      pph: tax.pph,
      net: severance - tax.pph,
      tax_object_code: tax.taxObjectCode,
      layers: tax.layers.map((l) => ({
        over: l.over,
        up_to: l.upTo,
        percent: l.percent,
        taxable: l.taxable,
        tax: l.tax,
      })),
      npwp: facts.npwp,
      nik: facts.nik,
      surcharge: tax.surcharge,
    },
    ordinary: lines.filter((l) => exitPayTax[l.code] === 'ordinary').reduce((sum, l) => sum + l.amount, 0),
    paid,
    stored,
  };
}

/** Computes what the exit owes and applies the agreed amounts (refused without a reason where they differ). */
async function compute(db: Executor, scope: Scope, id: string, input: ExitPayRequest) {
  const facts = await employeeFacts(db, scope, id);
  const joinDate = facts.join_date ?? input.exit_date;
  if (input.exit_date < joinDate) {
    throw invalid({ exit_date: { code: 'before_join', message: 'must not be before the join date' } });
  }
  const leaveDays = input.leave_days ?? (await leaveBalanceOn(db, scope, id, input.exit_date));
  const pay = computeExitPay({
    cause: input.exit_cause,
    joinDate,
    exitDate: input.exit_date,
    wage: facts.wage,
    workDays: facts.work_days === 6 ? 6 : 5,
    leaveDays,
    separationHundredths: Math.round(facts.separation_pay_months * 100),
    homeReturn: facts.home_return_amount,
    pkwtEligible: isIndonesian(facts.nationality),
    pkwt: facts.status === 'pkwt',
  });
  const overrides = new Map((input.pay ?? []).map((p) => [p.code, p]));
  const errors: Record<string, { code: string; message: string }> = {};
  const lines: StoredExitLine[] = [];
  for (const code of exitPayCodes) {
    const computed = pay.lines.find((l) => l.code === code);
    const override = overrides.get(code);
    const amount = override ? override.amount : (computed?.amount ?? 0);
    const reason = override?.reason?.trim() || null;
    if (amount !== (computed?.amount ?? 0) && !reason) {
      errors[`pay.${code}`] = { code: 'reason_required', message: 'Say why the amount differs from the computed one' };
    }
    if (amount === 0 && !computed) continue;
    lines.push({ code, computed: computed?.amount ?? 0, amount, reason, explain: computed?.explain ?? {} });
  }
  if (Object.keys(errors).length > 0) throw invalid(errors, 'An edited amount needs a reason');
  return { facts, pay, joinDate, leaveDays, lines };
}

/** What an exit on `exit_date` for `exit_cause` would owe (nothing stored). */
export async function previewExitPay(db: Executor, scope: Scope, id: string, input: ExitPayRequest) {
  const { facts, pay, joinDate, leaveDays, lines } = await compute(db, scope, id, input);
  return view(facts, pay.cause, input.exit_date, joinDate, pay.serviceMonths, leaveDays, lines, null, false);
}

/** The run of the exit month that paid (or will pay) the exit, if any. */
async function paidIn(db: Executor, scope: Scope, employeeId: string, exitDate: string) {
  const { rows } = await db.execute<{ summary: string; year: number; month: number; status: string }>(sql`
    select s.id as summary, s.year, s.month, s.status::text as status
    from payslips p join payroll_summaries s on s.id = p.summary_id
    where ${inCompanySql(scope, 's')} and p.employee_id = ${employeeId} and s.type = 'payroll_run'
      and s.year = ${Number(exitDate.slice(0, 4))} and s.month = ${Number(exitDate.slice(5, 7))}
    limit 1`);
  return rows[0] ?? null;
}

/**
 * Stores the exit's pay (replacing an unpaid one of the same employee), in the caller's transaction, logged with the
 * amounts and every edit's reason. Refused (409 `exit_pay_paid`) once the exit month's run is completed.
 */
export async function saveExitPay(tx: Executor, scope: Scope, id: string, input: ExitPayRequest) {
  const { facts, pay, joinDate, leaveDays, lines } = await compute(tx, scope, id, input);
  const { rows: old } = await tx.execute<{ id: string; exit_date: string; lines: StoredExitLine[] }>(sql`
    select x.id, x.exit_date::text as exit_date, x.lines from employee_exit_pays x
    where ${inCompanySql(scope, 'x')} and x.employee_id = ${id}`);
  for (const row of old) {
    const run = await paidIn(tx, scope, id, row.exit_date);
    if (run?.status === 'completed') {
      throw new AppError(
        409,
        'exit_pay_paid',
        `The exit pay was paid in the completed run of ${run.year}-${String(run.month).padStart(2, '0')}`,
      );
    }
  }
  if (old.length > 0) {
    await tx.execute(sql`delete from employee_exit_pays x where ${inCompanySql(scope, 'x')} and x.employee_id = ${id}`);
  }
  await tx.execute(sql`
    insert into employee_exit_pays (company_id, employee_id, cause, exit_date, join_date, wage, service_months,
      leave_days, lines, created_by)
    values (${scope.companyId}, ${id}, ${pay.cause}::exit_cause, ${input.exit_date}, ${joinDate}, ${facts.wage},
      ${pay.serviceMonths}, ${leaveDays}, ${JSON.stringify(lines)}::jsonb, ${scope.actor.userId})`);
  const changes: Changes = Object.fromEntries(
    lines.map((line) => [
      line.code,
      { from: line.computed, to: line.reason ? `${line.amount} (${line.reason})` : line.amount },
    ]),
  );
  await writeLog(tx, {
    actor: scope.actor,
    companyId: scope.companyId,
    action: old.length > 0 ? 'update' : 'create',
    menu: 'active-employees',
    resource: 'exit-pay',
    recordId: id,
    detail: `Exit pay of ${facts.fullname} (${pay.cause}, ${input.exit_date})`,
    changes,
  });
  const run = await paidIn(tx, scope, id, input.exit_date);
  return view(facts, pay.cause, input.exit_date, joinDate, pay.serviceMonths, leaveDays, lines, run, true);
}

/** The employee's stored exit pay with its final tax slip and where it was paid; 404 when none. */
export async function getExitPay(db: Executor, scope: Scope, id: string): Promise<ExitPayView> {
  const facts = await employeeFacts(db, scope, id);
  const { rows } = await db.execute<{
    cause: ExitCause;
    exit_date: string;
    join_date: string;
    service_months: number;
    leave_days: string;
    lines: StoredExitLine[];
  }>(sql`
    select x.cause::text as cause, x.exit_date::text as exit_date, x.join_date::text as join_date, x.service_months,
      x.leave_days::text as leave_days, x.lines
    from employee_exit_pays x where ${inCompanySql(scope, 'x')} and x.employee_id = ${id}
    order by x.exit_date desc limit 1`);
  const row = rows[0];
  if (!row) throw new AppError(404, 'not_found', 'This employee has no exit pay');
  const run = await paidIn(db, scope, id, row.exit_date);
  return view(
    facts,
    row.cause,
    row.exit_date,
    row.join_date,
    row.service_months,
    Number(row.leave_days),
    row.lines,
    run,
    true,
  );
}

/** Rehiring drops an exit pay not yet paid by a completed run. */
export async function dropUnpaidExitPay(tx: Executor, scope: Scope, id: string) {
  await tx.execute(sql`
    delete from employee_exit_pays x where ${inCompanySql(scope, 'x')} and x.employee_id = ${id}
      and not exists (
        select 1 from payslips p join payroll_summaries s on s.id = p.summary_id
        where p.employee_id = x.employee_id and ${sameCompanySql('s', 'x')} and s.type = 'payroll_run'
          and s.status = 'completed' and s.year = extract(year from x.exit_date)
          and s.month = extract(month from x.exit_date))`);
}

/** The exit pay each employee's exit in the period pays: the run's `input.exit_pay`. */
export async function loadExitPays(
  db: Executor,
  companyId: string,
  from: string,
  to: string,
  employeeIds: readonly string[],
): Promise<Map<string, ExitPayItem[]>> {
  const out = new Map<string, ExitPayItem[]>();
  if (employeeIds.length === 0) return out;
  const { rows } = await db.execute<{ employee_id: string; lines: StoredExitLine[] }>(sql`
    select x.employee_id, x.lines from employee_exit_pays x
    where ${inCompanySql({ companyId }, 'x')} and x.exit_date between ${from} and ${to}
      and x.employee_id = any(${uuidArray(employeeIds)})`);
  for (const row of rows) {
    out.set(
      row.employee_id,
      row.lines.filter((line) => line.amount > 0).map((line) => ({ code: line.code, amount: line.amount })),
    );
  }
  return out;
}
