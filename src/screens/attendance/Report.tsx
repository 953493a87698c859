/**
 * attendance-report (spec 2.3): employees × the days of a month with the attendance cell (spec 2.4), and per
 * employee the month's totals payroll reads. It opens on the current month (Asia/Jakarta); Month and Year pick
 * another ('Fill in the Month and Year of the Report!'). A day is one narrow column with its mark (the full cell as
 * its tooltip), so a month fits a 1440-wide screen beside the pinned name; the totals and the employee ID and
 * department follow the days. Export xlsx writes the cells as text and the totals as numbers.
 */
import './attendance.css';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  type Module,
  QuickFilterModule,
  TooltipModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { downloadWorkbook } from '../../grids/export.ts';
import { gridTheme } from '../../grids/theme.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { type AttendanceCellData, AttendanceMark, cellText } from './AttendanceCell.tsx';
import { reportCommands } from './commands.ts';
import { totalLabels } from './labels.ts';

type Report = Schemas['AttendanceReport'];
type Row = Report['rows'][number];
type ReportCell = NonNullable<Row['cells'][number]>;
const modules: Module[] = [ClientSideRowModelModule, TooltipModule, QuickFilterModule, CellStyleModule];

const toCell = (cell: ReportCell | null | undefined): AttendanceCellData | null =>
  cell
    ? {
        kind: cell.kind,
        clockIn: cell.in,
        clockInStatus: cell.in_status,
        clockOut: cell.out,
        clockOutStatus: cell.out_status,
        shiftName: cell.shift_name,
        leave: cell.leave,
        holiday: cell.holiday,
      }
    : null;

const totalKeys = [
  'scheduled_days',
  'present',
  'late',
  'late_minutes',
  'early',
  'early_minutes',
  'missed',
  'absent',
  'holidays',
] as const;
/** A day's column: room for a mark and for a two-digit day number as its heading. */
const DAY_WIDTH = 28;
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const leaveTotal = (row: Row) => Object.values(row.totals.leave).reduce((sum, days) => sum + days, 0);

export default function AttendanceReport({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const now = new Date(Date.now() + 7 * 3_600_000);
  const [month, setMonth] = useState<string>(String(now.getUTCMonth() + 1));
  const [year, setYear] = useState<string>(String(now.getUTCFullYear()));
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  /** Narrows the rows shown by employee ID, name or department (in the browser: the report is loaded whole). */
  const [find, setFind] = useState('');

  const monthSelect = useRef<HTMLSelectElement>(null);
  /** A period asked for by the palette (previous or next month): shown once the fields hold it. */
  const [pending, setPending] = useState(false);

  const show = async () => {
    setError(null);
    if (!month || !year) {
      setError(t('errors.codes.report_period_required'));
      return;
    }
    setLoading(true);
    try {
      const body = await call(
        api.GET('/v1/attendance/report', { params: { query: { month: Number(month), year: Number(year) } } }),
      );
      setReport(body.data);
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setLoading(false);
    }
  };

  // The current month, at once: nothing to fill in before the first look.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening.
  useEffect(() => {
    void show();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the moved period is in the fields.
  useEffect(() => {
    if (!pending) return;
    setPending(false);
    void show();
  }, [pending]);

  const moveMonth = (months: -1 | 1) => {
    const m = Number(month) || now.getUTCMonth() + 1;
    const y = Number(year) || now.getUTCFullYear();
    const index = y * 12 + (m - 1) + months;
    setMonth(String((index % 12) + 1));
    setYear(String(Math.floor(index / 12)));
    setPending(true);
  };

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    if (!report) return [];
    return [
      {
        colId: 'fullname',
        headerName: t('attendance.daily.name'),
        valueGetter: (p) => p.data?.employee.fullname,
        tooltipValueGetter: (p) => p.data?.employee.employee_id,
        pinned: 'left',
        // With 31 days of DAY_WIDTH: 1,028 px, inside the 1,080 px a 1440-wide window leaves beside the sidebar.
        width: 160,
      },
      ...report.days.map(
        (day, index): ColDef<Row> => ({
          colId: day,
          headerName: String(Number(day.slice(8))),
          headerTooltip: day,
          headerClass: 'attendance-day',
          cellClass: 'attendance-day',
          width: DAY_WIDTH,
          minWidth: DAY_WIDTH,
          resizable: false,
          sortable: false,
          suppressHeaderMenuButton: true,
          getQuickFilterText: () => '',
          valueGetter: (p) => toCell(p.data?.cells[index]),
          valueFormatter: (p) => cellText(t, p.value as AttendanceCellData | null),
          cellRenderer: (p: { value: AttendanceCellData | null }) => <AttendanceMark cell={p.value} />,
        }),
      ),
      ...totalKeys.map(
        (key): ColDef<Row> => ({
          colId: `total_${key}`,
          headerName: t(totalLabels[key]),
          valueGetter: (p) => p.data?.totals[key],
          // Room for the longest word of a heading (Indonesian "terlambat"): headings wrap between words only.
          width: 112,
          getQuickFilterText: () => '',
          type: 'rightAligned',
        }),
      ),
      {
        colId: 'total_leave',
        headerName: t('attendance.totals.leave'),
        valueGetter: (p) => (p.data ? leaveTotal(p.data) : null),
        tooltipValueGetter: (p) =>
          p.data
            ? Object.entries(p.data.totals.leave)
                .map(([type, days]) => `${type}: ${days}`)
                .join(', ')
            : undefined,
        width: 104,
        getQuickFilterText: () => '',
        type: 'rightAligned',
      },
      {
        colId: 'employee_id',
        headerName: t('attendance.daily.employeeId'),
        valueGetter: (p) => p.data?.employee.employee_id,
        width: 130,
      },
      {
        colId: 'department',
        headerName: t('attendance.daily.department'),
        valueGetter: (p) => p.data?.employee.department?.name ?? '',
        width: 150,
      },
    ];
  }, [report, t]);

  const exportXlsx = async () => {
    if (!report) return;
    const XLSX = await import('xlsx');
    const header = [
      t('attendance.daily.employeeId'),
      t('attendance.daily.name'),
      t('attendance.daily.department'),
      ...report.days,
      ...totalKeys.map((key) => t(totalLabels[key])),
      t('attendance.totals.leave'),
    ];
    const body = report.rows.map((row) => [
      row.employee.employee_id,
      row.employee.fullname,
      row.employee.department?.name ?? '',
      ...row.cells.map((cell) => cellText(t, toCell(cell))),
      ...totalKeys.map((key) => row.totals[key]),
      leaveTotal(row),
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...body]), `${report.year}-${report.month}`);
    downloadWorkbook(XLSX, book, `attendance-report-${report.year}-${String(report.month).padStart(2, '0')}.xlsx`);
  };

  const commands = reportCommands({
    hasReport: !!report,
    show: () => void show(),
    moveMonth,
    pickMonth: () => monthSelect.current?.focus(),
    exportXlsx: () => void exportXlsx(),
  });
  // Registered again when what its actions read changes.
  useCommands(commands, [report, month, year, t]);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <form
        className="attendance-toolbar"
        aria-label={t('attendance.report.period')}
        onSubmit={(event) => {
          event.preventDefault();
          void show();
        }}
      >
        <label>
          {t('attendance.report.month')}
          <select ref={monthSelect} value={month} onChange={(event) => setMonth(event.target.value)}>
            <option value="">–</option>
            {months.map((m) => (
              <option key={m} value={String(m)}>
                {new Date(Date.UTC(2026, m - 1, 1)).toLocaleString(t('attendance.report.locale'), { month: 'long' })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('attendance.report.year')}
          <input
            type="number"
            min={1900}
            max={2100}
            value={year}
            onChange={(event) => setYear(event.target.value)}
            style={{ width: '6rem' }}
          />
        </label>
        <button type="submit" className="primary" disabled={loading}>
          {t('attendance.report.show')}
        </button>
        <button type="button" onClick={() => void exportXlsx()} disabled={!report}>
          {t('grid.exportXlsx')}
        </button>
        {report && (
          <input
            type="search"
            className="attendance-find"
            placeholder={t('attendance.report.find')}
            aria-label={t('attendance.report.find')}
            value={find}
            onChange={(event) => setFind(event.target.value)}
          />
        )}
        {report && (
          <span className="muted" aria-live="polite">
            {t('attendance.report.count', { count: report.rows.length })}
          </span>
        )}
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {report && <p className="muted attendance-legend">{t('attendance.report.legend')}</p>}
      {report && (
        <section className="attendance-grid" aria-label={title}>
          <AgGridReact<Row>
            modules={modules}
            theme={gridTheme}
            rowData={report.rows}
            columnDefs={columnDefs}
            getRowId={(p) => p.data.employee._id}
            quickFilterText={find}
            // Every column is in the page (a month is 31 narrow days and ten totals): the totals are read and found
            // without scrolling to them first; rows are still virtualised.
            suppressColumnVirtualisation
            defaultColDef={{ resizable: true, sortable: true, wrapHeaderText: true, autoHeaderHeight: true }}
            tooltipShowDelay={300}
          />
        </section>
      )}
    </>
  );
}
