/**
 * The run grid's explain panel in words: for the selected figure, the lines behind it, each with sentences that say how
 * the engine reached the amount (TER category and bracket, BPJS bases with the cap or floor that applied, the Pasal 17
 * layers of the last tax period, the prorating, overtime hours × rate, attendance deductions × rule). Pure: sentences
 * are translation keys with their values (money already formatted); `ExplainPanel.tsx` renders them.
 */
import { jpWageCap, ksWageCeiling } from '../../../common/bpjs.ts';
import { periodDate } from '../../../common/payroll/rates.ts';
import type {
  AnnualSettlement,
  CompanyPayrollSettings,
  DtpReason,
  LineCode,
  PayslipInput,
  PayslipLine,
} from '../../../common/payroll/types.ts';
import { formatRupiah } from '../../format.ts';
import type { RunRow } from './columns.ts';

export interface Sentence {
  key: WhyKey;
  values?: Record<string, string | number>;
}

export interface ExplainedLine {
  /** Unique in the explanation: the code and its occurrence ('allowance:2'). */
  id: string;
  code: LineCode;
  name: string | undefined;
  amount: number;
  /** '+' or '−' when the line is part of a sum (bruto, take-home pay). */
  sign: '+' | '−' | null;
  sentences: Sentence[];
}

export interface Explanation {
  /** Sentences about the figure as a whole (the sum it is, the bases it stands on). */
  intro: Sentence[];
  lines: ExplainedLine[];
}

/** Every sentence's key, spelled out (the locale test finds keys by their literal text). */
export const whyKeys = {
  basicFull: 'payrollRun.why.basicFull',
  basicProratedCalendar: 'payrollRun.why.basicProratedCalendar',
  basicProratedWorking: 'payrollRun.why.basicProratedWorking',
  basicDaily: 'payrollRun.why.basicDaily',
  fixed: 'payrollRun.why.fixed',
  item: 'payrollRun.why.item',
  itemEdited: 'payrollRun.why.itemEdited',
  thr: 'payrollRun.why.thr',
  overtimeNone: 'payrollRun.why.overtimeNone',
  overtimeHourly: 'payrollRun.why.overtimeHourly',
  overtimeMax: 'payrollRun.why.overtimeMax',
  overtimeWageFixed: 'payrollRun.why.overtimeWageFixed',
  overtimeWageTotal: 'payrollRun.why.overtimeWageTotal',
  overtimeHours: 'payrollRun.why.overtimeHours',
  overtimeEdited: 'payrollRun.why.overtimeEdited',
  trip: 'payrollRun.why.trip',
  lateDaily: 'payrollRun.why.lateDaily',
  lateAccumulative: 'payrollRun.why.lateAccumulative',
  lateMinutely: 'payrollRun.why.lateMinutely',
  lateCustom: 'payrollRun.why.lateCustom',
  occurrenceDaily: 'payrollRun.why.occurrenceDaily',
  occurrenceProrate: 'payrollRun.why.occurrenceProrate',
  occurrencePercentage: 'payrollRun.why.occurrencePercentage',
  absentDays: 'payrollRun.why.absentDays',
  unpaidLeaveDays: 'payrollRun.why.unpaidLeaveDays',
  bpjsNone: 'payrollRun.why.bpjsNone',
  bpjsTkWage: 'payrollRun.why.bpjsTkWage',
  bpjsTkSalary: 'payrollRun.why.bpjsTkSalary',
  bpjsJpCapped: 'payrollRun.why.bpjsJpCapped',
  bpjsJpUnder: 'payrollRun.why.bpjsJpUnder',
  bpjsKsFloor: 'payrollRun.why.bpjsKsFloor',
  bpjsKsCeiling: 'payrollRun.why.bpjsKsCeiling',
  bpjsKsBetween: 'payrollRun.why.bpjsKsBetween',
  bpjsKsNoUmk: 'payrollRun.why.bpjsKsNoUmk',
  bpjsRate: 'payrollRun.why.bpjsRate',
  bpjsFamily: 'payrollRun.why.bpjsFamily',
  ter: 'payrollRun.why.ter',
  terTop: 'payrollRun.why.terTop',
  surcharge: 'payrollRun.why.surcharge',
  dailyTax: 'payrollRun.why.dailyTax',
  settle: 'payrollRun.why.settle',
  settleBruto: 'payrollRun.why.settleBruto',
  settleJobCost: 'payrollRun.why.settleJobCost',
  settlePension: 'payrollRun.why.settlePension',
  settleZakat: 'payrollRun.why.settleZakat',
  settlePreviousNeto: 'payrollRun.why.settlePreviousNeto',
  settleNeto: 'payrollRun.why.settleNeto',
  settlePtkp: 'payrollRun.why.settlePtkp',
  settlePkp: 'payrollRun.why.settlePkp',
  settleLayer: 'payrollRun.why.settleLayer',
  settleLayerTop: 'payrollRun.why.settleLayerTop',
  settleAnnualised: 'payrollRun.why.settleAnnualised',
  settleTaxYear: 'payrollRun.why.settleTaxYear',
  settlePreviousPph: 'payrollRun.why.settlePreviousPph',
  settleWithheld: 'payrollRun.why.settleWithheld',
  settleDue: 'payrollRun.why.settleDue',
  settleRefund: 'payrollRun.why.settleRefund',
  grossUp: 'payrollRun.why.grossUp',
  capped: 'payrollRun.why.capped',
  thrKept: 'payrollRun.why.thrKept',
  depositReturn: 'payrollRun.why.depositReturn',
  bruto: 'payrollRun.why.bruto',
  thp: 'payrollRun.why.thp',
  dtpEligible: 'payrollRun.why.dtpEligible',
  dtpNoKlu: 'payrollRun.why.dtpNoKlu',
  dtpSectorNotCovered: 'payrollRun.why.dtpSectorNotCovered',
  dtpPeriodNotCovered: 'payrollRun.why.dtpPeriodNotCovered',
  dtpNoTaxId: 'payrollRun.why.dtpNoTaxId',
  dtpOverMonthly: 'payrollRun.why.dtpOverMonthly',
  dtpOverDaily: 'payrollRun.why.dtpOverDaily',
  dtpAmount: 'payrollRun.why.dtpAmount',
  dtpAmountSettle: 'payrollRun.why.dtpAmountSettle',
  overtimeOverLimit: 'payrollRun.why.overtimeOverLimit',
  exitFinal: 'payrollRun.why.exitFinal',
  exitOrdinary: 'payrollRun.why.exitOrdinary',
  severanceTax: 'payrollRun.why.severanceTax',
  severanceLayer: 'payrollRun.why.severanceLayer',
} as const;
export type WhyKey = (typeof whyKeys)[keyof typeof whyKeys];

const rp = (value: unknown) => formatRupiah(typeof value === 'number' ? value : Number(value ?? 0));
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const percent = (value: number) => String(Math.round(value * 100) / 100);
const say = (key: WhyKey, values?: Record<string, string | number>): Sentence => (values ? { key, values } : { key });

interface Context {
  input: PayslipInput | null;
  settings: CompanyPayrollSettings;
  line: PayslipLine;
  edits: Record<string, number>;
}

type Explainer = (ctx: Context) => Sentence[];

const fixedLine: Explainer = () => [say(whyKeys.fixed)];
const itemLine =
  (field: 'allowance' | 'incentive' | 'bonus' | 'deduction'): Explainer =>
  ({ line, edits }) =>
    edits[field] !== undefined ? [say(whyKeys.itemEdited)] : [say(whyKeys.item, { name: line.name ?? '' })];

const basicLine: Explainer = ({ line }) => {
  const e = line.explain as Record<string, unknown>;
  if (e.daily_wage !== undefined) {
    return [say(whyKeys.basicDaily, { wage: rp(e.daily_wage), days: num(e.days_present), amount: rp(line.amount) })];
  }
  const [numerator, denominator] = String(e.proration ?? '1/1')
    .split('/')
    .map(Number);
  if (numerator === denominator) return [say(whyKeys.basicFull, { monthly: rp(e.monthly) })];
  const key = e.rule === 'working_day' ? whyKeys.basicProratedWorking : whyKeys.basicProratedCalendar;
  return [
    say(key, {
      monthly: rp(e.monthly),
      days: numerator ?? 0,
      total: denominator ?? 0,
      from: String(e.from ?? ''),
      to: String(e.to ?? ''),
      amount: rp(line.amount),
    }),
  ];
};

const overtimeLine: Explainer = ({ line, edits }) => {
  const e = line.explain as Record<string, unknown>;
  const out: Sentence[] = [];
  if (edits.overtime_hours !== undefined) out.push(say(whyKeys.overtimeEdited, { hours: num(edits.overtime_hours) }));
  if (e.method === 'hourly') {
    out.push(
      say(whyKeys.overtimeHourly, {
        hours: num(e.paid_hours),
        rate: rp(e.rate),
        amount: rp(line.amount),
      }),
    );
    if (e.maximum_hour) out.push(say(whyKeys.overtimeMax, { hours: num(e.maximum_hour) }));
  } else if (e.method === 'government_rule') {
    out.push(
      say(e.wage_basis === 'basic + fixed allowances' ? whyKeys.overtimeWageFixed : whyKeys.overtimeWageTotal, {
        wage: rp(e.monthly_wage),
        divisor: num(e.divisor),
        hourly: rp(e.hourly_wage),
      }),
      say(whyKeys.overtimeHours, {
        hours: num(e.paid_hours),
        weighted: num(e.multiplier_hours),
        hourly: rp(e.hourly_wage),
        amount: rp(line.amount),
      }),
    );
  } else out.push(say(whyKeys.overtimeNone));
  // Hours past the day's limit are paid; the day is a warning for the admin (issue 27).
  for (const day of Array.isArray(e.over_limit)
    ? (e.over_limit as { date: string; hours: number; limit: number }[])
    : []) {
    out.push(say(whyKeys.overtimeOverLimit, { date: day.date, hours: day.hours, limit: day.limit }));
  }
  return out;
};

const lateKeys = {
  daily: whyKeys.lateDaily,
  accumulative: whyKeys.lateAccumulative,
  minutely: whyKeys.lateMinutely,
  custom: whyKeys.lateCustom,
} as const;
const lateLine: Explainer = ({ line }) => {
  const e = line.explain as Record<string, unknown>;
  const key = lateKeys[e.method as keyof typeof lateKeys] ?? whyKeys.lateDaily;
  return [
    say(key, {
      occurrences: num(e.occurrences),
      minutes: num(e.minutes),
      limit: num(e.limit),
      deduction: rp(e.deduction),
      amount: rp(line.amount),
    }),
  ];
};

const occurrenceKeys = {
  daily: whyKeys.occurrenceDaily,
  prorate: whyKeys.occurrenceProrate,
  percentage: whyKeys.occurrencePercentage,
} as const;
const occurrenceLine: Explainer = ({ line }) => {
  const e = line.explain as Record<string, unknown>;
  const key = occurrenceKeys[e.method as keyof typeof occurrenceKeys] ?? whyKeys.occurrenceDaily;
  return [
    say(key, {
      count: num(e.count),
      nominal: rp(e.nominal),
      wage: rp(e.wage),
      days: num(e.pro_rate_day ?? e.scheduled_days),
      percentage: num(e.percentage),
      amount: rp(line.amount),
    }),
  ];
};

/**
 * An absence deduction names the days it counted (issue 27 section 6: the run and the attendance report agree, and
 * the explanation says which days), as DD/MM.
 */
const absentLine: Explainer = (ctx) => {
  const dates = ctx.input?.attendance?.absent_dates ?? [];
  const days = dates.map((date) => `${date.slice(8, 10)}/${date.slice(5, 7)}`).join(', ');
  return [...occurrenceLine(ctx), ...(dates.length ? [say(whyKeys.absentDays, { days })] : [])];
};

/** An unpaid leave deduction names the leave days it counted (decision 0206), as DD/MM. */
const unpaidLeaveLine: Explainer = (ctx) => {
  const dates = ctx.input?.unpaid_leave_dates ?? [];
  const days = dates.map((date) => `${date.slice(8, 10)}/${date.slice(5, 7)}`).join(', ');
  return [...occurrenceLine(ctx), ...(dates.length ? [say(whyKeys.unpaidLeaveDays, { days })] : [])];
};

/** An exit pay line (decision 0170): final tax of PP 68/2009 or ordinary income. */
const exitLine: Explainer = ({ line }) => [
  say((line.explain as Record<string, unknown>).tax === 'ordinary' ? whyKeys.exitOrdinary : whyKeys.exitFinal),
];
const severanceTaxLine: Explainer = ({ line }) => {
  const e = line.explain as { gross?: number; layers?: { percent: number; taxable: number; tax: number }[] };
  return [
    say(whyKeys.severanceTax, { gross: rp(e.gross), amount: rp(line.amount) }),
    ...(e.layers ?? []).map((layer) =>
      say(whyKeys.severanceLayer, { percent: layer.percent, taxable: rp(layer.taxable), tax: rp(layer.tax) }),
    ),
  ];
};

/** A BPJS line: its rate of its base (the bases and caps are the figure's intro). */
const bpjsLine: Explainer = ({ line }) => {
  const base = num((line.explain as Record<string, unknown>).base);
  if (!base) return [];
  const sentences = [
    say(whyKeys.bpjsRate, { rate: percent((line.amount * 100) / base), base: rp(base), amount: rp(line.amount) }),
  ];
  return sentences;
};

const ksAdditionalLine: Explainer = (ctx) => [
  say(whyKeys.bpjsFamily, { members: ctx.input?.bpjs?.additional_family_members ?? 0 }),
  ...bpjsLine(ctx),
];

function settlementSentences(s: AnnualSettlement): Sentence[] {
  const out: Sentence[] = [
    say(whyKeys.settle),
    say(whyKeys.settleBruto, { months: s.months, amount: rp(s.bruto_year) }),
    say(whyKeys.settleJobCost, { amount: rp(s.biaya_jabatan) }),
    say(whyKeys.settlePension, { amount: rp(s.pension) }),
  ];
  if (s.zakat) out.push(say(whyKeys.settleZakat, { amount: rp(s.zakat) }));
  if (s.previous_neto) out.push(say(whyKeys.settlePreviousNeto, { amount: rp(s.previous_neto) }));
  out.push(
    say(whyKeys.settleNeto, { amount: rp(s.neto) }),
    say(whyKeys.settlePtkp, { amount: rp(s.ptkp) }),
    say(whyKeys.settlePkp, { amount: rp(s.pkp) }),
  );
  for (const layer of s.layers) {
    const values = {
      rate: layer.rate,
      taxable: rp(layer.taxable),
      over: rp(layer.over),
      upTo: layer.upTo === null ? '' : rp(layer.upTo),
      tax: rp(layer.tax),
    };
    out.push(say(layer.upTo === null ? whyKeys.settleLayerTop : whyKeys.settleLayer, values));
  }
  if (s.annualised) out.push(say(whyKeys.settleAnnualised, { months: s.months }));
  out.push(say(whyKeys.settleTaxYear, { amount: rp(s.tax_year) }));
  if (s.previous_pph) out.push(say(whyKeys.settlePreviousPph, { amount: rp(s.previous_pph) }));
  out.push(say(whyKeys.settleWithheld, { amount: rp(s.withheld) }));
  out.push(
    s.pph < 0 ? say(whyKeys.settleRefund, { amount: rp(-s.pph) }) : say(whyKeys.settleDue, { amount: rp(s.pph) }),
  );
  return out;
}

const pphLine: Explainer = ({ line, input }) => {
  const e = line.explain as Record<string, unknown>;
  if (e.method === 'pasal17' && e.settlement) return settlementSentences(e.settlement as AnnualSettlement);
  const out: Sentence[] = [];
  const bracket = e.bracket as { over: number; upTo: number | null } | null;
  if (e.method === 'daily') {
    out.push(say(whyKeys.dailyTax, { bruto: rp(e.bruto), amount: rp(line.amount) }));
  } else if (bracket) {
    out.push(
      say(bracket.upTo === null ? whyKeys.terTop : whyKeys.ter, {
        category: String(e.category ?? ''),
        ptkp: String(input?.employee.ptkp_status ?? 'tk/0').toUpperCase(),
        bruto: rp(e.bruto),
        over: rp(bracket.over),
        upTo: bracket.upTo === null ? '' : rp(bracket.upTo),
        rate: percent(num(e.rate) * 100),
        amount: rp(line.amount),
      }),
    );
  }
  if (e.surcharge) out.push(say(whyKeys.surcharge));
  if (e.dtp) out.push(dtpSentence(e.dtp as Record<string, unknown>));
  return out;
};

/** Why an employee does or does not qualify for PPh 21 DTP (decision 0165), one sentence per reason. */
const dtpReasonKeys = {
  eligible: whyKeys.dtpEligible,
  no_klu: whyKeys.dtpNoKlu,
  sector_not_covered: whyKeys.dtpSectorNotCovered,
  period_not_covered: whyKeys.dtpPeriodNotCovered,
  no_tax_id: whyKeys.dtpNoTaxId,
  over_monthly_ceiling: whyKeys.dtpOverMonthly,
  over_daily_ceiling: whyKeys.dtpOverDaily,
} as const satisfies Record<DtpReason, WhyKey>;

const dtpSentence = (e: Record<string, unknown>): Sentence =>
  say(dtpReasonKeys[(e.reason as DtpReason) ?? 'no_klu'] ?? whyKeys.dtpNoKlu, {
    regulation: String(e.regulation ?? ''),
    sector: String(e.sector ?? ''),
    judged: rp(e.judged),
    ceiling: rp(e.ceiling),
    month: num(e.reference_month),
  });

const dtpLine: Explainer = ({ line }) => {
  const e = line.explain as Record<string, unknown>;
  return [
    dtpSentence(e),
    e.method === 'pasal17'
      ? say(whyKeys.dtpAmountSettle, { tax: rp(e.tax_regular), before: rp(e.ytd_dtp), amount: rp(line.amount) })
      : say(whyKeys.dtpAmount, { regular: rp(e.regular_bruto), amount: rp(line.amount) }),
  ];
};

const grossUpLine: Explainer = ({ line }) => [
  say(whyKeys.grossUp, { amount: rp(line.amount), base: rp((line.explain as Record<string, unknown>).base) }),
];

const tripLine: Explainer = ({ line }) => {
  const e = line.explain as Record<string, unknown>;
  return [say(whyKeys.trip, { days: num(e.days), perDay: rp(e.per_day), amount: rp(line.amount) })];
};

const none: Explainer = () => [];
/** A deduction the take-home pay could not fully carry (decision 0065): what was due and what carries over. */
const cappedLine: Explainer = ({ line }) =>
  typeof line.explain.carried === 'number'
    ? [
        say(whyKeys.capped, { due: rp(line.explain.due), amount: rp(line.amount), carried: rp(line.explain.carried) }),
        // The month's THR is paid whole, never spent on the deduction (decision 0075).
        ...(typeof line.explain.thr_kept === 'number'
          ? [say(whyKeys.thrKept, { thr: rp(line.explain.thr_kept) })]
          : []),
      ]
    : [];

/** How each line is put in words: one entry per engine line code. */
const explainers = {
  basic_salary: basicLine,
  transport_allowance: fixedLine,
  meal_allowance: fixedLine,
  communication_allowance: fixedLine,
  job_allowance: fixedLine,
  other_allowance: fixedLine,
  allowance: itemLine('allowance'),
  incentive: itemLine('incentive'),
  bonus: itemLine('bonus'),
  thr: () => [say(whyKeys.thr)],
  yearly_bonus: () => [say(whyKeys.thr)],
  overtime: overtimeLine,
  business_trip: tripLine,
  tax_allowance: grossUpLine,
  late_deduction: lateLine,
  early_deduction: occurrenceLine,
  absent_deduction: absentLine,
  missed_deduction: occurrenceLine,
  unpaid_leave_deduction: unpaidLeaveLine,
  deduction: itemLine('deduction'),
  loan_installment: cappedLine,
  deposit: cappedLine,
  deposit_return: () => [say(whyKeys.depositReturn)],
  jht_employee: bpjsLine,
  jp_employee: bpjsLine,
  ks_employee: bpjsLine,
  ks_additional: ksAdditionalLine,
  jkk_employee: bpjsLine,
  jkm_employee: bpjsLine,
  jht_employer: bpjsLine,
  jp_employer: bpjsLine,
  jkk_employer: bpjsLine,
  jkm_employer: bpjsLine,
  ks_employer: bpjsLine,
  pph21: pphLine,
  pph21_dtp: dtpLine,
  zakat: none,
  daily_component: none,
  daily_wage: none,
  pesangon: exitLine,
  upmk: exitLine,
  uph_leave: exitLine,
  uph_rights: exitLine,
  separation_pay: exitLine,
  pkwt_compensation: exitLine,
  pph21_severance: severanceTaxLine,
} satisfies Record<LineCode, Explainer>;

/** The BPJS bases and which cap or floor applied (the intro of both BPJS columns). */
export function bpjsBases(input: PayslipInput | null, settings: CompanyPayrollSettings, bpjs: Record<string, number>) {
  if (!input?.bpjs || (!input.bpjs.tk_registered && !input.bpjs.ks_registered)) return [say(whyKeys.bpjsNone)];
  const date = periodDate(input.period.year, input.period.month);
  const out: Sentence[] = [];
  const tk = bpjs.base_tk ?? 0;
  const jp = bpjs.base_jp ?? 0;
  const ks = bpjs.base_ks ?? 0;
  if (tk) {
    out.push(say(input.bpjs.tk_salary != null ? whyKeys.bpjsTkSalary : whyKeys.bpjsTkWage, { base: rp(tk) }));
  }
  if (jp) {
    const cap = jpWageCap(date);
    out.push(say(jp >= cap ? whyKeys.bpjsJpCapped : whyKeys.bpjsJpUnder, { base: rp(jp), cap: rp(cap), date }));
  }
  if (ks) {
    const ceiling = ksWageCeiling(date);
    const umk = settings.umk ?? null;
    const key =
      ks >= ceiling
        ? whyKeys.bpjsKsCeiling
        : umk !== null && ks <= umk
          ? whyKeys.bpjsKsFloor
          : umk === null
            ? whyKeys.bpjsKsNoUmk
            : whyKeys.bpjsKsBetween;
    out.push(say(key, { base: rp(ks), umk: rp(umk ?? 0), ceiling: rp(ceiling) }));
  }
  return out;
}

/** Line codes behind each column of the grid. */
const columnCodes: Record<string, readonly LineCode[]> = {
  overtime_hours: ['overtime'],
  allowance: ['allowance'],
  incentive: ['incentive'],
  bonus: ['bonus'],
  deduction: ['deduction'],
  basic_salary: ['basic_salary'],
  fixed_allowances: [
    'transport_allowance',
    'meal_allowance',
    'communication_allowance',
    'job_allowance',
    'other_allowance',
  ],
  overtime: ['overtime'],
  thr: ['thr', 'yearly_bonus'],
  attendance_deductions: [
    'late_deduction',
    'early_deduction',
    'absent_deduction',
    'missed_deduction',
    'unpaid_leave_deduction',
  ],
  loan_installment: ['loan_installment'],
  deposit: ['deposit', 'deposit_return'],
  bpjs_employee: ['jht_employee', 'jp_employee', 'jkk_employee', 'jkm_employee', 'ks_employee', 'ks_additional'],
  bpjs_company: ['jht_employer', 'jp_employer', 'jkk_employer', 'jkm_employer', 'ks_employer'],
  pph21: ['tax_allowance', 'pph21', 'pph21_dtp'],
};

const bpjsColumns = new Set(['bpjs_employee', 'bpjs_company']);

/** The explanation of one cell: the figure's lines, each in words. */
export function explainCell(row: RunRow, column: string, settings: CompanyPayrollSettings): Explanation {
  const payslip = row.payslip;
  if (!payslip) return { intro: [], lines: [] };
  const input = (payslip.input as unknown as PayslipInput) ?? null;
  const lines = payslip.lines as unknown as PayslipLine[];
  const seen = new Map<string, number>();
  const explainLine = (line: PayslipLine, sign: ExplainedLine['sign']): ExplainedLine => ({
    id: `${line.code}:${seen.set(line.code, (seen.get(line.code) ?? 0) + 1).get(line.code)}`,
    code: line.code,
    name: line.name,
    amount: line.amount,
    sign,
    sentences: explainers[line.code]({ input, settings, line, edits: payslip.edits }),
  });
  if (column === 'bruto') {
    return {
      intro: [say(whyKeys.bruto, { amount: rp(payslip.bruto) })],
      lines: lines
        .filter((line) => line.in_bruto)
        .map((line) => explainLine(line, line.kind === 'deduction' ? '−' : '+')),
    };
  }
  if (column === 'thp') {
    return {
      intro: [say(whyKeys.thp, { amount: rp(payslip.thp) })],
      lines: lines
        .filter((line) => line.kind === 'earning' || line.kind === 'deduction' || line.kind === 'tax')
        .map((line) => explainLine(line, line.kind === 'earning' ? '+' : '−')),
    };
  }
  const codes = columnCodes[column];
  if (!codes) return { intro: [], lines: [] };
  return {
    intro: bpjsColumns.has(column) ? bpjsBases(input, settings, payslip.bpjs) : [],
    lines: lines.filter((line) => codes.includes(line.code)).map((line) => explainLine(line, null)),
  };
}

/** Each line code's label key, spelled out. */
export const lineLabels = {
  basic_salary: 'payrollRun.lines.basic_salary',
  transport_allowance: 'payrollRun.lines.transport_allowance',
  meal_allowance: 'payrollRun.lines.meal_allowance',
  communication_allowance: 'payrollRun.lines.communication_allowance',
  job_allowance: 'payrollRun.lines.job_allowance',
  other_allowance: 'payrollRun.lines.other_allowance',
  allowance: 'payrollRun.lines.allowance',
  incentive: 'payrollRun.lines.incentive',
  bonus: 'payrollRun.lines.bonus',
  thr: 'payrollRun.lines.thr',
  yearly_bonus: 'payrollRun.lines.yearly_bonus',
  overtime: 'payrollRun.lines.overtime',
  business_trip: 'payrollRun.lines.business_trip',
  tax_allowance: 'payrollRun.lines.tax_allowance',
  late_deduction: 'payrollRun.lines.late_deduction',
  early_deduction: 'payrollRun.lines.early_deduction',
  absent_deduction: 'payrollRun.lines.absent_deduction',
  missed_deduction: 'payrollRun.lines.missed_deduction',
  unpaid_leave_deduction: 'payrollRun.lines.unpaid_leave_deduction',
  deduction: 'payrollRun.lines.deduction',
  loan_installment: 'payrollRun.lines.loan_installment',
  deposit: 'payrollRun.lines.deposit',
  deposit_return: 'payrollRun.lines.deposit_return',
  jht_employee: 'payrollRun.lines.jht_employee',
  jp_employee: 'payrollRun.lines.jp_employee',
  ks_employee: 'payrollRun.lines.ks_employee',
  ks_additional: 'payrollRun.lines.ks_additional',
  jkk_employee: 'payrollRun.lines.jkk_employee',
  jkm_employee: 'payrollRun.lines.jkm_employee',
  jht_employer: 'payrollRun.lines.jht_employer',
  jp_employer: 'payrollRun.lines.jp_employer',
  jkk_employer: 'payrollRun.lines.jkk_employer',
  jkm_employer: 'payrollRun.lines.jkm_employer',
  ks_employer: 'payrollRun.lines.ks_employer',
  pph21: 'payrollRun.lines.pph21',
  pph21_dtp: 'payrollRun.lines.pph21_dtp',
  zakat: 'payrollRun.lines.zakat',
  daily_component: 'payrollRun.lines.daily_component',
  daily_wage: 'payrollRun.lines.daily_wage',
  pesangon: 'payrollRun.lines.pesangon',
  upmk: 'payrollRun.lines.upmk',
  uph_leave: 'payrollRun.lines.uph_leave',
  uph_rights: 'payrollRun.lines.uph_rights',
  separation_pay: 'payrollRun.lines.separation_pay',
  pkwt_compensation: 'payrollRun.lines.pkwt_compensation',
  pph21_severance: 'payrollRun.lines.pph21_severance',
} as const satisfies Record<LineCode, string>;
