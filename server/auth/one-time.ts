import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { oneTimeTokens } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export type Purpose = 'registration' | 'password_reset' | 'activation';

/** Lifetimes: a reset link is short-lived; registration and activation links wait for the mailbox. */
export const lifetimeMinutes = {
  registration: 24 * 60,
  password_reset: 60,
  activation: 7 * 24 * 60,
} as const satisfies Record<Purpose, number>;

export async function issueOneTimeToken(
  db: Executor,
  purpose: Purpose,
  input: { userId?: string; payload?: Record<string, unknown> },
): Promise<string> {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    purpose,
    token_hash: hashToken(token),
    user_id: input.userId ?? null,
    payload: input.payload ?? null,
    expires_at: new Date(Date.now() + lifetimeMinutes[purpose] * 60_000).toISOString(),
  });
  return token;
}

/** Issues one token per user in one statement (bulk invitations); tokens in the order of `userIds`. */
export async function issueOneTimeTokens(
  db: Executor,
  purpose: Purpose,
  userIds: readonly string[],
): Promise<string[]> {
  const tokens = userIds.map(() => newToken());
  const expires_at = new Date(Date.now() + lifetimeMinutes[purpose] * 60_000).toISOString();
  for (let i = 0; i < userIds.length; i += 500) {
    await db.insert(oneTimeTokens).values(
      userIds.slice(i, i + 500).map((user_id, j) => ({
        purpose,
        token_hash: hashToken(tokens[i + j]!),
        user_id,
        expires_at,
      })),
    );
  }
  return tokens;
}

/** Marks the token used and returns it, or null when it is unknown, used, expired or for another purpose. */
export async function consumeOneTimeToken(db: Executor, purpose: Purpose, token: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: new Date().toISOString() })
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, new Date().toISOString()),
      ),
    )
    .returning();
  return row ?? null;
}
