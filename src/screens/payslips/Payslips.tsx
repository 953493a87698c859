/**
 * payslips (mass): a payroll run's payslips with a preview of the selected one (react-pdf, loaded on demand), its
 * download, and the whole run as one zip built by a job followed on the progress card.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { saveBlob } from '../../api/files.ts';
import { downloadRunZip, paysSeverance, runPayslipPdf, runSeveranceSlipPdf } from '../../api/payslips.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatRupiah } from '../../format.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import '../../styles/documents.css';

const PdfPreview = lazy(() => import('../../components/PdfPreview.tsx'));
const inline = { [INLINE_ERRORS_HEADER]: '1' };

type Run = Schemas['PayrollSummary'];
type Slip = Schemas['Payslip'];
type Load<T> = { state: 'loading' } | { state: 'ready'; rows: T[] } | { state: 'failed'; error: ApiError };

/** Runs newest first: by payroll month, a month's weekly runs by their first day, then by title. */
const byPeriod = (a: Run, b: Run) =>
  b.year - a.year ||
  b.month - a.month ||
  (b.period_start ?? '').localeCompare(a.period_start ?? '') ||
  a.title.localeCompare(b.title);

/** The run the screen opens on: the latest monthly payroll run, else the latest run. */
const openingRun = (rows: readonly Run[]) => (rows.find((row) => row.type === 'payroll_run') ?? rows[0])?._id ?? null;

const fileName = (run: Run, slip: Slip) =>
  `${run.year}-${String(run.month).padStart(2, '0')} ${slip.employee.employee_id} ${slip.employee.fullname}.pdf`;

/** A payslip found by the employee's name or number, whatever the case. */
const matches = (slip: Slip, search: string) => {
  const wanted = search.trim().toLocaleLowerCase();
  return (
    !wanted ||
    slip.employee.fullname.toLocaleLowerCase().includes(wanted) ||
    slip.employee.employee_id.toLocaleLowerCase().includes(wanted)
  );
};

export default function Payslips({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t('menu.payslips');
  usePageTitle(title);
  const [runs, setRuns] = useState<Load<Run>>({ state: 'loading' });
  const [runId, setRunId] = useState<string | null>(null);
  const [slips, setSlips] = useState<Load<Slip>>({ state: 'loading' });
  const [selected, setSelected] = useState<{ slip: Slip; blob: Blob } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    let current = true;
    call(api.GET('/v1/payroll-summary', { params: { query: { limit: 100 } }, headers: inline })).then(
      ({ data }) => {
        if (!current) return;
        const rows = [...data].sort(byPeriod);
        setRuns({ state: 'ready', rows });
        setRunId((id) => id ?? openingRun(rows));
      },
      (reason: unknown) => current && setRuns({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (!runId) return;
    let current = true;
    setSlips({ state: 'loading' });
    setSelected(null);
    call(api.GET('/v1/payroll-summary/{id}/payslips', { params: { path: { id: runId } }, headers: inline })).then(
      ({ data }) => current && setSlips({ state: 'ready', rows: data as Slip[] }),
      (reason: unknown) => current && setSlips({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [runId]);

  const run = runs.state === 'ready' ? runs.rows.find((row) => row._id === runId) : undefined;

  const preview = async (slip: Slip) => {
    if (!runId) return;
    setError(null);
    try {
      setSelected({ slip, blob: await runPayslipPdf(runId, slip.employee._id) });
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };
  const download = async (slip: Slip, severance = false) => {
    if (!runId || !run) return;
    setError(null);
    try {
      saveBlob(
        await (severance ? runSeveranceSlipPdf : runPayslipPdf)(runId, slip.employee._id),
        severance
          ? `${t('payslips.severanceFile', { name: fileName(run, slip).replace(/\.pdf$/, '') })}.pdf`
          : fileName(run, slip),
      );
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };

  return (
    <>
      <ScreenHeader trail={trail.filter((item) => item.id !== entry.id)} title={title} />
      <LoadStatus
        load={runs}
        retry={() => setAttempt((n) => n + 1)}
        failure={(failure) => (
          <p className="form-error" role="alert">
            {errorText(t, failure)}
          </p>
        )}
      />
      {runs.state === 'ready' && runs.rows.length === 0 && <p className="muted">{t('payslips.noRuns')}</p>}
      {runs.state === 'ready' && runs.rows.length > 0 && (
        <div className="payslips-toolbar">
          <label htmlFor="payslips-run">{t('payslips.run')}</label>
          <select id="payslips-run" value={runId ?? ''} onChange={(event) => setRunId(event.target.value)}>
            {runs.rows.map((row) => (
              <option key={row._id} value={row._id}>
                {`${row.title} (${row.status === 'completed' ? t('payslips.completed') : t('payslips.pending')})`}
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={!run || slips.state !== 'ready' || slips.rows.length === 0}
            onClick={() =>
              run &&
              void downloadRunZip(run._id, `${run.title}.zip`, {
                task: t('payslips.zipTask', { title: run.title }),
                done: t('payslips.zipDone'),
              })
            }
          >
            {t('payslips.downloadAll')}
          </button>
          <input
            type="search"
            aria-label={t('payslips.search')}
            placeholder={t('payslips.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {slips.state === 'ready' && (
        <div className="payslips-layout">
          <table className="payslips-table">
            <caption className="visually-hidden">{t('payslips.list')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payslips.employee')}</th>
                <th scope="col">{t('payslips.bruto')}</th>
                <th scope="col">{t('payslips.pph21')}</th>
                <th scope="col">{t('payslips.thp')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('payslips.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {slips.rows
                .filter((slip) => matches(slip, search))
                .map((slip) => (
                  <tr key={slip._id} aria-selected={selected?.slip._id === slip._id}>
                    <th scope="row">{`${slip.employee.fullname} · ${slip.employee.employee_id}`}</th>
                    <td>{formatRupiah(slip.bruto)}</td>
                    <td>{formatRupiah(slip.pph21)}</td>
                    <td>{formatRupiah(slip.thp)}</td>
                    <td>
                      <button type="button" onClick={() => void preview(slip)}>
                        {t('payslips.preview', { name: slip.employee.fullname })}
                      </button>{' '}
                      <button type="button" onClick={() => void download(slip)}>
                        {t('payslips.download', { name: slip.employee.fullname })}
                      </button>
                      {paysSeverance(slip.lines) && (
                        <>
                          {' '}
                          <button type="button" onClick={() => void download(slip, true)}>
                            {t('payslips.downloadSeverance', { name: slip.employee.fullname })}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          {selected && (
            <Suspense fallback={<p className="muted">{t('payslips.loadingPreview')}</p>}>
              <PdfPreview
                blob={selected.blob}
                title={t('payslips.previewOf', { name: selected.slip.employee.fullname })}
              />
            </Suspense>
          )}
        </div>
      )}
    </>
  );
}
