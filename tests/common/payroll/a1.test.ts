import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type A1Month, a1Form, a1Number } from '../../../common/payroll/a1.ts';
import { computePayslip } from '../../../common/payroll/payslip.ts';
import type { LineCode, PayslipInput, PayslipResult, YearToDate } from '../../../common/payroll/types.ts';

const sum = (result: PayslipResult, ...codes: LineCode[]) =>
  result.lines.filter((l) => codes.includes(l.code)).reduce((s, l) => s + l.amount, 0);

/** A year of payslips as the runs make them: each month carries the year to date; the last one settles. */
function runYear(
  base: Omit<PayslipInput, 'period' | 'ytd' | 'last_period'>,
  year: number,
  first: number,
  last: number,
) {
  const ytd: YearToDate = { months: 0, bruto: 0, pension: 0, zakat: 0, pph_withheld: 0 };
  const months: (A1Month & { result: PayslipResult })[] = [];
  for (let month = first; month <= last; month++) {
    const result = computePayslip(
      {
        ...base,
        period: { year, month },
        ytd: { ...ytd },
        last_period: month === last,
        ...(month === 3 ? { thr: 9_000_000 } : {}),
        items: month === 6 ? { bonuses: [{ name: 'Mid-year', amount: 4_000_000 }] } : {},
      },
      { jkk_percentage: 0.24, umk: 5_000_000 },
    );
    months.push({
      month,
      lines: result.lines,
      bruto: result.bruto,
      pph21: result.pph21,
      last_period: month === last,
      result,
    });
    ytd.months += 1;
    ytd.bruto += result.bruto;
    ytd.pension += result.bpjs.jht.employee + result.bpjs.jp.employee;
    ytd.zakat += sum(result, 'zakat');
    ytd.pph_withheld += result.pph21;
  }
  return months;
}

const base = {
  employee: { ptkp_status: 'k/1' as const },
  salary: { basic_salary: 12_000_000, transport_allowance: 750_000, meal_allowance: 500_000 },
  bpjs: { tk_registered: true, ks_registered: true },
  zakat: 100_000,
};

describe('a1Form: every line from a year of runs', () => {
  const months = runYear(base, 2025, 1, 12);
  const form = a1Form({
    year: 2025,
    ptkp_status: 'k/1',
    tax_id_valid: true,
    tax_residence: 'resident',
    months,
    previous: { neto: 0, pph: 0 },
  });
  const settlement = months[11]!.result.settlement!;

  it('sorts bruto into lines 1–7 and line 8 is the year’s bruto', () => {
    const all = months.map((m) => m.result);
    const over = (...codes: LineCode[]) => all.reduce((s, r) => s + sum(r, ...codes), 0);
    expect(form.line_1).toBe(12 * 12_000_000);
    expect(form.line_2).toBe(0);
    expect(form.line_3).toBe(12 * 1_250_000);
    expect(form.line_4).toBe(0);
    expect(form.line_5).toBe(over('jkk_employer', 'jkm_employer', 'ks_employer'));
    expect(form.line_6).toBe(0);
    expect(form.line_7).toBe(13_000_000);
    expect(form.line_8).toBe(all.reduce((s, r) => s + r.bruto, 0));
    expect(form.line_8).toBe(settlement.bruto_year);
    expect(form.line_10).toBe(over('jht_employee', 'jp_employee'));
    expect(form.line_11).toBe(1_200_000);
  });

  it('lines 9–23 are the last period’s settlement: line 18 the year’s tax, line 23 December’s PPh 21', () => {
    expect(form).toMatchObject({
      final: true,
      period_start: 1,
      period_end: 12,
      line_9: 6_000_000,
      line_13: settlement.neto_employment,
      line_15: settlement.neto,
      line_16: 63_000_000,
      line_17: settlement.pkp,
      line_18: settlement.tax_year,
      line_22: settlement.withheld,
      line_23: months[11]!.pph21,
    });
    expect(form.line_12).toBe(form.line_9 + form.line_10 + form.line_11);
    expect(form.line_13).toBe(form.line_8 - form.line_12);
    expect(form.line_17 % 1000).toBe(0);
    expect(form.line_21).toBe(form.line_18 - form.line_19 - form.line_20);
    expect(form.line_23).toBe(form.line_21 - form.line_22);
    // Σ PPh 21 withheld over the year is the year's tax.
    expect(months.reduce((s, m) => s + m.pph21, 0)).toBe(form.line_18);
  });

  it('a joiner in April with a previous employer: no annualising, biaya jabatan capped by months', () => {
    const joiner = runYear(
      {
        ...base,
        employee: { ptkp_status: 'tk/0', join_date: '2025-04-01' },
        previous_employer: { neto: 30_000_000, pph: 900_000 },
      },
      2025,
      4,
      12,
    );
    const a1 = a1Form({
      year: 2025,
      ptkp_status: 'tk/0',
      tax_id_valid: true,
      tax_residence: 'resident',
      months: joiner,
      previous: { neto: 30_000_000, pph: 900_000 },
    });
    expect(a1.period_start).toBe(4);
    expect(a1.line_9).toBeLessThanOrEqual(9 * 500_000);
    expect(a1.line_14).toBe(30_000_000);
    expect(a1.line_15).toBe(a1.line_13 + 30_000_000);
    expect(a1.line_19).toBe(900_000);
    expect(a1.line_18).toBe(joiner[8]!.result.settlement!.tax_year);
    expect(a1.line_23).toBe(joiner[8]!.pph21);
    expect(joiner.reduce((s, m) => s + m.pph21, 0)).toBe(a1.line_18 - 900_000);
  });

  it('without a completed last period it is provisional: what would still be due', () => {
    const a1 = a1Form({
      year: 2025,
      ptkp_status: 'k/1',
      tax_id_valid: true,
      tax_residence: 'resident',
      months: months.slice(0, 10).map((m) => ({ ...m, last_period: false })),
      previous: { neto: 0, pph: 0 },
    });
    expect(a1.final).toBe(false);
    expect(a1.period_end).toBe(10);
    expect(a1.line_22).toBe(months.slice(0, 10).reduce((s, m) => s + m.pph21, 0));
    expect(a1.line_23).toBe(a1.line_21 - a1.line_22);
  });

  it('holds its identities for any salary, status and first month (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3_000_000, max: 150_000_000 }),
        fc.constantFrom('tk/0', 'k/0', 'k/2', 'k/3' as const),
        fc.integer({ min: 1, max: 12 }),
        (salary, status, first) => {
          const year = runYear(
            { ...base, employee: { ptkp_status: status }, salary: { basic_salary: salary } },
            2025,
            first,
            12,
          );
          const a1 = a1Form({
            year: 2025,
            ptkp_status: status,
            tax_id_valid: true,
            tax_residence: 'resident',
            months: year,
            previous: { neto: 0, pph: 0 },
          });
          expect(a1.line_8).toBe(a1.line_1 + a1.line_2 + a1.line_3 + a1.line_4 + a1.line_5 + a1.line_6 + a1.line_7);
          expect(a1.line_18).toBe(year.at(-1)!.result.settlement!.tax_year);
          expect(a1.line_23).toBe(year.at(-1)!.pph21);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('numbers a form 1.1-MM.YY-NNNNNNN', () => {
    expect(a1Number(2025, 12, 7)).toBe('1.1-12.25-0000007');
  });
});
