/**
 * The report screens' one shell (man-fee monthly and annual, the PPh report; docs/decisions/0088): the period picker,
 * the export buttons (each also a palette command), the load status, the pending and empty lines, and a read-only grid
 * of the report's rows with a totals row, both drawn from column descriptions. A screen gives its picker, how a period
 * loads, its columns (./table.ts) and its exports; what an export writes stays with the screen.
 */
import { type ColDef, PinnedRowModule } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { ParseKeys } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../api/client.ts';
import { useCommands } from '../commands/registry.ts';
import type { Command } from '../commands/types.ts';
import { LoadStatus } from '../components/ErrorPage.tsx';
import { ScreenHeader } from '../components/ScreenHeader.tsx';
import { formatRupiah } from '../format.ts';
import { gridModules } from '../grids/modules.ts';
import { gridTheme } from '../grids/theme.ts';
import { usePageTitle } from '../page.ts';
import type { ScreenProps } from '../screens/types.ts';
import { type Cell, type ReportColumn, type ReportLine, type ReportRows, reportTable } from './table.ts';
import '../styles/report-layout.css';

/** An export: a toolbar button and a palette command of the same label, enabled once the report is loaded. */
export interface ReportExport<Report, Period> {
  id: string;
  label: ParseKeys;
  keywords: readonly string[];
  run: (report: Report, period: Period) => Promise<void>;
}

/** A report's period: its picker and the period the screen opens on (../tax/MonthPicker.tsx has a month's, a year's). */
export interface ReportPeriod<Period> {
  Picker: (props: { value: Period; onChange: (period: Period) => void }) => ReactNode;
  initial: () => Period;
}

type Load<Report> = { state: 'loading' } | { state: 'ready'; report: Report } | { state: 'failed'; error: ApiError };
const modules = [...gridModules, PinnedRowModule];
const money = (value: Cell) => (typeof value === 'string' ? value : formatRupiah(value, '–'));

export function ReportScreen<Row extends { _id: string }, Report extends ReportRows<Row>, Period>({
  entry,
  trail,
  period: { Picker, initial },
  load: loadReport,
  columns,
  exports,
  pending,
  empty,
  label,
  aside,
}: ScreenProps & {
  period: ReportPeriod<Period>;
  load: (period: Period) => Promise<Report>;
  columns: readonly ReportColumn<Row, Report>[];
  exports: readonly ReportExport<Report, Period>[];
  /** The line shown while runs of the period are pending. */
  pending?: (count: number) => string;
  /** The line shown when the period has no rows. */
  empty: string;
  /** The grid's accessible name; the title unless given. */
  label?: string;
  /** What shows beside the grid once the report has rows (a chart of it). */
  aside?: (report: Report) => ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [period, setPeriod] = useState(initial);
  const [load, setLoad] = useState<Load<Report>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again; `load` is the screen's one query.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    loadReport(period).then(
      (report) => current && setLoad({ state: 'ready', report }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [period, attempt]);

  const report = load.state === 'ready' ? load.report : null;
  const start = (action: ReportExport<Report, Period>) => {
    if (report) void action.run(report, period);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the actions read the state named here.
  const commands = useMemo<Command[]>(
    () =>
      exports.map((action) => ({
        id: action.id,
        label: action.label,
        keywords: action.keywords,
        group: 'context',
        isVisible: () => true,
        isEnabled: () => report !== null,
        run: () => start(action),
      })),
    [report],
  );
  useCommands(commands, [commands]);

  const columnDefs = useMemo(
    () =>
      columns.map(
        ({ id, header, kind, value: _value, total: _total, ...layout }, index): ColDef<ReportLine> => ({
          colId: id,
          headerName: header,
          valueGetter: (p) => p.data?.cells[index] ?? null,
          ...(kind && { type: 'rightAligned' }),
          ...(kind === 'money' && { valueFormatter: (p) => money(p.value) }),
          ...layout,
        }),
      ),
    [columns],
  );
  const table = useMemo(() => {
    if (!report) return null;
    const { rows, totals } = reportTable(columns, report);
    return { rows, totals: [{ _id: 'totals', cells: totals }] };
  }, [columns, report]);

  return (
    <>
      <ScreenHeader trail={trail.filter((item) => item.id !== entry.id)} title={title} />
      <div className="tax-toolbar">
        <Picker value={period} onChange={setPeriod} />
        {exports.map((action) => (
          <button key={action.id} type="button" disabled={!report} onClick={() => start(action)}>
            {t(action.label)}
          </button>
        ))}
      </div>
      <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />
      {report && pending && (report.pending ?? 0) > 0 && <p className="muted">{pending(report.pending ?? 0)}</p>}
      {report && report.rows.length === 0 && <p className="muted">{empty}</p>}
      {table && table.rows.length > 0 && (
        <div className="tax-layout">
          <section className="tax-grid" aria-label={label ?? title}>
            <AgGridReact<ReportLine>
              modules={modules}
              theme={gridTheme}
              rowData={table.rows}
              pinnedBottomRowData={table.totals}
              columnDefs={columnDefs}
              getRowId={(p) => p.data._id}
            />
          </section>
          {report && aside?.(report)}
        </div>
      )}
    </>
  );
}
