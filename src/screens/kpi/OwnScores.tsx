/** My Profile: the signed-in employee's final KPI scores of completed periods, with the formula behind each. */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { errorText } from '../../validation.ts';
import { myKpiResults } from './api.ts';

type Mine = Awaited<ReturnType<typeof myKpiResults>>[number];

export function OwnKpiScores() {
  const { t } = useTranslation();
  const id = useId();
  const [rows, setRows] = useState<Mine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    myKpiResults(abort.signal).then(setRows, (reason: unknown) => {
      if (!abort.signal.aborted) setError(errorText(t, toApiError(reason)));
    });
    return () => abort.abort();
  }, [t]);
  return (
    <section className="employee-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('kpi.mine.title')}</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {rows?.length === 0 && <p className="muted">{t('kpi.mine.empty')}</p>}
      {rows && rows.length > 0 && (
        <table className="payslips-table">
          <thead>
            <tr>
              <th scope="col">{t('kpi.mine.period')}</th>
              <th scope="col">{t('kpi.mine.score')}</th>
              <th scope="col">{t('kpi.mine.rank')}</th>
              <th scope="col">{t('kpi.ranking.formula')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.assessment}>
                <td>{row.name}</td>
                <td>{row.score}</td>
                <td>{row.department_name ? `${row.rank} · ${row.department_name}` : row.rank}</td>
                <td>{row.formula}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
