import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositDue, flatSchedule, installmentsPaid, loanDue } from '../../common/loans.ts';
import { computePayslip } from '../../common/payroll/payslip.ts';
import type { PayslipInput, PayslipResult } from '../../common/payroll/types.ts';

const line = (result: PayslipResult, code: string) => result.lines.find((l) => l.code === code);

describe('flat loan schedule (decision 0064)', () => {
  it('12 months with flat interest: equal installments, the last takes the rounding, the sum is exact', () => {
    // 10,000,001 at 7.5 % a year for 12 months: interest = 10,000,001 × 7.5 × 12 / 1200 = 750,000.075 → 750,000.
    const schedule = flatSchedule({
      amount: 10_000_001,
      installment: 12,
      interest_rate: 7.5,
      effective_date: '2026-01-15',
    });
    expect(schedule.interest_total).toBe(750_000);
    expect(schedule.total).toBe(10_750_001);
    const [first, ...rest] = schedule.installments;
    expect(first).toEqual({ number: 1, year: 2026, month: 1, principal: 833_333, interest: 62_500, amount: 895_833 });
    const last = rest.at(-1);
    expect(last).toEqual({ number: 12, year: 2026, month: 12, principal: 833_338, interest: 62_500, amount: 895_838 });
    expect(schedule.installments.reduce((sum, i) => sum + i.amount, 0)).toBe(10_750_001);
  });

  it('rounds the interest half up once; a skipped month moves the rest of the schedule', () => {
    // 1,000,000 × 1.5 % × 3 / 12 = 3,750 exactly; 333,333 × 1.25 × 1/1200 = 347.2… → 347.
    expect(
      flatSchedule({ amount: 1_000_000, installment: 3, interest_rate: 1.5, effective_date: '2026-11-01' })
        .interest_total,
    ).toBe(3_750);
    expect(
      flatSchedule({ amount: 333_333, installment: 1, interest_rate: 1.25, effective_date: '2026-01-01' })
        .interest_total,
    ).toBe(347);
    const skipped = flatSchedule({
      amount: 3_000_000,
      installment: 3,
      interest_rate: 0,
      effective_date: '2026-11-01',
      skipped_months: ['2026-12'],
    });
    expect(skipped.installments.map((i) => `${i.year}-${i.month}`)).toEqual(['2026-11', '2027-1', '2027-2']);
  });

  it('dues carry over what a month could not deduct; a leaver owes the whole rest', () => {
    const schedule = flatSchedule({
      amount: 1_200_000,
      installment: 12,
      interest_rate: 0,
      effective_date: '2026-01-01',
    });
    expect(loanDue(schedule, 0, { year: 2026, month: 1 }, false)).toBe(100_000);
    expect(loanDue(schedule, 60_000, { year: 2026, month: 2 }, false)).toBe(140_000);
    expect(loanDue(schedule, 200_000, { year: 2026, month: 2 }, true)).toBe(1_000_000);
    expect(loanDue(schedule, 0, { year: 2025, month: 12 }, false)).toBe(0);
    expect(installmentsPaid(schedule, 250_000)).toBe(2);
    expect(depositDue(100_000, 250_000, 200_000)).toBe(50_000);
    expect(depositDue(100_000, 250_000, 250_000)).toBe(0);
  });

  it('property: installments are whole, add up to the total, 1 to 12 a month apart, the last within n rupiah', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 2020, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        (amount, n, hundredths, year, month) => {
          const schedule = flatSchedule({
            amount,
            installment: n,
            interest_rate: hundredths / 100,
            effective_date: `${year}-${String(month).padStart(2, '0')}-10`,
          });
          const items = schedule.installments;
          expect(items).toHaveLength(n);
          expect(items.reduce((s, i) => s + i.amount, 0)).toBe(schedule.total);
          expect(items.reduce((s, i) => s + i.principal, 0)).toBe(amount);
          expect(schedule.total).toBe(amount + Math.round((amount * hundredths * n) / 120_000));
          for (const [i, item] of items.entries()) {
            expect(Number.isSafeInteger(item.amount) && item.amount >= 0).toBe(true);
            expect(item.year * 12 + item.month).toBe(year * 12 + month + i);
            if (i < n - 1) expect(item.amount).toBe(items[0]?.amount);
          }
          const last = items[n - 1] as (typeof items)[number];
          expect(last.amount - (items[0] as (typeof items)[number]).amount).toBeLessThan(2 * n);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('loan and deposit deductions capped by the take-home pay (decision 0065)', () => {
  const base: PayslipInput = {
    period: { year: 2026, month: 3 },
    employee: { ptkp_status: 'tk/0' },
    salary: { basic_salary: 3_000_000 },
  };

  it('deducts the installment only as far as the take-home pay allows, the rest shown as carried', () => {
    const result = computePayslip(
      {
        ...base,
        items: { deductions: [{ name: 'Cooperative', amount: 500_000 }] },
        loan_installment: 4_000_000,
        deposit: 100_000,
      },
      {},
    );
    expect(line(result, 'deduction')?.amount).toBe(500_000);
    expect(line(result, 'loan_installment')).toMatchObject({
      amount: 2_500_000,
      explain: { due: 4_000_000, carried: 1_500_000 },
    });
    expect(line(result, 'deposit')).toBeUndefined();
    expect(result.thp).toBe(0);
  });

  it('a returned deposit is paid but is not income', () => {
    const result = computePayslip({ ...base, deposit_return: 400_000 }, {});
    expect(line(result, 'deposit_return')).toMatchObject({ kind: 'earning', in_bruto: false, amount: 400_000 });
    expect(result.bruto).toBe(3_000_000);
    expect(result.thp).toBe(3_400_000 - result.pph21);
  });

  it('property: voluntary deductions never push the take-home pay below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (basic, loan, deduction, deposit) => {
          const result = computePayslip(
            {
              ...base,
              salary: { basic_salary: basic },
              items: { deductions: [{ name: 'x', amount: deduction }] },
              loan_installment: loan,
              deposit,
            },
            {},
          );
          expect(result.thp).toBeGreaterThanOrEqual(0);
          const deducted = (line(result, 'loan_installment')?.amount ?? 0) + (line(result, 'deposit')?.amount ?? 0);
          expect(deducted).toBeLessThanOrEqual(loan + deposit);
        },
      ),
      { numRuns: 200 },
    );
  });
});
