/**
 * visit-report (issue 29): the sales team's store visits in a date range, filtered by employee and store, on the
 * report shell (docs/decisions/0088): a read-only grid with a totals row (visits, on site, order value) and an xlsx
 * export (button and palette command). Beside it, one employee-day's route on a Leaflet map: its visits in time
 * order joined by a line, each store with its radius; the employee-day is chosen from a list (the keyboard way).
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas } from '../../api/client.ts';
import { jakartaTime } from '../../format.ts';
import { downloadWorkbook } from '../../grids/export.ts';
import { toast } from '../../overlays/progress.ts';
import { type ReportExport, ReportScreen } from '../../reports/ReportScreen.tsx';
import { type ReportColumn, reportTable } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { JAKARTA, metres, type Tiles } from './map.ts';
import './sales.css';

type Visit = Schemas['SalesVisit'];
interface Filter {
  from: string;
  to: string;
  employee: string;
  store: string;
}
interface Report {
  rows: Visit[];
  totals: Schemas['SalesVisitTotals'];
  truncated: boolean;
  tiles: Tiles;
}

const isoDay = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
/** The last seven days, Asia/Jakarta. */
const initial = (): Filter => ({
  from: isoDay(Date.now() - 6 * 86_400_000),
  to: isoDay(Date.now()),
  employee: '',
  store: '',
});

const load = async (filter: Filter): Promise<Report> => {
  const reply = await call(
    api.GET('/v1/sales/visits', {
      params: {
        query: {
          from: filter.from,
          to: filter.to,
          ...(filter.employee ? { employee: filter.employee } : {}),
          ...(filter.store ? { store: filter.store } : {}),
        },
      },
    }),
  );
  return { rows: reply.data, totals: reply.totals, truncated: reply.truncated, tiles: reply.tiles };
};

interface Option {
  _id: string;
  label: string;
}

function Filters({ value, onChange }: { value: Filter; onChange: (filter: Filter) => void }) {
  const { t } = useTranslation();
  const [employees, setEmployees] = useState<Option[]>([]);
  const [stores, setStores] = useState<Option[]>([]);
  const [draft, setDraft] = useState(value);
  useEffect(() => {
    call(api.GET('/v1/sales/store-assignments')).then(({ data }) => {
      const seen = new Map<string, Option>();
      for (const a of data) seen.set(a.employee._id, { _id: a.employee._id, label: a.employee.fullname });
      setEmployees([...seen.values()].sort((a, b) => a.label.localeCompare(b.label)));
    });
    call(api.GET('/v1/store-location', { params: { query: { limit: 10_000, sort: 'code' } } })).then(({ data }) =>
      setStores(data.map((s) => ({ _id: s._id, label: `${s.code} · ${s.name}` }))),
    );
  }, []);
  const set = (patch: Partial<Filter>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (next.from && next.to) onChange(next);
  };
  return (
    <div className="sales-toolbar">
      <label>
        <span>{t('sales.from')}</span>
        <input type="date" value={draft.from} onChange={(event) => set({ from: event.target.value })} />
      </label>
      <label>
        <span>{t('sales.to')}</span>
        <input type="date" value={draft.to} onChange={(event) => set({ to: event.target.value })} />
      </label>
      <label>
        <span>{t('sales.employee')}</span>
        <select value={draft.employee} onChange={(event) => set({ employee: event.target.value })}>
          <option value="">{t('sales.allEmployees')}</option>
          {employees.map((e) => (
            <option key={e._id} value={e._id}>
              {e.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('sales.store')}</span>
        <select value={draft.store} onChange={(event) => set({ store: event.target.value })}>
          <option value="">{t('sales.allStores')}</option>
          {stores.map((s) => (
            <option key={s._id} value={s._id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

const dayKey = (v: Visit) => `${v.employee._id}|${v.date}`;

/** One employee-day's visits on the map, in time order, joined by a line. */
function RouteMap({ report }: { report: Report }) {
  const { t } = useTranslation();
  const days = useMemo(() => {
    const out = new Map<string, { key: string; label: string; visits: Visit[] }>();
    for (const v of report.rows) {
      const key = dayKey(v);
      const day = out.get(key) ?? { key, label: `${v.employee.fullname} · ${v.date}`, visits: [] };
      day.visits.push(v);
      out.set(key, day);
    }
    return [...out.values()];
  }, [report]);
  const [chosen, setChosen] = useState('');
  const day = days.find((d) => d.key === chosen) ?? days[0];
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!element.current || map.current) return;
    map.current = L.map(element.current, { keyboard: false }).setView(JAKARTA, 11);
    layer.current = L.layerGroup().addTo(map.current);
    return () => {
      map.current?.remove();
      map.current = null;
    };
  }, []);
  const { url, attribution } = report.tiles;
  useEffect(() => {
    if (!map.current || !url) return;
    setTilesFailed(false);
    const tiles = L.tileLayer(url, { attribution, maxZoom: 19 })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(map.current);
    return () => {
      tiles.remove();
    };
  }, [url, attribution]);
  useEffect(() => {
    const group = layer.current;
    const m = map.current;
    if (!group || !m) return;
    group.clearLayers();
    if (!day) return;
    const points: L.LatLngExpression[] = [];
    day.visits.forEach((v, index) => {
      if (v.store.latitude !== null && v.store.longitude !== null)
        L.circle([v.store.latitude, v.store.longitude], { radius: v.store.radius, color: '#0b8043', weight: 1 }).addTo(
          group,
        );
      const lat = v.latitude ?? v.store.latitude;
      const lon = v.longitude ?? v.store.longitude;
      if (lat === null || lon === null) return;
      points.push([lat, lon]);
      L.circleMarker([lat, lon], { radius: 8, color: v.within_radius ? '#1a73e8' : '#b3261e', fillOpacity: 0.8 })
        .bindTooltip(`${index + 1}. ${jakartaTime(v.visited_at)} · ${v.store.name}`)
        .addTo(group);
    });
    if (points.length > 1) L.polyline(points, { color: '#1a73e8', weight: 3, dashArray: '6 6' }).addTo(group);
    if (points.length) m.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 16 });
  }, [day]);

  return (
    <section className="sales-route" aria-label={t('sales.route')}>
      <label className="sales-toolbar">
        <span>{t('sales.routeOf')}</span>
        <select value={day?.key ?? ''} onChange={(event) => setChosen(event.target.value)}>
          {days.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label} ({d.visits.length})
            </option>
          ))}
        </select>
      </label>
      {tilesFailed && <p className="muted">{t('sales.tilesFailed')}</p>}
      <div ref={element} className="sales-map" role="img" aria-label={t('sales.routeMap')} />
      {day && (
        <ol className="sales-stops" aria-label={t('sales.stops')}>
          {day.visits.map((v) => (
            <li key={v._id}>
              {jakartaTime(v.visited_at)} · {v.store.name}
              {v.within_radius ? '' : ` · ${t('sales.outside')}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function VisitReport(screen: ScreenProps) {
  const { t } = useTranslation();
  const title = t(screen.entry.titleKey);
  const yes = t('sales.yes');
  const no = t('sales.no');
  const columns = useMemo<ReportColumn<Visit, Report>[]>(
    () => [
      {
        id: 'employee',
        header: t('sales.employee'),
        value: (row) => row.employee.fullname,
        total: (report) => t('sales.totals', { count: report.totals.employees }),
        pinned: 'left',
        minWidth: 180,
      },
      { id: 'date', header: t('sales.date'), value: (row) => row.date, width: 120 },
      { id: 'time', header: t('sales.time'), value: (row) => jakartaTime(row.visited_at), width: 90 },
      {
        id: 'store',
        header: t('sales.store'),
        value: (row) => `${row.store.code} · ${row.store.name}`,
        minWidth: 220,
        flex: 1,
      },
      {
        id: 'within',
        header: t('sales.withinRadiusColumn'),
        value: (row) => (row.within_radius ? yes : no),
        total: (report) => report.totals.within_radius,
        width: 120,
      },
      { id: 'distance', header: t('sales.distance'), value: (row) => metres(row.distance_m), width: 110 },
      {
        id: 'visits',
        header: t('sales.visitCount'),
        value: () => 1,
        total: (report) => report.totals.visits,
        kind: 'count',
        width: 90,
      },
      {
        id: 'order_value',
        header: t('sales.orderValue'),
        value: (row) => row.order_value,
        total: (report) => report.totals.order_value,
        kind: 'money',
        width: 150,
      },
      { id: 'note', header: t('sales.note'), value: (row) => row.note ?? '', minWidth: 200 },
      {
        id: 'photo',
        header: t('sales.photo'),
        value: (row) => (row.photo ? `/v1/files/${row.photo}` : ''),
        width: 140,
      },
    ],
    [t, yes, no],
  );
  const exports: ReportExport<Report, Filter>[] = [
    {
      id: 'sales:visit-report-xlsx',
      label: 'sales.exportXlsx',
      keywords: ['visit', 'kunjungan', 'sales', 'xlsx', 'excel', 'export'],
      run: async (report, filter) => {
        const XLSX = await import('xlsx');
        const file = `visit-report-${filter.from}-${filter.to}.xlsx`;
        const { header, rows, totals } = reportTable(columns, report);
        const sheet = XLSX.utils.aoa_to_sheet([
          [`${title} ${filter.from} – ${filter.to}`],
          [],
          header,
          ...rows.map((row) => row.cells),
          totals,
        ]);
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, sheet, 'Visits');
        downloadWorkbook(XLSX, book, file);
        toast(t('export.done', { count: rows.length, file }), 'success');
      },
    },
  ];
  return (
    <ReportScreen<Visit, Report, Filter>
      {...screen}
      period={{ Picker: Filters, initial }}
      load={load}
      columns={columns}
      exports={exports}
      empty={t('sales.noVisits')}
      aside={(report) => <RouteMap report={report} />}
    />
  );
}
