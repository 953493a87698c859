/**
 * "Record a visit" (issue 29), shown on live-attendance to a sales employee (the company's `sales_menu` on and at
 * least one store assigned to them): the browser's position is asked for on the click, the employee's stores come
 * nearest first with their distance, and the visit goes with a note, a photo (`POST /v1/files?accept=photo`) and an
 * order value in rupiah. The server measures the position against the store's radius, as a clock-in's offsite
 * check does: outside (or without a position) the visit is still recorded, flagged, and the screen warns.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, toApiError } from '../../api/client.ts';
import { storeFile } from '../../api/files.ts';
import { formatRupiah, jakartaTime } from '../../format.ts';
import { errorText } from '../../validation.ts';
import { metres } from './map.ts';
import './sales.css';

interface NearStore {
  _id: string;
  code: string;
  name: string;
  distance_m: number | null;
  within_radius: boolean;
  radius: number;
}
interface Visit {
  _id: string;
  store: { code: string; name: string };
  visited_at: string;
  distance_m: number | null;
  within_radius: boolean;
  order_value: number;
}
type Position = { latitude: number; longitude: number } | null;

function currentPosition(): Promise<Position> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

export function RecordVisit() {
  const { t } = useTranslation();
  const [hasStores, setHasStores] = useState(false);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<'locating' | 'sending' | null>(null);
  const [position, setPosition] = useState<Position>(null);
  const [stores, setStores] = useState<NearStore[]>([]);
  const [store, setStore] = useState('');
  const [note, setNote] = useState('');
  const [orderValue, setOrderValue] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [visits, setVisits] = useState<Visit[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [invalidOrder, setInvalidOrder] = useState(false);
  const [result, setResult] = useState<Visit | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  const loadVisits = useCallback(async () => {
    try {
      setVisits((await call(api.GET('/v1/sales/my-visits'))).data);
    } catch (reason) {
      setError(toApiError(reason));
    }
  }, []);
  useEffect(() => {
    call(api.GET('/v1/sales/my-stores')).then(
      ({ data }) => {
        setHasStores(data.length > 0);
        if (data.length > 0) void loadVisits();
      },
      () => setHasStores(false),
    );
  }, [loadVisits]);

  const start = async () => {
    setError(null);
    setResult(null);
    setBusy('locating');
    const here = await currentPosition();
    setPosition(here);
    try {
      const reply = await call(api.GET('/v1/sales/my-stores', { params: { query: here ?? {} } }));
      setStores(reply.data);
      setStore(reply.data[0]?._id ?? '');
      setOpen(true);
    } catch (reason) {
      setError(toApiError(reason));
    } finally {
      setBusy(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = orderValue.replace(/[.,\s]/g, '');
    if (value !== '' && !/^\d+$/.test(value)) return setInvalidOrder(true);
    setInvalidOrder(false);
    setError(null);
    setBusy('sending');
    try {
      const stored = photo ? await storeFile(photo, 'photo') : null;
      const reply = await call(
        api.POST('/v1/sales/visits', {
          body: {
            store_location: store,
            latitude: position?.latitude ?? null,
            longitude: position?.longitude ?? null,
            note: note.trim() || null,
            photo: stored?.name ?? null,
            order_value: value === '' ? 0 : Number(value),
          },
        }),
      );
      setResult(reply.data);
      setOpen(false);
      setNote('');
      setOrderValue('');
      setPhoto(null);
      await loadVisits();
    } catch (reason) {
      setError(toApiError(reason));
    } finally {
      setBusy(null);
    }
  };

  // The focus follows the form: into the store list when it opens, back to "Record a visit" when it closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) select.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!hasStores) return null;
  const chosen = stores.find((s) => s._id === store);
  return (
    <section aria-labelledby="sales-visit-title" className="sales-visit">
      <h2 id="sales-visit-title">{t('sales.visits')}</h2>
      {!open && (
        <button ref={opener} type="button" disabled={busy !== null} onClick={() => void start()}>
          {t('sales.recordVisit')}
        </button>
      )}
      <div role="status" aria-live="polite">
        {busy === 'locating' && <p>{t('sales.locating')}</p>}
        {result && (
          <p>
            {t('sales.recorded', { store: result.store.name, time: jakartaTime(result.visited_at) })}
            {result.within_radius ? ` · ${t('sales.withinRadius', { distance: metres(result.distance_m) })}` : ''}
          </p>
        )}
      </div>
      {result && !result.within_radius && (
        <p role="alert" className="sales-outside">
          {result.distance_m === null
            ? t('sales.noPositionWarning')
            : t('sales.outsideWarning', { distance: metres(result.distance_m) })}
        </p>
      )}
      {open && (
        <form onSubmit={(event) => void submit(event)} className="sales-visit" aria-label={t('sales.recordVisit')}>
          {!position && <p className="sales-outside">{t('sales.noPosition')}</p>}
          <label>
            <span>{t('sales.store')}</span>
            <select ref={select} value={store} onChange={(event) => setStore(event.target.value)} required>
              {stores.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.code} · {s.name}
                  {s.distance_m !== null ? ` · ${metres(s.distance_m)}` : ''}
                </option>
              ))}
            </select>
          </label>
          {chosen && chosen.distance_m !== null && (
            <p className={chosen.within_radius ? 'muted' : 'sales-outside'}>
              {chosen.within_radius
                ? t('sales.withinRadius', { distance: metres(chosen.distance_m) })
                : t('sales.outsideWarning', { distance: metres(chosen.distance_m) })}
            </p>
          )}
          <label>
            <span>{t('sales.orderValue')}</span>
            <input
              inputMode="numeric"
              value={orderValue}
              aria-invalid={invalidOrder || undefined}
              onChange={(event) => setOrderValue(event.target.value)}
            />
          </label>
          {invalidOrder && (
            <p role="alert" className="error">
              {t('validation.wholeNumber')}
            </p>
          )}
          <label>
            <span>{t('sales.note')}</span>
            <textarea value={note} maxLength={1000} rows={3} onChange={(event) => setNote(event.target.value)} />
          </label>
          <label>
            <span>{t('sales.photo')}</span>
            <input
              type="file"
              accept="image/png,image/jpeg"
              capture="environment"
              onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            />
          </label>
          <div className="sales-toolbar">
            <button type="submit" className="primary" disabled={busy !== null || !store}>
              {t('sales.saveVisit')}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              {t('sales.cancel')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="error">
          {errorText(t, error)}
        </p>
      )}
      {visits.length > 0 && (
        <table>
          <caption>{t('sales.todayVisits')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sales.time')}</th>
              <th scope="col">{t('sales.store')}</th>
              <th scope="col">{t('sales.distance')}</th>
              <th scope="col">{t('sales.orderValue')}</th>
            </tr>
          </thead>
          <tbody>
            {visits.map((v) => (
              <tr key={v._id}>
                <td>{jakartaTime(v.visited_at)}</td>
                <td>{v.store.name}</td>
                <td className={v.within_radius ? undefined : 'sales-outside'}>
                  {metres(v.distance_m)}
                  {v.within_radius ? '' : ` · ${t('sales.outside')}`}
                </td>
                <td>{formatRupiah(v.order_value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
