import { describe, expect, it } from 'vitest';
import { runKinds, runTypes } from '../../../../server/payroll/run.ts';
import type { Payslip, Summary } from '../../../../src/screens/payroll/api.ts';
import { totalsRow } from '../../../../src/screens/payroll/columns.ts';
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
    const total = totalsRow(
      [row, edited],
      'Total',
      weekly.figures.filter((f) => f !== 'daily_rate'),
    );
    expect(total).toMatchObject({ days_worked: 7, daily_rate: 0, bruto: 1_150_000 });
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
