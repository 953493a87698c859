/**
 * The payroll engine's public types (common/payroll/README.md). Field names follow the stored columns
 * (server/db/schema.ts: employees, employee_* payroll items, employee_thr_bonuses, the payroll-rules tables, companies),
 * so a run maps a row to an input field by field. Money is integer rupiah everywhere; an absent optional section
 * counts as zero.
 *
 * Pure types: no imports beyond the engine's own files, so both `server/` and `src/` use them.
 */

/** The PTKP status as stored in `employees.marital_status`. */
export type PtkpStatus = 'tk/0' | 'tk/1' | 'tk/2' | 'tk/3' | 'k/0' | 'k/1' | 'k/2' | 'k/3';
export type TerCategory = 'A' | 'B' | 'C';

/** Who bears the PPh 21 (`employees.pph_deduction`): the employee (`gross`) or the employer (`gross_up`). */
export type PphMethod = 'gross' | 'gross_up';

/**
 * How the person is employed, for PPh 21 (reference sections 1 and 2): a permanent employee (TER every month, Pasal 17
 * in the last tax period), a non-permanent worker paid monthly (TER, no year-end settlement) or paid daily (the daily
 * rule on the average daily gross; `salary.basic_salary` is then the daily wage, paid per day present).
 */
export type EmploymentKind = 'permanent' | 'non_permanent_monthly' | 'daily';

/** Tax residence during the year: a resident, or an expatriate whose residence starts or ends this year (annualised). */
export type TaxResidence = 'resident' | 'arriving' | 'leaving';

export type ProrationRule = 'calendar_day' | 'working_day';

/** A payroll period: a calendar month. */
export interface Period {
  year: number;
  /** 1 to 12. */
  month: number;
}

export interface EmployeeTaxProfile {
  /** `employees.marital_status` as of 1 January of the tax year; null counts as 'tk/0'. */
  ptkp_status: PtkpStatus | null;
  /** `employees.tax_id_valid`: false multiplies PPh 21 by 1.2. Default true. */
  tax_id_valid?: boolean;
  /** `employees.pph_deduction`. Default 'gross'. */
  pph_method?: PphMethod;
  /** Default 'permanent'. */
  employment_kind?: EmploymentKind;
  /** Default 'resident'. */
  tax_residence?: TaxResidence;
  /** `employees.join_date`, 'YYYY-MM-DD' (null: employed before the period). */
  join_date?: string | null;
  /** `employees.exit_date` (null: still employed after the period). */
  exit_date?: string | null;
  /** `employees.work_days`: 5 or 6 working days a week. Default 5. */
  work_days?: 5 | 6;
}

/** The salary section of the employee (integer rupiah per month; per day for `daily` workers' basic salary). */
export interface SalarySection {
  basic_salary: number;
  transport_allowance?: number;
  meal_allowance?: number;
  communication_allowance?: number;
  job_allowance?: number;
  other_allowance?: number;
}

/** One payroll item of the month (employee_allowances, _incentives, _bonuses, _deductions). */
export interface PayrollItem {
  /** The component's name (or code) as the payslip shows it. */
  name: string;
  amount: number;
}

export interface PayrollItems {
  allowances?: PayrollItem[];
  incentives?: PayrollItem[];
  bonuses?: PayrollItem[];
  deductions?: PayrollItem[];
}

/** Attendance totals of the period (zero when the attendance module has nothing). */
export interface AttendanceTotals {
  /** Working days scheduled in the month; default: the weekdays of the month by `work_days` less `holidays`. */
  scheduled_days?: number;
  /** Days present (daily workers are paid for these). */
  present_days?: number;
  /** Each late arrival, in minutes late. */
  late?: { minutes: number }[];
  /** Early leaves (occurrences). */
  early?: number;
  /** Days absent without leave. */
  absent_days?: number;
  /** The days counted in `absent_days` ('YYYY-MM-DD'), for the explanation (issue 27 section 6); never computed on. */
  absent_dates?: string[];
  /** Missed clock-ins or clock-outs (occurrences). */
  missed?: number;
}

export type OvertimeDayType = 'working_day' | 'rest_day' | 'holiday' | 'holiday_shortest_day';

/** One approved overtime entry. */
export interface OvertimeEntry {
  date: string;
  hours: number;
  day_type: OvertimeDayType;
}

/** BPJS section of the employee (`employees.bpjs_*`). */
export interface BpjsSection {
  tk_registered: boolean;
  ks_registered: boolean;
  /** 1 wage recipient, 2 non-wage recipient, 3 not registered. */
  bpjs_type?: 1 | 2 | 3;
  /** `bpjs_tk_salary`; null: the wage (basic + fixed allowances). */
  tk_salary?: number | null;
  /** `bpjs_ks_salary`; null: the wage. */
  ks_salary?: number | null;
  /** `employees.jkk_percentage`; null: the company's. */
  jkk_percentage?: number | null;
  /** Family members marked `bpjs_ks_additional`. */
  additional_family_members?: number;
}

/** The same year's completed runs of this employment (other months than this one). */
export interface YearToDate {
  /** Months of this employment in the year before this one that were paid. */
  months: number;
  bruto: number;
  /** Employee JHT + JP. */
  pension: number;
  zakat: number;
  /** PPh 21 withheld (negative amounts of earlier refunds included as they were). */
  pph_withheld: number;
}

/** The previous employer's slip for this year (`pph-a1/previous-pph`: previous_netto, previous_pph). */
export interface PreviousEmployer {
  neto: number;
  pph: number;
}

/** The DTP sectors (common/payroll/dtp.json). */
export type DtpSector = 'footwear' | 'textile_apparel' | 'furniture' | 'leather' | 'tourism';

/** What the engine is told about DTP for one payslip (`PayslipInput.dtp`). */
export interface DtpInput {
  /** The company's main KLU code; null: not set (no DTP). */
  klu: string | null;
  /** The employee has a tax id the tax office knows (a 16-digit NIK or NPWP). */
  has_tax_id: boolean;
  /**
   * The reference month's fixed and regular bruto (permanent employees): the year's January, or the first month worked
   * in the year. Null: this month is the reference (January, or the first month of work).
   */
  reference?: { month: number; regular_bruto: number } | null;
  /** The year's other months of this employment (the last tax period settles against them). */
  ytd_regular_bruto?: number;
  ytd_dtp?: number;
}

/** Why an employee does or does not qualify: a closed list (the explain panel words each). */
export type DtpReason =
  | 'eligible'
  | 'no_klu'
  | 'sector_not_covered'
  | 'period_not_covered'
  | 'no_tax_id'
  | 'over_monthly_ceiling'
  | 'over_daily_ceiling';

export interface DtpEligibility {
  eligible: boolean;
  reason: DtpReason;
  regulation: string | null;
  sector: DtpSector | null;
  /** The figure judged against the ceiling, and the ceiling (rupiah; the daily average for daily workers). */
  judged: number | null;
  ceiling: number | null;
  /** The month the figure is from (permanent employees: January or the first month worked). */
  reference_month: number | null;
}

export interface PayslipInput {
  period: Period;
  employee: EmployeeTaxProfile;
  salary: SalarySection;
  items?: PayrollItems;
  /** employee_thr_bonuses of the month. */
  thr?: number;
  yearly_bonus?: number;
  attendance?: AttendanceTotals;
  overtime?: OvertimeEntry[];
  /** Approved business trip days in the month. */
  business_trip_days?: number;
  /**
   * What the loans and the deposit ask of this month (common/loans.ts: installments due, carried-over amounts, a
   * leaver's whole balance). The payslip deducts them only as far as the take-home pay allows (decision 0065).
   */
  loan_installment?: number;
  deposit?: number;
  /** A deposit's balance paid back in the final pay (earning, not income). */
  deposit_return?: number;
  /** Zakat paid through the employer this month (deductible in the last tax period). */
  zakat?: number;
  bpjs?: BpjsSection;
  ytd?: YearToDate;
  previous_employer?: PreviousEmployer;
  /** True in the last tax period (December, or the month employment ends): settle the year with Pasal 17. */
  last_period?: boolean;
  /** Public holidays in the month ('YYYY-MM-DD'), for the working-day calendar. */
  holidays?: string[];
  /** PPh 21 DTP (common/payroll/dtp.ts): absent when the company has no KLU code set (no DTP considered). */
  dtp?: DtpInput;
  /** What the exit of this month pays (the employee's exit pay, decision 0170), as agreed (edits applied). */
  exit_pay?: ExitPayItem[];
  /** Severance paid to this employee before (earlier instalments): PP 68/2009 layers run on the cumulative sum. */
  severance_before?: number;
  /** Days of unpaid leave (a leave type marked unpaid) in the month: deducted by the company's absent rule. */
  unpaid_leave_days?: number;
  /** The days counted in `unpaid_leave_days` ('YYYY-MM-DD'), for the explanation; never computed on. */
  unpaid_leave_dates?: string[];
}

/** One exit pay line the payslip pays (codes of common/payroll/severance.ts). */
export interface ExitPayItem {
  code: 'pesangon' | 'upmk' | 'uph_leave' | 'uph_rights' | 'separation_pay' | 'pkwt_compensation';
  amount: number;
}

export type LateMethod = 'daily' | 'accumulative' | 'minutely' | 'custom';
export type DeductionMethod = 'daily' | 'prorate' | 'percentage';

/** late_deductions row. */
export interface LateRule {
  method: LateMethod;
  /** Minutes (daily, accumulative, minutely) or free occurrences (custom). */
  limit: number;
  deduction: number;
}

/** early_deductions / absent_deductions / missed_deductions row. */
export interface DeductionRule {
  method: DeductionMethod;
  nominal?: number | null;
  pro_rate_day?: number | null;
  /** Percent of the daily wage, two decimals. */
  percentage?: number | null;
}

/** overtime_rules row. */
export interface OvertimeRule {
  method: 'hourly' | 'government_rule';
  hourly_overtime?: number | null;
  maximum_hour?: number | null;
}

export interface PayrollRules {
  late?: LateRule | null;
  early?: DeductionRule | null;
  absent?: DeductionRule | null;
  missed?: DeductionRule | null;
  overtime?: OvertimeRule | null;
  /** business_trip_rules.amount, per day. */
  business_trip_amount?: number | null;
}

export interface CompanyPayrollSettings {
  /** `companies.umk`: the Kesehatan floor (null: none). */
  umk?: number | null;
  /** `companies.jkk_percentage` in percent (0, 0.24, 0.54, 0.89, 1.27, 1.74). */
  jkk_percentage?: number | null;
  /** How a joiner's or leaver's basic salary is prorated. Default 'calendar_day'. */
  proration?: ProrationRule;
  rules?: PayrollRules;
}

export type LineKind = 'earning' | 'deduction' | 'employer_contribution' | 'tax' | 'info';

export type LineCode =
  | 'basic_salary'
  | 'transport_allowance'
  | 'meal_allowance'
  | 'communication_allowance'
  | 'job_allowance'
  | 'other_allowance'
  | 'allowance'
  | 'incentive'
  | 'bonus'
  | 'thr'
  | 'yearly_bonus'
  | 'overtime'
  | 'business_trip'
  | 'tax_allowance'
  | 'late_deduction'
  | 'early_deduction'
  | 'absent_deduction'
  | 'missed_deduction'
  /** Unpaid leave days (leave type marked unpaid) × the company's absent rule. */
  | 'unpaid_leave_deduction'
  | 'deduction'
  | 'loan_installment'
  | 'deposit'
  | 'deposit_return'
  | 'jht_employee'
  | 'jp_employee'
  | 'ks_employee'
  | 'ks_additional'
  | 'jkk_employee'
  | 'jkm_employee'
  | 'jht_employer'
  | 'jp_employer'
  | 'jkk_employer'
  | 'jkm_employer'
  | 'ks_employer'
  | 'pph21'
  /** PPh 21 borne by the government (DTP), paid back in cash: an earning outside bruto (decision 0165). */
  | 'pph21_dtp'
  | 'zakat'
  /** Daily payroll (common/payroll/weekly.ts): one daily payroll component × days, or an edited daily rate × days. */
  | 'daily_component'
  | 'daily_wage'
  /** Exit pay (common/payroll/severance.ts, decision 0170): severance lines under the final PPh 21 of PP 68/2009, and
   * PKWT compensation (ordinary income). */
  | 'pesangon'
  | 'upmk'
  | 'uph_leave'
  | 'uph_rights'
  | 'separation_pay'
  | 'pkwt_compensation'
  /** Final PPh 21 on the severance (PP 68/2009): not TER, not the year-end settlement. */
  | 'pph21_severance';

/** Figures behind a line: plain numbers and short strings, shown by the run grid's explain panel. */
export type Explain = Record<string, string | number | boolean | null | readonly (string | number)[] | object>;

export interface PayslipLine {
  code: LineCode;
  kind: LineKind;
  /** Integer rupiah; earnings and deductions positive; a `tax` line is negative for a refund. */
  amount: number;
  /** The payroll item's name for item lines (allowance, incentive, bonus, deduction). */
  name?: string;
  /** Whether the line counts in PPh 21 bruto (a deduction line that does reduces it). */
  in_bruto: boolean;
  explain: Explain;
}

export interface BpjsAmounts {
  jht: { employee: number; employer: number };
  jp: { employee: number; employer: number };
  jkk: { employee: number; employer: number };
  jkm: { employee: number; employer: number };
  ks: { employee: number; employer: number };
  ks_additional: { employee: number; employer: number };
  total_employee: number;
  total_employer: number;
  bases: { tk: number; jp: number; ks: number };
}

/** Pasal 17 layer applied to PKP. */
export interface Pasal17Layer {
  over: number;
  upTo: number | null;
  /** Percent. */
  rate: number;
  taxable: number;
  tax: number;
}

/** The year's settlement in the last tax period (form 1721-A1's lines). */
export interface AnnualSettlement {
  months: number;
  bruto_year: number;
  biaya_jabatan: number;
  pension: number;
  zakat: number;
  /** Neto of this employment (line 13). */
  neto_employment: number;
  previous_neto: number;
  /** Neto for the calculation (line 15: this employment + previous, annualised for expatriates). */
  neto: number;
  ptkp: number;
  pkp: number;
  layers: Pasal17Layer[];
  annualised: boolean;
  /** PPh 21 on PKP (line 18; × n/12 for expatriates, × 1.2 without a valid tax id). */
  tax_year: number;
  previous_pph: number;
  /** PPh 21 withheld in the other periods of this employment (line 22). */
  withheld: number;
  /** tax_year − previous_pph − withheld (line 23); negative: a refund. */
  pph: number;
}

export interface MonthlyTax {
  method: 'ter' | 'daily' | 'pasal17';
  category: TerCategory | null;
  /** Rate as a fraction (0.015 = 1.5 %); null for the Pasal 17 settlement. */
  rate: number | null;
  bracket: { over: number; upTo: number | null } | null;
  surcharge: boolean;
  pph: number;
}

export interface PayslipResult {
  period: Period;
  lines: PayslipLine[];
  /** PPh 21 bruto of the month. */
  bruto: number;
  /** PPh 21 of the month (negative: a refund in the last tax period). */
  pph21: number;
  /** Tax allowance paid by the employer (gross-up), 0 otherwise. */
  tax_allowance: number;
  /** The fixed and regular part of bruto (bruto without THR, yearly bonus and bonus items). */
  regular_bruto: number;
  /** The part of `pph21` borne by the government, paid back on the `pph21_dtp` line (0 without DTP). */
  pph21_dtp: number;
  /** Why the employee does or does not qualify for DTP; null when the input has no `dtp`. */
  dtp: DtpEligibility | null;
  /** Take-home pay: earnings − deductions − tax lines. */
  thp: number;
  bpjs: BpjsAmounts;
  tax: MonthlyTax;
  /** Present in the last tax period of a permanent employee. */
  settlement: AnnualSettlement | null;
  /** The fraction of the basic salary paid (1 unless joining or leaving in the period). */
  proration: { numerator: number; denominator: number; rule: ProrationRule };
}

/** Body of POST /v1/payroll/pph21/calculate (issue 14). */
export interface Pph21CalculateBody {
  ptkp_status: PtkpStatus | Uppercase<PtkpStatus>;
  tax_id_valid?: boolean;
  gross_up?: boolean;
  annualize?: boolean;
  previous_neto?: number;
  previous_pph?: number;
  /** The tax year (default: the year of `today`, Asia/Jakarta). Selects the tables in force. */
  year?: number;
  periods: { month: number; bruto: number; pension?: number; zakat?: number }[];
  last_period?: boolean;
}

export interface Pph21CalculateReply {
  periods: { month: number; category: TerCategory; rate: number; bruto: number; pph: number }[];
  last_period: {
    bruto_year: number;
    biaya_jabatan: number;
    pension: number;
    zakat: number;
    neto: number;
    ptkp: number;
    pkp: number;
    tax_year: number;
    withheld: number;
    pph: number;
  } | null;
}
