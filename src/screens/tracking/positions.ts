/** Pure helpers of the live-tracking screen: what a member's row says, and the refresh interval. */
import type { components } from '../../api/v1.d.ts';
import { jakartaTime } from '../../format.ts';

export type LivePosition = components['schemas']['LiveTrackingPosition'];

/** How often the open screen reads the positions again (paused while the tab is hidden). */
export const REFRESH_MS = 30_000;

/** The hh:mm of a position's clock, in Jakarta. */
export const clockTime = (iso: string): string => jakartaTime(iso).slice(0, 5);

/** The centre and zoom that show every positioned member (Indonesia when none). */
export function boundsOf(rows: readonly LivePosition[]): [[number, number], [number, number]] | null {
  const points = rows.flatMap((row) =>
    row.position ? [[row.position.latitude, row.position.longitude] as const] : [],
  );
  if (points.length === 0) return null;
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  return [
    [Math.min(...lats), Math.min(...lons)],
    [Math.max(...lats), Math.max(...lons)],
  ];
}
