import { describe, expect, it } from 'vitest';
import { runKinds, runTypes } from '../../../../server/payroll/run.ts';
import type { Payslip, Summary } from '../../../../src/screens/payroll/api.ts';
import { formatFigure, numberColumns, totalsRow } from '../../../../src/screens/payroll/columns.ts';
import { sheetKind, sheetKinds, sheetScreens } from '../../../../src/screens/payroll/runKinds.ts';
import { planRunPaste } from '../../../../src/screens/payroll/runPaste.ts';

const weeklyPayslip = (edits: Record<string, number> = {}) =>
  ({
    _id: 'p1',
    employee: {
      _id: 'e1',
      employee_id: 'DW-1',
      fullname: 'Ani',
      department: null,
      department_name: null,
      location: null,
      location_name: null,
    },
    input: {
      date: '2026-11-22',
      days_worked: 5,
      components: [{ code: 'daily_wage', name: 'Upah', amount: 150_000 }],
      incentive: 0,
      tax_id_valid: true,
      month_to_date: { bruto: 0, days: 0, pph21: 0 },
    },
    edits,
    lines: [],
    bruto: 0,
    pph21: 0,
    thp: 0,
    bpjs_employee: 0,
    bpjs_company: 0,
  }) as unknown as Payslip;

const weekly = sheetKind('weekly');

/** A THR run's payslip as server/payroll/run.ts `thrPayslip` stores it: one `thr` line explaining service and wage. */
const thrPayslip = (amount: number, months: number, wage: number, days = 0) =>
  ({
    _id: `t${months}`,
    employee: {
      _id: `e${months}`,
      employee_id: `E-${months}`,
      fullname: 'Budi',
      department: 'd1',
      department_name: 'Finance',
      location: null,
      location_name: null,
    },
    input: { period: { year: 2027, month: 3 }, employee: { ptkp_status: null }, salary: { basic_salary: 1 }, thr: 1 },
    edits: {},
    lines: [
      {
        code: 'thr',
        kind: 'earning',
        amount,
        in_bruto: true,
        explain: {
          holiday_date: '2027-03-10',
          wage,
          reason: months >= 12 ? 'full' : 'prorated',
          service: days
            ? { months, days, numerator: months * 31 + days, denominator: 31 }
            : { months, days: 0, numerator: months, denominator: 1 },
          partial_month: days ? 'day_fraction' : 'whole_months',
        },
      },
    ],
    bruto: amount,
    pph21: 0,
    thp: amount,
    bpjs_employee: 0,
    bpjs_company: 0,
  }) as unknown as Payslip;

const thr = sheetKind('thr');

describe('the run sheet kinds (decision 0211)', () => {
  it('has one entry per server run kind, editing exactly the inputs the server edits', () => {
    expect(Object.keys(sheetKinds).sort()).toEqual([...runTypes].sort());
    for (const type of runTypes) {
      expect([...sheetKinds[type].editFields]).toEqual([...(runKinds[type].edit?.fields ?? [])]);
      expect(sheetKinds[type].exports.bankFile).toBe(
        (runKinds[type].exports as readonly string[]).includes('bank_transfers'),
      );
      expect(sheetKinds[type].exports.bp21).toBe(
        (runKinds[type].exports as readonly string[]).includes('coretax_bp21'),
      );
      expect(sheetKinds[type].exports.template).toBe(runKinds[type].import?.menu === 'weekly-payroll');
      expect(sheetKinds[type].outOfDate).toBe(runKinds[type].outOfDate);
    }
  });

  it('opens each kind from its own menu entry', () => {
    for (const screen of Object.values(sheetScreens)) {
      for (const type of screen.types) expect(runKinds[type].menu).toBe(screen.menu);
    }
    expect(
      Object.values(sheetScreens)
        .flatMap((screen) => screen.types)
        .sort(),
    ).toEqual([...runTypes].sort());
  });

  it('computes a daily payroll row with its edits, and totals it without adding up the rate', () => {
    const row = weekly.row(weeklyPayslip(), undefined);
    expect(row).toMatchObject({ days_worked: 5, daily_rate: 150_000, bruto: 750_000 });
    const edited = weekly.calculate(weeklyPayslip(), { days_worked: 2, incentive: 100_000 }, {});
    expect(edited).toMatchObject({ days_worked: 2, incentive: 100_000, bruto: 400_000 });
    const total = totalsRow([row, edited], 'Total', weekly.summed);
    expect(total).toMatchObject({ days_worked: 7, daily_rate: 0, bruto: 1_150_000 });
  });

  it("shows a THR run's own figures: months of service, the share of the wage, the wage and the THR, totalled", () => {
    expect([...thr.figures]).toEqual(['thr_months', 'thr_share', 'thr_wage', 'thr']);
    // None of the monthly run's figures (all 0 in a THR run), and each THR figure under its own label.
    for (const column of [
      'basic_salary',
      'fixed_allowances',
      'overtime',
      'bpjs_employee',
      'loan_installment',
    ] as const) {
      expect(thr.figures).not.toContain(column);
    }
    for (const figure of thr.figures) expect(thr.labels[figure]).toMatch(/^payrollRun\.thrColumns\./);
    const full = thr.row(thrPayslip(6_000_000, 26, 6_000_000), undefined);
    expect(full).toMatchObject({ thr_months: 26, thr_share: 1, thr_wage: 6_000_000, thr: 6_000_000 });
    const prorated = thr.row(thrPayslip(2_625_000, 7, 4_500_000), undefined);
    expect(prorated).toMatchObject({ thr_months: 7, thr_wage: 4_500_000, thr: 2_625_000, thp: 2_625_000 });
    expect(prorated.thr_share).toBeCloseTo(7 / 12);
    expect(formatFigure('thr_share', prorated.thr_share)).toBe('58,33%');
    expect(formatFigure('thr_months', thr.row(thrPayslip(1, 7, 1, 16), undefined).thr_months)).toBe('7,52');
    // Not a single monthly column left over with a stray figure.
    for (const column of numberColumns.filter((c) => c !== 'thr' && c !== 'bruto' && c !== 'thp')) {
      expect(prorated[column]).toBe(0);
    }
    const total = totalsRow([full, prorated], 'Total', thr.summed);
    // The amounts add up; months of service and a share are no amounts (their total cells stay empty).
    expect(total).toMatchObject({ thr_wage: 10_500_000, thr: 8_625_000, thr_months: 0, thr_share: 0 });
    expect([...thr.summed]).toEqual(['thr_wage', 'thr']);
    // Its tax and transfer are the monthly run's (decisions 0046, 0213): said under the toolbar, no bank file here.
    expect(thr.note).toBe('payrollRun.thrNote');
    expect(thr.exports.bankFile).toBe(false);
    expect(thr.compare).toBe(false);
    expect(thr.confirmTotals.map((shown) => shown.total)).toEqual(['total_thp']);
    expect(thr.calculate(thrPayslip(2_625_000, 7, 4_500_000), {}, {})).toMatchObject({ thr: 2_625_000, thr_months: 7 });
  });

  it("pastes a daily payroll's inputs: days bounded by the range's 31, money to the rupiah", () => {
    const rows = [weekly.row(weeklyPayslip(), undefined)];
    const { plan, values } = planRunPaste({
      text: '3\t200000\t50000\n',
      rows,
      columns: ['fullname', 'employee_id', ...weekly.figures],
      start: { rowIndex: 0, columnIndex: 2 },
      editable: true,
      fields: weekly.editFields,
    });
    expect(values.get('p1')).toEqual({ days_worked: 3, daily_rate: 200_000, incentive: 50_000 });
    const over = planRunPaste({
      text: '40',
      rows,
      columns: ['fullname', 'employee_id', ...weekly.figures],
      start: { rowIndex: 0, columnIndex: 2 },
      editable: true,
      fields: weekly.editFields,
    });
    expect(over.plan.counts.invalid).toBe(1);
    expect(plan.counts.invalid).toBe(0);
  });

  it('says a daily payroll went for approval, else that it is completed', () => {
    expect(weekly.completed({ approval_number: 'APV-1' } as Summary)).toEqual([
      'weeklyPayroll.sentForApproval',
      { number: 'APV-1' },
    ]);
    expect(weekly.completed({} as Summary)[0]).toBe('weeklyPayroll.completed');
    expect(sheetKind('payroll_run').completed({} as Summary)[0]).toBe('payrollRun.saved');
  });
});
