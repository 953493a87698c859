/**
 * Who may change whose account (issue 10 section 2, docs/decisions/0015): the one rule every route that writes a
 * user's account fields applies on the server. Plain data plus a pure function, like ./menu.ts.
 */
import type { Level } from './menu.ts';

/** The fields of a user account that give control of it (or of what it may do). */
export const accountFields = ['email', 'username', 'phone', 'password', 'blocked', 'level', 'access_role'] as const;
export type AccountField = (typeof accountFields)[number];

/**
 * A level's rank: a user changes the account fields of another only when their rank is higher than the target's.
 * custom, admin_department and approver are one rank.
 */
export const levelRank = {
  developer: 4,
  admin: 3,
  sub_admin: 2,
  custom: 1,
  admin_department: 1,
  approver: 1,
  employee: 0,
} as const satisfies Record<Level, number>;

/** Why a change is refused; each is a field error code the client translates (`validation.<code>`). */
export type AccountRefusal = 'outranked' | 'self_block' | 'self_raise' | 'level_too_high';

export interface AccountHolder {
  id: string;
  level: Level;
}

/**
 * May `actor` set `field` of `target`'s account to `value`? Null when they may, else the reason.
 * - Another user's account: only when the actor outranks them, and a new level must stay below the actor's own.
 * - One's own account: contact details and password, yes; never a higher level, never blocked.
 */
export function accountChangeRefusal(
  actor: AccountHolder,
  target: AccountHolder,
  field: AccountField,
  value?: unknown,
): AccountRefusal | null {
  if (actor.id === target.id) {
    if (field === 'blocked' && value !== false) return 'self_block';
    if (field === 'level' && (typeof value !== 'string' || rankOf(value) > levelRank[actor.level])) return 'self_raise';
    if (field === 'access_role') return 'self_raise';
    return null;
  }
  if (levelRank[actor.level] <= levelRank[target.level]) return 'outranked';
  if (field === 'level' && (typeof value !== 'string' || rankOf(value) >= levelRank[actor.level])) {
    return 'level_too_high';
  }
  return null;
}

const rankOf = (level: string): number =>
  Object.hasOwn(levelRank, level) ? levelRank[level as Level] : Number.POSITIVE_INFINITY;

/** The refusals of a set of changes, by field (only account fields are judged). */
export function accountChangeRefusals(
  actor: AccountHolder,
  target: AccountHolder,
  changes: Readonly<Record<string, unknown>>,
): Partial<Record<AccountField, AccountRefusal>> {
  const out: Partial<Record<AccountField, AccountRefusal>> = {};
  for (const field of accountFields) {
    if (!(field in changes)) continue;
    const refusal = accountChangeRefusal(actor, target, field, changes[field]);
    if (refusal) out[field] = refusal;
  }
  return out;
}
