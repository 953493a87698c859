import type { Viewer } from '../../common/menu.ts';
import type { UserDetail } from '../api/client.ts';

const viewers = new WeakMap<UserDetail, Viewer>();

/** The user as `canAccess` sees them; cached per user object. */
export function viewerOf(user: UserDetail): Viewer {
  let viewer = viewers.get(user);
  if (!viewer) {
    viewer = {
      level: user.level,
      username: user.username,
      permissions: user.access_role.permissions,
      companyCode: user.company?.code ?? null,
      features: user.company?.features ?? {},
    };
    viewers.set(user, viewer);
  }
  return viewer;
}

/** The section of a path: the first segment after /dashboard, or null outside the dashboard. */
export function sectionOf(pathname: string): string | null {
  const match = /^\/dashboard\/([^/?#]+)/.exec(pathname);
  return match?.[1] ?? null;
}
