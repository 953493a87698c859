import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccrualRule,
  addMonths,
  countLeaveDays,
  datesBetween,
  entitlementFor,
  statutoryAnnualLeave,
} from '../../../server/leave/days.ts';

/** Monday to Friday. */
const weekdays = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
};
const holidays = (dates: string[]) => (date: string) => dates.includes(date);
const none = () => false;

describe('countLeaveDays', () => {
  it('work_day skips the weekend and a holiday', () => {
    // Thu 2026-05-14 (Ascension Day, a public holiday) to Wed 2026-05-20: Fri 15, Mon 18, Tue 19, Wed 20.
    const total = countLeaveDays({
      start: '2026-05-14',
      end: '2026-05-20',
      calculation: 'work_day',
      unit: 'day',
      isWorkingDay: weekdays,
      isHoliday: holidays(['2026-05-14']),
    });
    expect(total).toBe(4);
  });

  it('calendar_day counts every day, weekends and holidays included', () => {
    const total = countLeaveDays({
      start: '2026-05-14',
      end: '2026-05-20',
      calculation: 'calendar_day',
      unit: 'day',
      isWorkingDay: weekdays,
      isHoliday: holidays(['2026-05-14']),
    });
    expect(total).toBe(7);
    // Three months of maternity leave from 1 March: 92 days.
    expect(
      countLeaveDays({
        start: '2026-03-01',
        end: '2026-05-31',
        calculation: 'calendar_day',
        unit: 'day',
        isWorkingDay: weekdays,
        isHoliday: none,
      }),
    ).toBe(92);
  });

  it('half days are 0.5 each; hours count only on a counted day', () => {
    const base = { calculation: 'work_day', isWorkingDay: weekdays, isHoliday: none } as const;
    expect(countLeaveDays({ ...base, start: '2026-06-01', end: '2026-06-01', unit: 'half_day' })).toBe(0.5);
    expect(countLeaveDays({ ...base, start: '2026-06-01', end: '2026-06-05', unit: 'half_day' })).toBe(2.5);
    expect(countLeaveDays({ ...base, start: '2026-06-01', end: '2026-06-01', unit: 'hour', hours: 3 })).toBe(3);
    // Saturday: nothing to take.
    expect(countLeaveDays({ ...base, start: '2026-06-06', end: '2026-06-06', unit: 'hour', hours: 3 })).toBe(0);
  });

  it('a six-day week counts Saturdays', () => {
    const sixDays = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0;
    expect(
      countLeaveDays({
        start: '2026-06-01',
        end: '2026-06-14',
        calculation: 'work_day',
        unit: 'day',
        isWorkingDay: sixDays,
        isHoliday: holidays(['2026-06-01']),
      }),
    ).toBe(11);
  });

  const dateArb = fc
    .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) })
    .map((t) => new Date(t - (t % 86_400_000)).toISOString().slice(0, 10));

  it('property: work_day never exceeds calendar_day, and a range splits into its parts', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.array(dateArb, { maxLength: 10 }),
        (start, a, b, holidayDates) => {
          const all = datesBetween(start, addDays(start, a + b));
          const mid = all[a]!;
          const isHoliday = holidays(holidayDates);
          const count = (from: string, to: string, calculation: 'work_day' | 'calendar_day') =>
            countLeaveDays({ start: from, end: to, calculation, unit: 'day', isWorkingDay: weekdays, isHoliday });
          const end = all.at(-1)!;
          expect(count(start, end, 'calendar_day')).toBe(a + b + 1);
          expect(count(start, end, 'work_day')).toBeLessThanOrEqual(count(start, end, 'calendar_day'));
          const left = count(start, mid, 'work_day');
          const right = mid === end ? 0 : count(addDays(mid, 1), end, 'work_day');
          expect(left + right).toBe(count(start, end, 'work_day'));
          // A half-day leave is half the day leave.
          expect(
            countLeaveDays({
              start,
              end,
              calculation: 'work_day',
              unit: 'half_day',
              isWorkingDay: weekdays,
              isHoliday,
            }),
          ).toBe(count(start, end, 'work_day') / 2);
        },
      ),
    );
  });
});

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const annual: AccrualRule = { ...statutoryAnnualLeave, employment_status: [] };
const companyAnnual: AccrualRule = { ...annual, service_months: 0 };

describe('entitlementFor', () => {
  it('statutory annual leave: nothing before twelve months of service, prorated in the year they end, then 12', () => {
    const employee = { join_date: '2025-07-01', status: 'pkwtt' };
    expect(entitlementFor(annual, employee, 2025).entitled).toBe(0);
    // Eligible on 1 July 2026: six whole months left.
    expect(entitlementFor(annual, employee, 2026).entitled).toBe(6);
    expect(entitlementFor(annual, employee, 2026, '2026-06-30').entitled).toBe(0);
    expect(entitlementFor(annual, employee, 2027).entitled).toBe(12);
  });

  it('a mid-year joiner under a rule without a waiting time gets the months left of the year', () => {
    expect(entitlementFor(companyAnnual, { join_date: '2026-04-15', status: 'pkwt' }, 2026).entitled).toBe(8);
    expect(entitlementFor(companyAnnual, { join_date: '2026-04-01', status: 'pkwt' }, 2026).entitled).toBe(9);
    expect(entitlementFor(companyAnnual, { join_date: '2026-12-20', status: 'pkwt' }, 2026).entitled).toBe(0);
    expect(entitlementFor(companyAnnual, { join_date: '2020-04-15', status: 'pkwt' }, 2026).entitled).toBe(12);
  });

  it('annual distribution date and expiration', () => {
    const rule: AccrualRule = { ...companyAnnual, distribution_date: '2020-04-01', expiration_date: '2020-03-31' };
    const employee = { join_date: '2019-01-01', status: 'pkwtt' };
    expect(entitlementFor(rule, employee, 2026, '2026-03-31').entitled).toBe(0);
    expect(entitlementFor(rule, employee, 2026, '2026-04-01')).toEqual({ entitled: 12, expires_on: '2027-03-31' });
    expect(entitlementFor(companyAnnual, employee, 2026).expires_on).toBe('2026-12-31');
  });

  it('monthly: the amount for each month of service in the year, up to the day asked', () => {
    const rule: AccrualRule = { ...companyAnnual, distribution: 'monthly', amount: 1 };
    expect(entitlementFor(rule, { join_date: '2020-01-01', status: 'pkwtt' }, 2026).entitled).toBe(12);
    expect(entitlementFor(rule, { join_date: '2020-01-01', status: 'pkwtt' }, 2026, '2026-03-10').entitled).toBe(3);
    expect(entitlementFor(rule, { join_date: '2026-03-15', status: 'pkwtt' }, 2026).entitled).toBe(9);
    expect(entitlementFor(rule, { join_date: '2026-03-01', status: 'pkwtt' }, 2026).entitled).toBe(10);
  });

  it('employment status filter and unlimited quota', () => {
    const rule: AccrualRule = { ...companyAnnual, employment_status: ['pkwtt'] };
    expect(entitlementFor(rule, { join_date: '2020-01-01', status: 'intern' }, 2026).entitled).toBe(0);
    expect(entitlementFor(rule, { join_date: '2020-01-01', status: 'pkwtt' }, 2026).entitled).toBe(12);
    const unlimited: AccrualRule = { ...companyAnnual, quota_type: 'unlimited' };
    expect(entitlementFor(unlimited, { join_date: '2020-01-01', status: 'pkwtt' }, 2026)).toEqual({
      entitled: null,
      expires_on: null,
    });
    expect(entitlementFor(annual, { join_date: null, status: 'pkwtt' }, 2026).entitled).toBe(0);
  });

  it('property: accrual grows with time and never passes the full amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 0, max: 24 }),
        fc.constantFrom('annual' as const, 'monthly' as const),
        (joinTime, offset, serviceMonths, distribution) => {
          const join = new Date(joinTime).toISOString().slice(0, 10);
          const rule: AccrualRule = {
            ...companyAnnual,
            distribution,
            amount: distribution === 'monthly' ? 1 : 12,
            service_months: serviceMonths,
          };
          const employee = { join_date: join, status: 'pkwtt' };
          const earlier = addDays('2026-01-01', offset);
          const a = entitlementFor(rule, employee, 2026, earlier).entitled!;
          const b = entitlementFor(rule, employee, 2026, addDays(earlier, 1)).entitled!;
          const full = entitlementFor(rule, employee, 2026).entitled!;
          expect(a).toBeLessThanOrEqual(b);
          expect(b).toBeLessThanOrEqual(full);
          expect(full).toBeLessThanOrEqual(12);
          expect(addMonths(join, serviceMonths) > '2026-12-31' ? full : 0).toBe(0);
        },
      ),
    );
  });
});
