import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { type FieldError, invalid } from '../http/errors.ts';

/** argon2id, 19 MiB, t=2, p=1: OWASP's minimum recommendation. */
const options = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, options);

/** A hash of nothing in particular, verified against for unknown users so both paths cost the same. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that never matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export const MIN_PASSWORD_LENGTH = 8;

/** The common-password list zxcvbn-ts maintains (about 49,000 entries), read once, offline. */
const common = new Set(dictionary['passwords-common']);

/**
 * Why a new password is refused (ASVS 5.0 V6.2.1, V6.2.4): shorter than `MIN_PASSWORD_LENGTH`, on the common-password
 * list (compared case-insensitively), or a pattern (`isPattern`). Null when it is fine. Every path that sets a password
 * applies it: registration, reset, change, an admin's set, activation and the create-user script.
 */
export function passwordProblem(password: string): FieldError | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return {
      code: 'minLength',
      message: `must NOT have fewer than ${MIN_PASSWORD_LENGTH} characters`,
      params: { limit: MIN_PASSWORD_LENGTH },
    };
  }
  if (common.has(password) || common.has(password.toLowerCase())) {
    return { code: 'common_password', message: 'is too common: choose a password others are unlikely to use' };
  }
  if (isPattern(password)) {
    return { code: 'weak_password', message: 'is too easy to guess: avoid repeated characters and sequences' };
  }
  return null;
}

/** Fewest different characters a password has ("aaaaaaaa" and "abababab" have fewer). */
const MIN_DISTINCT = 4;

/**
 * A password made of a pattern rather than a choice (issue 24: an admin set "aaaaaaaa"): fewer than `MIN_DISTINCT`
 * different characters, one block repeated ("abcdabcd"), or one steady run of characters ("12345678", "hgfedcba").
 */
function isPattern(password: string): boolean {
  const chars = [...password.toLowerCase()];
  if (new Set(chars).size < MIN_DISTINCT) return true;
  const text = chars.join('');
  for (let size = 1; size <= chars.length / 2; size++) {
    if (
      chars.length % size === 0 &&
      text ===
        chars
          .slice(0, size)
          .join('')
          .repeat(chars.length / size)
    )
      return true;
  }
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/** Every password a user chooses is hashed here: refused (400 on `field`) when `passwordProblem` says so. */
export async function hashNewPassword(password: string, field = 'password'): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw invalid({ [field]: problem });
  return hashPassword(password);
}
