import { describe, expect, it } from 'vitest';
import { activationProblem, MIN_PASSWORD_LENGTH } from '../../../src/pages/activation.ts';

describe('activationProblem', () => {
  it('asks for at least 8 characters first, then the same password twice', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(activationProblem('', '')).toBe('tooShort');
    expect(activationProblem('1234567', '1234567')).toBe('tooShort');
    expect(activationProblem('rahasia123', 'rahasia124')).toBe('mismatch');
    expect(activationProblem('rahasia123', 'rahasia123')).toBeNull();
  });
});
