import { describe, expect, it } from 'vitest';
import {
  applyRate,
  type BpjsInput,
  bpjsContributions,
  bpjsRates,
  effectiveAmount,
  jkkPercentages,
  jpWageCap,
  jpWageCaps,
  ksWageCeiling,
  ksWageCeilings,
} from '../../common/bpjs.ts';

/** The reference's worked example (section 3): June 2025, wage 8,000,000, JKK 0.24 %. */
const example: BpjsInput = {
  tkWage: 8_000_000,
  ksWage: 8_000_000,
  date: '2025-06-01',
  jkkPercent: 0.24,
  umk: 5_396_761,
  tkRegistered: true,
  ksRegistered: true,
  type: 1,
  additionalFamilyMembers: 0,
};

const input = (changes: Partial<BpjsInput>): BpjsInput => ({ ...example, ...changes });
const zero = { employee: 0, company: 0 };

describe('bpjsContributions: the reference worked example', () => {
  const result = bpjsContributions(example);

  it('gives every programme as in reference section 3', () => {
    expect(result.jht).toEqual({ employee: 160_000, company: 296_000 });
    expect(result.jp).toEqual({ employee: 80_000, company: 160_000 });
    expect(result.jkk).toEqual({ employee: 0, company: 19_200 });
    expect(result.jkm).toEqual({ employee: 0, company: 24_000 });
    expect(result.ks).toEqual({ employee: 80_000, company: 320_000 });
    expect(result.ksAdditional).toEqual(zero);
    expect(result.bases).toEqual({ tk: 8_000_000, jp: 8_000_000, ks: 8_000_000 });
  });

  it('totals each side', () => {
    expect(result.totalEmployee).toBe(160_000 + 80_000 + 80_000);
    expect(result.totalCompany).toBe(296_000 + 160_000 + 19_200 + 24_000 + 320_000);
  });

  it("gives the example's PPh 21 bruto: wage + employer JKK, JKM and Kesehatan = 8,363,200", () => {
    expect(example.tkWage + result.jkk.company + result.jkm.company + result.ks.company).toBe(8_363_200);
  });
});

describe('JP wage cap', () => {
  it('is the reference table', () => {
    expect(jpWageCaps).toEqual([
      { from: '2022-03-01', amount: 9_077_600 },
      { from: '2023-03-01', amount: 9_559_600 },
      { from: '2024-03-01', amount: 10_042_300 },
      { from: '2025-03-01', amount: 10_547_400 },
      { from: '2026-03-01', amount: 11_086_300 },
    ]);
  });

  it.each([
    ['2022-02-28', 9_077_600],
    ['2022-03-01', 9_077_600],
    ['2023-02-28', 9_077_600],
    ['2023-03-01', 9_559_600],
    ['2024-02-29', 9_559_600],
    ['2024-03-01', 10_042_300],
    ['2025-02-28', 10_042_300],
    ['2025-03-01', 10_547_400],
    ['2026-02-28', 10_547_400],
    ['2026-03-01', 11_086_300],
    ['2030-01-01', 11_086_300],
  ])('on %s is %i', (date, cap) => {
    expect(jpWageCap(date)).toBe(cap);
  });

  it('uses the first row before the table starts', () => {
    expect(jpWageCap('2015-07-01')).toBe(9_077_600);
  });

  it('caps JP only, not JHT, JKK or JKM', () => {
    const result = bpjsContributions(input({ tkWage: 20_000_000, date: '2025-06-01' }));
    expect(result.bases.jp).toBe(10_547_400);
    expect(result.jp).toEqual({ employee: 105_474, company: 210_948 });
    expect(result.jht).toEqual({ employee: 400_000, company: 740_000 });
    expect(result.jkk.company).toBe(48_000);
    expect(result.jkm.company).toBe(60_000);
  });

  it.each([
    ['2025-02-01', 100_423, 200_846],
    ['2025-03-01', 105_474, 210_948],
    ['2026-02-01', 105_474, 210_948],
    ['2026-03-01', 110_863, 221_726],
  ])('applies the cap in force in %s', (date, employee, company) => {
    expect(bpjsContributions(input({ tkWage: 20_000_000, date })).jp).toEqual({ employee, company });
  });

  it('leaves a wage at or under the cap as it is', () => {
    expect(bpjsContributions(input({ tkWage: 10_547_400 })).jp).toEqual({ employee: 105_474, company: 210_948 });
    expect(bpjsContributions(input({ tkWage: 10_547_399 })).bases.jp).toBe(10_547_399);
  });
});

describe('BPJS Kesehatan floor and ceiling', () => {
  it('raises a wage under the UMK to the UMK', () => {
    const result = bpjsContributions(input({ ksWage: 4_000_000, umk: 5_396_761 }));
    expect(result.bases.ks).toBe(5_396_761);
    // 1 % = 53,967.61 and 4 % = 215,870.44
    expect(result.ks).toEqual({ employee: 53_968, company: 215_870 });
  });

  it('has no floor when the UMK is unknown', () => {
    const result = bpjsContributions(input({ ksWage: 4_000_000, umk: null }));
    expect(result.bases.ks).toBe(4_000_000);
    expect(result.ks).toEqual({ employee: 40_000, company: 160_000 });
  });

  it('uses the UMK for a registered employee with no Kesehatan wage', () => {
    expect(bpjsContributions(input({ ksWage: 0, umk: 5_000_000 })).ks).toEqual({ employee: 50_000, company: 200_000 });
  });

  it('caps the wage at 12,000,000', () => {
    expect(ksWageCeilings).toEqual([{ from: '2020-01-01', amount: 12_000_000 }]);
    expect(ksWageCeiling('2025-06-01')).toBe(12_000_000);
    const result = bpjsContributions(input({ ksWage: 15_000_000 }));
    expect(result.bases.ks).toBe(12_000_000);
    expect(result.ks).toEqual({ employee: 120_000, company: 480_000 });
    expect(bpjsContributions(input({ ksWage: 12_000_000 })).ks).toEqual({ employee: 120_000, company: 480_000 });
  });

  it('computes Kesehatan on its own wage, Ketenagakerjaan on the other', () => {
    const result = bpjsContributions(input({ tkWage: 6_000_000, ksWage: 9_000_000 }));
    expect(result.jht.employee).toBe(120_000);
    expect(result.ks.employee).toBe(90_000);
  });
});

describe('additional family members', () => {
  it('adds 1 % of the Kesehatan base per member, paid by the employee', () => {
    const result = bpjsContributions(input({ additionalFamilyMembers: 2 }));
    expect(result.ksAdditional).toEqual({ employee: 160_000, company: 0 });
    expect(result.totalEmployee).toBe(320_000 + 160_000);
    expect(result.totalCompany).toBe(819_200);
  });

  it('uses the floored and capped base', () => {
    expect(
      bpjsContributions(input({ ksWage: 1_000_000, umk: 5_000_000, additionalFamilyMembers: 1 })).ksAdditional,
    ).toEqual({ employee: 50_000, company: 0 });
    expect(bpjsContributions(input({ ksWage: 30_000_000, additionalFamilyMembers: 3 })).ksAdditional).toEqual({
      employee: 360_000,
      company: 0,
    });
  });

  it('rounds once on the total rate', () => {
    // 2 % of 5,000,050 = 100,001 (not 2 × round(50,000.5) = 100,002)
    expect(bpjsContributions(input({ ksWage: 5_000_050, umk: null, additionalFamilyMembers: 2 })).ksAdditional).toEqual(
      { employee: 100_001, company: 0 },
    );
  });

  it('is nothing when Kesehatan is not registered', () => {
    expect(bpjsContributions(input({ ksRegistered: false, additionalFamilyMembers: 2 })).ksAdditional).toEqual(zero);
  });
});

describe('participation', () => {
  it('gives no Ketenagakerjaan when not registered, Kesehatan still', () => {
    const result = bpjsContributions(input({ tkRegistered: false }));
    for (const part of [result.jht, result.jp, result.jkk, result.jkm]) expect(part).toEqual(zero);
    expect(result.bases).toEqual({ tk: 0, jp: 0, ks: 8_000_000 });
    expect(result.ks).toEqual({ employee: 80_000, company: 320_000 });
    expect(result.totalEmployee).toBe(80_000);
    expect(result.totalCompany).toBe(320_000);
  });

  it('treats type 3 as not registered for Ketenagakerjaan; Kesehatan follows ksRegistered', () => {
    const result = bpjsContributions(input({ type: 3 }));
    for (const part of [result.jht, result.jp, result.jkk, result.jkm]) expect(part).toEqual(zero);
    expect(result.ks).toEqual({ employee: 80_000, company: 320_000 });
  });

  it('gives no Kesehatan when not registered, Ketenagakerjaan still', () => {
    const result = bpjsContributions(input({ ksRegistered: false }));
    expect(result.ks).toEqual(zero);
    expect(result.bases.ks).toBe(0);
    expect(result.jht).toEqual({ employee: 160_000, company: 296_000 });
    expect(result.totalEmployee).toBe(240_000);
  });

  it('gives all zeros when registered for neither', () => {
    const result = bpjsContributions(input({ tkRegistered: false, ksRegistered: false, additionalFamilyMembers: 1 }));
    expect(result.totalEmployee).toBe(0);
    expect(result.totalCompany).toBe(0);
    for (const part of [result.jht, result.jp, result.jkk, result.jkm, result.ks, result.ksAdditional]) {
      expect(part).toEqual(zero);
    }
  });

  it('has a non-wage recipient (type 2) pay JHT 2 %, JKK and JKM themselves, with no JP and no employer share', () => {
    const result = bpjsContributions(input({ type: 2 }));
    expect(result.jht).toEqual({ employee: 160_000, company: 0 });
    expect(result.jp).toEqual(zero);
    expect(result.jkk).toEqual({ employee: 19_200, company: 0 });
    expect(result.jkm).toEqual({ employee: 24_000, company: 0 });
    expect(result.bases).toEqual({ tk: 8_000_000, jp: 0, ks: 8_000_000 });
    // Kesehatan depends on ksRegistered only.
    expect(result.ks).toEqual({ employee: 80_000, company: 320_000 });
    expect(result.totalEmployee).toBe(160_000 + 19_200 + 24_000 + 80_000);
    expect(result.totalCompany).toBe(320_000);
  });
});

describe('JKK rates', () => {
  it.each([
    [0, 0],
    [0.24, 24_000],
    [0.54, 54_000],
    [0.89, 89_000],
    [1.27, 127_000],
    [1.74, 174_000],
  ])('%f %% of 10,000,000 is %i', (jkkPercent, amount) => {
    expect(bpjsContributions(input({ tkWage: 10_000_000, jkkPercent })).jkk).toEqual({ employee: 0, company: amount });
  });

  it('lists the spec options', () => {
    expect(jkkPercentages).toEqual([0, 0.24, 0.54, 0.89, 1.27, 1.74]);
  });

  it('refuses any other rate', () => {
    expect(() => bpjsContributions(input({ jkkPercent: 0.3 }))).toThrow(RangeError);
    expect(() => bpjsContributions(input({ jkkPercent: 24 }))).toThrow(RangeError);
  });
});

describe('rounding', () => {
  it('rounds half up to the rupiah', () => {
    expect(applyRate(500, 30)).toBe(2); // 1.5
    expect(applyRate(499, 30)).toBe(1); // 1.497
    expect(applyRate(5_000_050, 100)).toBe(50_001); // 50,000.5
    expect(applyRate(5_000_049, 100)).toBe(50_000); // 50,000.49
    expect(applyRate(0, 370)).toBe(0);
    expect(applyRate(1_000_000, 0)).toBe(0);
  });

  it('is exact for large wages', () => {
    // 999,999,999,999 × 3.7 % = 36,999,999,999.963
    expect(applyRate(999_999_999_999, 370)).toBe(37_000_000_000);
    expect(applyRate(123_456_789_012, 1)).toBe(12_345_679); // 12,345,678.9012
  });

  it('rounds each amount, and totals the rounded amounts', () => {
    // 1,000,500: JKM 0.30 % = 3,001.5; JKK 0.89 % = 8,904.45; JHT 3.7 % = 37,018.5, 2 % = 20,010; JP 2 % = 20,010,
    // 1 % = 10,005; Kesehatan 4 % = 40,020, 1 % = 10,005
    const result = bpjsContributions(input({ tkWage: 1_000_500, ksWage: 1_000_500, umk: null, jkkPercent: 0.89 }));
    expect(result.jkm.company).toBe(3_002);
    expect(result.jkk.company).toBe(8_904);
    expect(result.jht).toEqual({ employee: 20_010, company: 37_019 });
    expect(result.totalCompany).toBe(3_002 + 8_904 + 37_019 + 20_010 + 40_020);
    expect(result.totalEmployee).toBe(20_010 + 10_005 + 10_005);
  });

  it('totals always equal the sum of the parts', () => {
    for (let wage = 0; wage < 30_000_000; wage += 987_653) {
      for (const type of [1, 2, 3] as const) {
        const result = bpjsContributions(input({ tkWage: wage, ksWage: wage + 13, type, additionalFamilyMembers: 1 }));
        const parts = [result.jht, result.jp, result.jkk, result.jkm, result.ks, result.ksAdditional];
        expect(result.totalEmployee).toBe(parts.reduce((sum, part) => sum + part.employee, 0));
        expect(result.totalCompany).toBe(parts.reduce((sum, part) => sum + part.company, 0));
        for (const part of parts) {
          expect(Number.isInteger(part.employee) && part.employee >= 0).toBe(true);
          expect(Number.isInteger(part.company) && part.company >= 0).toBe(true);
        }
      }
    }
  });

  it('keeps the rates of reference section 3', () => {
    expect(bpjsRates).toEqual({
      jht: { employee: 200, company: 370 },
      jp: { employee: 100, company: 200 },
      jkm: { employee: 0, company: 30 },
      ks: { employee: 100, company: 400 },
      ksAdditional: { employee: 100, company: 0 },
    });
  });
});

describe('invalid input', () => {
  it.each([
    ['a negative wage', { tkWage: -1 }],
    ['a fractional wage', { ksWage: 1_000_000.5 }],
    ['a non-finite wage', { tkWage: Number.NaN }],
    ['a negative UMK', { umk: -5 }],
    ['a fractional family count', { additionalFamilyMembers: 1.5 }],
    ['a date that is not YYYY-MM-DD', { date: '2025-06' }],
  ])('refuses %s', (_, changes) => {
    expect(() => bpjsContributions(input(changes as Partial<BpjsInput>))).toThrow(RangeError);
  });

  it('refuses an empty effective-dated table and an unsafe product', () => {
    expect(() => effectiveAmount([], '2025-01-01')).toThrow(RangeError);
    expect(() => applyRate(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});
