/**
 * What a leaver is owed (PP 35/2021) and its final tax (PP 68/2009), pure: docs/decisions/0170.
 *
 * - Pesangon (art. 40(2)) and UPMK, long-service pay (art. 40(3)), in months of wage by years of service; each exit
 *   cause multiplies them (articles 41–57; a resignation or serious misconduct earns neither).
 * - UPH, compensation of rights (art. 40(4)): untaken annual leave (wage / 25 or / 21 a day by the working week), the
 *   cost of returning home (company rule).
 * - Separation pay (uang pisah): the company's rule (months of wage) for the causes that earn it.
 * - PKWT compensation (art. 15–17): months of the contract / 12 × one month's wage, not for foreign workers. It is
 *   ordinary taxable income of the month (TER, year-end settlement), unlike the rest.
 * - Final PPh 21 on severance paid as a lump sum (PP 68/2009 art. 2, 3): layers on the cumulative amount, not the TER
 *   and not the year-end settlement. Without a valid tax id × 1.2, like every PPh 21.
 *
 * Tables and multipliers are effective-dated data (`severanceRateTables`), looked up by the exit date.
 */
import { roundDiv } from './money.ts';
import { type Effective, inForce } from './rates.ts';

/** Exit causes PP 35/2021 distinguishes (articles in `severanceRatesOn(date).causes[cause].article`). */
export const exitCauses = [
  'resign',
  'absent_resign',
  'contract_end',
  'merger',
  'takeover',
  'takeover_refused',
  'efficiency_losses',
  'efficiency',
  'closure_losses',
  'closure',
  'force_majeure_closure',
  'force_majeure',
  'pkpu_losses',
  'pkpu',
  'bankruptcy',
  'employer_violation',
  'misconduct',
  'serious_misconduct',
  'detained',
  'long_illness',
  'retirement',
  'death',
] as const;
export type ExitCause = (typeof exitCauses)[number];

/** The exit reason the employee record keeps (`employees.exit_reason`): resigning, or an ending of employment. */
export type ExitReason = 'resign' | 'phk';

export interface CauseRule {
  /** PP 35/2021 article. */
  readonly article: string;
  readonly reason: ExitReason;
  /** Multiplier of the pesangon table, in hundredths (175 = 1.75 ×). */
  readonly pesangon: number;
  /** Multiplier of the UPMK table, in hundredths. */
  readonly upmk: number;
  /** Whether the company's separation pay (uang pisah) is owed. */
  readonly separation: boolean;
  /** Whether a fixed-term contract's compensation is owed (the contract ends). */
  readonly pkwt: boolean;
}

export interface SeveranceRates {
  /** Months of wage by full years of service: `[years over, months]`, ascending; the last row has no end. */
  readonly pesangonMonths: readonly (readonly [number, number])[];
  readonly upmkMonths: readonly (readonly [number, number])[];
  readonly causes: Readonly<Record<ExitCause, CauseRule>>;
  /** Untaken leave: a day's wage = monthly wage / this, by working days a week. */
  readonly leaveDayDivisor: Readonly<Record<5 | 6, number>>;
  /** PKWT compensation: months of the contract / this × one month's wage. */
  readonly pkwtMonths: number;
  /** PP 68/2009 layers on the cumulative severance: (over, upTo] at percent. */
  readonly finalTax: readonly { readonly over: number; readonly upTo: number | null; readonly percent: number }[];
  /** Tax object code of the final slip (Coretax: 21-401-01, severance paid as a lump sum). */
  readonly taxObjectCode: string;
  readonly noTaxIdPercent: number;
}

const rule = (article: string, reason: ExitReason, pesangon: number, upmk: number, extra?: Partial<CauseRule>) =>
  ({ article, reason, pesangon, upmk, separation: false, pkwt: false, ...extra }) satisfies CauseRule;

/** PP 35/2021 (in force 2 February 2021) and PP 68/2009 (in force 2009-09-29, the layers unchanged since). */
export const severanceRateTables: readonly Effective<SeveranceRates>[] = [
  {
    from: '2021-02-02',
    value: {
      pesangonMonths: [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
        [5, 6],
        [6, 7],
        [7, 8],
        [8, 9],
      ],
      upmkMonths: [
        [0, 0],
        [3, 2],
        [6, 3],
        [9, 4],
        [12, 5],
        [15, 6],
        [18, 7],
        [21, 8],
        [24, 10],
      ],
      causes: {
        resign: rule('50', 'resign', 0, 0, { separation: true }),
        absent_resign: rule('51', 'resign', 0, 0, { separation: true }),
        contract_end: rule('15–17', 'phk', 0, 0, { pkwt: true }),
        merger: rule('41', 'phk', 100, 100),
        takeover: rule('42(1)', 'phk', 100, 100),
        takeover_refused: rule('42(2)', 'phk', 50, 100),
        efficiency_losses: rule('43(1)', 'phk', 50, 100),
        efficiency: rule('43(2)', 'phk', 100, 100),
        closure_losses: rule('44(1)', 'phk', 50, 100),
        closure: rule('44(2)', 'phk', 100, 100),
        force_majeure_closure: rule('45(1)', 'phk', 50, 100),
        force_majeure: rule('45(2)', 'phk', 75, 100),
        pkpu_losses: rule('46(1)', 'phk', 50, 100),
        pkpu: rule('46(2)', 'phk', 100, 100),
        bankruptcy: rule('47', 'phk', 50, 100),
        employer_violation: rule('48', 'phk', 100, 100),
        misconduct: rule('52(1)', 'phk', 50, 100),
        serious_misconduct: rule('52(2)', 'phk', 0, 0, { separation: true }),
        detained: rule('54(1)', 'phk', 0, 100),
        long_illness: rule('55(1)', 'phk', 200, 100),
        retirement: rule('56', 'phk', 175, 100),
        death: rule('57', 'phk', 200, 100),
      },
      leaveDayDivisor: { 5: 21, 6: 25 },
      pkwtMonths: 12,
      finalTax: [
        { over: 0, upTo: 50_000_000, percent: 0 },
        { over: 50_000_000, upTo: 100_000_000, percent: 5 },
        { over: 100_000_000, upTo: 500_000_000, percent: 15 },
        { over: 500_000_000, upTo: null, percent: 25 },
      ],
      taxObjectCode: '21-401-01',
      noTaxIdPercent: 120,
    },
  },
];

export const severanceRatesOn = (date: string): SeveranceRates => inForce(severanceRateTables, date);

/** The lines of an exit's pay, in the order the payslip shows them. */
export const exitPayCodes = [
  'pesangon',
  'upmk',
  'uph_leave',
  'uph_rights',
  'separation_pay',
  'pkwt_compensation',
] as const;
export type ExitPayCode = (typeof exitPayCodes)[number];

/** How each exit line is taxed: final PPh 21 of PP 68/2009, or ordinary income of the month. */
export const exitPayTax = {
  pesangon: 'final',
  upmk: 'final',
  uph_leave: 'final',
  uph_rights: 'final',
  separation_pay: 'final',
  pkwt_compensation: 'ordinary',
} as const satisfies Record<ExitPayCode, 'final' | 'ordinary'>;

/** Full months between two dates (the day of the month reached counts the month). */
export function fullMonths(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  if (td < fd) months -= 1;
  return Math.max(0, months);
}

const monthsFor = (table: readonly (readonly [number, number])[], years: number) => {
  let months = 0;
  for (const [over, value] of table) if (years >= over) months = value;
  return months;
};

export interface ExitPayInput {
  cause: ExitCause;
  /** Employment (or, for `contract_end`, the contract) start and the exit date, 'YYYY-MM-DD'. */
  joinDate: string;
  exitDate: string;
  /** Basic salary + fixed allowances a month. */
  wage: number;
  workDays: 5 | 6;
  /** Untaken annual leave days (the leave balance on the exit date); never below 0. */
  leaveDays: number;
  /** The company's separation pay in months of wage (hundredths: 100 = one month). */
  separationHundredths: number;
  /** The company's cost of returning home, when the work agreement owes it. */
  homeReturn: number;
  /** False for a foreign worker: no PKWT compensation (PP 35/2021 art. 15(3)). */
  pkwtEligible: boolean;
  /** True when the employee works on a fixed-term contract (PKWT). */
  pkwt: boolean;
}

export interface ExitPayLine {
  code: ExitPayCode;
  amount: number;
  explain: Record<string, string | number>;
}

export interface ExitPay {
  cause: ExitCause;
  article: string;
  reason: ExitReason;
  serviceMonths: number;
  serviceYears: number;
  lines: ExitPayLine[];
}

/** What the leaver is owed (zero lines left out). */
export function computeExitPay(input: ExitPayInput): ExitPay {
  if (input.exitDate < input.joinDate) throw new RangeError('The exit date is before the join date');
  const rates = severanceRatesOn(input.exitDate);
  const cause = rates.causes[input.cause];
  const serviceMonths = fullMonths(input.joinDate, input.exitDate);
  const serviceYears = Math.floor(serviceMonths / 12);
  const wage = input.wage;
  const lines: ExitPayLine[] = [];
  const add = (line: ExitPayLine) => {
    if (line.amount !== 0) lines.push(line);
  };
  if (cause.pesangon > 0) {
    const months = monthsFor(rates.pesangonMonths, serviceYears);
    add({
      code: 'pesangon',
      amount: roundDiv(wage * months * cause.pesangon, 100),
      explain: {
        article: `40(2), ${cause.article}`,
        years: serviceYears,
        months,
        multiplier: cause.pesangon / 100,
        wage,
      },
    });
  }
  if (cause.upmk > 0) {
    const months = monthsFor(rates.upmkMonths, serviceYears);
    add({
      code: 'upmk',
      amount: roundDiv(wage * months * cause.upmk, 100),
      explain: { article: `40(3), ${cause.article}`, years: serviceYears, months, multiplier: cause.upmk / 100, wage },
    });
  }
  const leaveDays = Math.max(0, input.leaveDays);
  const divisor = rates.leaveDayDivisor[input.workDays];
  // Leave days may be halves: count in half days.
  const halves = Math.round(leaveDays * 2);
  add({
    code: 'uph_leave',
    amount: roundDiv(wage * halves, divisor * 2),
    explain: { article: '40(4)(a)', days: halves / 2, day_wage: roundDiv(wage, divisor), divisor, wage },
  });
  add({ code: 'uph_rights', amount: Math.max(0, input.homeReturn), explain: { article: '40(4)(b)' } });
  if (cause.separation) {
    add({
      code: 'separation_pay',
      amount: roundDiv(wage * Math.max(0, input.separationHundredths), 100),
      explain: { article: cause.article, months: Math.max(0, input.separationHundredths) / 100, wage },
    });
  }
  if (cause.pkwt && input.pkwt && input.pkwtEligible && serviceMonths >= 1) {
    add({
      code: 'pkwt_compensation',
      amount: roundDiv(wage * serviceMonths, rates.pkwtMonths),
      explain: { article: '16', months: serviceMonths, wage },
    });
  }
  return { cause: input.cause, article: cause.article, reason: cause.reason, serviceMonths, serviceYears, lines };
}

/** PKWT compensation of a contract ending on `endDate` (pre-run check): months / 12 × wage. */
export function pkwtCompensation(startDate: string, endDate: string, wage: number): { months: number; amount: number } {
  const months = fullMonths(startDate, endDate);
  const rates = severanceRatesOn(endDate);
  return { months, amount: months >= 1 ? roundDiv(wage * months, rates.pkwtMonths) : 0 };
}

export interface FinalTaxLayer {
  over: number;
  upTo: number | null;
  percent: number;
  taxable: number;
  tax: number;
}

export interface SeveranceTax {
  /** Severance of this payment (gross). */
  gross: number;
  /** Severance paid before (earlier instalments), whose layers were used. */
  before: number;
  layers: FinalTaxLayer[];
  surcharge: boolean;
  /** Final PPh 21 of this payment. */
  pph: number;
  taxObjectCode: string;
}

/**
 * Final PPh 21 of PP 68/2009 on `gross` severance paid now, `before` having been paid earlier (the layers apply to
 * the cumulative amount). Each layer's tax is rounded once; × 1.2 without a valid tax id.
 */
export function severanceTax(gross: number, date: string, taxIdValid = true, before = 0): SeveranceTax {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError('Severance must be whole rupiah ≥ 0');
  const rates = severanceRatesOn(date);
  const from = before;
  const to = before + gross;
  const layers: FinalTaxLayer[] = [];
  let pph = 0;
  for (const layer of rates.finalTax) {
    const top = layer.upTo ?? Number.POSITIVE_INFINITY;
    const taxable = Math.max(0, Math.min(to, top) - Math.max(from, layer.over));
    if (taxable <= 0) continue;
    const tax = roundDiv(taxable * layer.percent, 100);
    layers.push({ over: layer.over, upTo: layer.upTo, percent: layer.percent, taxable, tax });
    pph += tax;
  }
  if (!taxIdValid) pph = roundDiv(pph * rates.noTaxIdPercent, 100);
  return { gross, before, layers, surcharge: !taxIdValid, pph, taxObjectCode: rates.taxObjectCode };
}
