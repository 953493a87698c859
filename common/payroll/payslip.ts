/**
 * `computePayslip`: one employee's payslip for one month, every line with its amount and its reason
 * (common/payroll/README.md). Pure: the same input gives the same lines on the server (runs) and in the browser
 * (the run grid's instant recalculation).
 */
import { bpjsContributions } from '../bpjs.ts';
import { attendanceDeductions, occurrenceDeduction } from './attendance.ts';
import { prorationOf, workingDays } from './calendar.ts';
import { dtpAmount, dtpEligibility } from './dtp.ts';
import { roundDiv, rupiah } from './money.ts';
import { overtimePay } from './overtime.ts';
import { dailyTax, grossUp, monthlyTer, settleYear } from './pph21.ts';
import { periodDate } from './rates.ts';
import { exitPayTax, severanceTax } from './severance.ts';
import type {
  AnnualSettlement,
  BpjsAmounts,
  CompanyPayrollSettings,
  DtpEligibility,
  Explain,
  LineCode,
  LineKind,
  MonthlyTax,
  PayslipInput,
  PayslipLine,
  PayslipResult,
  PtkpStatus,
} from './types.ts';

const fixedAllowances = [
  'transport_allowance',
  'meal_allowance',
  'communication_allowance',
  'job_allowance',
  'other_allowance',
] as const;

/** Whether the employer-paid BPJS share of a programme counts in PPh 21 bruto (reference section 3). */
const employerInBruto = { jht: false, jp: false, jkk: true, jkm: true, ks: true, ks_additional: true } as const;

/** Line codes of each BPJS programme's shares. */
const bpjsCodes = {
  jht: { employee: 'jht_employee', employer: 'jht_employer' },
  jp: { employee: 'jp_employee', employer: 'jp_employer' },
  jkk: { employee: 'jkk_employee', employer: 'jkk_employer' },
  jkm: { employee: 'jkm_employee', employer: 'jkm_employer' },
  ks: { employee: 'ks_employee', employer: 'ks_employer' },
  ks_additional: { employee: 'ks_additional', employer: 'ks_employer' },
} as const satisfies Record<keyof typeof employerInBruto, { employee: LineCode; employer: LineCode }>;

/** THP sign of each line kind: earnings add, deductions and taxes subtract, the rest is shown only. */
export const thpSign = {
  earning: 1,
  deduction: -1,
  tax: -1,
  employer_contribution: 0,
  info: 0,
} as const satisfies Record<LineKind, -1 | 0 | 1>;

/** Irregular income (THR, bonuses): outside the fixed and regular bruto DTP covers (PMK 10/2025 art. 2). */
const irregularCodes = new Set<LineCode>(['thr', 'yearly_bonus', 'bonus']);

/** Bruto sign of a line counted in bruto. */
const brutoSign = {
  earning: 1,
  deduction: -1,
  tax: 0,
  employer_contribution: 1,
  info: 0,
} as const satisfies Record<LineKind, -1 | 0 | 1>;

export function computePayslip(input: PayslipInput, company: CompanyPayrollSettings): PayslipResult {
  const { year, month } = input.period;
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError('period must be a year and a month 1–12');
  }
  const date = periodDate(year, month);
  const employee = input.employee;
  const kind = employee.employment_kind ?? 'permanent';
  const status: PtkpStatus = employee.ptkp_status ?? 'tk/0';
  const taxIdValid = employee.tax_id_valid ?? true;
  const workDays = employee.work_days ?? 5;
  const rules = company.rules ?? {};
  const attendance = input.attendance ?? {};
  const lines: PayslipLine[] = [];
  const add = (line: Omit<PayslipLine, 'in_bruto'> & { in_bruto?: boolean }) => {
    if (line.amount !== 0) lines.push({ in_bruto: false, ...line });
  };

  // Earnings.
  const basic = rupiah('basic_salary', input.salary.basic_salary);
  const fixed = fixedAllowances.map((code) => [code, rupiah(code, input.salary[code])] as const);
  const fixedTotal = fixed.reduce((sum, [, amount]) => sum + amount, 0);
  const wage = basic + fixedTotal;
  // Only the attendance deductions need the month's working days: counted when there are some.
  const unpaidLeaveDays = rupiah('unpaid_leave_days', input.unpaid_leave_days);
  const hasOccurrences =
    (attendance.early ?? 0) + (attendance.absent_days ?? 0) + (attendance.missed ?? 0) + unpaidLeaveDays > 0;
  const scheduledDays =
    attendance.scheduled_days ?? (hasOccurrences ? workingDays(year, month, workDays, input.holidays ?? []) : 0);
  const proration = prorationOf({
    year,
    month,
    joinDate: employee.join_date ?? null,
    exitDate: employee.exit_date ?? null,
    rule: company.proration ?? 'calendar_day',
    workDays,
    holidays: input.holidays ?? [],
  });
  if (kind === 'daily') {
    const days = rupiah('present_days', attendance.present_days);
    add({
      code: 'basic_salary',
      kind: 'earning',
      amount: basic * days,
      in_bruto: true,
      explain: { daily_wage: basic, days_present: days },
    });
  } else {
    add({
      code: 'basic_salary',
      kind: 'earning',
      amount: roundDiv(basic * proration.numerator, proration.denominator),
      in_bruto: true,
      explain: {
        monthly: basic,
        proration: `${proration.numerator}/${proration.denominator}`,
        rule: proration.rule,
        from: proration.from,
        to: proration.to,
      },
    });
  }
  for (const [code, amount] of fixed) add({ code, kind: 'earning', amount, in_bruto: true, explain: { fixed: true } });
  const items = input.items ?? {};
  const itemLines = [
    ['allowance', items.allowances],
    ['incentive', items.incentives],
    ['bonus', items.bonuses],
  ] as const;
  for (const [code, list] of itemLines) {
    for (const item of list ?? []) {
      add({ code, kind: 'earning', name: item.name, amount: rupiah(code, item.amount), in_bruto: true, explain: {} });
    }
  }
  add({ code: 'thr', kind: 'earning', amount: rupiah('thr', input.thr), in_bruto: true, explain: {} });
  add({
    code: 'yearly_bonus',
    kind: 'earning',
    amount: rupiah('yearly_bonus', input.yearly_bonus),
    in_bruto: true,
    explain: {},
  });
  const otherAllowances = (items.allowances ?? []).reduce((sum, item) => sum + item.amount, 0);
  const overtime = overtimePay({
    entries: input.overtime ?? [],
    rule: rules.overtime,
    fixedWage: wage,
    dailyWage: basic,
    totalWage: wage + otherAllowances,
    employmentKind: kind,
    workDays,
    date,
  });
  add({
    code: 'overtime',
    kind: 'earning',
    amount: overtime.amount,
    in_bruto: true,
    explain: { hours: overtime.hours, paid_hours: overtime.paidHours, ...overtime.explain },
  });
  const tripDays = rupiah('business_trip_days', input.business_trip_days);
  const tripAmount = rupiah('business_trip_amount', rules.business_trip_amount);
  add({
    code: 'business_trip',
    kind: 'earning',
    amount: tripDays * tripAmount,
    in_bruto: true,
    explain: { days: tripDays, per_day: tripAmount },
  });

  // Attendance deductions reduce the pay, and so bruto.
  for (const deduction of attendanceDeductions({ attendance, rules, wage, scheduledDays })) {
    add({
      code: deduction.code,
      kind: 'deduction',
      amount: deduction.amount,
      in_bruto: true,
      explain: deduction.explain,
    });
  }

  // Unpaid leave (a leave type marked unpaid): the company's absent rule, per day (issue 27, audit).
  const unpaid = occurrenceDeduction(unpaidLeaveDays, rules.absent, wage, scheduledDays);
  add({
    code: 'unpaid_leave_deduction',
    kind: 'deduction',
    amount: unpaid.amount,
    in_bruto: true,
    explain: { count: unpaidLeaveDays, method: rules.absent?.method ?? 'none', ...unpaid.explain },
  });

  // Exit pay (decision 0170): PKWT compensation is ordinary income of the month (in bruto, TER or the settlement);
  // severance lines are outside bruto, under the final PPh 21 of PP 68/2009 below.
  for (const item of input.exit_pay ?? []) {
    const final = exitPayTax[item.code] === 'final';
    add({
      code: item.code,
      kind: 'earning',
      amount: rupiah(item.code, item.amount),
      in_bruto: !final,
      explain: { tax: final ? 'final_pp68_2009' : 'ordinary' },
    });
  }

  // BPJS.
  const bpjs = computeBpjs(
    input,
    company,
    kind === 'daily' ? basic * (attendance.present_days ?? 0) + fixedTotal : wage,
    date,
  );
  for (const programme of Object.keys(bpjsCodes) as (keyof typeof bpjsCodes)[]) {
    const share = bpjs[programme];
    const explain = {
      base: programme === 'jp' ? bpjs.bases.jp : programme.startsWith('ks') ? bpjs.bases.ks : bpjs.bases.tk,
    };
    add({ code: bpjsCodes[programme].employee, kind: 'deduction', amount: share.employee, explain });
    add({
      code: bpjsCodes[programme].employer,
      kind: 'employer_contribution',
      amount: share.employer,
      in_bruto: employerInBruto[programme],
      explain,
    });
  }

  // PPh 21.
  const brutoBefore = lines
    .filter((line) => line.in_bruto)
    .reduce((sum, line) => sum + brutoSign[line.kind] * line.amount, 0);
  const pension = bpjs.jht.employee + bpjs.jp.employee;
  const zakat = rupiah('zakat', input.zakat);
  const grossUpOn = (employee.pph_method ?? 'gross') === 'gross_up';
  const ytd = input.ytd ?? { months: 0, bruto: 0, pension: 0, zakat: 0, pph_withheld: 0 };
  const previous = input.previous_employer ?? { neto: 0, pph: 0 };
  const settles = input.last_period === true && kind === 'permanent';

  let tax: MonthlyTax;
  let settlement: AnnualSettlement | null = null;
  const settle = (bruto: number) =>
    settleYear({
      status,
      taxIdValid,
      months: ytd.months + 1,
      brutoYear: ytd.bruto + bruto,
      pension: ytd.pension + pension,
      zakat: ytd.zakat + zakat,
      previousNeto: previous.neto,
      previousPph: previous.pph,
      withheld: ytd.pph_withheld,
      annualise: (employee.tax_residence ?? 'resident') !== 'resident',
      date,
    });
  const monthTax = (bruto: number): MonthlyTax =>
    kind === 'daily'
      ? dailyTax({ bruto, days: Math.max(1, attendance.present_days ?? 1), taxIdValid, date })
      : monthlyTer({ bruto, status, taxIdValid, date });
  const taxOf = (bruto: number): number => (settles ? settle(bruto).pph : monthTax(bruto).pph);
  const allowance = grossUpOn ? grossUp(brutoBefore, taxOf).allowance : 0;
  const bruto = brutoBefore + allowance;
  if (settles) {
    settlement = settle(bruto);
    tax = { method: 'pasal17', category: null, rate: null, bracket: null, surcharge: !taxIdValid, pph: settlement.pph };
  } else {
    tax = monthTax(bruto);
  }
  add({
    code: 'tax_allowance',
    kind: 'earning',
    amount: allowance,
    in_bruto: true,
    explain: { method: 'gross_up', base: brutoBefore },
  });
  // PPh 21 DTP (decision 0165): the tax on the fixed and regular income is borne and paid back in cash.
  const regularBruto =
    bruto -
    lines
      .filter((line) => line.in_bruto && irregularCodes.has(line.code))
      .reduce((sum, line) => sum + brutoSign[line.kind] * line.amount, 0);
  const days = Math.max(1, attendance.present_days ?? 1);
  let dtp: DtpEligibility | null = null;
  let dtpPaid = 0;
  let dtpExplain: Explain = {};
  if (input.dtp) {
    dtp = dtpEligibility({ dtp: input.dtp, date, month, kind, regularBruto, days });
    const borne = dtpAmount({
      eligibility: dtp,
      dtp: input.dtp,
      kind,
      status,
      date,
      regularBruto,
      days,
      settle: settles
        ? {
            months: ytd.months + 1,
            pension: ytd.pension + pension,
            zakat: ytd.zakat + zakat,
            annualise: (employee.tax_residence ?? 'resident') !== 'resident',
          }
        : null,
    });
    dtpPaid = borne.amount;
    dtpExplain = {
      ...dtp,
      method: borne.method,
      regular_bruto: regularBruto,
      tax_regular: borne.tax_regular,
      ytd_dtp: input.dtp.ytd_dtp ?? 0,
    };
  }
  add({
    code: 'pph21',
    kind: 'tax',
    amount: tax.pph,
    explain: {
      ...(settlement ? { method: 'pasal17', settlement, refund: tax.pph < 0 } : { ...tax, bruto }),
      ...(dtp ? { dtp: dtpExplain } : {}),
    },
  });
  add({ code: 'pph21_dtp', kind: 'earning', amount: dtpPaid, explain: dtpExplain });

  // Final PPh 21 on severance (PP 68/2009): on the cumulative severance, its own slip (tax object 21-401-01).
  const severanceGross = (input.exit_pay ?? [])
    .filter((item) => exitPayTax[item.code] === 'final')
    .reduce((sum, item) => sum + item.amount, 0);
  if (severanceGross > 0) {
    const final = severanceTax(severanceGross, date, taxIdValid, rupiah('severance_before', input.severance_before));
    add({ code: 'pph21_severance', kind: 'tax', amount: final.pph, explain: { ...final } });
  }

  // A deposit returned in the final pay (the employee's own money: not income, not in bruto).
  add({
    code: 'deposit_return',
    kind: 'earning',
    amount: rupiah('deposit_return', input.deposit_return),
    explain: {},
  });

  // Other deductions. Zakat is part of the tax figures and never capped; the rest are capped so the take-home pay
  // never goes below zero, in this order (decision 0065): deduction items, the loan installment, the deposit. What a
  // cap leaves is shown on the line (`due`, `carried`) and carried over by the loan or deposit.
  add({ code: 'zakat', kind: 'deduction', amount: zakat, explain: {} });
  // THR is paid whole (decision 0075): these deductions are taken from the rest of the pay only, so the THR of the
  // month (a leaver's last month too) is never spent on a loan, a deposit or a deduction item.
  const thrKept = lines.find((line) => line.code === 'thr')?.amount ?? 0;
  let room = Math.max(0, lines.reduce((sum, line) => sum + thpSign[line.kind] * line.amount, 0) - thrKept);
  const capped = (due: number): { amount: number; explain: Explain } => {
    const amount = Math.min(due, room);
    room -= amount;
    if (amount >= due) return { amount, explain: {} };
    return {
      amount,
      explain: thrKept ? { due, carried: due - amount, thr_kept: thrKept } : { due, carried: due - amount },
    };
  };
  for (const item of items.deductions ?? []) {
    const part = capped(rupiah('deduction', item.amount));
    add({ code: 'deduction', kind: 'deduction', name: item.name, ...part });
  }
  add({ code: 'loan_installment', kind: 'deduction', ...capped(rupiah('loan_installment', input.loan_installment)) });
  add({ code: 'deposit', kind: 'deduction', ...capped(rupiah('deposit', input.deposit)) });

  const thp = lines.reduce((sum, line) => sum + thpSign[line.kind] * line.amount, 0);
  return {
    period: { year, month },
    lines,
    bruto,
    pph21: tax.pph,
    tax_allowance: allowance,
    regular_bruto: regularBruto,
    pph21_dtp: dtpPaid,
    dtp,
    thp,
    bpjs,
    tax,
    settlement,
    proration: { numerator: proration.numerator, denominator: proration.denominator, rule: proration.rule },
  };
}

function computeBpjs(input: PayslipInput, company: CompanyPayrollSettings, wage: number, date: string): BpjsAmounts {
  const section = input.bpjs;
  const none = { employee: 0, employer: 0 };
  if (!section || (!section.tk_registered && !section.ks_registered)) {
    return {
      jht: none,
      jp: none,
      jkk: none,
      jkm: none,
      ks: none,
      ks_additional: none,
      total_employee: 0,
      total_employer: 0,
      bases: { tk: 0, jp: 0, ks: 0 },
    };
  }
  const result = bpjsContributions({
    tkWage: section.tk_salary ?? wage,
    ksWage: section.ks_salary ?? wage,
    date,
    jkkPercent: section.jkk_percentage ?? company.jkk_percentage ?? 0,
    umk: company.umk ?? null,
    tkRegistered: section.tk_registered,
    ksRegistered: section.ks_registered,
    type: section.bpjs_type ?? 1,
    additionalFamilyMembers: section.additional_family_members ?? 0,
  });
  const split = (share: { employee: number; company: number }) => ({
    employee: share.employee,
    employer: share.company,
  });
  return {
    jht: split(result.jht),
    jp: split(result.jp),
    jkk: split(result.jkk),
    jkm: split(result.jkm),
    ks: split(result.ks),
    ks_additional: split(result.ksAdditional),
    total_employee: result.totalEmployee,
    total_employer: result.totalCompany,
    bases: result.bases,
  };
}
