/**
 * PPh 21 withheld in a regular month from a permanent employee, by the monthly TER (tarif efektif rata-rata) of PP 58/2023
 * Lampiran A–C, in force from January 2024 (reference indonesia-payroll.md section 1). Only the regular month: the last
 * tax period (the year-end true-up with Pasal 17 layers) is the payroll engine's.
 *
 * - The TER category follows the PTKP status (marital status as 'tk/0' … 'k/3').
 * - Brackets are intervals (over, upTo]; rates are held in basis points (1 bp = 0.01 %), so the tax is
 *   `bruto × bp / 10,000` in integer arithmetic, rounded half up to the rupiah once (the rule common/bpjs.ts uses).
 * - A recipient without a valid tax id pays 120 %.
 *
 * Pure data and functions: it imports nothing, so both `server/` and `src/` use it.
 */

export type PtkpStatus = 'tk/0' | 'tk/1' | 'tk/2' | 'tk/3' | 'k/0' | 'k/1' | 'k/2' | 'k/3';
export type TerCategory = 'A' | 'B' | 'C';

/** The TER category of each PTKP status (PP 58/2023 Pasal 3). */
export const terCategories = {
  'tk/0': 'A',
  'tk/1': 'A',
  'k/0': 'A',
  'tk/2': 'B',
  'tk/3': 'B',
  'k/1': 'B',
  'k/2': 'B',
  'k/3': 'C',
} as const satisfies Record<PtkpStatus, TerCategory>;

/** Each category's brackets as [upTo (inclusive; null: no upper bound), rate in basis points], in ascending order. */
export const monthlyTer = {
  A: [
    [5_400_000, 0],
    [5_650_000, 25],
    [5_950_000, 50],
    [6_300_000, 75],
    [6_750_000, 100],
    [7_500_000, 125],
    [8_550_000, 150],
    [9_650_000, 175],
    [10_050_000, 200],
    [10_350_000, 225],
    [10_700_000, 250],
    [11_050_000, 300],
    [11_600_000, 350],
    [12_500_000, 400],
    [13_750_000, 500],
    [15_100_000, 600],
    [16_950_000, 700],
    [19_750_000, 800],
    [24_150_000, 900],
    [26_450_000, 1000],
    [28_000_000, 1100],
    [30_050_000, 1200],
    [32_400_000, 1300],
    [35_400_000, 1400],
    [39_100_000, 1500],
    [43_850_000, 1600],
    [47_800_000, 1700],
    [51_400_000, 1800],
    [56_300_000, 1900],
    [62_200_000, 2000],
    [68_600_000, 2100],
    [77_500_000, 2200],
    [89_000_000, 2300],
    [103_000_000, 2400],
    [125_000_000, 2500],
    [157_000_000, 2600],
    [206_000_000, 2700],
    [337_000_000, 2800],
    [454_000_000, 2900],
    [550_000_000, 3000],
    [695_000_000, 3100],
    [910_000_000, 3200],
    [1_400_000_000, 3300],
    [null, 3400],
  ],
  B: [
    [6_200_000, 0],
    [6_500_000, 25],
    [6_850_000, 50],
    [7_300_000, 75],
    [9_200_000, 100],
    [10_750_000, 150],
    [11_250_000, 200],
    [11_600_000, 250],
    [12_600_000, 300],
    [13_600_000, 400],
    [14_950_000, 500],
    [16_400_000, 600],
    [18_450_000, 700],
    [21_850_000, 800],
    [26_000_000, 900],
    [27_700_000, 1000],
    [29_350_000, 1100],
    [31_450_000, 1200],
    [33_950_000, 1300],
    [37_100_000, 1400],
    [41_100_000, 1500],
    [45_800_000, 1600],
    [49_500_000, 1700],
    [53_800_000, 1800],
    [58_500_000, 1900],
    [64_000_000, 2000],
    [71_000_000, 2100],
    [80_000_000, 2200],
    [93_000_000, 2300],
    [109_000_000, 2400],
    [129_000_000, 2500],
    [163_000_000, 2600],
    [211_000_000, 2700],
    [374_000_000, 2800],
    [459_000_000, 2900],
    [555_000_000, 3000],
    [704_000_000, 3100],
    [957_000_000, 3200],
    [1_405_000_000, 3300],
    [null, 3400],
  ],
  C: [
    [6_600_000, 0],
    [6_950_000, 25],
    [7_350_000, 50],
    [7_800_000, 75],
    [8_850_000, 100],
    [9_800_000, 125],
    [10_950_000, 150],
    [11_200_000, 175],
    [12_050_000, 200],
    [12_950_000, 300],
    [14_150_000, 400],
    [15_550_000, 500],
    [17_050_000, 600],
    [19_500_000, 700],
    [22_700_000, 800],
    [26_600_000, 900],
    [28_100_000, 1000],
    [30_100_000, 1100],
    [32_600_000, 1200],
    [35_400_000, 1300],
    [38_900_000, 1400],
    [43_000_000, 1500],
    [47_400_000, 1600],
    [51_200_000, 1700],
    [55_800_000, 1800],
    [60_400_000, 1900],
    [66_700_000, 2000],
    [74_500_000, 2100],
    [83_200_000, 2200],
    [95_600_000, 2300],
    [110_000_000, 2400],
    [134_000_000, 2500],
    [169_000_000, 2600],
    [221_000_000, 2700],
    [390_000_000, 2800],
    [463_000_000, 2900],
    [561_000_000, 3000],
    [709_000_000, 3100],
    [965_000_000, 3200],
    [1_419_000_000, 3300],
    [null, 3400],
  ],
} as const satisfies Record<TerCategory, readonly (readonly [number | null, number])[]>;

/** The TER rate in basis points for a month's gross income (bruto) in a category. */
export function terRate(category: TerCategory, bruto: number): number {
  for (const [upTo, rate] of monthlyTer[category]) if (upTo === null || bruto <= upTo) return rate;
  throw new RangeError(`No TER bracket for ${bruto}`);
}

/** PPh 21 of a regular month: TER × bruto, rounded half up; × 1.2 without a valid tax id. */
export function monthlyPph21(input: { bruto: number; status: PtkpStatus; taxIdValid: boolean }): number {
  if (!Number.isSafeInteger(input.bruto) || input.bruto < 0) throw new RangeError('bruto must be a whole rupiah');
  const rate = terRate(terCategories[input.status], input.bruto);
  // bruto × rate / 10,000 × (10 or 12) / 10, in whole numbers.
  const scaled = input.bruto * rate * (input.taxIdValid ? 10 : 12);
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Cannot tax ${input.bruto}`);
  const remainder = scaled % 100_000;
  return (scaled - remainder) / 100_000 + (remainder >= 50_000 ? 1 : 0);
}

export interface TakeHomeInput {
  /** The month's regular earnings: basic salary and the fixed allowances (integer rupiah). */
  earnings: number;
  /** The employee's BPJS shares: JHT, JP, JKK and JKM where the employee pays them, Kesehatan and its extra members. */
  employeeBpjs: number;
  /** The insurance the employer pays that counts as income: JKK, JKM and BPJS Kesehatan (not JHT, nor JP). */
  employerInsurance: number;
  status: PtkpStatus;
  taxIdValid: boolean;
  /** 'gross': the employee bears the PPh 21; 'gross_up': the employer does (a tax allowance equal to it). */
  pphDeduction: 'gross' | 'gross_up';
}

/**
 * Take-home pay (THP) of a regular month (reference section 3's worked example): the earnings less the employee's
 * BPJS shares and, when the employee bears it, the PPh 21 on bruto (the earnings plus the employer's JKK, JKM and
 * Kesehatan). With 'gross_up' the employer's tax allowance pays the tax, so it leaves the take-home untouched.
 */
export function takeHomePay(input: TakeHomeInput): { thp: number; pph21: number; bruto: number } {
  const bruto = input.earnings + input.employerInsurance;
  const pph21 = monthlyPph21({ bruto, status: input.status, taxIdValid: input.taxIdValid });
  const tax = input.pphDeduction === 'gross' ? pph21 : 0;
  return { thp: input.earnings - input.employeeBpjs - tax, pph21, bruto };
}
