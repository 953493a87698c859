/**
 * What a tax year takes from the employee record's dated facts (issue 27, the audit; decision 0173), and the
 * rate tables' gaps the pre-run check names. Pure.
 *
 * - The PTKP status of 1 January drives the year's TER category and the December settlement: a marriage in June
 *   changes nothing until the next January. `ptkpStatusOfYear` reads it from the status history.
 * - An expatriate whose tax residence starts or ends during the year is annualised in the last tax period
 *   (`taxResidenceOfYear` from the record's residence dates).
 * - A rate table that changes on a known cadence (the JP wage cap each March) and has no row for a period is a
 *   warning naming the rate carried forward and its date (`carriedRates`), never a silent carry-forward.
 */
import { jpWageCaps } from '../bpjs.ts';
import type { PtkpStatus, TaxResidence } from './types.ts';

/** One row of the employee's PTKP status history: the status from a date (null: since before any record). */
export interface StatusSince {
  status: PtkpStatus;
  from: string | null;
}

/** The status held on 1 January of `year`; `current` when the history says nothing about that day. */
export function ptkpStatusOfYear(
  history: readonly StatusSince[],
  year: number,
  current: PtkpStatus | null,
): PtkpStatus | null {
  const jan1 = `${String(year).padStart(4, '0')}-01-01`;
  let found: StatusSince | null = null;
  for (const row of history) {
    if (row.from !== null && row.from > jan1) continue;
    if (!found || (found.from ?? '') <= (row.from ?? '')) found = row;
  }
  if (found) return found.status;
  // Every recorded change is after 1 January: the status before the first of them held on that day, and the
  // history cannot say it. The earliest change's date tells: the record's current status is of a later day.
  return current;
}

/**
 * Tax residence in `year` from the record's dates (null: resident before / after): `arriving` when residence starts
 * after 1 January of the year, `leaving` when it ends before 31 December, else `resident`.
 */
export function taxResidenceOfYear(year: number, residentFrom: string | null, residentTo: string | null): TaxResidence {
  const first = `${String(year).padStart(4, '0')}-01-01`;
  const last = `${String(year).padStart(4, '0')}-12-31`;
  if (residentTo !== null && residentTo >= first && residentTo < last) return 'leaving';
  if (residentFrom !== null && residentFrom > first && residentFrom <= last) return 'arriving';
  return 'resident';
}

export interface CarriedRate {
  /** Which table ('jp_wage_cap'). */
  table: 'jp_wage_cap';
  /** The period's first day asked for. */
  date: string;
  /** The row carried forward: its first day and amount. */
  from: string;
  amount: number;
  /** The first day a new row was expected. */
  expected: string;
}

const addMonths = (date: string, months: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** Tables that change on a cadence: the months between rows. The JP wage cap changes every March. */
const cadences = { jp_wage_cap: { table: jpWageCaps, months: 12 } } as const satisfies Record<
  CarriedRate['table'],
  { table: readonly { from: string; amount: number }[]; months: number }
>;

/** The rates a period on `date` ('YYYY-MM-DD') carries forward past their next expected row. */
export function carriedRates(date: string): CarriedRate[] {
  const out: CarriedRate[] = [];
  for (const [name, { table, months }] of Object.entries(cadences) as [
    CarriedRate['table'],
    (typeof cadences)[CarriedRate['table']],
  ][]) {
    const last = table[table.length - 1];
    if (!last || date < last.from) continue;
    const expected = addMonths(last.from, months);
    if (date >= expected) out.push({ table: name, date, from: last.from, amount: last.amount, expected });
  }
  return out;
}
