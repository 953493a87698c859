/**
 * The reports menu's month reports (issue 29; server/reports/README.md): the report shell (../../reports/ReportScreen.tsx,
 * decision 0088) with a month and year (both required: 'Fill in the Month and Year of the Report!' before any call),
 * department and location filters (their choices come with the report, inside the caller's reach), a chart beside
 * the grid, and two exports written from the same columns as the grid: xlsx and PDF. A report gives its path, its
 * columns, its chart and its texts.
 */
import type { ParseKeys } from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';
import { previousMonth } from '../../components/MonthPicker.tsx';
import { downloadWorkbook, sheetName } from '../../grids/export.ts';
import { toast } from '../../overlays/progress.ts';
import type { ReportChartSpec } from '../../reports/chartOptions.ts';
import { monthReportPdf } from '../../reports/pdfExport.ts';
import { ReportChart } from '../../reports/ReportChart.tsx';
import { type ReportExport, ReportScreen } from '../../reports/ReportScreen.tsx';
import { type ReportColumn, reportTable } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';

export type ReportPath =
  | '/v1/reports/duty-report'
  | '/v1/reports/clock-correction-report'
  | '/v1/reports/job-report'
  | '/v1/reports/overtime-report'
  | '/v1/reports/daily-payroll-report'
  | '/v1/reports/man-power';

/** The month and year (null: not chosen) and the filters ('' : all). */
export interface MonthFilter {
  year: number | null;
  month: number | null;
  department: string;
  location: string;
}

type Options = Schemas['ReportFilterOptions'];
type AnyReport = { rows: readonly { _id: string }[]; options: Options; pending?: number; year: number; month: number };

const OptionsContext = createContext<Options>({ departments: [], locations: [] });

const jakartaToday = () => {
  const now = new Date(Date.now() + 7 * 3_600_000);
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
};
const years = () => {
  const year = jakartaToday().year;
  return [year, year - 1, year - 2, year - 3];
};
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** Month, Year, Department, Location: each a labelled select; the month and year may be left empty. */
function FilterPicker({ value, onChange }: { value: MonthFilter; onChange: (value: MonthFilter) => void }) {
  const { t, i18n } = useTranslation();
  const options = useContext(OptionsContext);
  const id = useId();
  const name = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const number = (text: string) => (text === '' ? null : Number(text));
  return (
    <>
      <label htmlFor={`${id}-month`}>{t('monthReports.month')}</label>
      <select
        id={`${id}-month`}
        value={value.month ?? ''}
        onChange={(event) => onChange({ ...value, month: number(event.target.value) })}
      >
        <option value="">{t('monthReports.choose')}</option>
        {months.map((month) => (
          <option key={month} value={month}>
            {name.format(new Date(Date.UTC(2024, month - 1, 1)))}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-year`}>{t('monthReports.year')}</label>
      <select
        id={`${id}-year`}
        value={value.year ?? ''}
        onChange={(event) => onChange({ ...value, year: number(event.target.value) })}
      >
        <option value="">{t('monthReports.choose')}</option>
        {years().map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-department`}>{t('monthReports.department')}</label>
      <select
        id={`${id}-department`}
        value={value.department}
        onChange={(event) => onChange({ ...value, department: event.target.value })}
      >
        <option value="">{t('monthReports.allDepartments')}</option>
        {options.departments.map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-location`}>{t('monthReports.location')}</label>
      <select
        id={`${id}-location`}
        value={value.location}
        onChange={(event) => onChange({ ...value, location: event.target.value })}
      >
        <option value="">{t('monthReports.allLocations')}</option>
        {options.locations.map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </select>
    </>
  );
}

const inline = { [INLINE_ERRORS_HEADER]: '1' };

/** The report's query: the month and year must both be chosen (spec 5), checked here before any call. */
async function loadReport<Report>(path: ReportPath, filter: MonthFilter): Promise<Report> {
  if (!filter.year || !filter.month) {
    throw new ApiError(400, 'report_period_required', 'Fill in the Month and Year of the Report!');
  }
  const query = {
    year: filter.year,
    month: filter.month,
    ...(filter.department ? { department: filter.department } : {}),
    ...(filter.location ? { location: filter.location } : {}),
  };
  // One GET per report path; the paths share the query shape (server/reports/routes.ts).
  const request = api.GET(path as '/v1/reports/duty-report', { params: { query }, headers: inline });
  return (await call(request)).data as Report;
}

export function MonthReport<Row extends { _id: string }, Report extends AnyReport & { rows: readonly Row[] }>({
  screen,
  path,
  file,
  columns,
  chart,
  empty,
  label,
  pending,
  opensOn = 'previous',
  onLoad,
}: {
  screen: ScreenProps;
  path: ReportPath;
  /** The exports' file name before the period: `duty-report` → `duty-report-2026-10.xlsx`. */
  file: string;
  columns: readonly ReportColumn<Row, Report>[];
  chart?: (report: Report) => ReportChartSpec | null;
  empty: string;
  label: string;
  pending?: (count: number) => string;
  /** The month the screen opens on: the previous one (a closed month) unless the report is about this one. */
  opensOn?: 'previous' | 'current';
  /** Told each loaded report before it shows (a report whose columns come with it: the job-report's categories). */
  onLoad?: (report: Report) => void;
}) {
  const { t, i18n } = useTranslation();
  const [options, setOptions] = useState<Options>({ departments: [], locations: [] });
  const period = useMemo(
    () => ({
      Picker: FilterPicker,
      initial: (): MonthFilter => ({
        ...(opensOn === 'current' ? jakartaToday() : previousMonth()),
        department: '',
        location: '',
      }),
    }),
    [opensOn],
  );
  const load = useCallback(
    async (filter: MonthFilter) => {
      const report = await loadReport<Report>(path, filter);
      setOptions(report.options);
      onLoad?.(report);
      return report;
    },
    [path, onLoad],
  );
  const title = t(screen.entry.titleKey);
  const fileName = (report: Report, extension: string) => `${file}-${report.year}-${pad(report.month)}.${extension}`;
  const exports: ReportExport<Report, MonthFilter>[] = [
    {
      id: `${file}:xlsx`,
      label: 'monthReports.exportXlsx' satisfies ParseKeys,
      keywords: ['xlsx', 'excel', 'export', 'unduh', file],
      run: async (report) => {
        const XLSX = await import('xlsx');
        const table = reportTable(columns, report);
        const sheet = XLSX.utils.aoa_to_sheet([
          [title, `${report.year}-${pad(report.month)}`],
          [],
          table.header,
          ...table.rows.map((row) => row.cells.map((cell) => cell ?? '')),
          table.totals.map((cell) => cell ?? ''),
        ]);
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, sheet, sheetName(title));
        const name = fileName(report, 'xlsx');
        downloadWorkbook(XLSX, book, name);
        toast(t('export.done', { count: report.rows.length, file: name }), 'success');
      },
    },
    monthReportPdf<Row, Report, MonthFilter>({ file, title, columns, t, language: i18n.language }),
  ];
  const aside = chart
    ? (report: Report): ReactNode => {
        const spec = chart(report);
        return spec ? <ReportChart spec={spec} /> : null;
      }
    : undefined;
  return (
    <OptionsContext.Provider value={options}>
      <ReportScreen<Row, Report, MonthFilter>
        {...screen}
        period={period}
        load={load}
        columns={columns}
        exports={exports}
        empty={empty}
        label={label}
        {...(pending ? { pending } : {})}
        {...(aside ? { aside } : {})}
      />
    </OptionsContext.Provider>
  );
}

/** The employee cell: name · number. */
export const employeeCell = (employee: { fullname: string; employee_id: string }) =>
  employee.employee_id ? `${employee.fullname} · ${employee.employee_id}` : employee.fullname;
