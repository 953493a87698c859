/** Issue 27 section 4: the audit's corrections, each with its figure. */
import { describe, expect, it } from 'vitest';
import { overtimePay } from '../../../common/payroll/overtime.ts';
import { computePayslip } from '../../../common/payroll/payslip.ts';
import { carriedRates, ptkpStatusOfYear, taxResidenceOfYear } from '../../../common/payroll/tax-year.ts';
import type { PayslipInput } from '../../../common/payroll/types.ts';

const amountOf = (result: { lines: { code: string; amount: number }[] }, code: string) =>
  result.lines.filter((l) => l.code === code).reduce((sum, l) => sum + l.amount, 0);

describe('overtime past the daily limit is paid, and warned of', () => {
  it('5 h on a working day at 30,000/h pays (1.5 + 4 × 2) × 30,000 = 285,000', () => {
    const result = overtimePay({
      entries: [{ date: '2026-10-05', hours: 5, day_type: 'working_day' }],
      rule: { method: 'government_rule' },
      fixedWage: 5_190_000,
      totalWage: 5_190_000,
      employmentKind: 'permanent',
      workDays: 5,
      date: '2026-10-01',
    });
    expect(result.amount).toBe(285_000);
    expect(result.paidHours).toBe(5);
    expect(result.overLimit).toEqual([{ date: '2026-10-05', hours: 5, limit: 4 }]);
  });

  it('4 h is within the limit: 225,000, no warning', () => {
    const result = overtimePay({
      entries: [{ date: '2026-10-05', hours: 4, day_type: 'working_day' }],
      rule: { method: 'government_rule' },
      fixedWage: 5_190_000,
      totalWage: 5_190_000,
      employmentKind: 'permanent',
      workDays: 5,
      date: '2026-10-01',
    });
    expect(result.amount).toBe(225_000);
    expect(result.overLimit).toEqual([]);
  });

  it('the hourly rule pays every hour past its maximum and flags the day', () => {
    const result = overtimePay({
      entries: [{ date: '2026-10-05', hours: 5, day_type: 'working_day' }],
      rule: { method: 'hourly', hourly_overtime: 20_000, maximum_hour: 3 },
      fixedWage: 0,
      totalWage: 0,
      employmentKind: 'permanent',
      workDays: 5,
      date: '2026-10-01',
    });
    expect(result.amount).toBe(100_000);
    expect(result.overLimit).toHaveLength(1);
  });
});

describe("a daily worker's overtime base", () => {
  it('200,000 a day, 6-day week, 500,000 monthly transport: 5,500,000 / 173 an hour', () => {
    const input: PayslipInput = {
      period: { year: 2026, month: 10 },
      employee: { ptkp_status: 'tk/0', employment_kind: 'daily', work_days: 6 },
      salary: { basic_salary: 200_000, transport_allowance: 500_000 },
      attendance: { present_days: 20 },
      overtime: [{ date: '2026-10-05', hours: 1, day_type: 'working_day' }],
    };
    const result = computePayslip(input, { rules: { overtime: { method: 'government_rule' } } });
    const overtime = result.lines.find((l) => l.code === 'overtime');
    expect(overtime?.explain.monthly_wage).toBe(5_500_000);
    // 1.5 × 5,500,000 / 173 = 47,687.86 → 47,688.
    expect(overtime?.amount).toBe(47_688);
  });
});

describe('the PTKP status of 1 January', () => {
  it('a marriage in June changes nothing until next January', () => {
    const history = [
      { status: 'tk/0' as const, from: null },
      { status: 'k/0' as const, from: '2026-06-14' },
    ];
    expect(ptkpStatusOfYear(history, 2026, 'k/0')).toBe('tk/0');
    expect(ptkpStatusOfYear(history, 2027, 'k/0')).toBe('k/0');
  });

  it('a status from 1 January counts that year', () => {
    expect(ptkpStatusOfYear([{ status: 'k/1', from: '2026-01-01' }], 2026, 'k/1')).toBe('k/1');
  });

  it('drives the TER category all year: TK/0 married with a child in June (K/1, category B) stays A', () => {
    const status = ptkpStatusOfYear(
      [
        { status: 'tk/0', from: null },
        { status: 'k/1', from: '2026-06-14' },
      ],
      2026,
      'k/1',
    );
    const result = computePayslip(
      { period: { year: 2026, month: 8 }, employee: { ptkp_status: status }, salary: { basic_salary: 10_000_000 } },
      {},
    );
    // TK/0 is category A: 10,000,000 → 2 % = 200,000.
    expect(status).toBe('tk/0');
    expect(result.tax.category).toBe('A');
    expect(result.pph21).toBe(200_000);
  });
});

describe('expatriates annualised in the runs', () => {
  it('residence starting or ending during the year', () => {
    expect(taxResidenceOfYear(2026, '2026-04-01', null)).toBe('arriving');
    expect(taxResidenceOfYear(2026, null, '2026-09-30')).toBe('leaving');
    expect(taxResidenceOfYear(2026, '2025-04-01', null)).toBe('resident');
    expect(taxResidenceOfYear(2026, null, null)).toBe('resident');
  });

  it('an arriving expatriate settles December annualised: neto × 12 / n, tax × n / 12', () => {
    const input: PayslipInput = {
      period: { year: 2026, month: 12 },
      employee: {
        ptkp_status: 'tk/0',
        join_date: '2026-07-01',
        tax_residence: taxResidenceOfYear(2026, '2026-07-01', null),
      },
      salary: { basic_salary: 30_000_000 },
      last_period: true,
      ytd: { months: 5, bruto: 150_000_000, pension: 0, zakat: 0, pph_withheld: 0 },
    };
    const result = computePayslip(input, {});
    expect(result.settlement?.annualised).toBe(true);
    // bruto 180,000,000; biaya jabatan min(9,000,000, 6 × 500,000) = 3,000,000; neto 177,000,000;
    // annualised 354,000,000; PKP 300,000,000; Pasal 17: 3,000,000 + 28,500,000 + 12,500,000 = 44,000,000;
    // × 6/12 = 22,000,000.
    expect(result.settlement?.neto).toBe(354_000_000);
    expect(result.settlement?.tax_year).toBe(22_000_000);
  });
});

describe('a period with no row in a rate table', () => {
  it('March 2027 carries the JP cap of March 2026 forward, named with its date', () => {
    expect(carriedRates('2027-02-01')).toEqual([]);
    expect(carriedRates('2027-03-01')).toEqual([
      { table: 'jp_wage_cap', date: '2027-03-01', from: '2026-03-01', amount: 11_086_300, expected: '2027-03-01' },
    ]);
  });
});

describe('unpaid leave', () => {
  it("is deducted by the company's absent rule", () => {
    const input: PayslipInput = {
      period: { year: 2026, month: 10 },
      employee: { ptkp_status: 'tk/0' },
      salary: { basic_salary: 4_400_000 },
      unpaid_leave_days: 2,
      attendance: { scheduled_days: 22 },
    };
    const prorate = computePayslip(input, { rules: { absent: { method: 'prorate', pro_rate_day: 22 } } });
    expect(amountOf(prorate, 'unpaid_leave_deduction')).toBe(400_000);
    const nominal = computePayslip(input, { rules: { absent: { method: 'daily', nominal: 150_000 } } });
    expect(amountOf(nominal, 'unpaid_leave_deduction')).toBe(300_000);
    // It reduces bruto like an absence.
    expect(computePayslip(input, {}).bruto - prorate.bruto).toBe(400_000);
  });
});
