/**
 * What a signed-in page load starts at once, before React has rendered anything: the user (`GET /v1/auth/me`), the
 * signed-in layout's code, and on home its screen's code and its one request (`GET /v1/dashboard`). Without this each waited for the one before it:
 * `/v1/auth/me`, then the shell's chunk, then the section's, then home's, then the dashboard request, then the
 * figures (docs/benchmarks.md, "Home"; issue 16: home on screen in under 1 s). The requests are the ones the screens
 * make anyway; a token the server refuses fails them as it fails `/v1/auth/me`.
 */
import { tokenStore } from './api/client.ts';
import { startDashboard } from './earlyDashboard.ts';
import { fetchMeEarly } from './session.ts';

/** Paths that show home to a signed-in user (the index and the dashboard root redirect there, spec 4). */
const homePaths = new Set(['/', '/dashboard', '/dashboard/', '/dashboard/home']);

export function startSignedIn(pathname: string, search: string): void {
  if (!tokenStore.get()) return;
  const home = homePaths.has(pathname) && !new URLSearchParams(search).has('acc_mgr');
  if (!home && !pathname.startsWith('/dashboard')) return;
  fetchMeEarly();
  void import('./layout/Shell.tsx').catch(() => {});
  void import('./layout/Section.tsx').catch(() => {});
  if (!home) return;
  void import('./screens/home/Home.tsx').catch(() => {});
  startDashboard();
}
