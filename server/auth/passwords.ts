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
 * Why a new password is refused (ASVS 5.0 V6.2.1, V6.2.4): shorter than `MIN_PASSWORD_LENGTH`, or on the common-password
 * list (compared case-insensitively). Null when it is fine.
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
  return null;
}

/** Every password a user chooses is hashed here: refused (400 on `field`) when `passwordProblem` says so. */
export async function hashNewPassword(password: string, field = 'password'): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw invalid({ [field]: problem });
  return hashPassword(password);
}
