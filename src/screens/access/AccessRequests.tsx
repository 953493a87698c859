/**
 * Developer area → access (spec 2.2, issue 26): every company's access requests, newest first: date, company,
 * requester, purpose, status in upper case; filters by company and status. The edit changes only the status: in its
 * cell (Enter, pick todo / progress / done, Enter), or with `e` on a row, which opens the status form.
 */
import './access.css';
import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate } from '../../format.ts';
import { Modal } from '../../grids/dialogs.tsx';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import {
  type AccessRequest,
  type AccessRequestStatus,
  listCompanies,
  listRequests,
  type Option,
  setRequestStatus,
} from './api.ts';

type Load = { state: 'loading' } | { state: 'ready'; rows: AccessRequest[] } | { state: 'failed'; message: string };
const statuses: readonly AccessRequestStatus[] = ['todo', 'progress', 'done'];

export default function AccessRequests({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const canWrite = useCanWrite(entry.id);
  const id = useId();
  const [company, setCompany] = useState('');
  const [status, setStatus] = useState<AccessRequestStatus | ''>('');
  const [companies, setCompanies] = useState<Option[]>([]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<AccessRequest | null>(null);
  const grid = useRef<GridApi<AccessRequest> | null>(null);

  useEffect(() => {
    listCompanies().then(setCompanies, () => setCompanies([]));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after an edit.
  useEffect(() => {
    const abort = new AbortController();
    listRequests({ ...(company ? { company } : {}), ...(status ? { status } : {}) }, abort.signal).then(
      (rows) => setLoad({ state: 'ready', rows }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [attempt, company, status]);

  const statusText = (value: AccessRequestStatus) => t(`enums.access_request_status.${value}`).toUpperCase();
  const save = (request: AccessRequest, value: AccessRequestStatus) =>
    setRequestStatus(request._id, value).then(
      (saved) => {
        toast(t('access.requests.statusSaved', { status: statusText(saved.status) }), 'success');
        setAttempt((n) => n + 1);
      },
      (reason: unknown) => toast(errorText(t, toApiError(reason)), 'error'),
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: statusText follows `t`.
  const columns = useMemo<ColDef<AccessRequest>[]>(
    () => [
      {
        colId: 'created_at',
        headerName: t('access.fields.date'),
        width: 140,
        valueGetter: (p) => (p.data ? formatDate(p.data.created_at, 'DD MMM YYYY', { locale: i18n.language }) : ''),
      },
      {
        colId: 'company',
        headerName: t('access.fields.company'),
        width: 220,
        valueGetter: (p) => p.data?.company.name ?? '',
      },
      {
        colId: 'user',
        headerName: t('access.fields.requester'),
        width: 200,
        valueGetter: (p) => p.data?.user?.fullname ?? '',
      },
      { field: 'purpose', headerName: t('access.fields.purpose'), flex: 1, minWidth: 300 },
      {
        colId: 'status',
        headerName: t('access.fields.status'),
        width: 150,
        editable: canWrite,
        valueGetter: (p) => p.data?.status ?? '',
        valueFormatter: (p) => (p.value ? statusText(p.value as AccessRequestStatus) : ''),
        valueSetter: () => false,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: [...statuses], formatValue: (v: AccessRequestStatus) => statusText(v) },
      },
    ],
    [t, i18n.language, canWrite],
  );

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section className="grid-screen" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          <label htmlFor={`${id}-company`}>{t('access.fields.company')}</label>
          <select id={`${id}-company`} value={company} onChange={(event) => setCompany(event.target.value)}>
            <option value="">{t('access.requests.allCompanies')}</option>
            {companies.map((c) => (
              <option key={c._id} value={c._id}>
                {c.label}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-status`}>{t('access.fields.status')}</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as AccessRequestStatus | '')}
          >
            <option value="">{t('access.requests.allStatuses')}</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {statusText(value)}
              </option>
            ))}
          </select>
        </div>
        {load.state === 'failed' && <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />}
        {load.state === 'ready' && (
          <div
            className="grid-frame"
            onKeyDownCapture={(event) => {
              if ((event.target as HTMLElement).closest('select, input, .ag-cell-inline-editing')) return;
              if (event.key !== 'e' || !canWrite) return;
              const cell = grid.current?.getFocusedCell();
              const row = cell ? grid.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data : undefined;
              if (!row) return;
              event.preventDefault();
              setEditing(row);
            }}
          >
            <AgGridReact<AccessRequest>
              modules={gridModules}
              theme={gridTheme}
              rowData={load.rows}
              columnDefs={columns}
              getRowId={(p) => p.data._id}
              stopEditingWhenCellsLoseFocus
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellEditingStopped={(event) => {
                const value = event.newValue as AccessRequestStatus | undefined;
                if (event.data && value && value !== event.data.status) void save(event.data, value);
              }}
              overlayNoRowsTemplate={`<span>${t('access.requests.none')}</span>`}
            />
          </div>
        )}
      </section>
      {editing && (
        <StatusForm
          request={editing}
          label={statusText}
          onClose={(value) => {
            const request = editing;
            setEditing(null);
            if (value && value !== request.status) void save(request, value);
          }}
        />
      )}
    </>
  );
}

function StatusForm({
  request,
  label,
  onClose,
}: {
  request: AccessRequest;
  label: (value: AccessRequestStatus) => string;
  onClose: (value: AccessRequestStatus | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState<AccessRequestStatus>(request.status);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onClose(value);
  };
  return (
    <Modal title={t('access.requests.editTitle', { company: request.company.name })} onCancel={() => onClose(null)}>
      <form className="access-form" onSubmit={submit} noValidate>
        <p>{request.purpose}</p>
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('access.fields.status')}</label>
          <select
            id={`${id}-status`}
            // biome-ignore lint/a11y/noAutofocus: the form's one field.
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value as AccessRequestStatus)}
          >
            {statuses.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary" data-default>
            {t('access.requests.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
