/**
 * The developer area's read-only lists of every company's rows (finances → loan, finances → payroll-summary, bpjs;
 * docs/decisions/0088): the rows loaded once, a company filter built from them beside the screen's own tabs or filters,
 * a table whose first column is the company, and the row count. A screen gives how its rows load, its columns and which
 * rows its own controls let through; with `open`, Enter or a click on a row opens it, for a detail the screen shows
 * below the table (children).
 */
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../api/client.ts';
import { usePageTitle } from '../page.ts';
import type { ScreenProps } from '../screens/types.ts';
import { LoadStatus } from './ErrorPage.tsx';
import { ScreenHeader } from './ScreenHeader.tsx';
import './dev-company-table.css';

export interface DevColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  num?: boolean;
}

type Load<Row> = { state: 'loading' } | { state: 'ready'; rows: Row[] } | { state: 'failed'; error: ApiError };

export function DevCompanyTable<Row extends { _id: string; company: { _id: string; name: string } }>({
  entry,
  trail,
  list,
  tabs,
  filters,
  shows,
  columns,
  open,
  summary,
  children,
}: ScreenProps & {
  list: () => Promise<{ data: Row[] }>;
  /** Before the company filter. */
  tabs?: ReactNode;
  /** After the company filter. */
  filters?: ReactNode;
  /** Whether the screen's own tabs or filters let the row through. */
  shows: (row: Row) => boolean;
  /** The columns after the company. */
  columns: readonly DevColumn<Row>[];
  open?: { selected: string | undefined; open: (row: Row) => void };
  /** Below the table and its count: what the shown rows add up to, an export of them. */
  summary?: (shown: readonly Row[]) => ReactNode;
  /** Below the table and its count, once the rows are loaded. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [load, setLoad] = useState<Load<Row>>({ state: 'loading' });
  const [company, setCompany] = useState('');
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again; `list` is the screen's one query.
  useEffect(() => {
    let current = true;
    list().then(
      (body) => current && setLoad({ state: 'ready', rows: body.data }),
      (error: unknown) => current && setLoad({ state: 'failed', error: toApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const rows = load.state === 'ready' ? load.rows : [];
  const companies = useMemo(() => [...new Map(rows.map((r) => [r.company._id, r.company.name])).entries()], [rows]);
  const shown = rows.filter((r) => (!company || r.company._id === company) && shows(r));
  const opens = (row: Row) =>
    open && {
      tabIndex: 0,
      'aria-selected': open.selected === row._id,
      onClick: () => open.open(row),
      onKeyDown: (event: { key: string }) => {
        if (event.key === 'Enter') open.open(row);
      },
    };
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />
      {load.state === 'ready' && (
        <>
          <div className="dev-company-filters">
            {tabs}
            <label>
              {t('loans.dev.company')}{' '}
              <select value={company} onChange={(e) => setCompany(e.target.value)}>
                <option value="">{t('loans.dev.allCompanies')}</option>
                {companies.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            {filters}
          </div>
          <table className="dev-company-table" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{t('loans.dev.company')}</th>
                {columns.map((column) => (
                  <th key={column.id} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row._id} {...opens(row)}>
                  <td>{row.company.name}</td>
                  {columns.map((column) => (
                    <td key={column.id} className={column.num ? 'num' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">{t('grid.rowCount', { count: shown.length })}</p>
          {summary?.(shown)}
          {children}
        </>
      )}
    </>
  );
}
