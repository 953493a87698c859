/**
 * sales → job-recap (issue 29): job reports of a month per employee, by category (counts and hours), in the report
 * shell (../../reports/ReportScreen.tsx, decision 0088) with a totals row, month, year, department and employee
 * filters, xlsx and PDF exports from the same columns (the PDF as the month reports', ../../reports/pdfExport.ts) and a chart of the hours by category. Choosing an employee drills into
 * their reports of the month (listed beside the grid). The job-report categories are edited here too (admins).
 */
import type { ParseKeys } from 'i18next';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { previousMonth } from '../../components/MonthPicker.tsx';
import { formatDate } from '../../format.ts';
import { downloadWorkbook, sheetName } from '../../grids/export.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { jobReportCategoriesGrid } from '../../grids/specs/code-name-lists.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { monthReportPdf } from '../../reports/pdfExport.ts';
import { ReportChart } from '../../reports/ReportChart.tsx';
import { type ReportExport, ReportScreen } from '../../reports/ReportScreen.tsx';
import { type ReportColumn, reportTable } from '../../reports/table.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { loadEmployeeJobReports, loadJobRecap, type JobRecap as Recap, type RecapFilter } from './api.ts';
import './sales-jobs.css';

type Row = Recap['rows'][number];
type Options = Recap['options'];
const OptionsContext = createContext<Options>({ departments: [], employees: [] });
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const pad = (n: number) => String(n).padStart(2, '0');

function RecapPicker({ value, onChange }: { value: RecapFilter; onChange: (value: RecapFilter) => void }) {
  const { t, i18n } = useTranslation();
  const options = useContext(OptionsContext);
  const id = useId();
  const name = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const thisYear = new Date().getUTCFullYear();
  return (
    <>
      <label htmlFor={`${id}-month`}>{t('monthReports.month')}</label>
      <select
        id={`${id}-month`}
        value={value.month}
        onChange={(event) => onChange({ ...value, month: Number(event.target.value), employee: '' })}
      >
        {months.map((month) => (
          <option key={month} value={month}>
            {name.format(new Date(Date.UTC(2024, month - 1, 1)))}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-year`}>{t('monthReports.year')}</label>
      <select
        id={`${id}-year`}
        value={value.year}
        onChange={(event) => onChange({ ...value, year: Number(event.target.value), employee: '' })}
      >
        {[thisYear, thisYear - 1, thisYear - 2].map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-department`}>{t('monthReports.department')}</label>
      <select
        id={`${id}-department`}
        value={value.department}
        onChange={(event) => onChange({ ...value, department: event.target.value, employee: '' })}
      >
        <option value="">{t('monthReports.allDepartments')}</option>
        {options.departments.map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-employee`}>{t('salesJobs.employee')}</label>
      <select
        id={`${id}-employee`}
        value={value.employee}
        onChange={(event) => onChange({ ...value, employee: event.target.value })}
      >
        <option value="">{t('salesJobs.allEmployees')}</option>
        {options.employees.map((option) => (
          <option key={option._id} value={option._id}>
            {option.fullname} · {option.employee_id}
          </option>
        ))}
      </select>
    </>
  );
}

/** The chosen employee's reports of the month: the recap's drill-down. */
function EmployeeReports({ employee, year, month }: { employee: string; year: number; month: number }) {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<Awaited<ReturnType<typeof loadEmployeeJobReports>> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    loadEmployeeJobReports(employee, year, month).then(
      (reply) => current && setData(reply),
      (reason: unknown) => current && setFailure(errorText(t, toApiError(reason))),
    );
    return () => {
      current = false;
    };
  }, [employee, year, month, t]);
  if (failure) return <p role="alert">{failure}</p>;
  if (!data) return null;
  return (
    <section className="job-recap-drill" aria-label={t('salesJobs.reportsOf', { name: data.employee.fullname })}>
      <h2>{t('salesJobs.reportsOf', { name: data.employee.fullname })}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('resources.job-reports.fields.date')}</th>
            <th scope="col">{t('resources.job-reports.fields.category')}</th>
            <th scope="col">{t('resources.job-reports.fields.description')}</th>
            <th scope="col">{t('salesJobs.hours')}</th>
          </tr>
        </thead>
        <tbody>
          {data.reports.map((line) => (
            <tr key={line._id}>
              <td>{formatDate(line.date, 'DD MMM YYYY', { locale: i18n.language, fallback: line.date })}</td>
              <td>{line.category?.name ?? t('monthReports.job.noCategory')}</td>
              <td>{line.description ?? ''}</td>
              <td className="number">{Math.round((line.duration_minutes / 60) * 100) / 100}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function JobRecap(screen: ScreenProps) {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite(screen.entry.id);
  const [options, setOptions] = useState<Options>({ departments: [], employees: [] });
  const [shown, setShown] = useState<RecapFilter | null>(null);
  const [categories, setCategories] = useState<Recap['categories']>([]);
  const [editing, setEditing] = useState(false);
  const period = useMemo(
    () => ({
      Picker: RecapPicker,
      initial: (): RecapFilter => ({ ...previousMonth(), department: '', employee: '' }),
    }),
    [],
  );
  const load = useCallback(async (filter: RecapFilter) => {
    const recap = await loadJobRecap(filter);
    setOptions(recap.options);
    setCategories(recap.categories);
    setShown(filter);
    return recap;
  }, []);
  const columns = useMemo<ReportColumn<Row, Recap>[]>(() => {
    const categoryName = (category: Recap['categories'][number]) => category.name ?? t('monthReports.job.noCategory');
    return [
      {
        id: 'employee',
        header: t('monthReports.employee'),
        value: (row) => `${row.employee.fullname} · ${row.employee.employee_id}`,
        total: (recap) => t('monthReports.totalEmployees', { count: recap.totals.employees }),
        pinned: 'left',
        width: 250,
      },
      { id: 'department', header: t('monthReports.department'), value: (row) => row.department ?? '', width: 150 },
      ...categories.flatMap((category): ReportColumn<Row, Recap>[] => {
        const key = category._id ?? 'none';
        return [
          {
            id: `${key}:reports`,
            header: `${categoryName(category)} · ${t('monthReports.job.reports')}`,
            value: (row) => row.categories[key]?.reports ?? 0,
            total: (recap) => recap.totals.categories[key]?.reports ?? 0,
            kind: 'count',
            width: 150,
          },
          {
            id: `${key}:hours`,
            header: `${categoryName(category)} · ${t('monthReports.job.hours')}`,
            value: (row) => row.categories[key]?.hours ?? 0,
            total: (recap) => recap.totals.categories[key]?.hours ?? 0,
            kind: 'count',
            width: 150,
          },
        ];
      }),
      {
        id: 'reports',
        header: t('monthReports.job.reports'),
        value: (row) => row.reports,
        total: (recap) => recap.totals.reports,
        kind: 'count',
        width: 110,
      },
      {
        id: 'hours',
        header: t('monthReports.job.hours'),
        value: (row) => row.hours,
        total: (recap) => recap.totals.hours,
        kind: 'count',
        width: 110,
      },
    ];
  }, [t, categories]);
  const title = t(screen.entry.titleKey);
  const exports: ReportExport<Recap, RecapFilter>[] = [
    {
      id: 'job-recap:xlsx',
      label: 'monthReports.exportXlsx' satisfies ParseKeys,
      keywords: ['xlsx', 'excel', 'export', 'unduh', 'job-recap'],
      run: async (recap) => {
        const XLSX = await import('xlsx');
        const table = reportTable(columns, recap);
        const sheet = XLSX.utils.aoa_to_sheet([
          [title, `${recap.year}-${pad(recap.month)}`],
          [],
          table.header,
          ...table.rows.map((row) => row.cells.map((cell) => cell ?? '')),
          table.totals.map((cell) => cell ?? ''),
        ]);
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, sheet, sheetName(title));
        const name = `job-recap-${recap.year}-${pad(recap.month)}.xlsx`;
        downloadWorkbook(XLSX, book, name);
        toast(t('export.done', { count: recap.rows.length, file: name }), 'success');
      },
    },
    monthReportPdf<Row, Recap, RecapFilter>({ file: 'job-recap', title, columns, t, language: i18n.language }),
  ];
  return (
    <OptionsContext.Provider value={options}>
      <ReportScreen<Row, Recap, RecapFilter>
        {...screen}
        period={period}
        load={load}
        columns={columns}
        exports={exports}
        empty={t('monthReports.job.empty')}
        label={t('salesJobs.recapList')}
        aside={(recap) =>
          shown?.employee ? (
            <EmployeeReports employee={shown.employee} year={recap.year} month={recap.month} />
          ) : (
            <ReportChart
              spec={{
                title: t('monthReports.job.chart'),
                data: recap.categories.map((category) => ({
                  label: category.name ?? t('monthReports.job.noCategory'),
                  hours: recap.totals.categories[category._id ?? 'none']?.hours ?? 0,
                  reports: recap.totals.categories[category._id ?? 'none']?.reports ?? 0,
                })),
                series: [
                  { key: 'hours', name: t('monthReports.job.hours') },
                  { key: 'reports', name: t('monthReports.job.reports') },
                ],
              }}
            />
          )
        }
      />
      <section aria-label={t('salesJobs.categories')}>
        <button type="button" aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
          {t('salesJobs.categories')}
        </button>
        {editing && (
          <ResourceGrid spec={jobReportCategoriesGrid} title={t('salesJobs.categories')} canWrite={canWrite} embedded />
        )}
      </section>
    </OptionsContext.Provider>
  );
}
