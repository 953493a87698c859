import { describe, expect, it } from 'vitest';
import { formatDate, formatRupiah, formatRupiahCompact, initials, missingText, orMissing } from '../../src/format.ts';

describe('formatRupiah (spec 9: id-ID, no decimals; zero is Rp 0,00)', () => {
  it.each([
    [5_000_000, 'Rp 5.000.000'],
    [0, 'Rp 0,00'],
    [-0, 'Rp 0,00'],
    [0.4, 'Rp 0,00'],
    [1, 'Rp 1'],
    [999, 'Rp 999'],
    [1000, 'Rp 1.000'],
    [1_234_567.6, 'Rp 1.234.568'],
    [-2500, '-Rp 2.500'],
    [35_000_000_000, 'Rp 35.000.000.000'],
    [null, 'No Data'],
    [undefined, 'No Data'],
    [Number.NaN, 'No Data'],
  ])('%s → %s', (value, expected) => {
    expect(formatRupiah(value)).toBe(expected);
  });

  it('takes the missing text the screen asks for', () => {
    expect(formatRupiah(null, missingText.missingData)).toBe('Missing Data');
  });
});

describe('formatRupiahCompact (a money axis: id-ID short words)', () => {
  it.each([
    [150_000_000, 'Rp 150 jt'],
    [1_500_000, 'Rp 1,5 jt'],
    [250_000, 'Rp 250 rb'],
    [2_000_000_000, 'Rp 2 M'],
    [1_250_000_000_000, 'Rp 1,3 T'],
    [500, 'Rp 500'],
    [0, 'Rp 0'],
    [0.4, 'Rp 0'],
    [-2_500_000, '-Rp 2,5 jt'],
    [null, 'No Data'],
    [Number.NaN, 'No Data'],
  ])('%s → %s', (value, expected) => {
    expect(formatRupiahCompact(value)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each([
    ['2025-01-01', 'Do MMM YY', '1st Jan 25'],
    ['2025-03-02', 'Do MMM YY', '2nd Mar 25'],
    ['2025-05-03', 'Do MMM YY', '3rd May 25'],
    ['2025-06-04', 'Do MMM YY', '4th Jun 25'],
    ['2025-11-11', 'Do MMM YY', '11th Nov 25'],
    ['2025-11-12', 'Do MMM YY', '12th Nov 25'],
    ['2025-11-13', 'Do MMM YY', '13th Nov 25'],
    ['2025-12-21', 'Do MMM YY', '21st Dec 25'],
    ['2025-12-22', 'Do MMM YY', '22nd Dec 25'],
    ['2025-12-23', 'Do MMM YY', '23rd Dec 25'],
    ['2025-09-30', 'DD MMM YYYY', '30 Sep 2025'],
    ['2025-01-05', 'DD MMM YYYY', '05 Jan 2025'],
    // Timestamps are shown in Asia/Jakarta (UTC+7) by default.
    ['2025-01-05T01:05:00Z', 'HH:mm', '08:05'],
    ['2025-01-05T17:30:00Z', 'HH:mm', '00:30'],
    ['2025-01-05T17:30:00Z', 'DD MMM YYYY', '06 Jan 2025'],
    ['2025-01-05T00:00:00Z', 'HH:mm', '07:00'],
  ] as const)('%s as %s → %s', (value, pattern, expected) => {
    expect(formatDate(value, pattern)).toBe(expected);
  });

  it.each([
    [null, 'No Data'],
    [undefined, 'No Data'],
    ['', 'No Data'],
    ['not a date', 'No Data'],
  ])('%j → the missing text', (value, expected) => {
    expect(formatDate(value, 'DD MMM YYYY')).toBe(expected);
  });

  it('uses the given time zone and fallback', () => {
    expect(formatDate('2025-01-05T01:05:00Z', 'HH:mm', { timeZone: 'UTC' })).toBe('01:05');
    expect(formatDate(null, 'HH:mm', { fallback: missingText.notFound })).toBe('[Not Found]');
  });

  it('names months in the given language', () => {
    expect(formatDate('2025-08-17', 'DD MMM YYYY', { locale: 'id' })).toBe('17 Agu 2025');
  });

  it('writes a day the Chinese way, where months have no abbreviations', () => {
    expect(formatDate('1995-09-29', 'DD MMM YYYY', { locale: 'zh' })).toBe('1995年9月29日');
    expect(formatDate('2025-01-05', 'Do MMM YY', { locale: 'zh' })).toBe('25年1月5日');
    expect(formatDate('2025-01-05T17:30:00Z', 'DD MMM YYYY', { locale: 'zh' })).toBe('2025年1月6日');
    expect(formatDate('2025-01-05T01:05:00Z', 'HH:mm', { locale: 'zh', timeZone: 'UTC' })).toBe('01:05');
  });
});

describe('initials (at most 2 letters)', () => {
  it.each([
    ['Ratna Wulandari', 'RW'],
    ['budi', 'B'],
    ['Hendra Parlindungan Siregar', 'HS'],
    ['  Asep   Permana  ', 'AP'],
    ['PT Demo Nusantara', 'PN'],
    ['', '?'],
    [null, '?'],
    [undefined, '?'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('missing values', () => {
  it('has the three texts of spec 8', () => {
    expect(missingText).toEqual({ notFound: '[Not Found]', noData: 'No Data', missingData: 'Missing Data' });
  });

  it.each([
    [null, 'No Data'],
    ['', 'No Data'],
    [0, '0'],
    ['x', 'x'],
  ])('orMissing(%j) → %s', (value, expected) => {
    expect(orMissing(value)).toBe(expected);
  });
});
