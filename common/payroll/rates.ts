/**
 * Every statutory rate, cap and table the engine uses, effective-dated (decision 0041): each table is a list of
 * `{ from, value }` rows in ascending `from` order; `inForce(table, date)` returns the row in force on a date (the
 * last row whose `from` is on or before it). A date before the first row has no rates: RangeError (PPh 21 TER did
 * not exist before 2024). To change a rate, append a row with its first day; never edit a past row.
 *
 * The PPh 21 tables come from the reference's machine-readable copy (pp58-2023.json, PP 58/2023 Lampiran A–D,
 * UU HPP Pasal 17, PMK 101/2016 PTKP), converted once at load to integer basis points. The BPJS wage caps and rates
 * are in common/bpjs.ts, effective-dated the same way.
 */
import source from './pp58-2023.json' with { type: 'json' };
import type { OvertimeDayType, PtkpStatus, TerCategory } from './types.ts';

export interface Effective<T> {
  /** First day in force, 'YYYY-MM-DD'. */
  readonly from: string;
  readonly value: T;
}

/** An interval (over, upTo] with its rate in basis points (1 bp = 0.01 %). upTo null: no upper bound. */
export interface Bracket {
  readonly over: number;
  readonly upTo: number | null;
  readonly bp: number;
}

export interface TaxRates {
  readonly categoryByPtkp: Readonly<Record<PtkpStatus, TerCategory>>;
  readonly ptkp: Readonly<Record<PtkpStatus, number>>;
  readonly ter: Readonly<Record<TerCategory, readonly Bracket[]>>;
  /** Daily workers: up to `exemptUpTo` a day no tax, up to `flatUpTo` `flatBp` of the whole daily gross, above it
   * `pasal17SharePercent` % of the gross taxed at the Pasal 17 layers. */
  readonly daily: {
    readonly exemptUpTo: number;
    readonly flatUpTo: number;
    readonly flatBp: number;
    readonly pasal17SharePercent: number;
  };
  readonly pasal17: readonly Bracket[];
  /** Biaya jabatan: 5 % of bruto, at most `monthlyCap` per month worked (6,000,000 a full year). */
  readonly biayaJabatan: { readonly bp: number; readonly monthlyCap: number };
  /** PPh 21 × percent / 100 without a valid tax id. */
  readonly noTaxIdPercent: number;
  /** PKP is floored to a multiple of this. */
  readonly pkpRounding: number;
}

const bp = (rate: number): number => Math.round(rate * 10_000);
const brackets = (rows: readonly { over: number; upTo: number | null; rate: number | null }[]): Bracket[] =>
  rows.map((row) => ({ over: row.over, upTo: row.upTo, bp: bp(row.rate ?? 0) }));

const pp58: TaxRates = {
  categoryByPtkp: {
    'tk/0': 'A',
    'tk/1': 'A',
    'k/0': 'A',
    'tk/2': 'B',
    'tk/3': 'B',
    'k/1': 'B',
    'k/2': 'B',
    'k/3': 'C',
  },
  ptkp: {
    'tk/0': source.ptkpAnnual['TK/0'],
    'tk/1': source.ptkpAnnual['TK/1'],
    'tk/2': source.ptkpAnnual['TK/2'],
    'tk/3': source.ptkpAnnual['TK/3'],
    'k/0': source.ptkpAnnual['K/0'],
    'k/1': source.ptkpAnnual['K/1'],
    'k/2': source.ptkpAnnual['K/2'],
    'k/3': source.ptkpAnnual['K/3'],
  },
  ter: { A: brackets(source.monthly.A), B: brackets(source.monthly.B), C: brackets(source.monthly.C) },
  daily: {
    exemptUpTo: source.daily[0]!.upTo!,
    flatUpTo: source.daily[1]!.upTo!,
    flatBp: bp(source.daily[1]!.rate!),
    pasal17SharePercent: 50,
  },
  pasal17: brackets(source.pasal17),
  biayaJabatan: { bp: 500, monthlyCap: 500_000 },
  noTaxIdPercent: 120,
  pkpRounding: 1_000,
};

/** PPh 21 tables: PP 58/2023 and PMK 168/2023 from January 2024. */
export const taxRateTables: readonly Effective<TaxRates>[] = [{ from: '2024-01-01', value: pp58 }];

/** One step of an overtime ladder: `hours` hours at `halves` / 2 × the hourly wage. */
export interface OvertimeStep {
  readonly hours: number;
  readonly halves: number;
}

export interface OvertimeRates {
  /** Hourly wage = monthly wage / divisor. */
  readonly divisor: number;
  /** When basic + fixed allowances is under this percent of the total wage, this percent of the total is used. */
  readonly fixedWageMinPercent: number;
  /** A daily-paid worker's monthly wage = daily wage × this, by working days a week. */
  readonly dailyToMonthly: Readonly<Record<5 | 6, number>>;
  /** The ladder of multipliers by week (5 or 6 days) and day type; its total hours are the day's maximum. */
  readonly ladders: Readonly<Record<5 | 6, Readonly<Record<OvertimeDayType, readonly OvertimeStep[]>>>>;
}

const working: readonly OvertimeStep[] = [
  { hours: 1, halves: 3 },
  { hours: 3, halves: 4 },
];
const rest5: readonly OvertimeStep[] = [
  { hours: 8, halves: 4 },
  { hours: 1, halves: 6 },
  { hours: 3, halves: 8 },
];
const rest6: readonly OvertimeStep[] = [
  { hours: 7, halves: 4 },
  { hours: 1, halves: 6 },
  { hours: 3, halves: 8 },
];
const shortest6: readonly OvertimeStep[] = [
  { hours: 5, halves: 4 },
  { hours: 1, halves: 6 },
  { hours: 3, halves: 8 },
];

/** PP 35/2021 (reference section 5), in force from 2 February 2021. */
export const overtimeRateTables: readonly Effective<OvertimeRates>[] = [
  {
    from: '2021-02-02',
    value: {
      divisor: 173,
      fixedWageMinPercent: 75,
      dailyToMonthly: { 5: 21, 6: 25 },
      ladders: {
        5: { working_day: working, rest_day: rest5, holiday: rest5, holiday_shortest_day: rest5 },
        6: { working_day: working, rest_day: rest6, holiday: rest6, holiday_shortest_day: shortest6 },
      },
    },
  },
];

export interface ThrRates {
  /** Months of continuous service before THR is owed. */
  readonly minMonths: number;
  /** Months of service for a full month's wage. */
  readonly fullMonths: number;
  /** A permanent employee dismissed this many days or fewer before the holiday is still entitled. */
  readonly dismissedWithinDays: number;
}

/** Permenaker 6/2016 (reference section 4), in force from 8 March 2016. */
export const thrRateTables: readonly Effective<ThrRates>[] = [
  { from: '2016-03-08', value: { minMonths: 1, fullMonths: 12, dismissedWithinDays: 30 } },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The value of an effective-dated table in force on `date` ('YYYY-MM-DD'); RangeError before its first row. */
export function inForce<T>(table: readonly Effective<T>[], date: string): T {
  let byDate = lookups.get(table) as Map<string, T> | undefined;
  const cached = byDate?.get(date);
  if (cached !== undefined) return cached;
  if (!DATE.test(date)) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${date}`);
  let found: Effective<T> | undefined;
  for (const row of table) if (row.from <= date) found = row;
  if (!found) throw new RangeError(`No rates in force on ${date}`);
  if (!byDate) {
    byDate = new Map();
    lookups.set(table, byDate);
  }
  byDate.set(date, found.value);
  return found.value;
}

/** Lookups already made, by table and date: a run asks the same month thousands of times. */
const lookups = new WeakMap<readonly Effective<unknown>[], Map<string, unknown>>();

/** The first day of a period, 'YYYY-MM-01': the date every monthly lookup uses. */
export const periodDate = (year: number, month: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

export const taxRatesOn = (date: string): TaxRates => inForce(taxRateTables, date);
export const overtimeRatesOn = (date: string): OvertimeRates => inForce(overtimeRateTables, date);
export const thrRatesOn = (date: string): ThrRates => inForce(thrRateTables, date);
