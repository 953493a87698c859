import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossUp, monthlyTer, pasal17, settleYear } from '../../../common/payroll/pph21.ts';
import { taxRatesOn } from '../../../common/payroll/rates.ts';
import type { PtkpStatus } from '../../../common/payroll/types.ts';

const statuses: PtkpStatus[] = ['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3'];
const date = '2024-06-01';

describe('monthlyTer', () => {
  it('brackets are intervals (over, upTo]: category A 5,400,000 → 0 %, 5,400,001 → 0.25 %', () => {
    expect(monthlyTer({ bruto: 5_400_000, status: 'tk/0', taxIdValid: true, date })).toMatchObject({ rate: 0, pph: 0 });
    expect(monthlyTer({ bruto: 5_400_001, status: 'tk/0', taxIdValid: true, date })).toMatchObject({
      rate: 0.0025,
      pph: 13_500,
    });
  });

  it('the PP 58/2023 example: K/0, 10,000,000 → category A 2 % = 200,000', () => {
    expect(monthlyTer({ bruto: 10_000_000, status: 'k/0', taxIdValid: true, date })).toMatchObject({
      category: 'A',
      rate: 0.02,
      pph: 200_000,
    });
  });

  it('categories: B for K/1, C for K/3', () => {
    expect(monthlyTer({ bruto: 10_000_000, status: 'k/1', taxIdValid: true, date })).toMatchObject({
      category: 'B',
      rate: 0.015,
    });
    expect(monthlyTer({ bruto: 10_000_000, status: 'k/3', taxIdValid: true, date })).toMatchObject({
      category: 'C',
      rate: 0.015,
    });
  });

  it('is monotonic in bruto (rate and tax) for every status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (status, a, delta) => {
          const low = monthlyTer({ bruto: a, status, taxIdValid: true, date });
          const high = monthlyTer({ bruto: a + delta, status, taxIdValid: true, date });
          expect(high.rate!).toBeGreaterThanOrEqual(low.rate!);
          expect(high.pph).toBeGreaterThanOrEqual(low.pph);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('has no tables before 2024 (TER did not exist)', () => {
    expect(() => monthlyTer({ bruto: 1, status: 'tk/0', taxIdValid: true, date: '2023-12-01' })).toThrow(RangeError);
  });
});

describe('settleYear', () => {
  it('the PP 58/2023 example: December withholding 515,000', () => {
    expect(
      settleYear({
        status: 'k/0',
        taxIdValid: true,
        months: 12,
        brutoYear: 120_000_000,
        pension: 1_200_000,
        zakat: 0,
        previousNeto: 0,
        previousPph: 0,
        withheld: 2_200_000,
        annualise: false,
        date: '2024-12-01',
      }),
    ).toMatchObject({
      biaya_jabatan: 6_000_000,
      neto: 112_800_000,
      ptkp: 58_500_000,
      pkp: 54_300_000,
      tax_year: 2_715_000,
      pph: 515_000,
    });
  });

  it('Pasal 17 layers: 5 %, 15 %, 25 %, 30 %, 35 %', () => {
    const rates = taxRatesOn(date);
    expect(pasal17(6_000_000_000, rates).tax).toBe(3_000_000 + 28_500_000 + 62_500_000 + 1_350_000_000 + 350_000_000);
    expect(pasal17(0, rates)).toEqual({ layers: [], tax: 0 });
  });
});

describe('grossUp', () => {
  it('settles on a fixed point for any base and status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.integer({ min: 0, max: 3_000_000_000 }),
        fc.boolean(),
        (status, base, valid) => {
          const taxOf = (b: number) => monthlyTer({ bruto: b, status, taxIdValid: valid, date }).pph;
          const { allowance } = grossUp(base, taxOf);
          expect(allowance).toBe(taxOf(base + allowance));
        },
      ),
      { numRuns: 500 },
    );
  });
});
