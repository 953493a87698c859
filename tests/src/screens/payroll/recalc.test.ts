import { describe, expect, it } from 'vitest';
import { computePayslip } from '../../../../common/payroll/payslip.ts';
import type { CompanyPayrollSettings, PayslipInput } from '../../../../common/payroll/types.ts';
import type { Payslip } from '../../../../src/screens/payroll/api.ts';
import { toRow } from '../../../../src/screens/payroll/columns.ts';
import { explainCell, whyKeys } from '../../../../src/screens/payroll/explain.ts';
import { mergeEdits, mismatches, recalculate } from '../../../../src/screens/payroll/recalc.ts';

const settings: CompanyPayrollSettings = {
  umk: 5_396_761,
  jkk_percentage: 0.24,
  proration: 'calendar_day',
  rules: { overtime: { method: 'government_rule' } },
};

const input = (over: Partial<PayslipInput> = {}): PayslipInput => ({
  period: { year: 2026, month: 11 },
  employee: { ptkp_status: 'k/1', join_date: '2020-01-06', exit_date: null, work_days: 5 },
  salary: { basic_salary: 15_000_000, transport_allowance: 500_000, meal_allowance: 400_000 },
  items: { allowances: [{ name: 'Housing', amount: 1_000_000 }] },
  bpjs: { tk_registered: true, ks_registered: true, bpjs_type: 1, additional_family_members: 1 },
  ...over,
});

/** A payslip as the server replies it, computed by the same engine. */
function payslipOf(engineInput: PayslipInput): Payslip {
  const result = computePayslip(engineInput, settings);
  const stored = recalculate(
    {
      _id: '00000000-0000-4000-8000-000000000001',
      summary: '00000000-0000-4000-8000-000000000002',
      employee: {
        _id: '00000000-0000-4000-8000-000000000003',
        employee_id: 'E-001',
        fullname: 'Ratna Wulandari',
        department: null,
        department_name: null,
        location: null,
        location_name: null,
        job_title_name: null,
      },
      bruto: 0,
      pph21: 0,
      thp: 0,
      bpjs_employee: 0,
      bpjs_company: 0,
      bpjs: {},
      lines: [],
      input: engineInput as unknown as Record<string, unknown>,
      edits: {},
      version: 1,
    },
    {},
    settings,
  );
  expect(stored.thp).toBe(result.thp);
  return stored;
}

describe('the run grid recalculates an edited row with the engine', () => {
  it('an overtime edit adds overtime pay and moves bruto, PPh 21 and take-home pay as the engine does', () => {
    const payslip = payslipOf(input());
    const edits = mergeEdits(payslip.edits, { overtime_hours: 10 });
    const local = recalculate(payslip, edits, settings);
    const overtime = local.lines.find((line) => line.code === 'overtime');
    // PP 35/2021: 15,900,000 / 173 an hour; 10 h over 3 days (4 + 4 + 2): (1.5 + 3×2) + (1.5 + 3×2) + (1.5 + 2) = 18.5 h.
    expect(overtime?.amount).toBe(Math.round((15_900_000 * 18.5) / 173));
    expect(local.bruto).toBe(payslip.bruto + (overtime?.amount ?? 0));
    expect(local.thp).toBeGreaterThan(payslip.thp);
    expect(local.edits).toEqual({ overtime_hours: 10 });
    const row = toRow(local, undefined);
    expect(row.overtime_hours).toBe(10);
    expect(row.overtime).toBe(overtime?.amount);
    // The server's reply computed from the same input and edits matches: nothing to flag.
    expect(mismatches(local, recalculate(payslip, edits, settings))).toEqual([]);
    expect(mismatches(local, { ...local, thp: local.thp + 1 })).toEqual(['thp']);
  });

  it('null takes an edit back to the loaded value', () => {
    expect(mergeEdits({ bonus: 5, deduction: 3 }, { bonus: null, allowance: 7 })).toEqual({
      deduction: 3,
      allowance: 7,
    });
  });

  it('is well under the 100 ms budget for one row (measured, not assumed)', () => {
    const payslip = payslipOf(input({ last_period: true, employee: { ptkp_status: 'tk/0', pph_method: 'gross_up' } }));
    const runs = 200;
    const started = performance.now();
    for (let i = 0; i < runs; i++) recalculate(payslip, { overtime_hours: i % 40, bonus: i * 1000 }, settings);
    const perRow = (performance.now() - started) / runs;
    console.info(`recalculate one row (December, gross-up): ${perRow.toFixed(3)} ms`);
    expect(perRow).toBeLessThan(20);
  });
});

describe('the explain panel says how a figure was computed', () => {
  it('PPh 21 by TER: the category, the bracket and the rate', () => {
    const row = toRow(payslipOf(input()), undefined);
    const explained = explainCell(row, 'pph21', settings);
    const sentence = explained.lines.find((line) => line.code === 'pph21')?.sentences[0];
    expect(sentence?.key).toBe(whyKeys.ter);
    expect(sentence?.values).toMatchObject({ category: 'B', ptkp: 'K/1' });
  });

  it('BPJS: the JP cap and the Kesehatan ceiling that applied, and each rate of its base', () => {
    const row = toRow(payslipOf(input()), undefined);
    const explained = explainCell(row, 'bpjs_employee', settings);
    expect(explained.intro.map((s) => s.key)).toEqual([
      whyKeys.bpjsTkWage,
      whyKeys.bpjsJpCapped,
      whyKeys.bpjsKsCeiling,
    ]);
    expect(explained.intro[1]?.values).toMatchObject({ cap: 'Rp 11.086.300', date: '2026-11-01' });
    const jht = explained.lines.find((line) => line.code === 'jht_employee');
    expect(jht?.sentences[0]).toEqual({
      key: whyKeys.bpjsRate,
      values: { rate: '2', base: 'Rp 15.900.000', amount: 'Rp 318.000' },
    });
  });

  it('a low wage is raised to the UMK floor', () => {
    const row = toRow(payslipOf(input({ salary: { basic_salary: 4_000_000 }, items: {} })), undefined);
    const ks = explainCell(row, 'bpjs_company', settings).intro.find((s) => s.key.includes('bpjsKs'));
    expect(ks?.key).toBe(whyKeys.bpjsKsFloor);
  });

  it('the last tax period: the Pasal 17 layers and the refund or the tax due', () => {
    const ytd = { months: 10, bruto: 170_000_000, pension: 4_770_000, zakat: 0, pph_withheld: 30_000_000 };
    const row = toRow(payslipOf(input({ period: { year: 2026, month: 12 }, last_period: true, ytd })), undefined);
    const keys = explainCell(row, 'pph21', settings).lines[0]?.sentences.map((s) => s.key) ?? [];
    expect(keys[0]).toBe(whyKeys.settle);
    expect(keys).toContain(whyKeys.settleLayer);
    expect(keys).toContain(whyKeys.settleJobCost);
    expect(keys.at(-1)).toBe(whyKeys.settleRefund);
  });

  it('a joiner: the prorating in days', () => {
    const joiner = input({ employee: { ptkp_status: 'tk/0', join_date: '2026-11-16' } });
    const row = toRow(payslipOf(joiner), undefined);
    const basic = explainCell(row, 'basic_salary', settings).lines[0]?.sentences[0];
    expect(basic).toEqual({
      key: whyKeys.basicProratedCalendar,
      values: {
        monthly: 'Rp 15.000.000',
        days: 15,
        total: 30,
        from: '2026-11-16',
        to: '2026-11-30',
        amount: 'Rp 7.500.000',
      },
    });
  });

  it('overtime: hours × the hourly wage at the legal multipliers', () => {
    const payslip = payslipOf(input());
    const row = toRow(recalculate(payslip, { overtime_hours: 2 }, settings), undefined);
    const keys = explainCell(row, 'overtime_hours', settings).lines[0]?.sentences.map((s) => s.key);
    expect(keys).toEqual([whyKeys.overtimeEdited, whyKeys.overtimeWageFixed, whyKeys.overtimeHours]);
  });

  it('take-home pay lists every line with its sign', () => {
    const row = toRow(payslipOf(input()), undefined);
    const explained = explainCell(row, 'thp', settings);
    expect(explained.intro[0]?.key).toBe(whyKeys.thp);
    expect(explained.lines.find((line) => line.code === 'basic_salary')?.sign).toBe('+');
    expect(explained.lines.find((line) => line.code === 'pph21')?.sign).toBe('−');
  });
});
