import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RADIUS_METRES,
  distanceMetres,
  hasLocatedSite,
  isOffsite,
  nearestSite,
} from '../../../server/attendance/offsite.ts';

const jakarta = { latitude: -6.2088, longitude: 106.8456 };
const surabaya = { latitude: -7.2575, longitude: 112.7521 };
const bandung = { latitude: -6.9175, longitude: 107.6191 };
/** Roughly `m` metres north of a point (one degree of latitude is ~111.2 km). */
const north = (p: { latitude: number; longitude: number }, m: number) => ({
  latitude: p.latitude + m / 111_195,
  longitude: p.longitude,
});

describe('distanceMetres', () => {
  it('matches known distances', () => {
    // Jakarta to Surabaya is about 663 km great-circle; Jakarta to Bandung about 117 km.
    expect(distanceMetres(jakarta, surabaya) / 1000).toBeCloseTo(663, -1);
    expect(distanceMetres(jakarta, bandung) / 1000).toBeCloseTo(117, -1);
    expect(distanceMetres(jakarta, jakarta)).toBe(0);
    expect(distanceMetres(jakarta, north(jakarta, 100))).toBeCloseTo(100, 0);
  });
  it('is symmetric and non-negative', () => {
    const point = fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceMetres(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * 6_371_008.8 + 1);
        expect(Math.abs(d - distanceMetres(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
});

describe('isOffsite', () => {
  const sites = [
    { ...jakarta, radius: 150 },
    { ...surabaya, radius: 500 },
  ];
  it('is on site inside any located radius', () => {
    expect(isOffsite(north(jakarta, 100), sites)).toBe(false);
    expect(isOffsite(north(surabaya, 450), sites)).toBe(false);
  });
  it('is offsite farther than every radius', () => {
    expect(isOffsite(north(jakarta, 200), sites)).toBe(true);
    expect(isOffsite(bandung, sites)).toBe(true);
  });
  it('uses the default radius when none is set', () => {
    const noRadius = [{ ...jakarta, radius: null }];
    expect(isOffsite(north(jakarta, DEFAULT_RADIUS_METRES - 20), noRadius)).toBe(false);
    expect(isOffsite(north(jakarta, DEFAULT_RADIUS_METRES + 20), noRadius)).toBe(true);
    expect(isOffsite(north(jakarta, DEFAULT_RADIUS_METRES - 20), [{ ...jakarta, radius: 0 }])).toBe(false);
  });
  it('ignores sites without coordinates; none located means never offsite', () => {
    const unlocated = [{ latitude: null, longitude: null, radius: 100 }];
    expect(hasLocatedSite(unlocated)).toBe(false);
    expect(isOffsite(bandung, unlocated)).toBe(false);
    expect(isOffsite(bandung, [])).toBe(false);
    expect(isOffsite(null, [])).toBe(false);
    expect(isOffsite(bandung, [...unlocated, { ...bandung, radius: 100 }])).toBe(false);
  });
  it('an unknown position is offsite when the rule applies', () => {
    expect(isOffsite(null, sites)).toBe(true);
    expect(isOffsite(undefined, sites)).toBe(true);
    expect(isOffsite({ latitude: Number.NaN, longitude: 1 }, sites)).toBe(true);
  });
  it('agrees with the nearest site', () => {
    const point = fc.record({
      latitude: fc.double({ min: -8, max: -6, noNaN: true }),
      longitude: fc.double({ min: 106, max: 113, noNaN: true }),
    });
    fc.assert(
      fc.property(point, (p) => {
        const near = nearestSite(p, sites);
        const inside = sites.some((s) => distanceMetres(p, s) <= s.radius);
        expect(isOffsite(p, sites)).toBe(!inside);
        expect(near).not.toBeNull();
      }),
    );
  });
});
