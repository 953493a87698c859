/**
 * finance → PPH report: a month's PPh 21 per employee from the completed runs (tax id, PTKP status, TER category,
 * bruto, PPh 21) with a totals row; exported as the e-Bupot 21 import workbook (./ebupot.ts) or as PDF. Read-only:
 * the figures are the runs'; fixing one means re-opening its run. Palette: export xlsx, download PDF.
 */
import { type ColDef, PinnedRowModule } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { formatRupiah } from '../../format.ts';
import { downloadWorkbook } from '../../grids/export.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/ResourceGrid.tsx';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import { saveBlob } from '../payslips/api.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';
import { pphReportPdf } from './api.ts';
import { ebupotFileName, ebupotWorkbook } from './ebupot.ts';
import { MonthPicker, previousMonth } from './MonthPicker.tsx';
import './tax.css';

type Report = Schemas['PphReport'];
type Row = Schemas['PphReportRow'];
type Load = { state: 'loading' } | { state: 'ready'; report: Report } | { state: 'failed'; error: ApiError };

const inline = { [INLINE_ERRORS_HEADER]: '1' };
const modules = [...gridModules, PinnedRowModule];

export default function PphReport({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [period, setPeriod] = useState(previousMonth);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    call(api.GET('/v1/pph-report', { params: { query: period }, headers: inline })).then(
      ({ data }) => current && setLoad({ state: 'ready', report: data }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [period, attempt]);

  const report = load.state === 'ready' ? load.report : null;
  const exportXlsx = async () => {
    if (!report) return;
    const XLSX = await import('xlsx');
    const name = ebupotFileName(report);
    downloadWorkbook(XLSX, ebupotWorkbook(XLSX, report), name);
    toast(t('export.done', { count: report.rows.length, file: name }), 'success');
  };
  const exportPdf = async () => {
    try {
      saveBlob(await pphReportPdf(period.year, period.month), `PPh 21 ${period.year}-${period.month}.pdf`);
    } catch (reason) {
      toast(errorText(t, toApiError(reason)), 'error');
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the actions read the state named here.
  const commands = useMemo<Command[]>(() => {
    const base = { group: 'context' as const, isVisible: () => true, isEnabled: () => report !== null };
    return [
      {
        ...base,
        id: 'pph-report:xlsx',
        label: 'pphReport.exportXlsx',
        keywords: ['e-bupot', 'xlsx', 'excel', 'export', 'pajak', 'pph'],
        run: () => void exportXlsx(),
      },
      {
        ...base,
        id: 'pph-report:pdf',
        label: 'pphReport.exportPdf',
        keywords: ['pdf', 'print', 'cetak', 'pph'],
        run: () => void exportPdf(),
      },
    ];
  }, [report]);
  useCommands(commands, [commands]);

  const columns = useMemo<ColDef<Row>[]>(
    () => [
      {
        colId: 'employee',
        headerName: t('pphReport.employee'),
        valueGetter: (p) =>
          p.data?.employee.employee_id
            ? `${p.data.employee.fullname} · ${p.data.employee.employee_id}`
            : (p.data?.employee.fullname ?? ''),
        pinned: 'left',
        width: 250,
      },
      {
        colId: 'tax_id',
        headerName: t('pphReport.taxId'),
        valueGetter: (p) => (p.data?.tax_id ? `${p.data.tax_id_kind} ${p.data.tax_id}` : p.data ? '-' : ''),
        flex: 1.4,
        minWidth: 180,
      },
      {
        colId: 'ptkp',
        headerName: t('pphReport.ptkp'),
        valueGetter: (p) => p.data?.ptkp_status?.toUpperCase() ?? '',
        flex: 0.6,
        minWidth: 70,
      },
      { colId: 'ter', headerName: t('pphReport.ter'), field: 'ter_category', flex: 0.5, minWidth: 60 },
      { colId: 'code', headerName: t('pphReport.objectCode'), field: 'object_code', flex: 0.8, minWidth: 100 },
      {
        colId: 'bruto',
        headerName: t('pphReport.bruto'),
        field: 'bruto',
        type: 'rightAligned',
        valueFormatter: (p) => formatRupiah(p.value as number),
        flex: 1.3,
        minWidth: 150,
      },
      {
        colId: 'pph21',
        headerName: t('pphReport.pph21'),
        field: 'pph21',
        type: 'rightAligned',
        valueFormatter: (p) => formatRupiah(p.value as number),
        flex: 1.1,
        minWidth: 130,
      },
    ],
    [t],
  );
  const totals = report
    ? [
        {
          _id: 'totals',
          employee: { _id: '', fullname: t('pphReport.total', { count: report.totals.employees }), employee_id: '' },
          bruto: report.totals.bruto,
          pph21: report.totals.pph21,
        } as unknown as Row,
      ]
    : [];

  return (
    <>
      <ScreenHeader trail={trail.filter((item) => item.id !== entry.id)} title={title} />
      <div className="tax-toolbar">
        <MonthPicker value={period} onChange={setPeriod} />
        <button type="button" disabled={!report} onClick={() => void exportXlsx()}>
          {t('pphReport.exportXlsx')}
        </button>
        <button type="button" disabled={!report} onClick={() => void exportPdf()}>
          {t('pphReport.exportPdf')}
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
      {report && report.pending > 0 && <p className="muted">{t('pphReport.pending', { count: report.pending })}</p>}
      {report && report.rows.length === 0 && <p className="muted">{t('pphReport.empty')}</p>}
      {report && report.rows.length > 0 && (
        <section className="tax-grid" aria-label={t('pphReport.list')}>
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
