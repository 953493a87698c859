import { hash, verify } from '@node-rs/argon2';

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
