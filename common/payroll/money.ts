/**
 * The engine's one rounding rule (decision 0042): every amount is an exact fraction of integers, `numerator /
 * denominator`, rounded half up to the whole rupiah once, where the amount is made. Rates are held as integers
 * (basis points, percent, hundredths of a percent) so no floating-point product ever reaches a payslip.
 *
 * Negative numerators round half up too (towards +∞ at .5), so a refund and a charge of the same size mirror
 * each other except at exact halves.
 */

/** `numerator / denominator` rounded half up to an integer; both integers, denominator > 0, exact (safe integers). */
export function roundDiv(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Cannot divide ${numerator} by ${denominator} exactly`);
  }
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  // The float division may be one off near 2^53: correct it so 0 ≤ remainder < denominator.
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** `amount × basisPoints / 10,000`, rounded half up (1 bp = 0.01 %). */
export const applyBp = (amount: number, basisPoints: number): number => roundDiv(amount * basisPoints, 10_000);

/** Throws unless `value` is a safe integer ≥ 0 (or ≥ `min`). */
export function rupiah(name: string, value: number | null | undefined, min = 0): number {
  const v = value ?? 0;
  if (!Number.isSafeInteger(v) || v < min) throw new RangeError(`${name} must be an integer rupiah ≥ ${min}`);
  return v;
}
