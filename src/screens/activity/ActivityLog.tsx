/**
 * activity-log (spec 2.3, admin only): who did what in the company, newest first, read-only. Filters: user, action
 * type (create, update, delete), a date range, and a search on the detail; all run on the server, which pages the
 * log (`GET /v1/logs`, 100 rows a page; a large log is counted up to 10,000 past the page: "10,000+"). Enter or a
 * double click on a row opens its detail beside the grid: each changed field, labelled as its list labels it
 * (`resources.<resource>.fields.<field>`), before and after. Alt+PageDown / Alt+PageUp turn the page.
 */
import './activity.css';
import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { DateInput } from '../../components/DateInput.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useMainFocus } from '../../layout/mainFocus.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';

type Entry = Schemas['ActivityLogEntry'];
const actions = ['create', 'update', 'delete'] as const;
type Action = (typeof actions)[number];
const PAGE = 100;
const isoDay = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '');

interface LogRow {
  _id: string;
  at: string;
  user: string;
  action: string;
  menu: string;
  detail: string;
  entry: Entry;
}

type Translate = (key: string, options: { defaultValue: string }) => string;

/** A logged value as words: empty as a dash, numbers grouped, lists joined, objects by their name. */
function valueText(value: unknown, language: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return value.toLocaleString(language);
  if (Array.isArray(value)) return value.map((item) => valueText(item, language)).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; fullname?: unknown };
    return String(named.fullname ?? named.name ?? JSON.stringify(value));
  }
  return String(value);
}

export default function ActivityLog({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [users, setUsers] = useState<{ _id: string; fullname: string; username: string }[]>([]);
  const [user, setUser] = useState('');
  const [action, setAction] = useState<Action | ''>('');
  const [fromText, setFrom] = useState('');
  const [toText, setTo] = useState('');
  const from = isoDay(fromText);
  const to = isoDay(toText);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<{ data: Entry[]; total: number; capped: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Entry | null>(null);
  const grid = useRef<GridApi<LogRow> | null>(null);
  const region = useRef<HTMLElement>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    call(api.GET('/v1/logs/users')).then(
      ({ data }) => setUsers(data),
      () => undefined,
    );
  }, []);

  // The search asks the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), 250);
    return () => clearTimeout(timer);
  }, [searchText]);

  // A new filter starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters reset the page.
  useEffect(() => setPage(0), [user, action, from, to, search]);

  useEffect(() => {
    const abort = new AbortController();
    const date = from && to ? [from, to] : from ? [from, '9999-12-31'] : to ? ['1970-01-01', to] : undefined;
    call(
      api.GET('/v1/logs', {
        params: {
          query: {
            limit: PAGE,
            skip: page * PAGE,
            ...(user ? { user: [user] } : {}),
            ...(action ? { action: [action] } : {}),
            ...(date ? { date } : {}),
            ...(search ? { search } : {}),
          },
        },
        signal: abort.signal,
      }),
    ).then(
      (body) => {
        setReply({ data: body.data, total: body.meta.total, capped: body.meta.capped });
        setError(null);
      },
      (reason: unknown) => {
        if (!abort.signal.aborted) setError(errorText(t, toApiError(reason)));
      },
    );
    return () => abort.abort();
  }, [user, action, from, to, search, page, t]);

  const rows = useMemo<LogRow[]>(
    () =>
      (reply?.data ?? []).map((log) => ({
        _id: log._id,
        at: `${formatDate(log.created_at, 'DD MMM YYYY', { locale: language })} ${formatDate(log.created_at, 'HH:mm')}`,
        user: log.user ? log.user.fullname : t('activityLog.system'),
        action: t(`enums.log_action.${log.action}`),
        menu: (t as unknown as Translate)(`menu.${log.menu}`, { defaultValue: log.menu }),
        detail: log.detail,
        entry: log,
      })),
    [reply, t, language],
  );

  const columnDefs = useMemo<ColDef<LogRow>[]>(
    () =>
      (
        [
          ['at', 170, t('activityLog.columns.at')],
          ['user', 200, t('activityLog.columns.user')],
          ['action', 120, t('activityLog.columns.action')],
          ['menu', 200, t('activityLog.columns.menu')],
          ['detail', 520, t('activityLog.columns.detail')],
        ] as const
      ).map(([field, width, headerName]) => ({
        field,
        headerName,
        width,
        sortable: false,
        tooltipValueGetter: (params) => (typeof params.value === 'string' ? params.value : null),
      })),
    [t],
  );

  const pages = reply ? Math.max(1, Math.ceil(reply.total / PAGE)) : 1;
  const lastPage = reply ? !reply.capped && page + 1 >= pages : true;
  const turn = (by: number) => setPage((current) => Math.max(0, current + by));

  useEffect(() => {
    if (open) detailHeading.current?.focus();
  }, [open]);

  useMainFocus(region, true, rows, () => {
    const api = grid.current;
    if (!api || !reply) return false;
    if (!rows.length) return true;
    if (!region.current?.querySelector('[row-index="0"] [role="gridcell"]')) return false;
    api.setFocusedCell(0, 'at');
    return true;
  });

  const state = useRef({ page, lastPage });
  state.current = { page, lastPage };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'activity-log:next-page',
        label: 'activityLog.next',
        keywords: ['next', 'page', 'berikutnya', '下一页'],
        group: 'context',
        shortcut: { key: 'PageDown', alt: true },
        isVisible: () => true,
        isEnabled: () => !state.current.lastPage,
        run: () => setPage((current) => current + 1),
      },
      {
        id: 'activity-log:previous-page',
        label: 'activityLog.previous',
        keywords: ['previous', 'page', 'sebelumnya', '上一页'],
        group: 'context',
        shortcut: { key: 'PageUp', alt: true },
        isVisible: () => true,
        isEnabled: () => state.current.page > 0,
        run: () => setPage((current) => Math.max(0, current - 1)),
      },
    ],
    [],
  );
  useCommands(commands, [commands]);

  const closeDetail = () => {
    setOpen(null);
    region.current?.querySelector<HTMLElement>('.ag-cell-focus')?.focus();
  };
  const first = page * PAGE + (rows.length ? 1 : 0);
  const last = page * PAGE + rows.length;
  const totalText = reply
    ? reply.capped
      ? t('activityLog.atLeast', { count: reply.total })
      : t('activityLog.total', { count: reply.total })
    : '';

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section ref={region} className="grid-screen" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          <input
            type="search"
            className="grid-search"
            placeholder={t('activityLog.search')}
            aria-label={t('activityLog.search')}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <label className="grid-date">
            {t('activityLog.columns.user')}
            <select value={user} onChange={(event) => setUser(event.target.value)}>
              <option value="">{t('activityLog.anyUser')}</option>
              {users.map((u) => (
                <option key={u._id} value={u._id}>
                  {u.fullname} ({u.username})
                </option>
              ))}
            </select>
          </label>
          <label className="grid-date">
            {t('activityLog.columns.action')}
            <select value={action} onChange={(event) => setAction(event.target.value as Action | '')}>
              <option value="">{t('activityLog.anyAction')}</option>
              {actions.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.log_action.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="grid-date">
            <label htmlFor="log-from">{t('activityLog.from')}</label>
            <DateInput id="log-from" value={fromText} language={language} onChange={setFrom} />
          </div>
          <div className="grid-date">
            <label htmlFor="log-to">{t('activityLog.to')}</label>
            <DateInput id="log-to" value={toText} language={language} onChange={setTo} />
          </div>
          <span className="grid-spacer" />
          <span role="status" className="muted">
            {reply && t('activityLog.showing', { first, last, total: totalText })}
          </span>
          <button type="button" disabled={page === 0} onClick={() => turn(-1)} aria-keyshortcuts="Alt+PageUp">
            {t('activityLog.previous')}
          </button>
          <button type="button" disabled={lastPage} onClick={() => turn(1)} aria-keyshortcuts="Alt+PageDown">
            {t('activityLog.next')}
          </button>
        </div>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className={open ? 'log-layout with-detail' : 'log-layout'}>
          <div
            className="grid-frame"
            onKeyDownCapture={(event) => {
              if (event.key !== 'Enter' || (event.target as HTMLElement).closest('input, select, .ag-popup')) return;
              const cell = grid.current?.getFocusedCell();
              if (!cell) return;
              event.preventDefault();
              event.stopPropagation();
              setOpen(grid.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data?.entry ?? null);
            }}
          >
            <AgGridReact<LogRow>
              modules={gridModules}
              theme={gridTheme}
              rowData={rows}
              columnDefs={columnDefs}
              getRowId={(params) => params.data._id}
              enableBrowserTooltips
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellDoubleClicked={(event) => setOpen(event.data?.entry ?? null)}
              overlayNoRowsTemplate={`<span>${t('activityLog.empty')}</span>`}
            />
          </div>
          {open && <LogDetail entry={open} headingRef={detailHeading} onClose={closeDetail} />}
        </div>
      </section>
    </>
  );
}

function LogDetail({
  entry,
  headingRef,
  onClose,
}: {
  entry: Entry;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const label = (field: string) =>
    (t as unknown as Translate)(`resources.${entry.resource}.fields.${field}`, { defaultValue: field });
  const changes = Object.entries(entry.changes ?? {});
  return (
    <aside
      className="log-detail"
      aria-labelledby="log-detail-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id="log-detail-title" ref={headingRef} tabIndex={-1}>
        {t('activityLog.detailTitle')}
      </h2>
      <p>{entry.detail}</p>
      <p className="muted">
        {formatDate(entry.created_at, 'DD MMM YYYY', { locale: i18n.language })} {formatDate(entry.created_at, 'HH:mm')}{' '}
        · {entry.user?.fullname ?? t('activityLog.system')} · {t(`enums.log_action.${entry.action}`)}
        {entry.impersonated ? ` · ${t('activityLog.impersonated')}` : ''}
      </p>
      {changes.length === 0 ? (
        <p className="muted">{t('activityLog.noChanges')}</p>
      ) : (
        <table>
          <caption className="muted">{t('activityLog.changes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('activityLog.field')}</th>
              <th scope="col">{t('activityLog.before')}</th>
              <th scope="col">{t('activityLog.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map(([field, change]) => (
              <tr key={field}>
                <th scope="row">{label(field)}</th>
                <td>{valueText(change.from, i18n.language)}</td>
                <td>{valueText(change.to, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={onClose}>
        {t('activityLog.close')}
      </button>
    </aside>
  );
}
