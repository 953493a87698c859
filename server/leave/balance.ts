import { jakartaToday } from '../../common/employment.ts';
import { type LogEntry, writeLog } from '../activity/log.ts';
import { loadWorkingDays } from '../attendance/schedule.ts';
import type { Db, Executor } from '../db/connect.ts';
import type { Scope } from '../http/access.ts';
import { AppError, type FieldError } from '../http/errors.ts';
import { datesBetween, entitlementFor, type LeaveUnit } from './days.ts';
import {
  deductingHolidays,
  type EmployeeRow,
  findImportTargets,
  findTargets,
  insertAdjustmentRows,
  loadBalanceSources,
  publicHolidayDates,
  type RuleRow,
} from './repository.ts';

export interface BalanceFilters {
  year: number;
  employee?: string | undefined;
  /** Only these employees (a page of approval requests: its requesters' balances, not the company's). */
  employees?: readonly string[] | undefined;
  leave_rule?: string | undefined;
  department?: string | undefined;
  /** Employee name or id, case-insensitive. */
  search?: string | undefined;
  /** The day the accrual is counted to (default: today in Jakarta, within the year). */
  asOf?: string | undefined;
}

export interface BalanceRow {
  /** `<employee id>:<leave rule id>:<year>`: a stable row id for the grid. */
  _id: string;
  employee: { _id: string; employee_id: string; fullname: string };
  department: { _id: string; code: string; name: string } | null;
  leave_rule: { _id: string; type: string; unit: LeaveUnit };
  year: number;
  unlimited: boolean;
  /** Accrued as of today (or `asOf`); null when unlimited. */
  entitled: number | null;
  /** Approved leave starting in the year, plus `collective`. */
  used: number;
  /** Collective leave (cuti bersama) taken from this rule's balance in the year. */
  collective: number;
  pending: number;
  adjusted: number;
  /** entitled + adjusted − used − pending: what may still be asked for; null when unlimited. */
  remaining: number | null;
  /** The day the year's balance lapses; null when unlimited. */
  expires_on: string | null;
  expired: boolean;
}

type SumRow = EmployeeRow &
  RuleRow & {
    used: string | number;
    pending: string | number;
    adjusted: string | number;
  };

const uuidOrNull = (value: string | undefined) =>
  value && /^[0-9a-f-]{36}$/i.test(value) ? value : value ? '00000000-0000-0000-0000-000000000000' : null;

/** PostgreSQL's text form of an array ('{pkwt,pkwtt}') when the driver does not parse an enum array. */
const asList = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/** Every balance row the filters select, for the caller's company (and department, for admin_department). */
export async function listBalances(db: Executor, scope: Scope, filters: BalanceFilters): Promise<BalanceRow[]> {
  const { year } = filters;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const employee = uuidOrNull(filters.employee);
  const rule = uuidOrNull(filters.leave_rule);
  const search = filters.search?.trim() ? `%${filters.search.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
  const sources = await loadBalanceSources(db, scope, {
    year,
    employee,
    employees: filters.employees,
    rule,
    department: uuidOrNull(filters.department),
    search,
  });
  if (!sources) return [];
  const { people, ruleRows, taken, adjustments } = sources;
  const takenOf = new Map(taken.rows.map((row) => [`${row.employee_id}|${row.rule_id}`, row]));
  const adjustedOf = new Map(adjustments.rows.map((row) => [`${row.employee_id}|${row.rule_id}`, row.adjusted]));
  const rules = ruleRows.rows.map((row) => ({ ...row, statuses: asList(row.employment_status) }));
  const rows: SumRow[] = [];
  for (const person of people.rows) {
    for (const ruleRow of rules) {
      if (ruleRow.statuses.length && !ruleRow.statuses.includes(person.status)) continue;
      const key = `${person.employee_id}|${ruleRow.rule_id}`;
      const sums = takenOf.get(key);
      rows.push({
        ...person,
        ...ruleRow,
        used: sums?.used ?? 0,
        pending: sums?.pending ?? 0,
        adjusted: adjustedOf.get(key) ?? 0,
      });
    }
  }
  if (rows.length === 0) return [];
  const collective = await collectiveDays(db, scope.companyId, from, to, rows);
  const today = filters.asOf ?? jakartaToday();
  return rows.map((row) => {
    const rule = {
      distribution: row.distribution,
      amount: Number(row.amount),
      quota_type: row.quota_type,
      distribution_date: row.distribution_date,
      expiration_date: row.expiration_date,
      employment_status: asList(row.employment_status),
      service_months: row.service_months,
    };
    const { entitled, expires_on } = entitlementFor(
      rule,
      { join_date: row.join_date, status: row.status },
      year,
      today,
    );
    const deducted = collective.get(`${row.employee_id}|${row.rule_id}`) ?? 0;
    const used = Number(row.used) + deducted;
    const pending = Number(row.pending);
    const adjusted = Number(row.adjusted);
    const unlimited = row.quota_type === 'unlimited';
    return {
      _id: `${row.employee_id}:${row.rule_id}:${year}`,
      employee: { _id: row.employee_id, employee_id: row.employee_code, fullname: row.fullname },
      department: row.department_id
        ? { _id: row.department_id, code: row.department_code ?? '', name: row.department_name ?? '' }
        : null,
      leave_rule: { _id: row.rule_id, type: row.type, unit: row.unit },
      year,
      unlimited,
      entitled,
      used: round(used),
      collective: deducted,
      pending: round(pending),
      adjusted: round(adjusted),
      remaining: entitled === null ? null : round(entitled + adjusted - used - pending),
      expires_on,
      expired: expires_on !== null && expires_on < today,
    };
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Collective leave (cuti bersama) taken from a rule's balance: per employee and rule, the days of the year's
 * deducting holidays that are the employee's working days (sched's rule), on or after the join date, and not also a
 * public holiday. One working-day load for exactly the deducting holidays' days (issue #12: one load per holiday
 * made the 10,000-employee list take 13 s).
 */
async function collectiveDays(
  db: Executor,
  companyId: string,
  from: string,
  to: string,
  rows: readonly SumRow[],
): Promise<Map<string, number>> {
  const holidays = await deductingHolidays(db, companyId, from, to);
  const out = new Map<string, number>();
  if (holidays.rows.length === 0) return out;
  const publicDays = await publicHolidayDates(db, companyId, from, to);
  const isPublic = new Set(publicDays.rows.map((row) => row.date));
  const byRule = new Map<string, SumRow[]>();
  for (const row of rows) {
    const list = byRule.get(row.rule_id);
    if (list) list.push(row);
    else byRule.set(row.rule_id, [row]);
  }
  // Which days of which deducting holiday count, then ONE working-day load for exactly those days and employees.
  const deducted: { rows: SumRow[]; dates: string[] }[] = [];
  for (const holiday of holidays.rows) {
    const affected = byRule.get(holiday.rule);
    if (!affected?.length) continue;
    const dates = datesBetween(holiday.start_date, holiday.end_date).filter((date) => !isPublic.has(date));
    if (dates.length) deducted.push({ rows: affected, dates });
  }
  if (deducted.length === 0) return out;
  const allDates = [...new Set(deducted.flatMap((d) => d.dates))].sort();
  const employeeIds = [...new Set(deducted.flatMap((d) => d.rows.map((row) => row.employee_id)))];
  const working = await loadWorkingDays(db, companyId, {
    from: allDates[0]!,
    to: allDates.at(-1)!,
    dates: allDates,
    ...(employeeIds.length > 1000 ? {} : { employeeIds }),
  });
  for (const { rows: affected, dates } of deducted) {
    for (const row of affected) {
      let days = 0;
      for (const date of dates) if ((!row.join_date || date >= row.join_date) && working(row.employee_id, date)) days++;
      if (days)
        out.set(`${row.employee_id}|${row.rule_id}`, (out.get(`${row.employee_id}|${row.rule_id}`) ?? 0) + days);
    }
  }
  return out;
}

export interface Adjustment {
  employee: string;
  leave_rule: string;
  year: number;
  amount: number;
  note?: string | null | undefined;
}

/** Checks that the employee and rule are the caller's (and in an admin_department caller's department). */
async function checkTargets(db: Executor, scope: Scope, pairs: readonly { employee: string; leave_rule: string }[]) {
  const employeeIds = [...new Set(pairs.map((pair) => pair.employee))];
  const ruleIds = [...new Set(pairs.map((pair) => pair.leave_rule))];
  const { employees, rules } = await findTargets(db, scope, employeeIds, ruleIds);
  return { employees: new Set(employees.rows.map((r) => r.id)), rules: new Set(rules.rows.map((r) => r.id)) };
}

/** Adds one adjustment (logged) and answers the balance as it now is. */
export async function adjustBalance(db: Db, scope: Scope, input: Adjustment): Promise<BalanceRow> {
  if (input.amount === 0) {
    throw new AppError(400, 'validation_failed', 'Some fields are invalid', {
      amount: { code: 'nonzero', message: 'must not be 0' },
    });
  }
  await db.transaction(async (tx) => {
    const found = await checkTargets(tx, scope, [input]);
    const fields: Record<string, FieldError> = {};
    if (!found.employees.has(input.employee)) fields.employee = { code: 'not_found', message: 'does not exist' };
    if (!found.rules.has(input.leave_rule)) fields.leave_rule = { code: 'not_found', message: 'does not exist' };
    if (Object.keys(fields).length) throw new AppError(400, 'validation_failed', 'Some fields are invalid', fields);
    await insertAdjustments(tx, scope, [input]);
  });
  const [row] = await listBalances(db, scope, {
    year: input.year,
    employee: input.employee,
    leave_rule: input.leave_rule,
  });
  if (!row) throw new AppError(404, 'not_found', 'The rule does not apply to this employee');
  return row;
}

async function insertAdjustments(tx: Executor, scope: Scope, inputs: readonly Adjustment[]) {
  if (inputs.length === 0) return;
  const inserted = await insertAdjustmentRows(tx, scope, inputs);
  const entries: LogEntry[] = inputs.map((input, index) => ({
    actor: scope.actor,
    companyId: scope.companyId,
    action: 'create',
    menu: 'balance',
    resource: 'leave-balance',
    recordId: inserted[index]!.id,
    detail: `Leave balance ${input.year} adjusted by ${input.amount > 0 ? '+' : ''}${input.amount}${input.note ? `: ${input.note}` : ''}`,
    changes: {
      employee: { from: null, to: input.employee },
      leave_rule: { from: null, to: input.leave_rule },
      year: { from: null, to: input.year },
      amount: { from: null, to: input.amount },
    },
  }));
  await writeLog(tx, entries);
}

export interface ImportRow {
  /** The employee's own id (code). */
  employee_id: string;
  /** The leave type's name. */
  leave_type: string;
  year: number;
  /** The balance the row sets: an adjustment makes up the difference. */
  remaining: number;
  note?: string | null | undefined;
}

export interface ImportReport {
  index: number;
  status: 'adjusted' | 'unchanged' | 'invalid';
  amount?: number;
  fields?: Record<string, FieldError>;
}

/**
 * Sets the remaining balance of each row (employee id, leave type, year): an adjustment for the difference, logged.
 * All rows or none: any invalid row is a 400 `bulk_invalid` with a report per invalid row.
 */
export async function importBalances(db: Db, scope: Scope, rows: readonly ImportRow[]) {
  return db.transaction(async (tx) => {
    const codes = [...new Set(rows.map((row) => row.employee_id.trim().toLowerCase()))];
    const types = [...new Set(rows.map((row) => row.leave_type.trim().toLowerCase()))];
    const { employees, rules } = await findImportTargets(tx, scope, codes.map(quote), types.map(quote));
    const employeeByCode = new Map(employees.rows.map((row) => [row.code, row.id]));
    const ruleByType = new Map(rules.rows.map((row) => [row.type, row]));
    const report: ImportReport[] = [];
    const seen = new Map<string, number>();
    const targets: { index: number; employee: string; leave_rule: string; year: number; row: ImportRow }[] = [];
    for (const [index, row] of rows.entries()) {
      const fields: Record<string, FieldError> = {};
      const employee = employeeByCode.get(row.employee_id.trim().toLowerCase());
      const rule = ruleByType.get(row.leave_type.trim().toLowerCase());
      if (!employee) fields.employee_id = { code: 'not_found', message: 'does not exist' };
      if (!rule) fields.leave_type = { code: 'not_found', message: 'does not exist' };
      else if (rule.quota_type === 'unlimited')
        fields.leave_type = { code: 'unlimited', message: 'is unlimited: it has no balance to set' };
      const key = `${employee}|${rule?.id}|${row.year}`;
      if (employee && rule && seen.has(key))
        fields.employee_id = { code: 'duplicate', message: 'appears twice', params: { row: seen.get(key)! + 1 } };
      seen.set(key, index);
      if (Object.keys(fields).length) report.push({ index, status: 'invalid', fields });
      else targets.push({ index, employee: employee!, leave_rule: rule!.id, year: row.year, row });
    }
    const invalid = report.filter((entry) => entry.status === 'invalid');
    if (invalid.length) {
      throw new AppError(
        400,
        'bulk_invalid',
        `${invalid.length} of ${rows.length} rows are invalid; nothing was saved`,
        undefined,
        { rows: invalid },
      );
    }
    // The current balances, by year, set-based.
    const adjustments: Adjustment[] = [];
    for (const year of new Set(targets.map((target) => target.year))) {
      const current = new Map(
        (await listBalances(tx, scope, { year })).map((row) => [`${row.employee._id}|${row.leave_rule._id}`, row]),
      );
      for (const target of targets.filter((t) => t.year === year)) {
        const balance = current.get(`${target.employee}|${target.leave_rule}`);
        if (!balance) {
          report.push({
            index: target.index,
            status: 'invalid',
            fields: { leave_type: { code: 'not_applicable', message: 'does not apply to this employee' } },
          });
          continue;
        }
        const amount = round(target.row.remaining - (balance.remaining ?? 0));
        if (amount === 0) {
          report.push({ index: target.index, status: 'unchanged' });
          continue;
        }
        adjustments.push({
          employee: target.employee,
          leave_rule: target.leave_rule,
          year,
          amount,
          note: target.row.note ?? 'Import',
        });
        report.push({ index: target.index, status: 'adjusted', amount });
      }
    }
    const refused = report.filter((entry) => entry.status === 'invalid');
    if (refused.length) {
      throw new AppError(
        400,
        'bulk_invalid',
        `${refused.length} of ${rows.length} rows are invalid; nothing was saved`,
        undefined,
        { rows: refused.sort((a, b) => a.index - b.index) },
      );
    }
    await insertAdjustments(tx, scope, adjustments);
    return report.sort((a, b) => a.index - b.index);
  });
}

/** An element of a PostgreSQL array literal, quoted. */
const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
