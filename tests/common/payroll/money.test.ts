import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBp, roundDiv } from '../../../common/payroll/money.ts';

describe('roundDiv', () => {
  it('rounds half up', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(4, 3)).toBe(1);
    expect(roundDiv(-5, 2)).toBe(-2);
    expect(applyBp(8_363_200, 150)).toBe(125_448);
  });

  it('equals the exact BigInt result for any safe integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), fc.integer({ min: 1, max: 2 ** 31 }), (n, d) => {
        const N = BigInt(n) * 2n + BigInt(d);
        const D = BigInt(d) * 2n;
        // floor((2n + d) / 2d) = floor(n/d + 1/2)
        const q = N >= 0n ? N / D : -((-N + D - 1n) / D);
        expect(roundDiv(n, d)).toBe(Number(q));
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses fractions and zero divisors', () => {
    expect(() => roundDiv(1.5, 2)).toThrow(RangeError);
    expect(() => roundDiv(1, 0)).toThrow(RangeError);
  });
});
