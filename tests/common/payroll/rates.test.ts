import { describe, expect, it } from 'vitest';
import source from '../../../common/payroll/pp58-2023.json' with { type: 'json' };
import { inForce, periodDate, taxRatesOn } from '../../../common/payroll/rates.ts';

describe('effective-dated rates', () => {
  it('looks a row up by date: the last row from on or before it', () => {
    const table = [
      { from: '2024-01-01', value: 'a' },
      { from: '2025-03-01', value: 'b' },
    ];
    expect(inForce(table, '2025-02-28')).toBe('a');
    expect(inForce(table, '2025-03-01')).toBe('b');
    expect(() => inForce(table, '2023-12-31')).toThrow(RangeError);
    expect(() => inForce(table, '2025-3-1')).toThrow(RangeError);
    expect(periodDate(2025, 3)).toBe('2025-03-01');
  });

  it('the TER tables are the reference tables in basis points, contiguous', () => {
    const rates = taxRatesOn('2024-01-01');
    for (const category of ['A', 'B', 'C'] as const) {
      const table = rates.ter[category];
      expect(table.map((b) => b.bp / 10_000)).toEqual(source.monthly[category].map((b) => b.rate));
      table.forEach((bracket, i) => {
        if (i > 0) expect(bracket.over).toBe(table[i - 1]!.upTo);
      });
      expect(table.at(-1)!.upTo).toBeNull();
    }
    expect(rates.ptkp['k/3']).toBe(72_000_000);
  });
});
