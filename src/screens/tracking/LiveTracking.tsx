/**
 * live-tracking: the latest clock positions of a live-tracking group's members on a Leaflet map, with the list beside
 * it as the keyboard-accessible view (a row pans the map to its marker). Reads `GET /v1/live-tracking?group=` every
 * 30 s while open and visible ("Updated hh:mm:ss"), paused while the tab is hidden. The tiles come from the server's
 * MAP_TILE_URL; when they fail (a closed network, the tests) the list and the markers still work.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ApiError, api, call, toApiError } from '../../api/client.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { jakartaTime } from '../../format.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { boundsOf, clockTime, type LivePosition, REFRESH_MS } from './positions.ts';
import './tracking.css';

interface GroupOption {
  _id: string;
  name: string;
}
interface Reply {
  data: LivePosition[];
  tiles: { url: string; attribution: string };
  updated_at: string;
}

/** Jakarta, when no member has a position yet. */
const INDONESIA: L.LatLngExpression = [-6.2, 106.82];

export default function LiveTracking({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const [params, setParams] = useSearchParams();
  const [groups, setGroups] = useState<GroupOption[] | null>(null);
  const chosen = params.get('group') ?? groups?.[0]?._id ?? '';
  const [reply, setReply] = useState<Reply | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  const [selected, setSelected] = useState<string | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const mapElement = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const tiles = useRef<L.TileLayer | null>(null);
  const markers = useRef(new Map<string, L.CircleMarker>());
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    call(api.GET('/v1/live-tracking-group', { params: { query: { limit: 10_000, sort: 'name' } } })).then(
      ({ data }) => setGroups(data.map((g) => ({ _id: g._id, name: g.name }))),
      (reason: unknown) => setError(toApiError(reason)),
    );
  }, []);

  const load = useCallback(async () => {
    if (!chosen) return;
    try {
      const data = (await call(api.GET('/v1/live-tracking', { params: { query: { group: chosen } } }))) as Reply;
      setReply(data);
      setError(null);
    } catch (reason) {
      setError(toApiError(reason));
    }
  }, [chosen]);

  // Poll while open and visible; read at once when the tab comes back.
  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  useEffect(() => {
    if (hidden || !chosen) return;
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [hidden, chosen, load]);

  // The map: created once; the tile layer follows the server's setting.
  useEffect(() => {
    if (!mapElement.current || map.current) return;
    map.current = L.map(mapElement.current, { keyboard: false }).setView(INDONESIA, 5);
    return () => {
      map.current?.remove();
      map.current = null;
      tiles.current = null;
      markers.current.clear();
    };
  }, []);
  const tileUrl = reply?.tiles.url;
  const tileAttribution = reply?.tiles.attribution;
  useEffect(() => {
    if (!map.current || !tileUrl) return;
    tiles.current?.remove();
    setTilesFailed(false);
    tiles.current = L.tileLayer(tileUrl, { attribution: tileAttribution ?? '', maxZoom: 19 })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(map.current);
  }, [tileUrl, tileAttribution]);

  // Markers: one per positioned member, redrawn on every reply.
  useEffect(() => {
    const m = map.current;
    if (!m || !reply) return;
    for (const marker of markers.current.values()) marker.remove();
    markers.current.clear();
    for (const row of reply.data) {
      if (!row.position) continue;
      const p = row.position;
      const label = `${row.employee.fullname} · ${p.type === 'in' ? t('tracking.clockIn') : t('tracking.clockOut')} ${clockTime(p.time)}${p.offsite ? ` · ${t('tracking.offsite')}` : ''}`;
      const marker = L.circleMarker([p.latitude, p.longitude], {
        radius: 9,
        color: p.offsite ? '#b3261e' : '#1a73e8',
        fillOpacity: 0.7,
      })
        .bindTooltip(label)
        .addTo(m);
      markers.current.set(row.employee._id, marker);
    }
    if (fitted.current !== chosen) {
      fitted.current = chosen;
      const bounds = boundsOf(reply.data);
      if (bounds) m.fitBounds(bounds, { padding: [40, 40], maxZoom: 15 });
    }
  }, [reply, chosen, t]);

  const choose = (row: LivePosition) => {
    setSelected(row.employee._id);
    const marker = markers.current.get(row.employee._id);
    if (marker && map.current) {
      map.current.setView(marker.getLatLng(), Math.max(map.current.getZoom(), 15));
      marker.openTooltip();
    }
  };

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="tracking-toolbar">
        <label className="tracking-field">
          <span>{t('tracking.group')}</span>
          <select
            value={chosen}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.set('group', event.target.value);
              setParams(next, { replace: true });
              setSelected(null);
            }}
          >
            {(groups ?? []).map((g) => (
              <option key={g._id} value={g._id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <span role="status" className="muted">
          {hidden ? t('tracking.paused') : reply ? t('tracking.updated', { time: jakartaTime(reply.updated_at) }) : ''}
        </span>
        <button type="button" onClick={() => void load()} disabled={!chosen}>
          {t('tracking.refresh')}
        </button>
      </div>
      {groups?.length === 0 && <p className="muted">{t('tracking.noGroups')}</p>}
      {error && (
        <p role="alert" className="error">
          {errorText(t, error)}
        </p>
      )}
      {tilesFailed && <p className="muted">{t('tracking.tilesFailed')}</p>}
      <div className="tracking-layout">
        <nav aria-label={t('tracking.members')}>
          <p className="muted">{t('tracking.listHint')}</p>
          {reply && reply.data.length === 0 && <p className="muted">{t('tracking.noMembers')}</p>}
          <ul className="tracking-list">
            {reply?.data.map((row) => (
              <li key={row.employee._id}>
                <button
                  type="button"
                  aria-current={selected === row.employee._id ? 'true' : undefined}
                  disabled={!row.position}
                  onClick={() => choose(row)}
                >
                  <strong>{row.employee.fullname}</strong> <span className="muted">{row.employee.employee_id}</span>
                  <br />
                  {row.position ? (
                    <>
                      {row.position.type === 'in' ? t('tracking.clockIn') : t('tracking.clockOut')}{' '}
                      {clockTime(row.position.time)} ·{' '}
                      {row.position.offsite ? (
                        <span className="tracking-offsite">{t('tracking.offsite')}</span>
                      ) : (
                        t('tracking.onSite')
                      )}
                    </>
                  ) : (
                    <span className="muted">{t('tracking.noPosition')}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div ref={mapElement} className="tracking-map" role="img" aria-label={t('tracking.map')} />
      </div>
    </>
  );
}
