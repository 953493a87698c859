/** What the sales screens' maps share: the tile server the API names (MAP_TILE_URL) and where a map starts. */
import type L from 'leaflet';

export interface Tiles {
  url: string;
  attribution: string;
}

/** Central Jakarta, before any store or visit is shown. */
export const JAKARTA: L.LatLngExpression = [-6.2, 106.82];

/** Metres as "85 m" or "1.2 km". */
export const metres = (value: number | null): string =>
  value === null ? '' : value < 1000 ? `${value} m` : `${(value / 1000).toFixed(1)} km`;
