import { describe, expect, it } from 'vitest';
import { computeThr } from '../../../common/payroll/thr.ts';

const holiday = '2026-03-20';

describe('computeThr', () => {
  it('a full month from 12 months of service', () => {
    expect(
      computeThr({ joinDate: '2025-03-20', holidayDate: holiday, wage: 6_000_000, partialMonth: 'whole_months' }),
    ).toMatchObject({
      eligible: true,
      amount: 6_000_000,
      reason: 'full',
    });
  });

  it('months / 12 before: whole months, or the day fraction', () => {
    const input = { joinDate: '2025-09-15', holidayDate: holiday, wage: 6_000_000 };
    expect(computeThr({ ...input, partialMonth: 'whole_months' })).toMatchObject({
      amount: 3_000_000,
      reason: 'prorated',
    });
    // 6 months 5 days; the fraction by the days of the holiday's month (31): 6,000,000 × (6 + 5/31) / 12.
    expect(computeThr({ ...input, partialMonth: 'day_fraction' })).toMatchObject({ amount: 3_080_645 });
  });

  it('nothing under one month of service, or not yet joined', () => {
    expect(
      computeThr({ joinDate: '2026-03-01', holidayDate: holiday, wage: 6_000_000, partialMonth: 'day_fraction' }),
    ).toMatchObject({
      eligible: false,
      amount: 0,
      reason: 'under_minimum',
    });
    expect(
      computeThr({ joinDate: '2026-04-01', holidayDate: holiday, wage: 1, partialMonth: 'whole_months' }).reason,
    ).toBe('not_joined');
  });

  it('a leaver before the holiday gets nothing, unless a permanent employee dismissed within 30 days', () => {
    const input = {
      joinDate: '2020-01-01',
      holidayDate: holiday,
      wage: 6_000_000,
      partialMonth: 'whole_months' as const,
    };
    expect(computeThr({ ...input, exitDate: '2026-03-01' })).toMatchObject({
      eligible: false,
      reason: 'left_before_holiday',
    });
    expect(computeThr({ ...input, exitDate: '2026-03-01', dismissedPermanent: true })).toMatchObject({
      eligible: true,
      amount: 6_000_000,
    });
    expect(computeThr({ ...input, exitDate: '2026-02-01', dismissedPermanent: true }).eligible).toBe(false);
  });
});
