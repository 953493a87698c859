import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageOn, employedOn, employedSpan, jakartaToday, serviceLength } from '../../common/employment.ts';

describe('ageOn', () => {
  it.each([
    ['1990-05-15', '2025-05-14', 34],
    ['1990-05-15', '2025-05-15', 35],
    ['1990-05-15', '2025-05-16', 35],
    ['1990-12-31', '2025-01-01', 34],
    ['1990-01-01', '2024-12-31', 34],
    ['2025-06-01', '2025-06-01', 0],
    ['2024-06-02', '2025-06-01', 0],
  ])('born %s is on %s %i', (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });

  it('reaches a 29 February birthday on 1 March in a common year, on 29 February in a leap year', () => {
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageOn('2000-02-29', '2024-02-28')).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
    expect(ageOn('2000-02-29', '2100-02-28')).toBe(99);
    expect(ageOn('2000-02-29', '2100-03-01')).toBe(100);
  });

  it('is null for a birth date after the day', () => {
    expect(ageOn('2025-06-02', '2025-06-01')).toBeNull();
  });

  it.each([
    [null, '2025-06-01'],
    [undefined, '2025-06-01'],
    ['', '2025-06-01'],
    ['1990-05-15', null],
    ['1990-05-15', undefined],
    ['1990-02-30', '2025-06-01'],
    ['1900-02-29', '2025-06-01'],
    ['1990-13-01', '2025-06-01'],
    ['1990-00-10', '2025-06-01'],
    ['1990-5-15', '2025-06-01'],
    ['15-05-1990', '2025-06-01'],
    ['1990-05-15T00:00:00Z', '2025-06-01'],
    ['1990-05-15', 'today'],
  ])('is null for %j on %j', (birth, on) => {
    expect(ageOn(birth, on)).toBeNull();
  });
});

describe('serviceLength', () => {
  it.each([
    ['2025-06-01', '2025-06-01', 0, 0, 0],
    ['2025-06-01', '2025-06-02', 0, 0, 1],
    ['2020-01-15', '2025-03-20', 5, 2, 5],
    ['2020-01-15', '2025-03-10', 5, 1, 23],
    ['2020-01-15', '2025-01-15', 5, 0, 0],
    ['2020-01-15', '2025-01-14', 4, 11, 30],
    ['2024-12-31', '2025-01-01', 0, 0, 1],
    ['2024-11-30', '2025-01-15', 0, 1, 16],
    ['2024-06-10', '2025-06-09', 0, 11, 30],
  ])('from %s to %s is %i years %i months %i days', (join, on, years, months, days) => {
    expect(serviceLength(join, on)).toEqual({ years, months, days });
  });

  it('counts from a month end like java.time Period.between', () => {
    expect(serviceLength('2025-01-31', '2025-02-27')).toEqual({ years: 0, months: 0, days: 27 });
    expect(serviceLength('2025-01-31', '2025-02-28')).toEqual({ years: 0, months: 0, days: 28 });
    expect(serviceLength('2024-01-31', '2024-02-29')).toEqual({ years: 0, months: 0, days: 29 });
    expect(serviceLength('2025-01-31', '2025-03-01')).toEqual({ years: 0, months: 1, days: 1 });
    expect(serviceLength('2025-01-31', '2025-03-30')).toEqual({ years: 0, months: 1, days: 30 });
    expect(serviceLength('2025-01-31', '2025-03-31')).toEqual({ years: 0, months: 2, days: 0 });
    expect(serviceLength('2025-01-31', '2025-04-30')).toEqual({ years: 0, months: 2, days: 30 });
    expect(serviceLength('2025-01-30', '2025-02-28')).toEqual({ years: 0, months: 0, days: 29 });
    expect(serviceLength('2025-01-28', '2025-02-28')).toEqual({ years: 0, months: 1, days: 0 });
    expect(serviceLength('2025-03-31', '2025-04-30')).toEqual({ years: 0, months: 0, days: 30 });
  });

  it('handles a 29 February join date', () => {
    expect(serviceLength('2024-02-29', '2025-02-28')).toEqual({ years: 0, months: 11, days: 30 });
    expect(serviceLength('2024-02-29', '2025-03-01')).toEqual({ years: 1, months: 0, days: 1 });
    expect(serviceLength('2024-02-29', '2028-02-29')).toEqual({ years: 4, months: 0, days: 0 });
  });

  it('is null when the join date is after the day, missing or invalid', () => {
    expect(serviceLength('2025-06-02', '2025-06-01')).toBeNull();
    expect(serviceLength(null, '2025-06-01')).toBeNull();
    expect(serviceLength(undefined, '2025-06-01')).toBeNull();
    expect(serviceLength('', '2025-06-01')).toBeNull();
    expect(serviceLength('2025-06-01', null)).toBeNull();
    expect(serviceLength('2025-02-29', '2025-06-01')).toBeNull();
    expect(serviceLength('2025-06-01', '2025-06-31')).toBeNull();
  });

  it('adds back up to the day, with months under 12 and days under a month, for many pairs', () => {
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const day = 86_400_000;
    const start = Date.UTC(2019, 0, 1);
    for (let j = 0; j < 1_600; j += 11) {
      const join = iso(start + j * day);
      for (let gap = 0; gap < 1_200; gap += 17) {
        const on = iso(start + (j + gap) * day);
        const length = serviceLength(join, on)!;
        expect(length.months).toBeGreaterThanOrEqual(0);
        expect(length.months).toBeLessThan(12);
        expect(length.days).toBeGreaterThanOrEqual(0);
        expect(length.days).toBeLessThan(31);
        // join + years and months (clamped to the month end) + days = on
        const [y, m, d] = join.split('-').map(Number) as [number, number, number];
        const addMonths = (months: number) => {
          const monthIndex = m - 1 + months;
          return Date.UTC(y, monthIndex, Math.min(d, new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate()));
        };
        const months = length.years * 12 + length.months;
        expect(iso(addMonths(months) + length.days * day), `${join} → ${on}`).toBe(on);
        // and the months are as many as complete: the join day number in the next month (unclamped, so 30 February
        // is after 28 February) is after the day
        const next = new Date(addMonths(months + 1));
        const unclamped = `${iso(next.getTime()).slice(0, 8)}${String(d).padStart(2, '0')}`;
        expect(unclamped > on, `${join} → ${on}`).toBe(true);
      }
    }
  });
});

describe('jakartaToday', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the date at UTC+7', () => {
    expect(jakartaToday(new Date('2025-06-30T16:59:59.999Z'))).toBe('2025-06-30');
    expect(jakartaToday(new Date('2025-06-30T17:00:00.000Z'))).toBe('2025-07-01');
    expect(jakartaToday(new Date('2024-12-31T17:00:00.000Z'))).toBe('2025-01-01');
    expect(jakartaToday(new Date('2024-02-28T17:00:00.000Z'))).toBe('2024-02-29');
    expect(jakartaToday(new Date('2025-01-01T00:00:00+07:00'))).toBe('2025-01-01');
  });

  it('agrees with Intl Asia/Jakarta through a year', () => {
    const jakarta = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jakarta',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 3_600_000 * 5 + 60_000) {
      const now = new Date(ms);
      expect(jakartaToday(now)).toBe(jakarta.format(now));
    }
  });

  it('defaults to now', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-09T20:00:00Z'));
    expect(jakartaToday()).toBe('2025-03-10');
  });
});

describe('employedOn: the one definition of employed on a day or in a period', () => {
  const person = (join_date: string | null, exit_date: string | null) => ({ join_date, exit_date });
  it('counts the join day and the exit day (the last day employed), not the days outside', () => {
    const p = person('2026-03-10', '2026-05-01');
    expect(employedOn(p, '2026-03-09')).toBe(false);
    expect(employedOn(p, '2026-03-10')).toBe(true);
    expect(employedOn(p, '2026-05-01')).toBe(true);
    expect(employedOn(p, '2026-05-02')).toBe(false);
    expect(employedOn(person(null, null), '1990-01-01')).toBe(true);
    expect(employedOn(person('2026-07-15', '2026-07-15'), '2026-07-15')).toBe(true);
  });
  it('in a period: employed on at least one of its days; employedSpan says which', () => {
    const p = person('2026-03-10', '2026-05-01');
    expect(employedOn(p, '2026-03-01', '2026-03-31')).toBe(true);
    expect(employedOn(p, '2026-05-01', '2026-05-31')).toBe(true);
    expect(employedOn(p, '2026-06-01', '2026-06-30')).toBe(false);
    expect(employedSpan(p, '2026-03-01', '2026-03-31')).toEqual({ from: '2026-03-10', to: '2026-03-31' });
    expect(employedSpan(p, '2026-05-01', '2026-05-31')).toEqual({ from: '2026-05-01', to: '2026-05-01' });
    expect(employedSpan(p, '2026-06-01', '2026-06-30')).toBeNull();
  });
});
