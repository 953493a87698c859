/**
 * BPJS contributions of one employee for one month (reference indonesia-payroll.md section 3): BPJS Ketenagakerjaan
 * (JHT, JP, JKK, JKM) and BPJS Kesehatan, each split into the employee's and the company's share.
 *
 * - Money is integer rupiah. Rates are held in basis points (1 bp = 0.01 %), so every amount is
 *   `wage × bp / 10,000` in integer arithmetic, rounded half up to the whole rupiah, once per amount (the reference
 *   does not regulate BPJS rounding; this is the rule it gives for PPh 21). Totals are sums of the rounded amounts.
 * - Caps and floors are effective-dated tables below, looked up by the contribution month's date.
 * - `type` (1 wage recipient, 2 non-wage recipient, 3 not registered) is the BPJS Ketenagakerjaan participant type:
 *   the spec lists it among the Ketenagakerjaan fields, and "3 not registered" mirrors `bpjs_tk_registered`.
 *   Kesehatan depends on `ksRegistered` alone.
 *
 * Pure data and functions: it imports only the payroll engine's rounding rule (common/payroll/money.ts), so both
 * `server/` and `src/` use it. The payroll engine (common/payroll/payslip.ts) computes a payslip's BPJS lines with it.
 */
import { roundDiv } from './payroll/money.ts';

/** 1 wage recipient (PPU), 2 non-wage recipient (BPU), 3 not registered. */
export const bpjsTypes = [1, 2, 3] as const;
export type BpjsType = (typeof bpjsTypes)[number];

/** JKK rates by risk group, in percent (spec 9; reference section 3). 0 means no JKK. */
export const jkkPercentages = [0, 0.24, 0.54, 0.89, 1.27, 1.74] as const;
export type JkkPercent = (typeof jkkPercentages)[number];

/** An amount paid in a month, in integer rupiah, by each side. */
export interface Share {
  employee: number;
  company: number;
}

export interface BpjsInput {
  /** The wage BPJS Ketenagakerjaan is computed on (integer rupiah, basic salary + fixed allowances). */
  tkWage: number;
  /** The wage BPJS Kesehatan is computed on (integer rupiah), before its floor and ceiling. */
  ksWage: number;
  /** The month the contribution is for, 'YYYY-MM-DD' (any day of it; selects effective-dated caps). */
  date: string;
  /** JKK risk-group rate in percent: one of `jkkPercentages`. */
  jkkPercent: number;
  /** The regency minimum wage (UMK, or UMP) used as the Kesehatan floor; null when unknown (no floor). */
  umk: number | null;
  tkRegistered: boolean;
  ksRegistered: boolean;
  type: BpjsType;
  /** Family members beyond the covered ones (each adds 1 % of the Kesehatan base, paid by the employee). */
  additionalFamilyMembers: number;
}

export interface BpjsContributions {
  /** Jaminan Hari Tua (old age savings). */
  jht: Share;
  /** Jaminan Pensiun (pension), on the wage up to the JP cap. */
  jp: Share;
  /** Jaminan Kecelakaan Kerja (work accident), at the risk-group rate. */
  jkk: Share;
  /** Jaminan Kematian (death). */
  jkm: Share;
  /** BPJS Kesehatan for the employee and the covered family. */
  ks: Share;
  /** BPJS Kesehatan for additional family members: 1 % of the Kesehatan base each, rounded once on the total rate
   * (employee only; `company` is always 0). */
  ksAdditional: Share;
  /** The bases actually used: the Ketenagakerjaan wage, the JP wage (capped) and the Kesehatan wage (floored and
   * capped). 0 for a programme that does not apply. */
  bases: { tk: number; jp: number; ks: number };
  totalEmployee: number;
  totalCompany: number;
}

/** A value that applies from a date on (inclusive) until the next row's date. Rows are in ascending `from` order. */
export interface EffectiveAmount {
  readonly from: string;
  readonly amount: number;
}

/**
 * JP wage cap per month, effective from the March contribution each year (reference section 3). A date before the
 * first row uses the first row; a date after the last row uses the last row until the table is extended.
 */
export const jpWageCaps: readonly EffectiveAmount[] = [
  { from: '2022-03-01', amount: 9_077_600 },
  { from: '2023-03-01', amount: 9_559_600 },
  { from: '2024-03-01', amount: 10_042_300 },
  { from: '2025-03-01', amount: 10_547_400 },
  { from: '2026-03-01', amount: 11_086_300 },
];

/**
 * BPJS Kesehatan wage ceiling per month (reference section 3: 12,000,000; in force since January 2020 under
 * Perpres 75/2019, the date the reference does not give). The same lookup rule as `jpWageCaps`.
 */
export const ksWageCeilings: readonly EffectiveAmount[] = [{ from: '2020-01-01', amount: 12_000_000 }];

/** Contribution rates in basis points (1 bp = 0.01 %), reference section 3. */
export const bpjsRates = {
  jht: { employee: 200, company: 370 },
  jp: { employee: 100, company: 200 },
  jkm: { employee: 0, company: 30 },
  ks: { employee: 100, company: 400 },
  /** Per additional family member, on the Kesehatan base. */
  ksAdditional: { employee: 100, company: 0 },
} as const satisfies Record<string, Share>;

/** Who pays each Ketenagakerjaan programme, in basis points of the wage; JKK is paid at the risk-group rate. */
interface TkScheme {
  readonly jht: Share;
  readonly jp: Share;
  readonly jkm: Share;
  readonly jkkPaidBy: keyof Share;
}

/**
 * Ketenagakerjaan by participant type. The reference covers wage recipients only. For a non-wage recipient (BPU)
 * there is no employer: the participant pays the employee JHT share, JKK and JKM themselves, and JP is not open to
 * BPU participants. (Real BPU contributions are nominal amounts by declared-income bracket; the reference does not
 * give them, so the wage-recipient rates on the declared wage stand in.) Not registered pays nothing.
 */
const tkSchemes = {
  1: { jht: bpjsRates.jht, jp: bpjsRates.jp, jkm: bpjsRates.jkm, jkkPaidBy: 'company' },
  2: {
    jht: { employee: bpjsRates.jht.employee, company: 0 },
    jp: { employee: 0, company: 0 },
    jkm: { employee: bpjsRates.jkm.company, company: 0 },
    jkkPaidBy: 'employee',
  },
  3: null,
} as const satisfies Record<BpjsType, TkScheme | null>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NONE: Share = { employee: 0, company: 0 };

/** The row of an effective-dated table that applies on `date` ('YYYY-MM-DD'). */
export function effectiveAmount(table: readonly EffectiveAmount[], date: string): number {
  if (!DATE.test(date)) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${date}`);
  let found = table[0];
  if (!found) throw new RangeError('Empty effective-dated table');
  for (const row of table) if (row.from <= date) found = row;
  return found.amount;
}

/** The JP wage cap for the month of `date`. */
export const jpWageCap = (date: string): number => effectiveAmount(jpWageCaps, date);

/** The Kesehatan wage ceiling for the month of `date`. */
export const ksWageCeiling = (date: string): number => effectiveAmount(ksWageCeilings, date);

/** `amount × basisPoints / 10,000`, rounded half up to the rupiah, in exact integer arithmetic. */
export function applyRate(amount: number, basisPoints: number): number {
  const scaled = amount * basisPoints;
  if (!Number.isSafeInteger(scaled) || scaled < 0) throw new RangeError(`Cannot apply ${basisPoints} bp to ${amount}`);
  return roundDiv(scaled, 10_000);
}

const share = (base: number, rates: Share): Share => ({
  employee: applyRate(base, rates.employee),
  company: applyRate(base, rates.company),
});

function wholeNumber(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return value;
}

/** The JKK rate in basis points; throws unless it is one of `jkkPercentages`. */
function jkkBasisPoints(percent: number): number {
  if (!(jkkPercentages as readonly number[]).includes(percent)) throw new RangeError(`Unknown JKK rate: ${percent}%`);
  return Math.round(percent * 100);
}

/**
 * The month's contributions. Throws a RangeError on a negative or fractional wage, UMK or family count, a date that
 * is not 'YYYY-MM-DD', or a JKK rate outside `jkkPercentages`.
 */
export function bpjsContributions(input: BpjsInput): BpjsContributions {
  const tkWage = wholeNumber('tkWage', input.tkWage);
  const ksWage = wholeNumber('ksWage', input.ksWage);
  const umk = input.umk === null ? 0 : wholeNumber('umk', input.umk);
  const members = wholeNumber('additionalFamilyMembers', input.additionalFamilyMembers);
  const jkkRate = jkkBasisPoints(input.jkkPercent);
  const jpCap = jpWageCap(input.date);
  const ksCeiling = ksWageCeiling(input.date);

  const scheme = input.tkRegistered ? tkSchemes[input.type] : null;
  const tkBase = scheme ? tkWage : 0;
  const jpBase = scheme && (scheme.jp.employee > 0 || scheme.jp.company > 0) ? Math.min(tkWage, jpCap) : 0;
  const ksBase = input.ksRegistered ? Math.min(Math.max(ksWage, umk), ksCeiling) : 0;

  const jkk: Share = { ...NONE };
  if (scheme) jkk[scheme.jkkPaidBy] = applyRate(tkBase, jkkRate);
  const result = {
    jht: scheme ? share(tkBase, scheme.jht) : { ...NONE },
    jp: scheme ? share(jpBase, scheme.jp) : { ...NONE },
    jkk,
    jkm: scheme ? share(tkBase, scheme.jkm) : { ...NONE },
    ks: share(ksBase, bpjsRates.ks),
    ksAdditional: share(ksBase, {
      employee: bpjsRates.ksAdditional.employee * members,
      company: bpjsRates.ksAdditional.company * members,
    }),
  };
  const parts = Object.values(result);
  return {
    ...result,
    bases: { tk: tkBase, jp: jpBase, ks: ksBase },
    totalEmployee: parts.reduce((sum, part) => sum + part.employee, 0),
    totalCompany: parts.reduce((sum, part) => sum + part.company, 0),
  };
}
