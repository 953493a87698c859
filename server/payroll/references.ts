/**
 * The payroll reference lists (payroll-references) and payroll rules (payroll-rules) of spec 2.3 and 3: seeded for
 * every company (server/companies/defaults.ts) and edited in place: the spec offers no create on either menu, and as a
 * deleted row could not be added back, no delete either. The rules whose fields depend on a method say so through
 * `check`, from the one table in common/payroll-rules.ts.
 */
import { Type } from '@sinclair/typebox';
import { deductionFields, type MethodFields, methodFieldIssues, overtimeFields } from '../../common/payroll-rules.ts';
import {
  absentDeductions,
  allowances,
  bonuses,
  businessTripRules,
  dailyPayrollComponents,
  deductions,
  dutyTypes,
  earlyDeductions,
  incentives,
  jobCategories,
  lateDeductions,
  missedDeductions,
  overtimeRules,
  payrollTypes,
  salaryGrades,
} from '../db/schema.ts';
import type { FieldError } from '../http/errors.ts';
import { type CheckResult, defineResource } from '../resources/define.ts';

const code = Type.String({ pattern: '^[A-Za-z0-9._-]{1,30}$', description: 'Letters, digits, dot, dash, underscore' });
const name = Type.String({ minLength: 1, maxLength: 200 });
const rupiah = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Integer rupiah' });
const count = (minimum: number, maximum: number, description: string) =>
  Type.Integer({ minimum, maximum, description });
const title = (row: Record<string, unknown>) => `${row.name} (${row.code})`;

const listRules = {
  search: ['code', 'name'],
  filters: ['code', 'created_at'],
  sort: ['code', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  naturalKey: 'code',
  scope: 'company',
  create: false,
  remove: false,
  title,
  refine: { code, name },
} as const;
const references = { ...listRules, menu: 'payroll-references' } as const;
const rules = { ...listRules, menu: 'payroll-rules' } as const;

/**
 * A method's own fields are required and the others do not apply: they are stored as null, whatever was sent
 * (spec 4: government_rule hides rate and maximum hours; deduction methods show only their own fields).
 */
const methodCheck =
  (table: MethodFields) =>
  (row: Readonly<Record<string, unknown>>): CheckResult => {
    const { missing, notApplicable } = methodFieldIssues(table, row);
    const errors: Record<string, FieldError> = {};
    for (const field of missing) {
      errors[field] = {
        code: 'required',
        message: `is required when the method is ${row.method}`,
        params: { method: row.method },
      };
    }
    return { errors, clear: notApplicable };
  };

// payroll-references

export const allowancesResource = defineResource({
  ...references,
  name: 'allowances',
  path: '/refs/payrolls/allowances',
  table: allowances,
  label: 'Allowance',
});

/** The components of the daily payroll (payroll summary). */
export const dailyPayrollComponentsResource = defineResource({
  ...references,
  name: 'daily-payroll-components',
  path: '/refs/payrolls/payroll-summary',
  table: dailyPayrollComponents,
  label: 'Daily payroll component',
  refine: { code, name, amount: rupiah },
});

export const incentivesResource = defineResource({
  ...references,
  name: 'incentives',
  path: '/refs/payrolls/incentives',
  table: incentives,
  label: 'Incentive',
});

export const bonusesResource = defineResource({
  ...references,
  name: 'bonuses',
  path: '/refs/payrolls/bonuses',
  table: bonuses,
  label: 'Bonus',
});

export const deductionsResource = defineResource({
  ...references,
  name: 'deductions',
  path: '/refs/payrolls/deductions',
  table: deductions,
  label: 'Deduction',
});

export const salaryGradesResource = defineResource({
  ...references,
  name: 'salary-grades',
  path: '/refs/payrolls/salary-grades',
  table: salaryGrades,
  label: 'Salary grade',
  title: (row) => String(row.grade),
  search: ['grade'],
  filters: ['grade', 'reported_salary', 'created_at'],
  sort: ['grade', 'reported_salary', 'created_at', 'updated_at'],
  defaultSort: 'reported_salary,grade',
  naturalKey: 'grade',
  refine: { grade: code, reported_salary: rupiah },
});

export const payrollTypesResource = defineResource({
  ...references,
  name: 'payroll-types',
  path: '/refs/payrolls/payroll-types',
  table: payrollTypes,
  label: 'Payroll type',
});

export const dutyTypesResource = defineResource({
  ...references,
  name: 'duty-types',
  path: '/refs/payrolls/duty-types',
  table: dutyTypes,
  label: 'Duty type',
});

export const jobCategoriesResource = defineResource({
  ...references,
  name: 'job-categories',
  path: '/refs/payrolls/job-categories',
  table: jobCategories,
  label: 'Job category',
});

// payroll-rules

export const businessTripRulesResource = defineResource({
  ...rules,
  name: 'business-trip-rules',
  path: '/refs/payrolls/business-trip',
  table: businessTripRules,
  label: 'Business trip rule',
  filters: ['code', 'amount', 'created_at'],
  sort: ['code', 'name', 'amount', 'created_at', 'updated_at'],
  refine: { code, name, amount: rupiah },
});

export const overtimeRulesResource = defineResource({
  ...rules,
  name: 'overtime-rules',
  path: '/refs/payrolls/overtimes',
  table: overtimeRules,
  label: 'Overtime rule',
  filters: ['code', 'method', 'created_at'],
  refine: { code, name, hourly_overtime: rupiah, maximum_hour: count(1, 24, 'Overtime hours a day') },
  check: methodCheck(overtimeFields),
});

const deductionRefine = {
  code,
  name,
  nominal: rupiah,
  pro_rate_day: count(1, 31, 'Days the monthly salary is divided by'),
  percentage: Type.Number({ minimum: 0, maximum: 100, description: 'Percent, exact to two decimals' }),
};
const deductionRules = {
  ...rules,
  filters: ['code', 'method', 'created_at'],
  refine: deductionRefine,
  check: methodCheck(deductionFields),
} as const;

export const earlyDeductionsResource = defineResource({
  ...deductionRules,
  name: 'early-deductions',
  path: '/refs/payrolls/early-deductions',
  table: earlyDeductions,
  label: 'Early deduction',
});

export const absentDeductionsResource = defineResource({
  ...deductionRules,
  name: 'absent-deductions',
  path: '/refs/payrolls/absent-deductions',
  table: absentDeductions,
  label: 'Absent deduction',
});

/** Same fields as the early and absent deductions; the method is prorate only (spec 3). */
export const missedDeductionsResource = defineResource({
  ...deductionRules,
  name: 'missed-deductions',
  path: '/refs/payrolls/missed-deductions',
  table: missedDeductions,
  label: 'Missed deduction',
});

export const lateDeductionsResource = defineResource({
  ...rules,
  name: 'late-deductions',
  path: '/refs/payrolls/late-deductions',
  table: lateDeductions,
  label: 'Late deduction',
  filters: ['code', 'method', 'created_at'],
  sort: ['code', 'name', 'limit', 'deduction', 'created_at', 'updated_at'],
  refine: { code, name, limit: count(0, 1440, 'Minutes late before the deduction applies'), deduction: rupiah },
});
