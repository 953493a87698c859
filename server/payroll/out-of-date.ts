/**
 * A pending monthly run whose inputs changed since it was calculated (issue 27 section 6, decision 0175): a loan
 * installment, an approval (overtime, business trips), attendance, a salary item, the months completed before it. The
 * run screen shows "N rows out of date" and recalculates them visibly; completing never recalculates silently: it
 * refuses while a row is out of date, and refuses totals other than those the screen confirmed.
 */
import { dtpRegulationOn, sectorOfKlu } from '../../common/payroll/dtp.ts';
import { periodDate } from '../../common/payroll/rates.ts';
import type { DtpInput, PayslipInput } from '../../common/payroll/types.ts';
import type { PayslipEdits } from '../../common/payroll-run.ts';
import { writeLog } from '../activity/log.ts';
import type { Executor } from '../db/connect.ts';
import type { payrollSummaries } from '../db/schema.ts';
import type { Scope } from '../http/access.ts';
import { AppError } from '../http/errors.ts';
import { slices } from '../jobs/slices.ts';
import { loadCompanySettings, loadMonthlyInputs, loadRunEmployees, RUN_BATCH } from './inputs.ts';
import { runPayslipInputs } from './repository.ts';

type Summary = typeof payrollSummaries.$inferSelect;

/** What changed in a row, named by the user's words for it (enums.payroll_input_source.<source>). */
export const inputSources = [
  'salary',
  'items',
  'attendance',
  'overtime',
  'business_trip',
  'finance',
  'thr',
  'year_to_date',
  'employee',
  'bpjs',
] as const;
export type InputSource = (typeof inputSources)[number];

/** The engine input's top-level keys, each a source (exhaustive over PayslipInput's keys the loader writes). */
const sourceOfKey: Record<string, InputSource> = {
  period: 'employee',
  employee: 'employee',
  salary: 'salary',
  items: 'items',
  thr: 'thr',
  yearly_bonus: 'thr',
  attendance: 'attendance',
  overtime: 'overtime',
  business_trip_days: 'business_trip',
  loan_installment: 'finance',
  deposit: 'finance',
  deposit_return: 'finance',
  bpjs: 'bpjs',
  ytd: 'year_to_date',
  previous_employer: 'year_to_date',
  last_period: 'employee',
  dtp: 'employee',
};

/** JSON with sorted keys and no undefined: the stored jsonb and a freshly loaded input compare equal when equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The keys that matter for the row's figures: the year to date and the previous employer count in the last tax period
 * only (the engine reads them nowhere else), so a month completed before this one makes no other row out of date.
 */
function relevant(input: PayslipInput): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...(input as unknown as Record<string, unknown>) };
  if (!input.last_period) {
    delete copy.ytd;
    delete copy.previous_employer;
  }
  if (input.dtp) copy.dtp = relevantDtp(input);
  return copy;
}

/**
 * PPh 21 DTP (decision 0165): where no regulation covers the company's sector in the month, or the employee has no tax
 * id, the engine reads only those two facts, so a month completed before this one (the reference month, the year's
 * figures) changes nothing; the year's DTP and regular bruto count in the last tax period only.
 */
function relevantDtp(input: PayslipInput): Partial<DtpInput> {
  const dtp = input.dtp as DtpInput;
  const sector = sectorOfKlu(dtp.klu);
  const covered =
    sector !== null && dtpRegulationOn(periodDate(input.period.year, input.period.month), sector) !== null;
  if (!covered || !dtp.has_tax_id) return { klu: dtp.klu, has_tax_id: dtp.has_tax_id };
  if (input.last_period) return dtp;
  const { ytd_regular_bruto: _bruto, ytd_dtp: _dtp, ...monthly } = dtp;
  return monthly;
}

export interface OutOfDateRow {
  payslip: string;
  employee: string;
  fullname: string;
  sources: InputSource[];
  input: PayslipInput;
}

/** The rows of a pending monthly run whose inputs, loaded now, differ from those it was calculated with. */
export async function outOfDateRows(db: Executor, companyId: string, summary: Summary): Promise<OutOfDateRow[]> {
  if (summary.type !== 'payroll_run' || summary.status !== 'pending') return [];
  const stored = await runPayslipInputs(db, summary.id);
  if (stored.length === 0) return [];
  const period = { year: summary.year, month: summary.month };
  const byEmployee = new Map(stored.map((row) => [row.employee, row]));
  const people = await loadRunEmployees(db, companyId, period, [...byEmployee.keys()]);
  const out: OutOfDateRow[] = [];
  const pause = slices();
  for (let from = 0; from < people.length; from += RUN_BATCH) {
    const fresh = await loadMonthlyInputs(db, companyId, period, people.slice(from, from + RUN_BATCH));
    for (const { person, input } of fresh) {
      await pause();
      const row = byEmployee.get(person.id);
      if (!row) continue;
      const before = relevant(row.input as PayslipInput);
      const after = relevant(input);
      const sources = new Set<InputSource>();
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (canonical(before[key]) !== canonical(after[key])) sources.add(sourceOfKey[key] ?? 'employee');
      }
      if (sources.size === 0) continue;
      out.push({
        payslip: row.id,
        employee: person.id,
        fullname: row.fullname,
        sources: inputSources.filter((s) => sources.has(s)),
        input,
      });
    }
  }
  return out;
}

/** Recalculates the out-of-date rows of a pending run with their inputs as they are now (the admin's edits kept). */
export async function recalculateOutOfDate(
  tx: Executor,
  scope: Scope,
  summary: Summary,
  write: (
    payslipId: string,
    input: PayslipInput,
    edits: PayslipEdits,
    settings: Awaited<ReturnType<typeof loadCompanySettings>>,
  ) => Promise<unknown>,
) {
  const rows = await outOfDateRows(tx, scope.companyId, summary);
  if (rows.length === 0) return rows;
  const settings = await loadCompanySettings(tx, scope.companyId);
  const edits = new Map((await runPayslipInputs(tx, summary.id)).map((row) => [row.id, row.edits as PayslipEdits]));
  for (const row of rows) await write(row.payslip, row.input, edits.get(row.payslip) ?? {}, settings);
  await writeLog(tx, {
    actor: { userId: scope.actor.userId, impersonatorId: scope.actor.impersonatorId },
    companyId: scope.companyId,
    action: 'update',
    menu: 'payroll-run',
    resource: 'payroll-summary',
    recordId: summary.id,
    detail: `Recalculated ${rows.length} rows of ${summary.title} whose inputs changed: ${rows
      .slice(0, 20)
      .map((row) => `${row.fullname} (${row.sources.join(', ')})`)
      .join('; ')}${rows.length > 20 ? '; …' : ''}`,
  });
  return rows;
}

/** Completing refuses a run with rows out of date: the screen recalculates them visibly first. */
export function assertUpToDate(rows: readonly OutOfDateRow[]) {
  if (rows.length === 0) return;
  throw new AppError(
    409,
    'payroll_run_out_of_date',
    `${rows.length} rows are out of date: recalculate them before completing`,
    undefined,
    { count: rows.length, names: rows.slice(0, 50).map((row) => row.fullname) },
  );
}
