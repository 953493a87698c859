/**
 * PPh 21 borne by the government (DTP: PMK 10/2025, 72/2025, 105/2025; decision 0165). Pure: the payslip engine asks
 * `dtpEligibility` whether an employee qualifies this month and `dtpAmount` how much of the month's PPh 21 is borne;
 * the payslip then keeps the PPh 21 as computed and adds a `pph21_dtp` earning that pays the borne part back in cash.
 *
 * - Effective-dated data (`dtp.json`): each regulation's period, sectors and ceilings; sectors by KBLI group prefix of
 *   the employer's main KLU code (company tax settings).
 * - Eligibility: the company's KLU is in a sector of a regulation in force in the period; the employee has a tax id
 *   (NPWP, or a NIK the tax office knows); a permanent employee's fixed and regular gross of the reference month (the
 *   year's January, or the first month worked in the year) is at most the monthly ceiling; a non-permanent monthly
 *   worker's this month; a daily worker's average daily wage at most the daily ceiling.
 * - Amount: only the tax on the fixed and regular income (`regularBruto`: bruto without THR, yearly bonus and bonus
 *   items, which stay withheld). Every month but the last tax period: the TER of the regular bruto × the regular
 *   bruto. The last tax period: the year's Pasal 17 tax on the regular income of the year less the DTP of the other
 *   months, never below 0. It may exceed the month's PPh 21 (even a refund): the tax withheld on THR in a TER month
 *   was more than the THR's share of the year's tax, and that over-withholding is the employee's to get back.
 */
import source from './dtp.json' with { type: 'json' };
import { dailyTax, monthlyTer, settleYear } from './pph21.ts';
import type { DtpEligibility, DtpInput, DtpSector, EmploymentKind, PtkpStatus } from './types.ts';

export interface DtpRegulation {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly sectors: readonly DtpSector[];
  /** Fixed and regular gross a month, at most (permanent and non-permanent monthly). */
  readonly monthlyCeiling: number;
  /** Average daily wage, at most (daily workers). */
  readonly dailyCeiling: number;
}

export const dtpRegulations: readonly DtpRegulation[] = source.regulations as DtpRegulation[];
export const dtpSectorPrefixes: Readonly<Record<DtpSector, readonly string[]>> = source.sectors;

/** The sector of a KLU code (by its KBLI group prefix); null: none of the DTP sectors. */
export function sectorOfKlu(klu: string | null | undefined): DtpSector | null {
  const code = klu?.trim();
  if (!code) return null;
  for (const [sector, prefixes] of Object.entries(dtpSectorPrefixes) as [DtpSector, readonly string[]][]) {
    if (prefixes.some((prefix) => code.startsWith(prefix))) return sector;
  }
  return null;
}

/** The regulation in force on `date` ('YYYY-MM-DD') that covers `sector`; null when none does. */
export function dtpRegulationOn(date: string, sector: DtpSector | null): DtpRegulation | null {
  if (!sector) return null;
  let found: DtpRegulation | null = null;
  for (const row of dtpRegulations) {
    if (row.from <= date && date <= row.to && row.sectors.includes(sector)) found = row;
  }
  return found;
}

export function dtpEligibility(input: {
  dtp: DtpInput;
  date: string;
  month: number;
  kind: EmploymentKind;
  regularBruto: number;
  days: number;
}): DtpEligibility {
  const { dtp } = input;
  const sector = sectorOfKlu(dtp.klu);
  const base = { regulation: null, sector, judged: null, ceiling: null, reference_month: null };
  if (!dtp.klu?.trim()) return { eligible: false, reason: 'no_klu', ...base };
  if (!sector) return { eligible: false, reason: 'sector_not_covered', ...base };
  const regulation = dtpRegulationOn(input.date, sector);
  if (!regulation) return { eligible: false, reason: 'period_not_covered', ...base };
  const found = { ...base, regulation: regulation.id };
  if (!dtp.has_tax_id) return { eligible: false, reason: 'no_tax_id', ...found };
  if (input.kind === 'daily') {
    const days = Math.max(1, input.days);
    const average = Math.round(input.regularBruto / days);
    // average ≤ ceiling ⇔ bruto ≤ ceiling × days (no rounding of the average).
    const eligible = input.regularBruto <= regulation.dailyCeiling * days;
    return {
      eligible,
      reason: eligible ? 'eligible' : 'over_daily_ceiling',
      ...found,
      judged: average,
      ceiling: regulation.dailyCeiling,
      reference_month: input.month,
    };
  }
  const reference =
    input.kind === 'permanent' && dtp.reference
      ? dtp.reference
      : { month: input.month, regular_bruto: input.regularBruto };
  const eligible = reference.regular_bruto <= regulation.monthlyCeiling;
  return {
    eligible,
    reason: eligible ? 'eligible' : 'over_monthly_ceiling',
    ...found,
    judged: reference.regular_bruto,
    ceiling: regulation.monthlyCeiling,
    reference_month: reference.month,
  };
}

/** How much of the month's PPh 21 the government bears (0 when not eligible). */
export function dtpAmount(input: {
  eligibility: DtpEligibility;
  dtp: DtpInput;
  kind: EmploymentKind;
  status: PtkpStatus;
  date: string;
  regularBruto: number;
  days: number;
  /** Present in the last tax period of a permanent employee. */
  settle?: { months: number; pension: number; zakat: number; annualise: boolean } | null;
}): { amount: number; method: 'ter' | 'daily' | 'pasal17'; tax_regular: number } {
  const method = input.settle ? 'pasal17' : input.kind === 'daily' ? 'daily' : 'ter';
  if (!input.eligibility.eligible) return { amount: 0, method, tax_regular: 0 };
  let tax: number;
  let amount: number;
  if (input.settle) {
    tax = settleYear({
      status: input.status,
      taxIdValid: true,
      months: input.settle.months,
      brutoYear: (input.dtp.ytd_regular_bruto ?? 0) + input.regularBruto,
      pension: input.settle.pension,
      zakat: input.settle.zakat,
      previousNeto: 0,
      previousPph: 0,
      withheld: 0,
      annualise: input.settle.annualise,
      date: input.date,
    }).tax_year;
    amount = tax - (input.dtp.ytd_dtp ?? 0);
  } else if (input.kind === 'daily') {
    tax = dailyTax({ bruto: input.regularBruto, days: input.days, taxIdValid: true, date: input.date }).pph;
    amount = tax;
  } else {
    tax = monthlyTer({ bruto: input.regularBruto, status: input.status, taxIdValid: true, date: input.date }).pph;
    amount = tax;
  }
  return { amount: Math.max(0, amount), method, tax_regular: tax };
}
