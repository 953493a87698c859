import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePayslip, thpSign } from '../../../common/payroll/payslip.ts';
import type {
  CompanyPayrollSettings,
  LineCode,
  PayslipInput,
  PayslipResult,
  YearToDate,
} from '../../../common/payroll/types.ts';

const line = (result: PayslipResult, code: LineCode) =>
  result.lines.filter((l) => l.code === code).reduce((sum, l) => sum + l.amount, 0);

const noRules: CompanyPayrollSettings = { jkk_percentage: 0, umk: null };

/** Runs January..`last` of a year through the engine, carrying the year to date as a run would. */
function runYear(
  base: Omit<PayslipInput, 'period' | 'ytd' | 'last_period'>,
  year: number,
  first: number,
  last: number,
) {
  const ytd: YearToDate = { months: 0, bruto: 0, pension: 0, zakat: 0, pph_withheld: 0 };
  const results: PayslipResult[] = [];
  for (let month = first; month <= last; month++) {
    const result = computePayslip(
      { ...base, period: { year, month }, ytd: { ...ytd }, last_period: month === last },
      noRules,
    );
    results.push(result);
    ytd.months += 1;
    ytd.bruto += result.bruto;
    ytd.pension += result.bpjs.jht.employee + result.bpjs.jp.employee;
    ytd.zakat += line(result, 'zakat');
    ytd.pph_withheld += result.pph21;
  }
  return results;
}

describe('computePayslip: the reference worked examples', () => {
  it('BPJS example (section 3): June 2025, TK/0, wage 8,000,000, JKK 0.24 %', () => {
    const result = computePayslip(
      {
        period: { year: 2025, month: 6 },
        employee: { ptkp_status: 'tk/0' },
        salary: { basic_salary: 8_000_000 },
        bpjs: { tk_registered: true, ks_registered: true },
      },
      { jkk_percentage: 0.24, umk: 5_000_000 },
    );
    expect(result.bpjs.jht).toEqual({ employee: 160_000, employer: 296_000 });
    expect(result.bpjs.jp).toEqual({ employee: 80_000, employer: 160_000 });
    expect(result.bpjs.jkk.employer).toBe(19_200);
    expect(result.bpjs.jkm.employer).toBe(24_000);
    expect(result.bpjs.ks).toEqual({ employee: 80_000, employer: 320_000 });
    expect(result.bruto).toBe(8_363_200);
    expect(result.tax).toMatchObject({ category: 'A', rate: 0.015, bracket: { over: 7_500_000, upTo: 8_550_000 } });
    expect(result.pph21).toBe(125_448);
    expect(result.thp).toBe(7_554_552);
  });

  it('overtime example (section 5): wage 5,190,000, 3 hours on a working day = 165,000', () => {
    const result = computePayslip(
      {
        period: { year: 2025, month: 6 },
        employee: { ptkp_status: 'tk/0' },
        salary: { basic_salary: 4_690_000, transport_allowance: 500_000 },
        overtime: [{ date: '2025-06-03', hours: 3, day_type: 'working_day' }],
      },
      { rules: { overtime: { method: 'government_rule' } } },
    );
    expect(line(result, 'overtime')).toBe(165_000);
    const explain = result.lines.find((l) => l.code === 'overtime')!.explain;
    expect(explain).toMatchObject({ hourly_wage: 30_000, multiplier_hours: 5.5 });
  });

  it('overtime on a rest day of a 5-day week: 8 h × 2, 1 h × 3, 3 h × 4; beyond 12 h paid at 4 × and flagged', () => {
    const result = computePayslip(
      {
        period: { year: 2025, month: 6 },
        employee: { ptkp_status: 'tk/0', work_days: 5 },
        salary: { basic_salary: 5_190_000 },
        overtime: [{ date: '2025-06-07', hours: 13, day_type: 'rest_day' }],
      },
      { rules: { overtime: { method: 'government_rule' } } },
    );
    // Issue 27 (audit): hours past the ladder are paid at its last multiplier, never cut; the day is a warning.
    expect(line(result, 'overtime')).toBe((16 + 3 + 12 + 4) * 30_000);
    expect(result.lines.find((l) => l.code === 'overtime')!.explain.over_limit).toEqual([
      { date: '2025-06-07', hours: 13, limit: 12 },
    ]);
  });

  it('overtime uses 75 % of the total wage when the fixed wage is under it', () => {
    const result = computePayslip(
      {
        period: { year: 2025, month: 6 },
        employee: { ptkp_status: 'tk/0' },
        salary: { basic_salary: 3_000_000 },
        items: { allowances: [{ name: 'Site', amount: 3_920_000 }] },
        overtime: [{ date: '2025-06-03', hours: 1, day_type: 'working_day' }],
      },
      { rules: { overtime: { method: 'government_rule' } } },
    );
    // 75 % × 6,920,000 = 5,190,000 → 30,000 an hour × 1.5
    expect(line(result, 'overtime')).toBe(45_000);
  });

  it('PP 58/2023 example through twelve runs: K/0, 10,000,000 a month, BPJS TK only, JP cap across March', () => {
    const results = runYear(
      {
        employee: { ptkp_status: 'k/0' },
        salary: { basic_salary: 10_000_000 },
        bpjs: { tk_registered: true, ks_registered: false },
      },
      2024,
      1,
      12,
    );
    // JP employee share: the 2023 cap 9,559,600 in January and February, the 2024 cap 10,042,300 from March.
    expect(results[0]!.bpjs.jp.employee).toBe(95_596);
    expect(results[1]!.bpjs.jp.employee).toBe(95_596);
    expect(results[2]!.bpjs.jp.employee).toBe(100_000);
    // bruto = 10,000,000 + JKM 30,000: TER A 2 %.
    for (const result of results.slice(0, 11)) expect(result.pph21).toBe(200_600);
    const december = results[11]!;
    expect(december.settlement).toMatchObject({
      bruto_year: 120_360_000,
      biaya_jabatan: 6_000_000,
      pension: 3_591_192,
      neto: 110_768_808,
      ptkp: 58_500_000,
      pkp: 52_268_000,
      tax_year: 2_613_400,
      withheld: 2_206_600,
      pph: 406_800,
    });
    expect(december.pph21).toBe(406_800);
    expect(december.settlement!.layers).toEqual([
      { over: 0, upTo: 60_000_000, rate: 5, taxable: 52_268_000, tax: 2_613_400 },
    ]);
  });
});

describe('computePayslip: PMK 168/2023 Lampiran B style derivations', () => {
  it('a resident joiner (15 July 2024) is prorated by calendar days and not annualised; December refunds', () => {
    const base = {
      employee: { ptkp_status: 'tk/0' as const, join_date: '2024-07-15' },
      salary: { basic_salary: 10_000_000 },
    };
    const results = runYear(base, 2024, 7, 12);
    // July: 17/31 of 10,000,000 = 5,483,871; TER A 0.25 % → 13,710.
    expect(results[0]!.proration).toEqual({ numerator: 17, denominator: 31, rule: 'calendar_day' });
    expect(results[0]!.bruto).toBe(5_483_871);
    expect(results[0]!.pph21).toBe(13_710);
    // August–November: 2 % of 10,000,000.
    for (const result of results.slice(1, 5)) expect(result.pph21).toBe(200_000);
    // December: bruto 55,483,871; biaya jabatan min(2,774,194; 6 × 500,000) = 2,774,194; neto 52,709,677 < PTKP.
    const december = results[5]!.settlement!;
    expect(december).toMatchObject({
      months: 6,
      bruto_year: 55_483_871,
      biaya_jabatan: 2_774_194,
      pkp: 0,
      tax_year: 0,
    });
    expect(december.withheld).toBe(813_710);
    expect(results[5]!.pph21).toBe(-813_710);
    // The refund is paid out: THP = salary + refund.
    expect(results[5]!.thp).toBe(10_813_710);
  });

  it('prorates a joiner by working days when the company says so', () => {
    const result = computePayslip(
      {
        period: { year: 2024, month: 7 },
        employee: { ptkp_status: 'tk/0', join_date: '2024-07-15', work_days: 5 },
        salary: { basic_salary: 10_000_000 },
      },
      { proration: 'working_day' },
    );
    // July 2024 has 23 weekdays; 15–31 July has 13.
    expect(result.proration).toEqual({ numerator: 13, denominator: 23, rule: 'working_day' });
    expect(line(result, 'basic_salary')).toBe(5_652_174);
  });

  it('a leaver (30 April 2024): April is the last tax period, not annualised', () => {
    const results = runYear(
      { employee: { ptkp_status: 'tk/0', exit_date: '2024-04-30' }, salary: { basic_salary: 8_000_000 } },
      2024,
      1,
      4,
    );
    for (const result of results.slice(0, 3)) expect(result.pph21).toBe(120_000);
    expect(results[3]!.settlement).toMatchObject({
      bruto_year: 32_000_000,
      biaya_jabatan: 1_600_000,
      neto: 30_400_000,
      pkp: 0,
    });
    expect(results[3]!.pph21).toBe(-360_000);
  });

  it('an arriving expatriate (October 2024) is annualised: neto × 12 / 3, tax × 3 / 12', () => {
    const results = runYear(
      {
        employee: { ptkp_status: 'tk/0', tax_residence: 'arriving', join_date: '2024-10-01' },
        salary: { basic_salary: 50_000_000 },
      },
      2024,
      10,
      12,
    );
    expect(results[0]!.pph21).toBe(9_000_000);
    expect(results[1]!.pph21).toBe(9_000_000);
    const december = results[2]!.settlement!;
    expect(december).toMatchObject({
      annualised: true,
      bruto_year: 150_000_000,
      biaya_jabatan: 1_500_000,
      neto_employment: 148_500_000,
      neto: 594_000_000,
      pkp: 540_000_000,
      tax_year: 26_500_000,
      pph: 8_500_000,
    });
    expect(december.layers.map((l) => l.tax)).toEqual([3_000_000, 28_500_000, 62_500_000, 12_000_000]);
  });

  it('grosses up by the exact fixed point: tax allowance == PPh 21, bruto in the bracket of the rate used', () => {
    const result = computePayslip(
      {
        period: { year: 2024, month: 1 },
        employee: { ptkp_status: 'tk/0', pph_method: 'gross_up' },
        salary: { basic_salary: 10_000_000 },
      },
      noRules,
    );
    // 10,000,000 / (1 − 2.25 %) = 10,230,179; 2 % would give 10,204,082, above its bracket's 10,050,000.
    expect(result.tax_allowance).toBe(230_179);
    expect(result.pph21).toBe(230_179);
    expect(result.bruto).toBe(10_230_179);
    expect(result.tax).toMatchObject({ rate: 0.0225, bracket: { over: 10_050_000, upTo: 10_350_000 } });
    expect(result.thp).toBe(10_000_000);
  });

  it('grosses up the December settlement too, keeping THP', () => {
    const results = runYear(
      { employee: { ptkp_status: 'k/0', pph_method: 'gross_up' }, salary: { basic_salary: 10_000_000 } },
      2024,
      1,
      12,
    );
    const december = results[11]!;
    expect(december.tax_allowance).toBe(december.pph21);
    expect(december.thp).toBe(10_000_000);
    const total = results.reduce((sum, r) => sum + r.pph21, 0);
    expect(total).toBe(december.settlement!.tax_year);
  });

  it('surcharges 20 % only without a valid tax id', () => {
    const make = (valid: boolean) =>
      computePayslip(
        {
          period: { year: 2024, month: 5 },
          employee: { ptkp_status: 'tk/0', tax_id_valid: valid },
          salary: { basic_salary: 8_000_000 },
        },
        noRules,
      );
    expect(make(true).pph21).toBe(120_000);
    expect(make(false).pph21).toBe(144_000);
  });

  it('deducts previous employer neto and PPh and zakat in the last period', () => {
    const result = computePayslip(
      {
        period: { year: 2024, month: 12 },
        employee: { ptkp_status: 'tk/0', join_date: '2024-07-01' },
        salary: { basic_salary: 10_000_000 },
        zakat: 250_000,
        ytd: { months: 5, bruto: 50_000_000, pension: 0, zakat: 1_000_000, pph_withheld: 1_000_000 },
        previous_employer: { neto: 40_000_000, pph: 500_000 },
        last_period: true,
      },
      noRules,
    );
    // neto 60,000,000 − 3,000,000 − 1,250,000 + 40,000,000 = 95,750,000; PKP 41,750,000; tax 2,087,500.
    expect(result.settlement).toMatchObject({
      zakat: 1_250_000,
      neto: 95_750_000,
      pkp: 41_750_000,
      tax_year: 2_087_500,
    });
    expect(result.pph21).toBe(2_087_500 - 500_000 - 1_000_000);
    expect(line(result, 'zakat')).toBe(250_000);
  });
});

describe('computePayslip: other workers, attendance and items', () => {
  it('a daily worker: paid per day present, PPh by the average daily gross', () => {
    const make = (daily: number, days: number) =>
      computePayslip(
        {
          period: { year: 2025, month: 6 },
          employee: { ptkp_status: 'tk/0', employment_kind: 'daily' },
          salary: { basic_salary: daily },
          attendance: { present_days: days },
          last_period: true,
        },
        noRules,
      );
    expect(make(400_000, 20)).toMatchObject({ bruto: 8_000_000, pph21: 0, settlement: null });
    expect(make(600_000, 10)).toMatchObject({ bruto: 6_000_000, pph21: 30_000 });
    // 3,000,000 a day × 2: 50 % of 6,000,000 at 5 % = 150,000.
    expect(make(3_000_000, 2)).toMatchObject({ bruto: 6_000_000, pph21: 150_000 });
  });

  it('a non-permanent monthly worker pays TER even in December (no settlement)', () => {
    const result = computePayslip(
      {
        period: { year: 2024, month: 12 },
        employee: { ptkp_status: 'tk/0', employment_kind: 'non_permanent_monthly' },
        salary: { basic_salary: 8_000_000 },
        last_period: true,
      },
      noRules,
    );
    expect(result.settlement).toBeNull();
    expect(result.pph21).toBe(120_000);
  });

  it('applies late, early, absent and missed deductions by the rules, reducing bruto', () => {
    const company: CompanyPayrollSettings = {
      rules: {
        late: { method: 'minutely', limit: 5, deduction: 1_000 },
        early: { method: 'daily', nominal: 50_000 },
        absent: { method: 'prorate', pro_rate_day: 25 },
        missed: { method: 'prorate', pro_rate_day: 30 },
      },
    };
    const result = computePayslip(
      {
        period: { year: 2025, month: 6 },
        employee: { ptkp_status: 'tk/0' },
        salary: { basic_salary: 7_500_000 },
        attendance: { late: [{ minutes: 10 }, { minutes: 3 }, { minutes: 20 }], early: 2, absent_days: 1, missed: 1 },
      },
      company,
    );
    expect(line(result, 'late_deduction')).toBe(20_000);
    expect(line(result, 'early_deduction')).toBe(100_000);
    expect(line(result, 'absent_deduction')).toBe(300_000);
    expect(line(result, 'missed_deduction')).toBe(250_000);
    expect(result.bruto).toBe(7_500_000 - 670_000);
  });

  it('late methods: daily, accumulative, custom', () => {
    const late = [{ minutes: 10 }, { minutes: 3 }, { minutes: 20 }];
    const make = (rule: NonNullable<NonNullable<CompanyPayrollSettings['rules']>['late']>) =>
      line(
        computePayslip(
          {
            period: { year: 2025, month: 6 },
            employee: { ptkp_status: 'tk/0' },
            salary: { basic_salary: 5_000_000 },
            attendance: { late },
          },
          { rules: { late: rule } },
        ),
        'late_deduction',
      );
    expect(make({ method: 'daily', limit: 5, deduction: 25_000 })).toBe(50_000);
    expect(make({ method: 'accumulative', limit: 15, deduction: 25_000 })).toBe(50_000);
    expect(make({ method: 'custom', limit: 2, deduction: 25_000 })).toBe(25_000);
  });

  it('percentage of the daily wage over the scheduled days', () => {
    const result = computePayslip(
      {
        period: { year: 2025, month: 6 },
        employee: { ptkp_status: 'tk/0' },
        salary: { basic_salary: 6_300_000 },
        attendance: { scheduled_days: 21, absent_days: 2 },
      },
      { rules: { absent: { method: 'percentage', percentage: 50 } } },
    );
    expect(line(result, 'absent_deduction')).toBe(300_000);
  });

  it('adds items, THR, business trips; deduction items, loans and deposits cut THP but not bruto', () => {
    const result = computePayslip(
      {
        period: { year: 2025, month: 3 },
        employee: { ptkp_status: 'k/1' },
        salary: { basic_salary: 6_000_000, meal_allowance: 400_000 },
        items: {
          allowances: [{ name: 'Housing', amount: 500_000 }],
          incentives: [{ name: 'Sales', amount: 300_000 }],
          bonuses: [{ name: 'Project', amount: 1_000_000 }],
          deductions: [{ name: 'Cooperative', amount: 100_000 }],
        },
        thr: 6_400_000,
        business_trip_days: 2,
        loan_installment: 250_000,
        deposit: 50_000,
      },
      { rules: { business_trip_amount: 150_000 } },
    );
    expect(result.bruto).toBe(6_000_000 + 400_000 + 500_000 + 300_000 + 1_000_000 + 6_400_000 + 300_000);
    // K/1 is TER B; 14,900,000 lies in (13,600,000; 14,950,000] at 5 %.
    expect(result.tax).toMatchObject({ category: 'B', rate: 0.05 });
    expect(result.pph21).toBe(745_000);
    expect(result.thp).toBe(14_900_000 - 745_000 - 100_000 - 250_000 - 50_000);
    expect(result.lines.find((l) => l.code === 'bonus')).toMatchObject({ name: 'Project', amount: 1_000_000 });
  });

  it('BPJS only for registered employees; Kesehatan floored at the UMK and capped at 12,000,000; extra members', () => {
    const make = (basic: number, registered: boolean, members = 0) =>
      computePayslip(
        {
          period: { year: 2025, month: 6 },
          employee: { ptkp_status: 'tk/0' },
          salary: { basic_salary: basic },
          bpjs: { tk_registered: registered, ks_registered: registered, additional_family_members: members },
        },
        { umk: 5_000_000, jkk_percentage: 0.54 },
      );
    expect(make(20_000_000, false).bpjs.total_employee).toBe(0);
    const high = make(20_000_000, true, 2);
    expect(high.bpjs.bases).toEqual({ tk: 20_000_000, jp: 10_547_400, ks: 12_000_000 });
    expect(high.bpjs.ks).toEqual({ employee: 120_000, employer: 480_000 });
    expect(high.bpjs.ks_additional.employee).toBe(240_000);
    expect(high.bpjs.jkk.employer).toBe(108_000);
    const low = make(4_000_000, true);
    expect(low.bpjs.bases.ks).toBe(5_000_000);
    expect(low.bpjs.ks.employer).toBe(200_000);
  });

  it('JP cap changes with the March contribution (2025: 10,042,300 → 10,547,400)', () => {
    const make = (month: number) =>
      computePayslip(
        {
          period: { year: 2025, month },
          employee: { ptkp_status: 'tk/0' },
          salary: { basic_salary: 12_000_000 },
          bpjs: { tk_registered: true, ks_registered: false },
        },
        noRules,
      );
    expect(make(2).bpjs.jp).toEqual({ employee: 100_423, employer: 200_846 });
    expect(make(3).bpjs.jp).toEqual({ employee: 105_474, employer: 210_948 });
  });

  it('refuses bad input with a RangeError', () => {
    const base: PayslipInput = {
      period: { year: 2024, month: 1 },
      employee: { ptkp_status: 'tk/0' },
      salary: { basic_salary: 1 },
    };
    expect(() => computePayslip({ ...base, period: { year: 2024, month: 13 } }, noRules)).toThrow(RangeError);
    expect(() => computePayslip({ ...base, salary: { basic_salary: -1 } }, noRules)).toThrow(RangeError);
    expect(() => computePayslip({ ...base, salary: { basic_salary: 1.5 } }, noRules)).toThrow(RangeError);
    expect(() => computePayslip({ ...base, period: { year: 2023, month: 12 } }, noRules)).toThrow(RangeError);
  });
});

describe('computePayslip: properties', () => {
  const status = fc.constantFrom('tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3' as const);
  const money = (max: number) => fc.integer({ min: 0, max });
  const inputArb = fc.record({
    status,
    basic: money(80_000_000),
    transport: money(3_000_000),
    bonus: money(50_000_000),
    deduction: money(500_000),
    registered: fc.boolean(),
    grossUp: fc.boolean(),
    valid: fc.boolean(),
    month: fc.integer({ min: 1, max: 12 }),
    year: fc.integer({ min: 2024, max: 2027 }),
  });
  type Generated = typeof inputArb extends fc.Arbitrary<infer T> ? T : never;
  const build = (v: Generated): PayslipInput => ({
    period: { year: v.year, month: v.month },
    employee: { ptkp_status: v.status, pph_method: v.grossUp ? 'gross_up' : 'gross', tax_id_valid: v.valid },
    salary: { basic_salary: v.basic, transport_allowance: v.transport },
    items: { bonuses: [{ name: 'b', amount: v.bonus }], deductions: [{ name: 'd', amount: v.deduction }] },
    bpjs: { tk_registered: v.registered, ks_registered: v.registered },
  });

  it('THP is the signed sum of the lines; bruto the sum of the lines in bruto; every amount an integer', () => {
    fc.assert(
      fc.property(inputArb, (v) => {
        const result = computePayslip(build(v), { umk: 4_000_000, jkk_percentage: 0.24 });
        const thp = result.lines.reduce((sum, l) => sum + thpSign[l.kind] * l.amount, 0);
        expect(result.thp).toBe(thp);
        const sign = { earning: 1, deduction: -1, employer_contribution: 1, tax: 0, info: 0 } as const;
        expect(result.bruto).toBe(
          result.lines.filter((l) => l.in_bruto).reduce((s, l) => s + sign[l.kind] * l.amount, 0),
        );
        for (const l of result.lines) expect(Number.isSafeInteger(l.amount)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gross-up is a fixed point: the allowance equals the tax and THP ignores the tax', () => {
    fc.assert(
      fc.property(inputArb, (v) => {
        const up = computePayslip(build({ ...v, grossUp: true }), noRules);
        const gross = computePayslip(build({ ...v, grossUp: false }), noRules);
        expect(up.tax_allowance).toBe(up.pph21);
        expect(up.thp).toBe(gross.thp + gross.pph21);
      }),
      { numRuns: 300 },
    );
  });

  it('January..December withheld + the last period == the year Pasal 17 tax (less previous PPh)', () => {
    fc.assert(
      fc.property(
        status,
        fc.array(money(60_000_000), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (ptkp, salaries, first, grossUp) => {
          const ytd: YearToDate = { months: 0, bruto: 0, pension: 0, zakat: 0, pph_withheld: 0 };
          let total = 0;
          let last: PayslipResult | undefined;
          for (let month = first; month <= 12; month++) {
            last = computePayslip(
              {
                period: { year: 2025, month },
                employee: { ptkp_status: ptkp, pph_method: grossUp ? 'gross_up' : 'gross' },
                salary: { basic_salary: salaries[month - 1]! },
                bpjs: { tk_registered: true, ks_registered: true },
                ytd: { ...ytd },
                last_period: month === 12,
              },
              { umk: 5_000_000, jkk_percentage: 0.24 },
            );
            total += last.pph21;
            ytd.months += 1;
            ytd.bruto += last.bruto;
            ytd.pension += last.bpjs.jht.employee + last.bpjs.jp.employee;
            ytd.pph_withheld += last.pph21;
          }
          expect(total).toBe(last!.settlement!.tax_year);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('THR is paid whole (decision 0075)', () => {
  const base: PayslipInput = {
    period: { year: 2026, month: 3 },
    employee: { ptkp_status: 'tk/0' },
    salary: { basic_salary: 3_000_000 },
  };
  const lineOf = (result: ReturnType<typeof computePayslip>, code: string) =>
    result.lines.find((line) => line.code === code);

  it('a loan installment is taken from the pay other than the THR; the rest carries over', () => {
    const without = computePayslip({ ...base, loan_installment: 10_000_000 }, {});
    const withThr = computePayslip({ ...base, thr: 3_000_000, loan_installment: 10_000_000 }, {});
    // Without THR the whole net pay goes to the loan; with THR the THR stays: THP = the THR exactly.
    expect(without.thp).toBe(0);
    expect(withThr.thp).toBe(3_000_000);
    const loan = lineOf(withThr, 'loan_installment');
    expect(loan?.explain).toMatchObject({ due: 10_000_000, thr_kept: 3_000_000 });
    expect(loan?.amount).toBe(3_000_000 - withThr.pph21);
  });

  it('an installment the pay carries is deducted in full, and the THR is still paid', () => {
    const result = computePayslip({ ...base, thr: 3_000_000, loan_installment: 500_000, deposit: 100_000 }, {});
    expect(lineOf(result, 'loan_installment')).toMatchObject({ amount: 500_000, explain: {} });
    expect(lineOf(result, 'deposit')?.amount).toBe(100_000);
    expect(result.thp).toBe(6_000_000 - result.pph21 - 600_000);
  });

  it('property: the take-home pay is never below the THR when only voluntary deductions are due', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        (basic, thr, loan) => {
          const result = computePayslip(
            { ...base, salary: { basic_salary: basic }, thr, loan_installment: loan, deposit: 100_000 },
            {},
          );
          const statutory = result.pph21;
          return result.thp >= Math.min(thr, basic + thr - statutory);
        },
      ),
    );
  });
});
