/**
 * The run kinds table (server/payroll/run.ts `runKinds`, decision 0210): every kind of `payroll_run_type` has its
 * entry, and the one pipeline dispatches through it (the body's kind plans it, the summary's kind names the menu,
 * edits, import and exports). The behaviour of each kind is tested with the database in run.test.ts, weekly.test.ts
 * and run-screen.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../../../server/db/connect.ts';
import { payrollRunTypeEnum } from '../../../server/db/schema.ts';
import { mergeEdits, totalsOf } from '../../../server/payroll/payslip-store.ts';
import { computeRun, kindOf, menuOfRun, runKinds, runTypes } from '../../../server/payroll/run.ts';

afterEach(() => vi.restoreAllMocks());

/** No kind reaches the database before its plan accepted the body. */
const noDatabase = new Proxy({} as Executor, {
  get: () => {
    throw new Error('the database was used');
  },
});

describe('the run kinds table', () => {
  it('has one entry per run type, the database enum included', () => {
    expect(Object.keys(runKinds).sort()).toEqual([...runTypes].sort());
    expect([...payrollRunTypeEnum.enumValues].sort()).toEqual([...runTypes].sort());
  });

  it('names the menu of each kind (decision 0091)', () => {
    expect(runTypes.map(menuOfRun)).toEqual(['payroll-run', 'payroll-run', 'weekly-payroll']);
  });

  it('says what each kind may be edited, imported and exported as', () => {
    expect(kindOf('thr').edit).toBeNull();
    expect(kindOf('weekly').edit?.fields).toEqual(['days_worked', 'daily_rate', 'incentive']);
    expect(kindOf('payroll_run').edit?.fields).toContain('overtime_hours');
    expect(runTypes.filter((type) => kindOf(type).import)).toEqual(['payroll_run', 'weekly']);
    expect(runTypes.filter((type) => kindOf(type).exports.includes('bank_transfers'))).toEqual([
      'payroll_run',
      'weekly',
    ]);
    expect(runTypes.filter((type) => kindOf(type).job)).toEqual(['payroll_run', 'thr']);
    expect(runTypes.filter((type) => kindOf(type).approval)).toEqual(['weekly']);
  });

  it('plans a body by its kind', async () => {
    const weekly = vi.spyOn(runKinds.weekly, 'plan');
    const monthly = vi.spyOn(runKinds.payroll_run, 'plan');
    await expect(computeRun(noDatabase, 'company', { type: 'weekly' })).rejects.toMatchObject({
      status: 400,
      fields: { period_start: { code: 'required' } },
    });
    expect(weekly).toHaveBeenCalledTimes(1);
    expect(monthly).not.toHaveBeenCalled();
    await expect(computeRun(noDatabase, 'company', { type: 'thr', year: 2026, month: 3 })).rejects.toMatchObject({
      status: 400,
      fields: { holiday_date: { code: 'required' } },
    });
    await expect(computeRun(noDatabase, 'company', { type: 'payroll_run', month: 3 })).rejects.toMatchObject({
      status: 400,
      fields: { year: { code: 'required' } },
    });
    expect(monthly).toHaveBeenCalledTimes(1);
  });

  it('plans the summary fields of each kind', () => {
    expect(kindOf('weekly').plan({ type: 'weekly', period_start: '2024-02-26', period_end: '2024-03-03' })).toEqual({
      type: 'weekly',
      year: 2024,
      month: 3,
      title: 'Daily payroll 26/02–03/03/2024',
      holiday_date: null,
      period_start: '2024-02-26',
      period_end: '2024-03-03',
      acknowledged_warnings: null,
    });
    expect(kindOf('thr').plan({ type: 'thr', year: 2026, month: 3, holiday_date: '2026-03-20' })).toMatchObject({
      title: 'THR 2026-03-20',
      holiday_date: '2026-03-20',
      period_start: null,
    });
  });
});

describe('the shared store', () => {
  it('merges edits: a number sets a field, null goes back to the loaded value', () => {
    expect(mergeEdits({ incentive: 5, days_worked: 3 }, { incentive: null, daily_rate: 100 })).toEqual({
      days_worked: 3,
      daily_rate: 100,
    });
  });

  it('totals the rows of any kind', () => {
    const row = { lines: [], pph21_dtp: 0, regular_bruto: 0, bpjs: {} };
    expect(
      totalsOf([
        { ...row, bruto: 100, pph21: 5, thp: 95, bpjs_employee: 0, bpjs_company: 0 },
        { ...row, bruto: 200, pph21: 10, thp: 180, bpjs_employee: 10, bpjs_company: 20 },
      ]),
    ).toEqual({
      employee_count: 2,
      total_bruto: 300,
      total_pph21: 15,
      total_thp: 275,
      total_bpjs_employee: 10,
      total_bpjs_company: 20,
    });
  });
});
