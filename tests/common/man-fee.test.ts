import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeManFee, type ManFeeRule, ruleForMonth } from '../../common/man-fee.ts';

describe('man-fee (decision 0073)', () => {
  it('percentage of total bruto, rounded half up to the rupiah once', () => {
    const rule: ManFeeRule = { effective_date: '2026-01-01', method: 'percentage', percentage: 2.5 };
    // 123,456,789 × 2.5 % = 3,086,419.725 → 3,086,420.
    expect(computeManFee(rule, { bruto: 123_456_789, employees: 40 })).toEqual({
      rule_id: null,
      method: 'percentage',
      effective_date: '2026-01-01',
      percentage: 2.5,
      amount_per_employee: null,
      base_bruto: 123_456_789,
      employee_count: 40,
      fee: 3_086_420,
    });
    // An exact half rounds up: 10 × 5 % = 0.5 → 1.
    expect(computeManFee({ ...rule, percentage: 5 }, { bruto: 10, employees: 1 }).fee).toBe(1);
    expect(computeManFee({ ...rule, percentage: 0 }, { bruto: 10_000_000, employees: 1 }).fee).toBe(0);
  });

  it('exact for a large company (bruto × rate beyond 2^53)', () => {
    const rule: ManFeeRule = { effective_date: '2026-01-01', method: 'percentage', percentage: 3.33 };
    const bruto = 4_503_599_627_370_49; // ~4.5e15: × 333 passes 2^53
    const expected = (BigInt(bruto) * 333n * 2n + 10_000n) / 20_000n;
    expect(computeManFee(rule, { bruto, employees: 10_000 }).fee).toBe(Number(expected));
  });

  it('per employee: the amount times the run’s payslips', () => {
    const rule: ManFeeRule = { effective_date: '2026-01-01', method: 'per_employee', amount_per_employee: 25_000 };
    const fee = computeManFee({ ...rule, id: 'r1' }, { bruto: 99_000_000, employees: 37 });
    expect(fee).toMatchObject({ rule_id: 'r1', amount_per_employee: 25_000, percentage: null, fee: 925_000 });
  });

  it('refuses a percentage with more than two decimals or a fractional amount', () => {
    expect(() =>
      computeManFee(
        { effective_date: '2026-01-01', method: 'percentage', percentage: 1.234 },
        { bruto: 1, employees: 1 },
      ),
    ).toThrow(RangeError);
    expect(() =>
      computeManFee(
        { effective_date: '2026-01-01', method: 'per_employee', amount_per_employee: 1.5 },
        { bruto: 1, employees: 1 },
      ),
    ).toThrow(RangeError);
  });

  it('effective dates: the latest rule on or before the month’s last day', () => {
    const rules: ManFeeRule[] = [
      { effective_date: '2026-01-01', method: 'percentage', percentage: 2 },
      { effective_date: '2026-04-15', method: 'per_employee', amount_per_employee: 30_000 },
      { effective_date: '2026-07-01', method: 'percentage', percentage: 1.5 },
    ];
    expect(ruleForMonth(rules, 2025, 12)).toBeNull();
    expect(ruleForMonth(rules, 2026, 1)?.percentage).toBe(2);
    expect(ruleForMonth(rules, 2026, 3)?.percentage).toBe(2);
    // A rule starting mid-month applies to that month's run.
    expect(ruleForMonth(rules, 2026, 4)?.method).toBe('per_employee');
    expect(ruleForMonth(rules, 2026, 6)?.method).toBe('per_employee');
    expect(ruleForMonth(rules, 2026, 7)?.percentage).toBe(1.5);
    expect(ruleForMonth(rules, 2027, 2)?.percentage).toBe(1.5);
    // Order of the list does not matter; February's last day is the 28th in 2026.
    expect(ruleForMonth([...rules].reverse(), 2026, 5)?.method).toBe('per_employee');
    expect(
      ruleForMonth([{ effective_date: '2026-02-28', method: 'percentage', percentage: 1 }], 2026, 2),
    ).not.toBeNull();
    expect(ruleForMonth([{ effective_date: '2026-03-01', method: 'percentage', percentage: 1 }], 2026, 2)).toBeNull();
  });

  it('property: the percentage fee is within half a rupiah of the exact product', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (bruto, h) => {
        const fee = computeManFee(
          { effective_date: '2026-01-01', method: 'percentage', percentage: h / 100 },
          { bruto, employees: 1 },
        ).fee;
        const exact = (bruto * h) / 10_000;
        return Math.abs(fee - exact) <= 0.5 + 1e-6 * Math.max(1, exact);
      }),
    );
  });
});
