import { describe, expect, it } from 'vitest';
import { bpjsContributions } from '../../common/bpjs.ts';
import { monthlyPph21, monthlyTer, type PtkpStatus, takeHomePay, terCategories, terRate } from '../../common/pph21.ts';

describe('monthly PPh 21 by TER', () => {
  it('puts each PTKP status in its category', () => {
    expect(terCategories).toEqual({
      'tk/0': 'A',
      'tk/1': 'A',
      'k/0': 'A',
      'tk/2': 'B',
      'tk/3': 'B',
      'k/1': 'B',
      'k/2': 'B',
      'k/3': 'C',
    });
  });

  it('reads brackets as (over, upTo]', () => {
    expect(terRate('A', 5_400_000)).toBe(0);
    expect(terRate('A', 5_400_001)).toBe(25);
    expect(terRate('A', 10_000_000)).toBe(200);
    expect(terRate('A', 2_000_000_000)).toBe(3400);
    for (const brackets of Object.values(monthlyTer)) {
      const bounds = brackets.map(([upTo]) => upTo ?? Number.POSITIVE_INFINITY);
      expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
      expect(brackets.at(-1)?.[0]).toBeNull();
    }
  });

  it('gives the regulation’s worked example (K/0, 10,000,000: 2 %)', () => {
    expect(monthlyPph21({ bruto: 10_000_000, status: 'k/0', taxIdValid: true })).toBe(200_000);
  });

  it('charges 120 % without a valid tax id', () => {
    expect(monthlyPph21({ bruto: 10_000_000, status: 'k/0', taxIdValid: false })).toBe(240_000);
  });
});

describe('take-home pay', () => {
  const month = (earnings: number, status: PtkpStatus, pphDeduction: 'gross' | 'gross_up') => {
    const bpjs = bpjsContributions({
      tkWage: earnings,
      ksWage: earnings,
      date: '2025-06-15',
      jkkPercent: 0.24,
      umk: null,
      tkRegistered: true,
      ksRegistered: true,
      type: 1,
      additionalFamilyMembers: 0,
    });
    return takeHomePay({
      earnings,
      employeeBpjs: bpjs.totalEmployee,
      employerInsurance: bpjs.jkk.company + bpjs.jkm.company + bpjs.ks.company,
      status,
      taxIdValid: true,
      pphDeduction,
    });
  };

  it('matches the reference’s worked example (June 2025, TK/0, 8,000,000, JKK 0.24 %)', () => {
    expect(month(8_000_000, 'tk/0', 'gross')).toEqual({ thp: 7_554_552, pph21: 125_448, bruto: 8_363_200 });
  });

  it('leaves the tax out of the take-home when the employer bears it', () => {
    expect(month(8_000_000, 'tk/0', 'gross_up').thp).toBe(8_000_000 - 160_000 - 80_000 - 80_000);
  });
});
