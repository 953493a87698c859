/**
 * PPh 21 (reference sections 1 and 2): the monthly TER, the daily workers' rule, the Pasal 17 settlement of the last
 * tax period and the full gross-up. Integer rupiah; every product goes through `roundDiv` (money.ts).
 */
import { roundDiv } from './money.ts';
import { type Bracket, type TaxRates, taxRatesOn } from './rates.ts';
import type { AnnualSettlement, MonthlyTax, Pasal17Layer, PtkpStatus, TerCategory } from './types.ts';

/** The bracket (over, upTo] that holds `amount`. */
export function bracketOf(brackets: readonly Bracket[], amount: number): Bracket {
  for (const bracket of brackets) if (bracket.upTo === null || amount <= bracket.upTo) return bracket;
  throw new RangeError(`No bracket for ${amount}`);
}

/** × 1.2 without a valid tax id (reference section 1): the tax as a fraction numerator / denominator. */
const surcharged = (rates: TaxRates, taxIdValid: boolean, numerator: number, denominator: number): number =>
  taxIdValid ? roundDiv(numerator, denominator) : roundDiv(numerator * rates.noTaxIdPercent, denominator * 100);

export const terCategoryOf = (status: PtkpStatus, date: string): TerCategory => taxRatesOn(date).categoryByPtkp[status];

/** PPh 21 of a regular month by the monthly TER: TER(category, bruto) × bruto, rounded half up; a bruto ≤ 0 pays 0. */
export function monthlyTer(input: {
  bruto: number;
  status: PtkpStatus;
  taxIdValid: boolean;
  date: string;
}): MonthlyTax {
  const rates = taxRatesOn(input.date);
  const category = rates.categoryByPtkp[input.status];
  const base = Math.max(0, input.bruto);
  const bracket = bracketOf(rates.ter[category], base);
  return {
    method: 'ter',
    category,
    rate: bracket.bp / 10_000,
    bracket: { over: bracket.over, upTo: bracket.upTo },
    surcharge: !input.taxIdValid,
    pph: surcharged(rates, input.taxIdValid, base * bracket.bp, 10_000),
  };
}

/** Pasal 17 layers on an amount (PKP, or 50 % of a daily worker's gross); the tax of each layer rounded half up. */
export function pasal17(amount: number, rates: TaxRates): { layers: Pasal17Layer[]; tax: number } {
  const layers: Pasal17Layer[] = [];
  let tax = 0;
  for (const bracket of rates.pasal17) {
    if (amount <= bracket.over) break;
    const top = bracket.upTo === null ? amount : Math.min(amount, bracket.upTo);
    const taxable = top - bracket.over;
    const layerTax = roundDiv(taxable * bracket.bp, 10_000);
    layers.push({ over: bracket.over, upTo: bracket.upTo, rate: bracket.bp / 100, taxable, tax: layerTax });
    tax += layerTax;
  }
  return { layers, tax };
}

/**
 * PPh 21 of a daily worker for the period (reference section 2), on the average daily gross `bruto / days`:
 * ≤ 450,000 none; ≤ 2,500,000 0.5 % of the whole gross; above, 50 % of the gross at the Pasal 17 layers.
 */
export function dailyTax(input: { bruto: number; days: number; taxIdValid: boolean; date: string }): MonthlyTax {
  const rates = taxRatesOn(input.date);
  const base = Math.max(0, input.bruto);
  const days = Math.max(1, input.days);
  const { exemptUpTo, flatUpTo, flatBp, pasal17SharePercent } = rates.daily;
  // average ≤ limit  ⇔  bruto ≤ limit × days (no rounding of the average).
  if (base <= exemptUpTo * days) {
    return {
      method: 'daily',
      category: null,
      rate: 0,
      bracket: { over: 0, upTo: exemptUpTo },
      surcharge: !input.taxIdValid,
      pph: 0,
    };
  }
  if (base <= flatUpTo * days) {
    return {
      method: 'daily',
      category: null,
      rate: flatBp / 10_000,
      bracket: { over: exemptUpTo, upTo: flatUpTo },
      surcharge: !input.taxIdValid,
      pph: surcharged(rates, input.taxIdValid, base * flatBp, 10_000),
    };
  }
  const { tax } = pasal17(roundDiv(base * pasal17SharePercent, 100), rates);
  return {
    method: 'daily',
    category: null,
    rate: null,
    bracket: { over: flatUpTo, upTo: null },
    surcharge: !input.taxIdValid,
    pph: surcharged(rates, input.taxIdValid, tax, 1),
  };
}

export interface SettlementInput {
  status: PtkpStatus;
  taxIdValid: boolean;
  /** Months of this employment in the year, this one included (biaya jabatan cap; n of the annualising). */
  months: number;
  /** Σ bruto of every month of this employment in the year, this one included. */
  brutoYear: number;
  /** Σ employee JHT + JP. */
  pension: number;
  zakat: number;
  previousNeto: number;
  previousPph: number;
  /** Σ PPh 21 withheld in the other months of this employment. */
  withheld: number;
  /** Arriving or leaving expatriate: neto × 12 / n, tax × n / 12. */
  annualise: boolean;
  /** Any day of the tax year: selects the tables. */
  date: string;
}

/** The last tax period (reference section 1; form 1721-A1 lines 8–23). `pph` may be negative: a refund. */
export function settleYear(input: SettlementInput): AnnualSettlement {
  const rates = taxRatesOn(input.date);
  const months = Math.min(12, Math.max(1, input.months));
  const biayaJabatan = Math.min(
    roundDiv(Math.max(0, input.brutoYear) * rates.biayaJabatan.bp, 10_000),
    rates.biayaJabatan.monthlyCap * months,
  );
  const netoEmployment = input.brutoYear - biayaJabatan - input.pension - input.zakat;
  const netoTotal = netoEmployment + input.previousNeto;
  const neto = input.annualise ? roundDiv(netoTotal * 12, months) : netoTotal;
  const ptkp = rates.ptkp[input.status];
  const pkp = Math.max(0, Math.floor((neto - ptkp) / rates.pkpRounding) * rates.pkpRounding);
  const { layers, tax } = pasal17(pkp, rates);
  const annualTax = input.annualise ? roundDiv(tax * months, 12) : tax;
  const taxYear = surcharged(rates, input.taxIdValid, annualTax, 1);
  return {
    months,
    bruto_year: input.brutoYear,
    biaya_jabatan: biayaJabatan,
    pension: input.pension,
    zakat: input.zakat,
    neto_employment: netoEmployment,
    previous_neto: input.previousNeto,
    neto,
    ptkp,
    pkp,
    layers,
    annualised: input.annualise,
    tax_year: taxYear,
    previous_pph: input.previousPph,
    withheld: input.withheld,
    pph: taxYear - input.previousPph - input.withheld,
  };
}

/**
 * Full gross-up: the tax allowance A with A = taxOf(base + A) exactly, where `taxOf` is non-decreasing and grows by
 * less than 1 rupiah per rupiah (every PPh 21 rate × 1.2 is under 100 %). Iterating A ← taxOf(base + A) from 0 is
 * monotone and bounded, so it stops on the fixed point: the grossed-up bruto lies in the bracket whose rate was used.
 */
export function grossUp(base: number, taxOf: (bruto: number) => number): { allowance: number; iterations: number } {
  let allowance = 0;
  for (let iterations = 1; iterations <= 200; iterations++) {
    const next = taxOf(base + allowance);
    if (next === allowance) return { allowance, iterations };
    allowance = next;
  }
  throw new RangeError(`Gross-up of ${base} did not settle`);
}
