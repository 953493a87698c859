import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { approvalContexts, approvalDecisions, approvalStatuses } from '../../common/approvals.ts';
import { bpjsTypes } from '../../common/bpjs.ts';
import { levels } from '../../common/menu.ts';
import {
  deductionMethods,
  lateDeductionMethods,
  missedDeductionMethods,
  overtimeMethods,
} from '../../common/payroll-rules.ts';
import { relationshipValues } from '../../common/relationships.ts';
import en from '../../locales/en.json' with { type: 'json' };
import id from '../../locales/id.json' with { type: 'json' };
import zh from '../../locales/zh.json' with { type: 'json' };
import openapi from '../../openapi/v1.json' with { type: 'json' };
import { enumValues as detailEnums, sections as detailSections } from '../../src/employeeForm/sections.ts';
import type { AnyGridSpec } from '../../src/grids/types.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf key, dotted: { a: { b: 'x' } } → ['a.b']. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** i18next's plural and context forms share their base key: 'items_one' is used as 'items'. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/**
 * Keys built at run time from a prefix: menu labels (`menu.<id>`, checked against the registry in menu.test.ts),
 * resource titles and field labels (`resources.<name>.fields.<field>`) and enum labels (`enums.<key>.<value>`), both
 * checked against the grid specs in grids/index.test.ts.
 */
const dynamicPrefixes = ['menu.', 'resources.', 'enums.'];

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));
const sources = readdirSync(srcDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
  .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
  .join('\n');

const enKeys = keys(en as Tree);

describe('locales', () => {
  it.each([
    ['id', id],
    ['zh', zh],
  ] as const)('%s has exactly the keys of en', (_, other) => {
    const otherKeys = keys(other as Tree);
    expect(
      enKeys.filter((key) => !otherKeys.includes(key)),
      'missing',
    ).toEqual([]);
    expect(
      otherKeys.filter((key) => !enKeys.includes(key)),
      'extra',
    ).toEqual([]);
  });

  it.each([
    ['en', en],
    ['id', id],
    ['zh', zh],
  ] as const)('%s has no empty texts', (_, tree) => {
    const empty = keys(tree as Tree).filter((key) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
      return typeof value !== 'string' || !value.trim();
    });
    expect(empty).toEqual([]);
  });

  it('every en key is used in src/', () => {
    const unused = enKeys.filter(
      (key) =>
        !dynamicPrefixes.some((prefix) => key.startsWith(prefix)) &&
        !sources.includes(`'${baseKey(key)}'`) &&
        !sources.includes(`"${baseKey(key)}"`) &&
        !sources.includes(`\`${baseKey(key)}\``),
    );
    expect(unused).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Enum labels: every value a user can meet has `enums.<key>.<value>` in every language.

/**
 * The label key of each string enum of the API, by property (`Schema.property` where one property name has several
 * meanings); null for values never shown as words, with the reason. An enum the table does not know fails the test:
 * give it labels (and a key here) before it reaches a screen.
 */
const openApiEnumKeys: Record<string, string | null> = {
  // Tax reports (issue 15): PTKP codes (TK/0), the tax id's kind (NPWP, NIK) and the TER category (A, B, C) are
  // shown as the tax office writes them, never as words; the employment kind only picks the tax object code.
  ptkp_status: null,
  tax_id_kind: null,
  ter_category: null,
  'PphReportRow.employment_kind': null,
  'PphReport.withholder.tax_person.tax_id_kind': null,
  // Coretax pre-check (decision 0166): the dialog words the kind, the problems and the company's ids with its own
  // keys (coretax.title.*, coretax.problems.*, coretax.company.*); `fix` only picks a link.
  'CoretaxCheck.kind': null,
  'CoretaxCheck.refused.problems': null,
  'CoretaxCheck.refused.fix': null,
  'CoretaxCheck.company': null,
  gender: 'gender',
  marital_status: 'marital_status',
  recruitment_type: 'recruitment_type',
  exit_reason: 'exit_reason',
  pph_deduction: 'pph_deduction',
  driver_lisence_type: 'driver_lisence_type',
  assignment_role: 'assignment_role',
  level: 'level',
  status: 'employment_status',
  type: 'history_type',
  method: 'deduction_method',
  'OvertimeRule.method': 'overtime_method',
  'OvertimeRuleCreate.method': 'overtime_method',
  'OvertimeRuleUpdate.method': 'overtime_method',
  'LateDeduction.method': 'late_deduction_method',
  'LateDeductionCreate.method': 'late_deduction_method',
  'LateDeductionUpdate.method': 'late_deduction_method',
  // The platform's man-fee rules (decision 0073), and the reports' row (null: no rule that month).
  'ManFeeRule.method': 'man_fee_method',
  'ManFeeRuleCreate.method': 'man_fee_method',
  'ManFeeRuleUpdate.method': 'man_fee_method',
  'ManFeeMonthlyRow.method': 'man_fee_method',
  // Portal (issue 28): warning letter levels; the ID card's fields are labelled by the customiser (portal.idCard.fields).
  'WarningLetter.type': 'warning_letter_type',
  'WarningLetterCreate.type': 'warning_letter_type',
  'WarningLetterUpdate.type': 'warning_letter_type',
  'WarningLetterStatus.proposed': 'warning_letter_type',
  'WarningLetterStatus.valid.type': 'warning_letter_type',
  'OwnWarningLetter.type': 'warning_letter_type',
  'IdCardDesign.front': null,
  'IdCardDesign.back': null,
  // Exit pay (decision 0170): the causes have labels; the lines are payroll line labels (payrollRun.lines), the tax
  // kind is said in a sentence.
  exit_cause: 'exit_cause',
  'ExitPay.cause': 'exit_cause',
  'ExitPay.lines.code': null,
  'ExitPay.lines.tax': null,
  'ExitPayEdit.code': null,
  // Payroll runs (issue 14) and the jobs that make them.
  'PayrollSummary.type': 'payroll_run_type',
  // The import's target: a month's components (payroll_run) or a daily payroll's inputs (weekly), never shown.
  'PayrollImport.type': null,
  'PayrollSummary.status': 'payroll_run_status',
  // The payroll-employees screen shows the run's status and the payslip's source in its own sentences.
  'EmployeePayslip.run.status': null,
  'EmployeePayslip.source': null,
  // payroll-import: a component's category is labelled with its name (payrollImport.category); the result is a toast.
  'PayrollImportTemplate.components.category': null,
  'PayrollImportTemplate.run.status': 'payroll_run_status',
  'PayrollImportResult.rows.status': null,
  'PreCheckWarning.code': 'payroll_warning',
  'Job.status': 'job_status',
  // Loans (issue 15).
  'Loan.status': 'loan_status',
  interest_type: 'interest_type',
  'Shift.type': 'shift_type',
  'ShiftCreate.type': 'shift_type',
  'ShiftUpdate.type': 'shift_type',
  'AttendanceGroup.type': 'attendance_group_type',
  'AttendanceGroupCreate.type': 'attendance_group_type',
  'AttendanceGroupUpdate.type': 'attendance_group_type',
  // Shown as they are: '1-10', '10-100' employees; JKK rates as percentages.
  company_size: null,
  jkk_percentage: null,
  kop_template: 'kop_template',
  // The activity log's own sentences say what happened.
  action: null,
  // An import's outcome per row, counted in the import's own texts.
  'EmployeeImportResult.rows.status': null,
  // Attendance (issue 12): statuses and day kinds are shown by the attendance cell (its colours and the
  // attendance.cell / attendance.status texts), never as the raw value; the clock's in/out is the button pressed.
  clock_in_status: null,
  clock_out_status: null,
  'AttendanceToday.attendance.clock_in_status': null,
  'AttendanceToday.attendance.clock_out_status': null,
  'AttendanceToday.week.clock_in_status': null,
  'AttendanceToday.week.clock_out_status': null,
  'AttendanceReport.rows.cells.in_status': null,
  'AttendanceReport.rows.cells.out_status': null,
  'AttendanceDailyRow.today_attendance.attendance.clock_in.status': null,
  'AttendanceDailyRow.today_attendance.attendance.clock_out.status': null,
  'AttendanceDailyRow.kind': null,
  'AttendanceReport.rows.cells.kind': null,
  'AttendanceClock.type': null,
  'LeaveBalanceImportResult.rows.status': null,
  // Leave rules, holidays, leaves and balances.
  distribution: 'leave_distribution',
  calculation: 'leave_calculation',
  quota_type: 'leave_quota_type',
  unit: 'leave_unit',
  'leave_rule.unit': 'leave_unit',
  employment_status: 'employment_status',
  'Leave.status': 'leave_status',
  'LeaveUpdate.status': 'leave_status',
  // A position's clock in or out, worded by the live-tracking screen's own texts (tracking.clockIn, tracking.clockOut).
  'LiveTrackingPosition.position.type': null,
  // Requests and approvals (issue 13).
  'Approval.context': 'approval_context',
  // Home (issue 16): contexts through the approvals labels; the run's status and the ending kind in the card's own
  // sentences (home.payroll.*, home.people.contract / probation).
  'Dashboard.waiting.contexts.context': 'approval_context',
  'Dashboard.me.open_requests.context': 'approval_context',
  'Dashboard.people.ending.kind': null,
  'Dashboard.payroll.this_month.status': null,
  'Dashboard.payroll.last_month.status': null,
  'ApprovalCreate.context': 'approval_context',
  'ApprovalHistoryEntry.approval.context': 'approval_context',
  'Notification.approval.context': 'approval_context',
  'ApprovalFlowInput.context': 'approval_context',
  'ApprovalFlow.context': 'approval_context',
  'Approval.status': 'approval_status',
  'ApprovalDecisionResult.status': 'approval_status',
  'ApprovalHistoryEntry.approval.status': 'approval_status',
  'Notification.approval.status': 'approval_status',
  'Approval.history.decision': 'approval_decision',
  'ApprovalHistoryEntry.decision': 'approval_decision',
  'ApprovalRequestOptions.leave_types.unit': 'leave_unit',
  // Worded by the notification list's sentences (approvals.notifications.waiting / decided).
  'Notification.kind': null,
  // The flow editor's own texts (approvals.flows.supervisor, .employee, .modes.any, .modes.all).
  'ApprovalFlowInput.levels.approvers.type': null,
  'ApprovalFlow.levels.approvers.type': null,
  'ApprovalFlowInput.levels.mode': null,
  'ApprovalFlow.levels.mode': null,
  // KPI (decision 0185): target types, assessor types and period types as enums; a period's status in kpi.status.
  target_type: 'kpi_target_type',
  'KpiSheet.indicators.target_type': 'kpi_target_type',
  'KpiFlowInput.assessors.type': 'kpi_assessor',
  'KpiFlow.assessors.type': 'kpi_assessor',
  'KpiSheet.rows.steps.type': 'kpi_assessor',
  period_type: 'kpi_period_type',
  'KpiAssessment.status': null,
  // Access levels (issue 26): an access request's status, shown in upper case.
  'AccessRequest.status': 'access_request_status',
};

type Schema = { enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };

/** Every string enum in the API's schemas: [schema, property path, values]. */
function apiEnums(): [string, string, string[]][] {
  const found: [string, string, string[]][] = [];
  const walk = (schema: string, path: string[], node: Schema | undefined) => {
    if (!node) return;
    const values = (node.enum ?? []).filter((value): value is string => typeof value === 'string');
    if (values.length) found.push([schema, path.join('.'), values]);
    for (const [name, child] of Object.entries(node.properties ?? {})) walk(schema, [...path, name], child);
    walk(schema, path, node.items);
    for (const option of node.anyOf ?? []) walk(schema, path, option);
  };
  for (const [name, schema] of Object.entries(openapi.components.schemas as Record<string, Schema>)) {
    walk(name, [], schema);
  }
  return found;
}

/** Enums of common/ that screens show: their label key and values. */
const commonEnums: [string, readonly (string | number)[]][] = [
  ['relationship', relationshipValues],
  ['bpjs_type', bpjsTypes],
  ['level', levels],
  ['overtime_method', overtimeMethods],
  ['deduction_method', deductionMethods],
  ['deduction_method', missedDeductionMethods],
  ['late_deduction_method', lateDeductionMethods],
  ['approval_status', approvalStatuses],
  ['approval_context', approvalContexts],
  ['approval_decision', approvalDecisions],
];

/** Every grid spec in src/grids/specs/ (the registry's, the employee lists' and the detail's sub-record grids). */
async function gridSpecs(): Promise<AnyGridSpec[]> {
  const dir = join(srcDir, 'grids', 'specs');
  const files = readdirSync(dir).filter(
    (name) => name.endsWith('.ts') && readFileSync(join(dir, name), 'utf8').includes('defineGrid('),
  );
  const specs: AnyGridSpec[] = [];
  for (const file of files) {
    const module = (await import(join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const spec = value as Partial<AnyGridSpec> | null;
      if (spec && typeof spec === 'object' && typeof spec.resource === 'string' && Array.isArray(spec.columns)) {
        specs.push(spec as AnyGridSpec);
      }
    }
  }
  return specs;
}

const label = (tree: Tree, key: string, value: string | number) => {
  const group = (tree.enums as Tree | undefined)?.[key];
  return typeof group === 'object' ? group[String(value)] : undefined;
};

describe('enum labels', () => {
  it('knows the label key of every enum of the API', () => {
    const unknown = apiEnums()
      .filter(([schema, path]) => !(`${schema}.${path}` in openApiEnumKeys) && !(path in openApiEnumKeys))
      .map(([schema, path, values]) => `${schema}.${path}: ${values.join(', ')}`);
    expect(unknown).toEqual([]);
  });

  it('finds the grids, the detail and the API enums it checks', async () => {
    const specs = await gridSpecs();
    expect(specs.map((spec) => spec.resource)).toEqual(expect.arrayContaining(['employee-family', 'employees']));
    expect(apiEnums().length).toBeGreaterThan(20);
  });

  it.each([
    ['en', en],
    ['id', id],
    ['zh', zh],
  ] as const)('%s labels every enum value of the API, common/, the grids and the employee detail', async (_, tree) => {
    const wanted: [string, string | number][] = [];
    for (const [schema, path, values] of apiEnums()) {
      // A schema-specific entry wins even when it is null (never shown), over the property's general key.
      const specific = `${schema}.${path}`;
      const key = specific in openApiEnumKeys ? openApiEnumKeys[specific] : openApiEnumKeys[path];
      if (key) for (const value of values) wanted.push([key, value]);
    }
    for (const [key, values] of commonEnums) for (const value of values) wanted.push([key, value]);
    for (const spec of await gridSpecs()) {
      for (const column of spec.columns) {
        for (const value of column.enum?.values ?? []) wanted.push([column.enum!.key, value]);
      }
    }
    for (const [key, values] of Object.entries(detailEnums)) for (const value of values) wanted.push([key, value]);
    for (const section of detailSections) {
      if (section.kind !== 'form') continue;
      for (const entry of section.entries) {
        const choice = 'choice' in entry ? entry.choice : undefined;
        if (choice?.key) for (const value of choice.values) if (value !== null) wanted.push([choice.key, value]);
      }
    }
    const missing = [
      ...new Set(
        wanted
          .filter(([key, value]) => !label(tree as Tree, key, value))
          .map(([key, value]) => `enums.${key}.${value}`),
      ),
    ];
    expect(missing).toEqual([]);
  });
});
