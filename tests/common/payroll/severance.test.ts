import { describe, expect, it } from 'vitest';
import { computePayslip } from '../../../common/payroll/payslip.ts';
import { computeExitPay, fullMonths, pkwtCompensation, severanceTax } from '../../../common/payroll/severance.ts';
import type { LineCode, PayslipInput, PayslipResult } from '../../../common/payroll/types.ts';

const amountOf = (result: { lines: { code: string; amount: number }[] }, code: string) =>
  result.lines.filter((l) => l.code === code).reduce((sum, l) => sum + l.amount, 0);

const base = {
  joinDate: '2016-03-01',
  exitDate: '2026-10-31',
  wage: 10_000_000,
  workDays: 5 as const,
  leaveDays: 0,
  separationHundredths: 100,
  homeReturn: 0,
  pkwtEligible: true,
  pkwt: false,
};

describe('computeExitPay (PP 35/2021)', () => {
  it('counts full years of service', () => {
    expect(fullMonths('2016-03-01', '2026-10-31')).toBe(127);
    expect(fullMonths('2016-03-15', '2017-03-14')).toBe(11);
    expect(fullMonths('2016-03-15', '2017-03-15')).toBe(12);
  });

  it('efficiency to prevent losses (art. 43(2)): 1 × pesangon, 1 × UPMK', () => {
    // 10 years of service: pesangon 9 months, UPMK 4 months.
    const pay = computeExitPay({ ...base, cause: 'efficiency' });
    expect(pay.serviceYears).toBe(10);
    expect(amountOf(pay, 'pesangon')).toBe(90_000_000);
    expect(amountOf(pay, 'upmk')).toBe(40_000_000);
    expect(amountOf(pay, 'separation_pay')).toBe(0);
    expect(pay.reason).toBe('phk');
  });

  it('efficiency because of losses (art. 43(1)): 0.5 × pesangon', () => {
    expect(amountOf(computeExitPay({ ...base, cause: 'efficiency_losses' }), 'pesangon')).toBe(45_000_000);
  });

  it('retirement 1.75 ×, death and long illness 2 ×', () => {
    expect(amountOf(computeExitPay({ ...base, cause: 'retirement' }), 'pesangon')).toBe(157_500_000);
    expect(amountOf(computeExitPay({ ...base, cause: 'death' }), 'pesangon')).toBe(180_000_000);
    expect(amountOf(computeExitPay({ ...base, cause: 'long_illness' }), 'pesangon')).toBe(180_000_000);
  });

  it('a resignation earns UPH and the separation pay, no pesangon or UPMK', () => {
    const pay = computeExitPay({ ...base, cause: 'resign', leaveDays: 6, homeReturn: 750_000 });
    expect(amountOf(pay, 'pesangon')).toBe(0);
    expect(amountOf(pay, 'upmk')).toBe(0);
    // 6 days × 10,000,000 / 21 = 2,857,142.86 → 2,857,143.
    expect(amountOf(pay, 'uph_leave')).toBe(2_857_143);
    expect(amountOf(pay, 'uph_rights')).toBe(750_000);
    expect(amountOf(pay, 'separation_pay')).toBe(10_000_000);
    expect(pay.reason).toBe('resign');
  });

  it('serious misconduct (art. 52(2)): UPH and separation pay only', () => {
    const pay = computeExitPay({ ...base, cause: 'serious_misconduct', leaveDays: 2.5, workDays: 6 });
    expect(amountOf(pay, 'pesangon')).toBe(0);
    expect(amountOf(pay, 'uph_leave')).toBe(1_000_000); // 2.5 × 10,000,000 / 25
  });

  it('under one year: one month of pesangon, no UPMK', () => {
    const pay = computeExitPay({ ...base, joinDate: '2026-03-01', cause: 'efficiency' });
    expect(amountOf(pay, 'pesangon')).toBe(10_000_000);
    expect(amountOf(pay, 'upmk')).toBe(0);
  });

  it('24 years or more: 10 months of UPMK', () => {
    const pay = computeExitPay({ ...base, joinDate: '2000-01-01', cause: 'closure' });
    expect(amountOf(pay, 'upmk')).toBe(100_000_000);
  });

  it('PKWT compensation at a contract end (art. 15–17): months / 12 × wage, not for foreign workers', () => {
    const contract = { ...base, joinDate: '2026-02-01', exitDate: '2026-10-31', wage: 6_000_000, pkwt: true };
    // 8 full months (1 Feb – 31 Oct: the 1st is not reached again until 1 Nov): 8 / 12 × 6,000,000 = 4,000,000.
    expect(amountOf(computeExitPay({ ...contract, cause: 'contract_end' }), 'pkwt_compensation')).toBe(4_000_000);
    expect(
      amountOf(computeExitPay({ ...contract, cause: 'contract_end', pkwtEligible: false }), 'pkwt_compensation'),
    ).toBe(0);
    expect(pkwtCompensation('2025-01-01', '2026-01-01', 6_000_000)).toEqual({ months: 12, amount: 6_000_000 });
    expect(pkwtCompensation('2024-01-01', '2026-01-01', 6_000_000)).toEqual({ months: 24, amount: 12_000_000 });
  });
});

describe('severanceTax (PP 68/2009)', () => {
  it('0 % to 50 million, 5 % to 100, 15 % to 500, 25 % above', () => {
    expect(severanceTax(50_000_000, '2026-10-01').pph).toBe(0);
    expect(severanceTax(100_000_000, '2026-10-01').pph).toBe(2_500_000);
    // 130,000,000: 0 + 2,500,000 + 15 % × 30,000,000 = 7,000,000.
    expect(severanceTax(130_000_000, '2026-10-01').pph).toBe(7_000_000);
    // 600,000,000: 2,500,000 + 60,000,000 + 25,000,000 = 87,500,000.
    expect(severanceTax(600_000_000, '2026-10-01').pph).toBe(87_500_000);
  });

  it('runs on the cumulative amount when paid in instalments', () => {
    // 40 million paid before, 30 million now: 20 million of it falls in the 5 % layer.
    expect(severanceTax(30_000_000, '2026-10-01', true, 40_000_000).pph).toBe(1_000_000);
  });

  it('× 1.2 without a valid tax id', () => {
    expect(severanceTax(100_000_000, '2026-10-01', false).pph).toBe(3_000_000);
  });
});

describe('exit pay in the exit month payslip', () => {
  const input: PayslipInput = {
    period: { year: 2026, month: 10 },
    employee: { ptkp_status: 'k/0', join_date: '2016-03-01', exit_date: '2026-10-31' },
    salary: { basic_salary: 10_000_000 },
    last_period: true,
    ytd: { months: 9, bruto: 90_000_000, pension: 0, zakat: 0, pph_withheld: 1_800_000 },
    exit_pay: [
      { code: 'pesangon', amount: 90_000_000 },
      { code: 'upmk', amount: 40_000_000 },
      { code: 'pkwt_compensation', amount: 0 },
    ],
  };
  const line = (result: PayslipResult, code: LineCode) => amountOf(result, code);

  it('severance is paid outside bruto and bears only the final tax', () => {
    const with_ = computePayslip(input, {});
    const without = computePayslip({ ...input, exit_pay: [] }, {});
    expect(with_.bruto).toBe(without.bruto);
    expect(with_.pph21).toBe(without.pph21);
    expect(line(with_, 'pph21_severance')).toBe(7_000_000);
    expect(with_.thp - without.thp).toBe(130_000_000 - 7_000_000);
  });

  it('PKWT compensation is ordinary income: in bruto, in the settlement', () => {
    const pkwt = computePayslip({ ...input, exit_pay: [{ code: 'pkwt_compensation', amount: 5_000_000 }] }, {});
    const without = computePayslip({ ...input, exit_pay: [] }, {});
    expect(pkwt.bruto - without.bruto).toBe(5_000_000);
    expect(line(pkwt, 'pph21_severance')).toBe(0);
    expect(pkwt.pph21).toBeGreaterThan(without.pph21);
  });
});
