import { describe, expect, it } from 'vitest';
import { calculatePph21 } from '../../../common/payroll/calculator.ts';

const year = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, bruto: 10_000_000, pension: 100_000, zakat: 0 }));

describe('calculatePph21', () => {
  it('the PP 58/2023 example: 200,000 a month, December 515,000', () => {
    const reply = calculatePph21({ ptkp_status: 'K/0', year: 2024, periods: year, last_period: true });
    expect(reply.periods.slice(0, 11).every((p) => p.pph === 200_000 && p.category === 'A' && p.rate === 0.02)).toBe(
      true,
    );
    expect(reply.last_period).toEqual({
      bruto_year: 120_000_000,
      biaya_jabatan: 6_000_000,
      pension: 1_200_000,
      zakat: 0,
      neto: 112_800_000,
      ptkp: 58_500_000,
      pkp: 54_300_000,
      tax_year: 2_715_000,
      withheld: 2_200_000,
      pph: 515_000,
    });
    expect(reply.periods[11]!.pph).toBe(515_000);
  });

  it('without last_period every entry pays TER and last_period is null', () => {
    const reply = calculatePph21({ ptkp_status: 'tk/0', year: 2024, periods: year.slice(0, 3) });
    expect(reply.last_period).toBeNull();
    expect(reply.periods.map((p) => p.pph)).toEqual([200_000, 200_000, 200_000]);
  });

  it('gross-up adds the tax allowance to bruto; the year still balances', () => {
    const reply = calculatePph21({ ptkp_status: 'K/0', year: 2024, periods: year, last_period: true, gross_up: true });
    expect(reply.periods[0]).toEqual({ month: 1, category: 'A', rate: 0.0225, bruto: 10_230_179, pph: 230_179 });
    const total = reply.periods.reduce((sum, p) => sum + p.pph, 0);
    expect(total).toBe(reply.last_period!.tax_year);
    expect(reply.periods[11]!.bruto - 10_000_000).toBe(reply.periods[11]!.pph);
  });

  it('annualises an arriving expatriate and subtracts the previous employer', () => {
    const reply = calculatePph21({
      ptkp_status: 'TK/0',
      year: 2024,
      annualize: true,
      periods: [10, 11, 12].map((month) => ({ month, bruto: 50_000_000, pension: 0, zakat: 0 })),
      last_period: true,
    });
    expect(reply.last_period).toMatchObject({
      neto: 594_000_000,
      pkp: 540_000_000,
      tax_year: 26_500_000,
      pph: 8_500_000,
    });
    const withPrevious = calculatePph21({
      ptkp_status: 'tk/0',
      year: 2024,
      previous_neto: 10_000_000,
      previous_pph: 100_000,
      periods: [{ month: 12, bruto: 10_000_000, pension: 0, zakat: 0 }],
      last_period: true,
    });
    // neto 9,500,000 + 10,000,000 < PTKP: no tax, the previous employer's 100,000 comes back.
    expect(withPrevious.last_period).toMatchObject({ neto: 19_500_000, pkp: 0, tax_year: 0, pph: -100_000 });
  });

  it('surcharges 20 % without a valid tax id', () => {
    const reply = calculatePph21({
      ptkp_status: 'tk/0',
      year: 2024,
      tax_id_valid: false,
      periods: [{ month: 1, bruto: 8_000_000 }],
    });
    expect(reply.periods[0]!.pph).toBe(144_000);
  });
});
