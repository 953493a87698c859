/**
 * The daily workers' payslip (common/payroll/weekly.ts): the daily thresholds of reference section 2 at their
 * boundaries (450,000 and 2,500,000 a day, on the average day), the cumulative monthly rule, the edits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWeeklyPayslip, type WeeklyInput, weeklyTax } from '../../../common/payroll/weekly.ts';

const date = '2026-03-13';
const none = { bruto: 0, days: 0, pph21: 0 };
const tax = (bruto: number, days: number, monthToDate = none, taxIdValid = true) =>
  weeklyTax({ bruto, days, taxIdValid, date, monthToDate }).pph;

describe('the daily thresholds', () => {
  it('pays nothing up to 450,000 a day on average, 0.5 % of the whole gross above it', () => {
    expect(tax(450_000 * 5, 5)).toBe(0);
    expect(tax(450_000 * 5 + 1, 5)).toBe(Math.round((2_250_001 * 5) / 1000));
    expect(tax(450_001, 1)).toBe(2_250);
    expect(tax(2_500_000, 1)).toBe(12_500);
    expect(tax(2_500_000 * 5, 5)).toBe(62_500);
  });

  it('above 2,500,000 a day: 50 % of the gross at the Pasal 17 layers', () => {
    // 2,500,001 → 1,250,000.5 rounds to 1,250,001 at 5 %.
    expect(tax(2_500_001, 1)).toBe(62_500);
    expect(tax(3_000_000, 1)).toBe(75_000);
  });

  it('surcharges 20 % without a valid tax id', () => {
    expect(tax(1_000_000, 1, none, false)).toBe(6_000);
  });
});

describe('the cumulative monthly rule', () => {
  it("taxes the month's gross on the month's average day, less what earlier weeks withheld", () => {
    // Week 1: 5 days at 440,000 → exempt. Week 2: 5 days at 470,000 → the month averages 455,000 → 0.5 % of 4,550,000.
    const week1 = tax(2_200_000, 5);
    expect(week1).toBe(0);
    const week2 = tax(2_350_000, 5, { bruto: 2_200_000, days: 5, pph21: week1 });
    expect(week2).toBe(22_750);
    // Alone, week 2 would have paid 11,750: the month's rule reaches back to week 1's gross.
    expect(tax(2_350_000, 5)).toBe(11_750);
  });

  it('never refunds: a low week after a taxed one withholds nothing', () => {
    expect(tax(500_000, 5, { bruto: 2_500_000, days: 5, pph21: 12_500 })).toBe(0);
  });

  it('the month withholds what the daily rule asks of the month, however it is split', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ days: fc.integer({ min: 1, max: 7 }), rate: fc.integer({ min: 0, max: 3_000_000 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (weeks) => {
          let monthToDate = { ...none };
          for (const week of weeks) {
            const bruto = week.days * week.rate;
            const pph = tax(bruto, week.days, monthToDate);
            monthToDate = {
              bruto: monthToDate.bruto + bruto,
              days: monthToDate.days + week.days,
              pph21: monthToDate.pph21 + pph,
            };
          }
          // At least the month's tax (more only when a later week's lower average cannot refund an earlier week).
          expect(monthToDate.pph21).toBeGreaterThanOrEqual(tax(monthToDate.bruto, monthToDate.days));
        },
      ),
    );
  });
});

describe('the weekly payslip', () => {
  const input: WeeklyInput = {
    date,
    days_worked: 5,
    components: [
      { code: 'DAILY-WAGE', name: 'Daily Wage', amount: 400_000 },
      { code: 'MEAL', name: 'Meal Money', amount: 50_000 },
    ],
    incentive: 0,
    tax_id_valid: true,
    month_to_date: none,
  };

  it('is days × the daily rate + incentive − PPh, one line a component', () => {
    const result = computeWeeklyPayslip(input);
    expect(result).toMatchObject({ daily_rate: 450_000, bruto: 2_250_000, pph21: 0, thp: 2_250_000 });
    expect(result.lines.filter((line) => line.kind === 'earning').map((line) => line.amount)).toEqual([
      2_000_000, 250_000,
    ]);
  });

  it('applies the edits: days, daily rate, incentive', () => {
    const result = computeWeeklyPayslip(input, { days_worked: 4, daily_rate: 500_000, incentive: 100_000 });
    expect(result).toMatchObject({ bruto: 2_100_000, pph21: 10_500, thp: 2_089_500 });
  });
});
