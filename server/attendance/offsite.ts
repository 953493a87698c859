/**
 * The offsite rule (issue #12): a clock position is offsite when it is farther than the radius of every company
 * location that carries coordinates. Pure: callers load the locations (`loadLocatedSites`-style queries live with
 * the caller) and pass them in.
 *
 * - Distance is the great-circle (haversine) distance on a sphere of the mean Earth radius; at a few hundred metres
 *   the error against the ellipsoid is well under a metre.
 * - A location without coordinates is not a site (it cannot be measured against) and is ignored.
 * - A located site without a radius uses DEFAULT_RADIUS_METRES.
 * - A company with no located site has no rule to apply: nothing is offsite (decision record 0038). The group's
 *   "allowed offsite" switches then never refuse a clock.
 * - A clock without a position (the browser refused geolocation) is not measured here: the caller decides (rec's
 *   clock route treats it as offsite when the company has located sites, see `isOffsite(null, …)`).
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface Site {
  latitude: number | null;
  longitude: number | null;
  /** Metres; null or not positive means DEFAULT_RADIUS_METRES. */
  radius?: number | null;
}

/** The radius a located site gets when none is set: a typical office compound plus GPS error indoors. */
export const DEFAULT_RADIUS_METRES = 200;
/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const located = (s: Site): s is Site & GeoPoint =>
  typeof s.latitude === 'number' &&
  typeof s.longitude === 'number' &&
  Number.isFinite(s.latitude) &&
  Number.isFinite(s.longitude);

/** The radius a site is measured with. */
export const radiusOf = (s: Site): number =>
  typeof s.radius === 'number' && s.radius > 0 ? s.radius : DEFAULT_RADIUS_METRES;

/** Whether any site carries coordinates, i.e. whether the offsite rule applies at all. */
export const hasLocatedSite = (sites: readonly Site[]): boolean => sites.some(located);

/**
 * Offsite: farther than every located site's radius. No located site: not offsite. No point (null): offsite exactly
 * when the rule applies (there is a located site and the position is unknown, so it cannot be shown to be on site).
 */
export function isOffsite(point: GeoPoint | null | undefined, sites: readonly Site[]): boolean {
  const measured = sites.filter(located);
  if (measured.length === 0) return false;
  if (point == null || !Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return true;
  return measured.every((s) => distanceMetres(point, s) > radiusOf(s));
}

/** The nearest located site and the distance to it, for messages ("1.2 km from Head Office"); null when none. */
export function nearestSite<S extends Site>(point: GeoPoint, sites: readonly S[]): { site: S; metres: number } | null {
  let best: { site: S; metres: number } | null = null;
  for (const s of sites) {
    if (!located(s)) continue;
    const metres = distanceMetres(point, s);
    if (best === null || metres < best.metres) best = { site: s, metres };
  }
  return best;
}

// ---- What a reported position is worth (issue 24) -----------------------------------------------------------------

/**
 * A position too imprecise to be measured against the nearest site: its reported accuracy (metres, the radius of the
 * device's own uncertainty) is larger than that site's radius, so "inside the radius" would prove nothing. Null when
 * the position is precise enough, no accuracy was reported, or no site is located.
 */
export function tooImprecise(
  point: GeoPoint,
  accuracy: number | null | undefined,
  sites: readonly Site[],
): { accuracy: number; radius: number } | null {
  if (typeof accuracy !== 'number' || !Number.isFinite(accuracy)) return null;
  const nearest = nearestSite(point, sites);
  if (!nearest) return null;
  const radius = radiusOf(nearest.site);
  return accuracy > radius ? { accuracy: Math.round(accuracy), radius } : null;
}

/** A clock's position and instant. */
export interface Fix extends GeoPoint {
  /** ms since the epoch. */
  at: number;
  /** Reported accuracy, metres. */
  accuracy?: number | null | undefined;
}

/** An implausible move between two clocks: kilometres, minutes between them and the implied speed. */
export interface Travel {
  km: number;
  minutes: number;
  kmh: number;
}

/**
 * The move from `previous` to `next` when it is faster than `maxKmh`, else null. The distance is taken less both
 * positions' reported accuracy (what the devices themselves call uncertain), and the time as at least one minute, so
 * GPS jitter between two clocks seconds apart at one site is never a "flight".
 */
export function implausibleTravel(previous: Fix | null | undefined, next: Fix, maxKmh: number): Travel | null {
  if (!previous || next.at < previous.at) return null;
  const slack = Math.max(0, previous.accuracy ?? 0) + Math.max(0, next.accuracy ?? 0);
  const metres = Math.max(0, distanceMetres(previous, next) - slack);
  const minutes = Math.max(1, (next.at - previous.at) / 60_000);
  const kmh = metres / 1000 / (minutes / 60);
  if (kmh <= maxKmh) return null;
  return {
    km: Math.round(distanceMetres(previous, next) / 100) / 10,
    minutes: Math.round(minutes),
    kmh: Math.round(kmh),
  };
}
