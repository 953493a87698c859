/**
 * The run sheet's kinds (issue 27 §7, decision 0211): what differs between a monthly run, a THR run and a daily
 * payroll on the one sheet (RunSheet.tsx), as one exhaustive table keyed by the server's `RunType`
 * (server/payroll/run.ts `runKinds`, decision 0210). Everything else on the sheet is written once.
 */

import type { ParseKeys } from 'i18next';
import { thrRatesOn } from '../../../common/payroll/rates.ts';
import type { CompanyPayrollSettings, PayslipLine } from '../../../common/payroll/types.ts';
import {
  computeWeeklyPayslip,
  type WeeklyEdits,
  type WeeklyInput,
  weeklyEditFields,
} from '../../../common/payroll/weekly.ts';
import type { PayslipEdits } from '../../../common/payroll-run.ts';
import { payslipEditFields } from '../../../common/payroll-run.ts';
import type { EditField, ExpectedTotals, Payslip, Summary } from './api.ts';
import { numberColumns, type RunRow, type SheetFigure, toRow } from './columns.ts';
import { recalculate } from './recalc.ts';

/** The kinds of run: the API's `PayrollSummary.type`, the server's `RunType` (server/payroll/run.ts). */
export type RunType = Summary['type'];

/** The daily payroll's figures, in the grid's order. */
const weeklyFigures = ['days_worked', 'daily_rate', 'incentive', 'bruto', 'pph21', 'thp'] as const;

/** A daily payroll's payslip as a sheet row: its figures recomputed with the server's engine (common/payroll/weekly). */
export function weeklyRow(payslip: Payslip, edits = payslip.edits as WeeklyEdits): RunRow {
  const result = computeWeeklyPayslip(payslip.input as unknown as WeeklyInput, edits);
  const row = toRow(payslip, undefined);
  return {
    ...row,
    ...Object.fromEntries(numberColumns.map((column) => [column, 0])),
    days_worked: result.days_worked,
    daily_rate: result.daily_rate,
    incentive: result.incentive,
    bruto: result.bruto,
    pph21: result.pph21,
    thp: result.thp,
    payslip: { ...payslip, edits: edits as Record<string, number> },
  } as RunRow;
}

/** Label keys the kind's figures show under (spelled out: the locale test finds keys by their literal text). */
const weeklyLabels = {
  days_worked: 'weeklyPayroll.columns.days_worked',
  daily_rate: 'weeklyPayroll.columns.daily_rate',
  incentive: 'weeklyPayroll.columns.incentive',
  bruto: 'weeklyPayroll.columns.bruto',
  pph21: 'weeklyPayroll.columns.pph21',
  thp: 'weeklyPayroll.columns.thp',
} as const satisfies Record<(typeof weeklyFigures)[number], string>;

/**
 * The THR run's figures (decision 0214): what its payslip carries (server/payroll/run.ts `thrPayslip`: one `thr` line
 * whose explain holds the months of service and the wage). No PPh 21 and no take-home pay: the THR is taxed and paid
 * in the month's monthly run (decision 0046), where its tax is part of the month's; here they would be 0 and the THR.
 */
const thrFigures = ['thr_months', 'thr_share', 'thr_wage', 'thr'] as const;

/** What a THR payslip's `thr` line explains (server/payroll/run.ts `thrPayslip`). */
interface ThrExplain {
  holiday_date?: string;
  wage?: number;
  service?: { numerator: number; denominator: number };
}

/** A THR run's payslip as a sheet row: its months of service, the share of the wage owed, the wage and the THR. */
export function thrRow(payslip: Payslip, previousThp: number | undefined): RunRow {
  const row = toRow(payslip, previousThp);
  const line = (payslip.lines as unknown as PayslipLine[]).find((l) => l.code === 'thr');
  const explain = (line?.explain ?? {}) as ThrExplain;
  const months = explain.service ? explain.service.numerator / explain.service.denominator : 0;
  const full = explain.holiday_date ? thrRatesOn(explain.holiday_date).fullMonths : 12;
  return {
    ...row,
    ...Object.fromEntries(numberColumns.filter((column) => column !== 'thr').map((column) => [column, 0])),
    bruto: payslip.bruto,
    pph21: payslip.pph21,
    thp: payslip.thp,
    thr_months: Math.round(months * 100) / 100,
    thr_share: Math.min(months, full) / full,
    thr_wage: explain.wage ?? 0,
  } as RunRow;
}

const thrLabels = {
  thr_months: 'payrollRun.thrColumns.months',
  thr_share: 'payrollRun.thrColumns.share',
  thr_wage: 'payrollRun.thrColumns.wage',
  thr: 'payrollRun.thrColumns.thr',
} as const satisfies Record<(typeof thrFigures)[number], string>;

export interface SheetKind {
  /** The grid's figure columns, in order, and the label key of those whose label is the kind's own. */
  figures: readonly SheetFigure[];
  labels: Partial<Record<SheetFigure, ParseKeys>>;
  /** The figures the totals row adds up (a rate, a count of months or a share is no amount: its cell stays empty). */
  summed: readonly SheetFigure[];
  /** A line under the toolbar (its `{{month}}` the run's month): the THR's tax and transfer are the monthly run's. */
  note: ParseKeys | null;
  /** Whether the department and location columns show. */
  organisation: boolean;
  /** The inputs edited in the grid (the server's `runKinds[type].edit.fields`; none for THR). */
  editFields: readonly EditField[];
  /** A payslip as a row; `previousThp` marks it changed against the previous month. */
  row(payslip: Payslip, previousThp: number | undefined): RunRow;
  /** The row recomputed here with `edits` (the server's calculator, in the browser); throws where the engine refuses. */
  calculate(
    payslip: Payslip,
    edits: Record<string, number>,
    settings: CompanyPayrollSettings,
    previous?: number,
  ): RunRow;
  /** The create form: a month (monthly and THR, with the pre-run check) or a date range (decision 0211). */
  create: 'month' | 'range';
  /** The previous month's run compared, the out-of-date check (decision 0175), the explain panel. */
  compare: boolean;
  outOfDate: boolean;
  explain: boolean;
  /** Enter on a name (Ctrl+Shift+O) opens the employee's payroll of the month (payroll-employees: monthly pay). */
  employeePayroll: boolean;
  /** The exports of a completed run beside the template and import of a pending one. */
  exports: { bankFile: boolean; bp21: boolean; template: boolean };
  /** The totals the completion's confirmation states (all three are checked by the server either way, decision 0175). */
  confirmTotals: readonly { total: Exclude<keyof ExpectedTotals, 'employee_count'>; label: ParseKeys }[];
  /** The completion: its button and confirmation words, and what it says when done (an approval number or not). */
  complete: { button: ParseKeys; confirm: (title: string) => [ParseKeys, Record<string, string>] };
  completed: (done: Summary) => [ParseKeys, Record<string, string>];
  /** What a created run says (null: nothing, the sheet opening says enough). */
  created: 'weeklyPayroll.created' | null;
  /** The list's second words of a run: its type, or its date range. */
  period: 'type' | 'range';
}

const monthly: Omit<SheetKind, 'editFields' | 'exports'> = {
  figures: numberColumns,
  labels: {},
  summed: numberColumns,
  note: null,
  organisation: true,
  row: toRow,
  calculate: (payslip, edits, settings, previous) =>
    toRow(recalculate(payslip, edits as PayslipEdits, settings), previous),
  create: 'month',
  compare: true,
  outOfDate: true,
  explain: true,
  employeePayroll: true,
  complete: { button: 'payrollRun.save', confirm: () => ['confirm.savePayroll', {}] },
  confirmTotals: [
    { total: 'total_bruto', label: 'payrollRun.columns.bruto' },
    { total: 'total_pph21', label: 'payrollRun.columns.pph21' },
    { total: 'total_thp', label: 'payrollRun.columns.thp' },
  ],
  created: null,
  completed: () => ['payrollRun.saved', {}],
  period: 'type',
};

export const sheetKinds = {
  payroll_run: {
    ...monthly,
    editFields: payslipEditFields,
    exports: { bankFile: true, bp21: false, template: false },
  },
  thr: {
    ...monthly,
    figures: thrFigures,
    labels: thrLabels,
    summed: ['thr_wage', 'thr'],
    row: thrRow,
    calculate: (payslip, _edits, _settings, previous) => thrRow(payslip, previous),
    // Taxed and transferred with the month's monthly run (decisions 0046, 0213): no PPh 21 column, no bank file.
    note: 'payrollRun.thrNote',
    // The THR is the engine's figure for the holiday (server/payroll/README.md): nothing to edit, no out-of-date.
    editFields: [],
    outOfDate: false,
    // A holiday a year: no previous month's THR to compare with; its figures are their own explanation.
    compare: false,
    explain: false,
    exports: { bankFile: false, bp21: false, template: false },
    // Its take-home pay is the THR; its bruto the same and its PPh 21 always 0 (decision 0214).
    confirmTotals: [{ total: 'total_thp', label: 'payrollRun.thrColumns.thr' }],
  },
  weekly: {
    figures: weeklyFigures,
    labels: weeklyLabels,
    // A daily rate is no amount to add up.
    summed: weeklyFigures.filter((figure) => figure !== 'daily_rate'),
    note: null,
    organisation: false,
    editFields: weeklyEditFields,
    row: (payslip) => weeklyRow(payslip),
    calculate: (payslip, edits) => weeklyRow(payslip, edits as WeeklyEdits),
    create: 'range',
    compare: false,
    outOfDate: false,
    explain: false,
    employeePayroll: false,
    exports: { bankFile: true, bp21: true, template: true },
    confirmTotals: monthly.confirmTotals,
    complete: {
      button: 'weeklyPayroll.complete',
      confirm: (title) => ['weeklyPayroll.confirmComplete', { title }],
    },
    // With a daily_payroll approval flow the payroll waits for the approval (decision 0072).
    completed: (done) =>
      done.approval_number
        ? ['weeklyPayroll.sentForApproval', { number: done.approval_number }]
        : ['weeklyPayroll.completed', {}],
    created: 'weeklyPayroll.created',
    period: 'range',
  },
} as const satisfies Record<RunType, SheetKind>;

export const sheetKind = (type: RunType): SheetKind => sheetKinds[type];

/** The two menu entries that open the sheet, each with its kinds and its own words (decision 0211). */
export interface SheetScreen {
  menu: 'payroll-run' | 'weekly-payroll';
  types: readonly RunType[];
  labels: { list: ParseKeys; picker: ParseKeys; newRun: ParseKeys; empty: ParseKeys; focusGrid: ParseKeys };
}

export const sheetScreens = {
  'payroll-run': {
    menu: 'payroll-run',
    types: ['payroll_run', 'thr'],
    labels: {
      list: 'payrollRun.runs',
      picker: 'payrollRun.picker',
      newRun: 'payrollRun.newRun',
      empty: 'payrollRun.empty',
      focusGrid: 'payrollRun.focusGrid',
    },
  },
  'weekly-payroll': {
    menu: 'weekly-payroll',
    types: ['weekly'],
    labels: {
      list: 'weeklyPayroll.list',
      picker: 'weeklyPayroll.list',
      newRun: 'weeklyPayroll.new',
      empty: 'weeklyPayroll.empty',
      focusGrid: 'weeklyPayroll.focusGrid',
    },
  },
} as const satisfies Record<SheetScreen['menu'], SheetScreen>;
