/**
 * store-location (issue 29): the stores as an editable grid (xlsx import with preview and export from the grid's own
 * toolbar) beside a Leaflet map of every located store; focusing a row centres the map on its store and draws its
 * radius. Below, the employees assigned to the focused store, added with the employee picker and removed by button.
 * The map's tiles come from the server's MAP_TILE_URL; when they cannot load, the grid still does everything.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, toApiError } from '../../api/client.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { onListWritten } from '../../grids/api.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { storeLocationGrid } from '../../grids/specs/store-location.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ApiRecord } from '../../picker/options.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { JAKARTA, type Tiles } from './map.ts';
import './sales.css';

interface Store {
  _id: string;
  code: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  radius: number;
}
interface Assignment {
  store_location: string;
  employee: { _id: string; fullname: string; employee_id: string };
}

export default function StoreLocations({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [stores, setStores] = useState<Store[]>([]);
  const [assignments, setAssignments] = useState<Assignment[]>([]);
  const [tiles, setTiles] = useState<Tiles | null>(null);
  const [focused, setFocused] = useState<Store | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [status, setStatus] = useState('');
  const [tilesFailed, setTilesFailed] = useState(false);
  const mapElement = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const circle = useRef<L.Circle | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, assigned] = await Promise.all([
        call(api.GET('/v1/store-location', { params: { query: { limit: 10_000, sort: 'code' } } })),
        call(api.GET('/v1/sales/store-assignments')),
      ]);
      setStores(list.data as Store[]);
      setAssignments(assigned.data);
      setTiles(assigned.tiles);
    } catch (reason) {
      setError(toApiError(reason));
    }
  }, []);
  useEffect(() => {
    void load();
    return onListWritten('/v1/store-location', () => void load());
  }, [load]);

  useEffect(() => {
    if (!mapElement.current || map.current) return;
    map.current = L.map(mapElement.current, { keyboard: false }).setView(JAKARTA, 11);
    layer.current = L.layerGroup().addTo(map.current);
    return () => {
      map.current?.remove();
      map.current = null;
      layer.current = null;
      circle.current = null;
    };
  }, []);
  useEffect(() => {
    if (!map.current || !tiles?.url) return;
    setTilesFailed(false);
    const tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(map.current);
    return () => {
      tileLayer.remove();
    };
  }, [tiles]);
  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const store of stores) {
      if (store.latitude === null || store.longitude === null) continue;
      L.circleMarker([store.latitude, store.longitude], { radius: 6, color: '#1a73e8', fillOpacity: 0.7 })
        .bindTooltip(`${store.code} · ${store.name}`)
        .addTo(group);
    }
  }, [stores]);

  // The focused store: centred, with its radius.
  useEffect(() => {
    circle.current?.remove();
    circle.current = null;
    const m = map.current;
    if (!m || !focused || focused.latitude === null || focused.longitude === null) return;
    const at: L.LatLngExpression = [focused.latitude, focused.longitude];
    circle.current = L.circle(at, { radius: focused.radius, color: '#0b8043', fillOpacity: 0.15 }).addTo(m);
    m.setView(at, 17);
  }, [focused]);

  const save = async (store: Store, ids: string[]) => {
    setError(null);
    try {
      const reply = await call(
        api.PUT('/v1/store-location/{id}/employees', { params: { path: { id: store._id } }, body: { employees: ids } }),
      );
      setAssignments((all) => [...all.filter((a) => a.store_location !== store._id), ...reply.data]);
      setStatus(t('sales.saved'));
    } catch (reason) {
      setError(toApiError(reason));
    }
  };

  const members = focused ? assignments.filter((a) => a.store_location === focused._id) : [];
  const counts = new Map<string, number>();
  for (const a of assignments) counts.set(a.store_location, (counts.get(a.store_location) ?? 0) + 1);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      {tilesFailed && <p className="muted">{t('sales.tilesFailed')}</p>}
      <div className="sales-layout">
        <div className="sales-grid">
          <ResourceGrid
            spec={storeLocationGrid}
            title={title}
            canWrite={canWrite}
            embedded
            onFocusRow={(row) => {
              const id = (row as { _id?: string } | null)?._id;
              const found = stores.find((s) => s._id === id) ?? (row as unknown as Store | null);
              setFocused(found ?? null);
            }}
          />
        </div>
        <div ref={mapElement} className="sales-map" role="img" aria-label={t('sales.storeMap')} />
      </div>
      <section className="sales-members" aria-labelledby="sales-members-title">
        <h2 id="sales-members-title">
          {focused ? t('sales.assignedTo', { name: `${focused.code} ${focused.name}` }) : t('sales.assigned')}
        </h2>
        {!focused && <p className="muted">{t('sales.selectStore')}</p>}
        {focused && canWrite && (
          <PickerField<ApiRecord>
            label={t('sales.addEmployee')}
            value={null}
            clearable={false}
            source={{ kind: 'server', path: '/v1/employees', searchField: 'fullname' }}
            onChange={(value) => {
              if (value && !members.some((m) => m.employee._id === value._id))
                void save(focused, [...members.map((m) => m.employee._id), value._id]);
            }}
          />
        )}
        {focused && members.length === 0 && <p className="muted">{t('sales.noEmployees')}</p>}
        {members.length > 0 && focused && (
          <ul className="sales-member-list">
            {members.map((m) => (
              <li key={m.employee._id}>
                <span>
                  {m.employee.fullname} <span className="muted">{m.employee.employee_id}</span>
                </span>
                {canWrite && (
                  <button
                    type="button"
                    aria-label={t('sales.removeEmployee', { name: m.employee.fullname })}
                    onClick={() =>
                      void save(
                        focused,
                        members.filter((x) => x.employee._id !== m.employee._id).map((x) => x.employee._id),
                      )
                    }
                  >
                    {t('sales.remove')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="muted">
          {status}
        </p>
        {error && (
          <p role="alert" className="error">
            {errorText(t, error)}
          </p>
        )}
      </section>
    </>
  );
}
