/**
 * A short fingerprint of what a user may do: their level and their custom access level's permissions (issue 26). The
 * server sends the caller's on every reply (`x-access-stamp`, server/http/access.ts); the client compares it with the
 * user it holds and reloads `auth/me` when they differ, so a level changed by an admin shows in the holder's menu on
 * their next request, without signing in again (docs/decisions/0151). Pure, like ./menu.ts.
 */
export const ACCESS_STAMP_HEADER = 'x-access-stamp';

/** FNV-1a (32 bits) of the level and the sorted permissions, in hex. */
export function accessStamp(level: string, permissions: readonly string[]): string {
  const text = `${level}|${[...permissions].sort().join(',')}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
