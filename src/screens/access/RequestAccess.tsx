/**
 * access-level → request-access (issue 26): any company user asks the platform for access to a feature or menu (the
 * purpose; the company is theirs), and follows their requests (the admin sees the company's) with their status.
 * Ctrl+Enter sends the form.
 */
import './access.css';
import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { userAtom } from '../../session.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { type AccessRequest, createRequest, listRequests } from './api.ts';

type Load = { state: 'loading' } | { state: 'ready'; rows: AccessRequest[] } | { state: 'failed'; message: string };

export default function RequestAccess({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const user = useAtomValue(userAtom);
  const id = useId();
  const [purpose, setPurpose] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after a request.
  useEffect(() => {
    const abort = new AbortController();
    listRequests({}, abort.signal).then(
      (rows) => setLoad({ state: 'ready', rows }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (purpose.trim().length < 3) {
      setError(t('access.requests.purposeShort'));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await createRequest(purpose.trim());
      toast(t('access.requests.sent'), 'success');
      setPurpose('');
      setAttempt((n) => n + 1);
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setSaving(false);
    }
  };

  const columns = useMemo<ColDef<AccessRequest>[]>(
    () => [
      {
        colId: 'created_at',
        headerName: t('access.fields.date'),
        width: 150,
        valueGetter: (p) => (p.data ? formatDate(p.data.created_at, 'DD MMM YYYY', { locale: i18n.language }) : ''),
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
        width: 140,
        valueGetter: (p) => (p.data ? t(`enums.access_request_status.${p.data.status}`).toUpperCase() : ''),
      },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <form className="access-form access-request-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="hint">{t('access.requests.intro', { company: user?.company?.name ?? '' })}</p>
        <div className="field">
          <label htmlFor={`${id}-purpose`}>{t('access.fields.purpose')}</label>
          <textarea
            id={`${id}-purpose`}
            rows={3}
            maxLength={1000}
            value={purpose}
            placeholder={t('access.requests.placeholder')}
            {...fieldErrorProps(`${id}-purpose`, error)}
            onChange={(event) => setPurpose(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
            }}
          />
          <FieldError fieldId={`${id}-purpose`} message={error} />
        </div>
        <div className="dialog-actions">
          <button type="submit" className="primary" disabled={saving} aria-keyshortcuts="Control+Enter">
            {t('access.requests.send')}
          </button>
        </div>
      </form>
      <section className="grid-screen" aria-label={t('access.requests.mine')}>
        <h2>{t('access.requests.mine')}</h2>
        {load.state === 'failed' && <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />}
        {load.state === 'ready' && (
          <div className="grid-frame access-small-grid">
            <AgGridReact<AccessRequest>
              modules={gridModules}
              theme={gridTheme}
              rowData={load.rows}
              columnDefs={columns}
              getRowId={(p) => p.data._id}
              overlayNoRowsTemplate={`<span>${t('access.requests.none')}</span>`}
            />
          </div>
        )}
      </section>
    </>
  );
}
