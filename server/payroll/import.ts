/**
 * payroll-import (issue 14, spec 7 `payroll-summary/import` and `payroll-summary/template`): a month's component
 * amounts per employee (payroll items by payroll-references component, THR and yearly bonus) from a spreadsheet the
 * browser has read and checked. Saved at once (spec 5: after an import the data is saved automatically): the items
 * are written, and the month's pending monthly run recalculates the imported employees' payslips in the same
 * transaction. A month whose run is saved (completed) is refused; all rows or none.
 */
import { sql } from 'drizzle-orm';
import type { PayslipInput } from '../../common/payroll/types.ts';
import type { PayslipEdits } from '../../common/payroll-run.ts';
import { writeLog } from '../activity/log.ts';
import type { Executor } from '../db/connect.ts';
import {
  allowances,
  bonuses,
  deductions,
  employeeAllowances,
  employeeBonuses,
  employeeDeductions,
  employeeIncentives,
  incentives,
} from '../db/schema.ts';
import { loadTogether } from '../db/sql.ts';
import type { Scope } from '../http/access.ts';
import { AppError, type FieldError } from '../http/errors.ts';
import { companyReach, departmentReaches, employeesInReachSql, inCompanySql } from '../scope/scope.ts';
import { loadCompanySettings, loadItems, loadRunEmployees, loadThr, type Period } from './inputs.ts';
import { monthlyFigures, refreshTotals, writePayslip } from './payslip-store.ts';

/** The item categories a file may carry, each with its reference list and item table. */
export const importCategories = ['allowance', 'incentive', 'bonus', 'deduction'] as const;
export type ImportCategory = (typeof importCategories)[number];

const tables = {
  allowance: { references: allowances, items: employeeAllowances },
  incentive: { references: incentives, items: employeeIncentives },
  bonus: { references: bonuses, items: employeeBonuses },
  deduction: { references: deductions, items: employeeDeductions },
} as const satisfies Record<ImportCategory, { references: unknown; items: unknown }>;

/** The two amounts of employee_thr_bonuses, imported as their own columns. */
export const thrKeys = ['thr', 'yearly_bonus'] as const;
type ThrKey = (typeof thrKeys)[number];

/** A component column: `<category>:<reference code>`, or `thr` / `yearly_bonus`. */
export interface Component {
  key: string;
  category: ImportCategory | ThrKey;
  reference: string | null;
  code: string | null;
  name: string | null;
}

export interface ImportRow {
  employee_id: string;
  year: number;
  month: number;
  /** Amount per component key; an absent key leaves that component as it is, 0 removes it. */
  amounts: Record<string, number>;
}

export interface ImportReport {
  index: number;
  status: 'saved' | 'unchanged' | 'invalid';
  fields?: Record<string, FieldError>;
}

const MENU = 'payroll-import';
const RESOURCE = 'payroll-summary';

/** A text[] literal element. */
const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
const pad = (n: number) => String(n).padStart(2, '0');
const periodKey = (p: Period) => `${p.year}-${pad(p.month)}`;

/** The company's components, in the template's order: each category's references by code, then THR and yearly bonus. */
export async function loadComponents(db: Executor, companyId: string): Promise<Component[]> {
  const part = (category: ImportCategory) =>
    sql`select ${category}::text as category, r.id, r.code, r.name from ${tables[category].references} r where ${inCompanySql(companyReach(companyId), 'r')}`;
  const { rows } = await db.execute<{ category: ImportCategory; id: string; code: string; name: string }>(
    sql`${part('allowance')} union all ${part('incentive')} union all ${part('bonus')} union all ${part('deduction')}`,
  );
  const order = new Map(importCategories.map((category, index) => [category, index]));
  rows.sort((a, b) => order.get(a.category)! - order.get(b.category)! || a.code.localeCompare(b.code, 'en'));
  return [
    ...rows.map((row) => ({
      key: `${row.category}:${row.code}`,
      category: row.category,
      reference: row.id,
      code: row.code,
      name: row.name,
    })),
    ...thrKeys.map((key) => ({ key, category: key, reference: null, code: null, name: null })),
  ];
}

/** Per employee of the period: component key → amount (items of one component summed). */
async function loadAmounts(db: Executor, companyId: string, period: Period, employeeIds?: readonly string[]) {
  const reach = companyReach(companyId);
  const only = employeeIds ? sql`and employee_id = any(${`{${employeeIds.join(',')}}`}::uuid[])` : sql``;
  const part = (category: ImportCategory) => sql`
    select i.employee_id as employee, ${category}::text || ':' || r.code as key, sum(i.amount)::bigint as amount
      from ${tables[category].items} i join ${tables[category].references} r on r.id = i.reference_id
      where ${inCompanySql(companyReach(companyId), 'i')} and i.year = ${period.year} and i.month = ${period.month} ${only}
      group by i.employee_id, r.code`;
  const { rows } = await db.execute<{ employee: string; key: string; amount: string }>(sql`
    ${part('allowance')} union all ${part('incentive')} union all ${part('bonus')} union all ${part('deduction')}
    union all select employee_id, 'thr', thr from employee_thr_bonuses
      where ${inCompanySql(reach, 'employee_thr_bonuses')} and year = ${period.year} and month = ${period.month} and thr <> 0 ${only}
    union all select employee_id, 'yearly_bonus', yearly_bonus from employee_thr_bonuses
      where ${inCompanySql(reach, 'employee_thr_bonuses')} and year = ${period.year} and month = ${period.month} and yearly_bonus <> 0 ${only}`);
  const result = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const amounts = result.get(row.employee) ?? {};
    amounts[row.key] = (amounts[row.key] ?? 0) + Number(row.amount);
    result.set(row.employee, amounts);
  }
  return result;
}

/** The month's status for imports: the monthly run, if any. */
async function runsOf(db: Executor, companyId: string, periods: readonly Period[]) {
  if (periods.length === 0) return new Map<string, { id: string; title: string; status: string }>();
  const { rows } = await db.execute<{ id: string; title: string; status: string; year: number; month: number }>(sql`
    select id, title, status, year, month from payroll_summaries
      where ${inCompanySql(companyReach(companyId), 'payroll_summaries')} and type = 'payroll_run'
        and (year * 100 + month) = any(${`{${periods.map((p) => p.year * 100 + p.month).join(',')}}`}::int[])`);
  return new Map(rows.map((row) => [periodKey(row), row]));
}

/**
 * The template of a month (`GET /v1/payroll-summary/template`): the components, and every payroll-active employee of
 * the period (an admin_department caller: their department's) with the month's current amounts, so a downloaded
 * template is the month as it stands.
 */
export async function importTemplate(db: Executor, scope: Scope, period: Period) {
  const [components, people, amounts, runs] = await loadTogether(db, [
    () => loadComponents(db, scope.companyId),
    () => loadRunEmployees(db, scope.companyId, period),
    () => loadAmounts(db, scope.companyId, period),
    () => runsOf(db, scope.companyId, [period]),
  ]);
  const run = runs.get(periodKey(period));
  return {
    components: components.map(({ key, category, code, name }) => ({ key, category, code, name })),
    run: run ? { _id: run.id, title: run.title, status: run.status as 'pending' | 'completed' } : null,
    employees: people
      .filter((person) => departmentReaches(scope, person.department))
      .map((person) => ({
        _id: person.id,
        employee_id: person.employee_id,
        fullname: person.fullname,
        department_name: person.department_name,
        amounts: amounts.get(person.id) ?? {},
      })),
  };
}

const bad = (code: string, message: string, params?: Record<string, unknown>): FieldError =>
  params ? { code, message, params } : { code, message };

/** Imports the rows: checked all together, then written in one transaction, pending runs recalculated. */
export async function importPayroll(db: Executor, scope: Scope, rows: readonly ImportRow[]) {
  return db.transaction(async (tx) => {
    const codes = [...new Set(rows.map((row) => row.employee_id.trim().toLowerCase()))];
    const { rows: people } = await tx.execute<{ id: string; code: string; fullname: string }>(sql`
      select e.id, lower(e.employee_id) as code, e.fullname from employees e where ${employeesInReachSql(scope, 'e')}
        and lower(e.employee_id) = any(${`{${codes.map(quote).join(',')}}`}::text[])`);
    const employeeByCode = new Map(people.map((row) => [row.code, row.id]));
    const components = new Map((await loadComponents(tx, scope.companyId)).map((c) => [c.key.toLowerCase(), c]));
    const periods = [...new Map(rows.map((row) => [periodKey(row), { year: row.year, month: row.month }])).values()];
    const runs = await runsOf(tx, scope.companyId, periods);

    const report: ImportReport[] = [];
    const seen = new Map<string, number>();
    const valid: { index: number; employee: string; period: Period; amounts: [Component, number][] }[] = [];
    for (const [index, row] of rows.entries()) {
      const fields: Record<string, FieldError> = {};
      const employee = employeeByCode.get(row.employee_id.trim().toLowerCase());
      if (!employee) fields.employee_id = bad('not_found', 'does not exist');
      const key = `${employee}|${periodKey(row)}`;
      if (employee && seen.has(key)) {
        fields.employee_id = bad('duplicate', 'appears twice for this month', { row: seen.get(key)! + 1 });
      }
      seen.set(key, index);
      if (runs.get(periodKey(row))?.status === 'completed') {
        fields.month = bad('payroll_completed', "This month's payroll is saved: re-open it before importing");
      }
      const amounts: [Component, number][] = [];
      for (const [name, amount] of Object.entries(row.amounts)) {
        const component = components.get(name.toLowerCase());
        if (!component) fields[name] = bad('unknown_field', 'is not a payroll component of this company');
        else amounts.push([component, amount]);
      }
      if (Object.keys(fields).length) report.push({ index, status: 'invalid', fields });
      else valid.push({ index, employee: employee!, period: { year: row.year, month: row.month }, amounts });
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

    // What changes: the current amounts of the rows' employees and months, compared in memory.
    const done: { index: number; status: 'saved' | 'unchanged' }[] = [];
    const current = new Map<string, Map<string, Record<string, number>>>();
    for (const period of periods) {
      const ids = [...new Set(valid.filter((v) => periodKey(v.period) === periodKey(period)).map((v) => v.employee))];
      current.set(periodKey(period), await loadAmounts(tx, scope.companyId, period, ids));
    }
    const itemDeletes: { employee_id: string; year: number; month: number; reference_id: string }[] = [];
    const itemInserts: Record<ImportCategory, Record<string, unknown>[]> = {
      allowance: [],
      incentive: [],
      bonus: [],
      deduction: [],
    };
    const thrRows: { employee_id: string; year: number; month: number; thr: number; yearly_bonus: number }[] = [];
    const changed = new Map<string, Set<string>>();
    for (const row of valid) {
      const before = current.get(periodKey(row.period))?.get(row.employee) ?? {};
      const differs = row.amounts.filter(([component, amount]) => (before[component.key] ?? 0) !== amount);
      if (differs.length === 0) {
        done.push({ index: row.index, status: 'unchanged' });
        continue;
      }
      done.push({ index: row.index, status: 'saved' });
      const ids = changed.get(periodKey(row.period)) ?? new Set();
      ids.add(row.employee);
      changed.set(periodKey(row.period), ids);
      const base = { employee_id: row.employee, ...row.period };
      let thr: { thr: number; yearly_bonus: number } | null = null;
      for (const [component, amount] of differs) {
        if (component.category === 'thr' || component.category === 'yearly_bonus') {
          thr ??= { thr: before.thr ?? 0, yearly_bonus: before.yearly_bonus ?? 0 };
          thr[component.category] = amount;
          continue;
        }
        itemDeletes.push({ ...base, reference_id: component.reference! });
        if (amount > 0) {
          itemInserts[component.category].push({
            company_id: scope.companyId,
            ...base,
            amount,
            reference_id: component.reference,
            description: component.name,
          });
        }
      }
      if (thr) thrRows.push({ ...base, ...thr });
    }

    // The writes, set-based: one statement per table (JSON parameters, no per-row round trips).
    if (itemDeletes.length) {
      for (const category of importCategories) {
        await tx.execute(sql`
          delete from ${tables[category].items} i using json_to_recordset(${JSON.stringify(itemDeletes)}::json)
              as d(employee_id uuid, year smallint, month smallint, reference_id uuid)
            where ${inCompanySql(scope, 'i')} and i.employee_id = d.employee_id and i.year = d.year
              and i.month = d.month and i.reference_id = d.reference_id`);
      }
    }
    for (const category of importCategories) {
      const values = itemInserts[category];
      if (values.length === 0) continue;
      await tx.execute(sql`
        insert into ${tables[category].items} (company_id, employee_id, year, month, amount, reference_id, description)
        select company_id, employee_id, year, month, amount, reference_id, description
          from json_to_recordset(${JSON.stringify(values)}::json) as r(company_id uuid, employee_id uuid,
            year smallint, month smallint, amount bigint, reference_id uuid, description text)`);
    }
    if (thrRows.length) {
      await tx.execute(sql`
        insert into employee_thr_bonuses (company_id, employee_id, year, month, thr, yearly_bonus)
        select ${scope.companyId}::uuid, employee_id, year, month, thr, yearly_bonus
          from json_to_recordset(${JSON.stringify(thrRows)}::json)
            as r(employee_id uuid, year smallint, month smallint, thr bigint, yearly_bonus bigint)
        on conflict (employee_id, year, month) do update set thr = excluded.thr, yearly_bonus = excluded.yearly_bonus,
          updated_at = now(), version = employee_thr_bonuses.version + 1`);
    }

    // The months' pending runs: the imported employees' payslips read the new items and are recalculated.
    const recalculated: { _id: string; title: string; year: number; month: number; payslips: number }[] = [];
    for (const period of periods) {
      const run = runs.get(periodKey(period));
      const ids = changed.get(periodKey(period));
      if (run?.status !== 'pending' || !ids) continue;
      const count = await recalculateRun(tx, scope.companyId, run.id, period, [...ids]);
      recalculated.push({ _id: run.id, title: run.title, ...period, payslips: count });
    }

    const saved = done.filter((entry) => entry.status === 'saved').length;
    if (saved > 0) {
      await writeLog(tx, {
        actor: { userId: scope.actor.userId, impersonatorId: scope.actor.impersonatorId },
        companyId: scope.companyId,
        action: 'update',
        menu: MENU,
        resource: RESOURCE,
        detail:
          `Imported payroll components: ${saved} of ${rows.length} rows changed (${periods.map(periodKey).join(', ')})` +
          (recalculated.length ? `; recalculated ${recalculated.map((r) => r.title).join(', ')}` : ''),
      });
    }
    done.sort((a, b) => a.index - b.index);
    return { rows: done, saved, unchanged: done.length - saved, runs: recalculated };
  });
}

/** A pending run's payslips of these employees: their items, THR and yearly bonus reloaded, recalculated with edits. */
async function recalculateRun(tx: Executor, companyId: string, runId: string, period: Period, ids: string[]) {
  const { rows: slips } = await tx.execute<{ id: string; employee: string; input: PayslipInput; edits: object }>(sql`
    select id, employee_id as employee, input, edits from payslips
      where summary_id = ${runId} and employee_id = any(${`{${ids.join(',')}}`}::uuid[])`);
  if (slips.length === 0) return 0;
  const [settings, items, thr] = await loadTogether(tx, [
    () => loadCompanySettings(tx, companyId),
    () => loadItems(tx, companyId, period),
    () => loadThr(tx, companyId, period),
  ]);
  for (const slip of slips) {
    const extra = thr.get(slip.employee);
    const input: PayslipInput = {
      ...slip.input,
      items: items.get(slip.employee) ?? {},
      thr: extra?.thr ?? 0,
      yearly_bonus: extra?.yearly_bonus ?? 0,
    };
    const edits = slip.edits as PayslipEdits;
    await writePayslip(tx, slip.id, input, edits, monthlyFigures(input, edits, settings));
  }
  await refreshTotals(tx, runId);
  return slips.length;
}
