/**
 * Developer area → finances → man-fee → annual report (issue 15, decision 0073): a year's fee per company and month
 * from the completed monthly runs, each company's total and total bruto, a totals row, and an xlsx export (toolbar or
 * palette). A month without a completed run shows a dash.
 */
import { type ColDef, PinnedRowModule } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, type Schemas, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { formatRupiah } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/ResourceGrid.tsx';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';
import { thisYear, YearPicker } from '../tax/MonthPicker.tsx';
import { downloadReport } from './manFee.ts';
import '../tax/tax.css';

type Report = Schemas['ManFeeAnnual'];
type Row = Schemas['ManFeeAnnualRow'];
type Load = { state: 'loading' } | { state: 'ready'; report: Report } | { state: 'failed'; error: ApiError };
const modules = [...gridModules, PinnedRowModule];
const rupiahOrDash = (value: unknown) => (typeof value === 'number' ? formatRupiah(value) : '–');
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export default function ManFeeAnnual({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [year, setYear] = useState(thisYear);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    call(api.GET('/v1/dev/man-fee/annual', { params: { query: { year } } })).then(
      ({ data }) => current && setLoad({ state: 'ready', report: data }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [year, attempt]);

  const report = load.state === 'ready' ? load.report : null;
  const monthName = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const monthLabel = (month: number) => monthName.format(new Date(Date.UTC(2024, month - 1, 1)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: month names follow the language.
  const columns = useMemo<ColDef<Row>[]>(
    () => [
      {
        colId: 'company',
        headerName: t('manFee.company'),
        valueGetter: (p) =>
          p.data?.company.code ? `${p.data.company.name} (${p.data.company.code})` : (p.data?.company.name ?? ''),
        pinned: 'left',
        width: 230,
      },
      ...MONTHS.map(
        (month): ColDef<Row> => ({
          colId: `m${month}`,
          headerName: monthLabel(month),
          valueGetter: (p) => p.data?.months[month - 1] ?? null,
          valueFormatter: (p) => rupiahOrDash(p.value),
          type: 'rightAligned',
          width: 150,
        }),
      ),
      {
        colId: 'bruto',
        headerName: t('manFee.bruto'),
        field: 'total_bruto',
        valueFormatter: (p) => formatRupiah(p.value as number),
        type: 'rightAligned',
        width: 170,
      },
      {
        colId: 'fee',
        headerName: t('manFee.feeYear'),
        field: 'fee',
        valueFormatter: (p) => formatRupiah(p.value as number),
        type: 'rightAligned',
        width: 160,
        pinned: 'right',
      },
    ],
    [t, monthName],
  );
  const totals = report
    ? [
        {
          _id: 'totals',
          company: { _id: '', name: t('manFee.total', { count: report.rows.length }), code: '' },
          months: report.totals.months,
          total_bruto: report.totals.bruto,
          fee: report.totals.fee,
        } satisfies Row,
      ]
    : [];

  const exportXlsx = async () => {
    if (!report) return;
    const file = `man-fee-${report.year}.xlsx`;
    await downloadReport(
      file,
      `${title} ${report.year}`,
      [t('manFee.company'), ...MONTHS.map(monthLabel), t('manFee.bruto'), t('manFee.feeYear')],
      report.rows.map((row) => [`${row.company.name} (${row.company.code})`, ...row.months, row.total_bruto, row.fee]),
      [
        t('manFee.total', { count: report.rows.length }),
        ...report.totals.months,
        report.totals.bruto,
        report.totals.fee,
      ],
    );
    toast(t('export.done', { count: report.rows.length, file }), 'success');
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the action reads the state named here.
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'man-fee:annual-xlsx',
        label: 'manFee.exportXlsx',
        keywords: ['man fee', 'xlsx', 'excel', 'export', 'annual', 'tahunan'],
        group: 'context',
        isVisible: () => true,
        isEnabled: () => report !== null,
        run: () => void exportXlsx(),
      },
    ],
    [report],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={trail.filter((item) => item.id !== entry.id)} title={title} />
      <div className="tax-toolbar">
        <YearPicker value={year} onChange={setYear} />
        <button type="button" disabled={!report} onClick={() => void exportXlsx()}>
          {t('manFee.exportXlsx')}
        </button>
      </div>
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(error) => (
          <p className="form-error" role="alert">
            {errorText(t, error)}
          </p>
        )}
      />
      {report && report.rows.length === 0 && <p className="muted">{t('manFee.emptyYear')}</p>}
      {report && report.rows.length > 0 && (
        <section className="tax-grid" aria-label={title}>
          <AgGridReact<Row>
            modules={modules}
            theme={gridTheme}
            rowData={report.rows}
            pinnedBottomRowData={totals}
            columnDefs={columns}
            getRowId={(p) => p.data._id}
          />
        </section>
      )}
    </>
  );
}
