/**
 * finance → PPH report: a month's PPh 21 per employee from the completed runs (tax id, PTKP status, TER category,
 * bruto, PPh 21, PPh 21 DTP) with a totals row; exported as the Coretax BPMP XML after its pre-check
 * (./CoretaxDialog.tsx, decision 0166), the month's DTP realisation xlsx (./dtp-realisation.ts) or as PDF. Read-only:
 * the figures are the runs'; fixing one means re-opening its run. Palette: export xlsx, download PDF. The screen is
 * the report shell (../reports/ReportScreen.tsx) over these columns and exports.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { saveBlob } from '../../api/files.ts';
import { monthPeriod } from '../../components/MonthPicker.tsx';
import { downloadWorkbook } from '../../grids/export.ts';
import { menuPathFor } from '../../menu/index.ts';
import { toast } from '../../overlays/progress.ts';
import { type ReportExport, ReportScreen } from '../../reports/ReportScreen.tsx';
import type { ReportColumn } from '../../reports/table.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { coretaxBpmp, pphReportPdf } from './api.ts';
import { CoretaxDialog } from './CoretaxDialog.tsx';
import { dtpFileName, dtpWorkbook } from './dtp-realisation.ts';

type Report = Schemas['PphReport'];
type Row = Schemas['PphReportRow'];
type Period = { year: number; month: number };

const inline = { [INLINE_ERRORS_HEADER]: '1' };
const load = async (period: Period) =>
  (await call(api.GET('/v1/pph-report', { params: { query: period }, headers: inline }))).data;

const pad = (n: number) => String(n).padStart(2, '0');

export default function PphReport(screen: ScreenProps) {
  const { t } = useTranslation();
  const [coretax, setCoretax] = useState<Period | null>(null);
  const columns = useMemo<ReportColumn<Row, Report>[]>(
    () => [
      {
        id: 'employee',
        header: t('pphReport.employee'),
        value: (row) =>
          row.employee.employee_id ? `${row.employee.fullname} · ${row.employee.employee_id}` : row.employee.fullname,
        total: (report) => t('pphReport.total', { count: report.totals.employees }),
        pinned: 'left',
        width: 250,
      },
      {
        id: 'tax_id',
        header: t('pphReport.taxId'),
        value: (row) => (row.tax_id ? `${row.tax_id_kind} ${row.tax_id}` : '-'),
        total: () => '-',
        flex: 1.4,
        minWidth: 180,
      },
      {
        id: 'ptkp',
        header: t('pphReport.ptkp'),
        value: (row) => row.ptkp_status.toUpperCase(),
        flex: 0.6,
        minWidth: 70,
      },
      { id: 'ter', header: t('pphReport.ter'), value: (row) => row.ter_category, flex: 0.5, minWidth: 60 },
      { id: 'code', header: t('pphReport.objectCode'), value: (row) => row.object_code, flex: 0.8, minWidth: 100 },
      {
        id: 'bruto',
        header: t('pphReport.bruto'),
        value: (row) => row.bruto,
        total: (report) => report.totals.bruto,
        kind: 'money',
        flex: 1.3,
        minWidth: 150,
      },
      {
        id: 'pph21',
        header: t('pphReport.pph21'),
        value: (row) => row.pph21,
        total: (report) => report.totals.pph21,
        kind: 'money',
        flex: 1.1,
        minWidth: 130,
      },
      {
        id: 'pph21_dtp',
        header: t('pphReport.pph21Dtp'),
        value: (row) => row.pph21_dtp,
        total: (report) => report.totals.pph21_dtp,
        kind: 'money',
        flex: 1.1,
        minWidth: 130,
      },
    ],
    [t],
  );
  const exports: ReportExport<Report, Period>[] = [
    {
      id: 'pph-report:bpmp',
      label: 'pphReport.exportBpmp',
      keywords: ['coretax', 'xml', 'bpmp', 'bukti potong', 'e-bupot', 'export', 'pajak', 'pph'],
      run: async (_, period) => setCoretax(period),
    },
    {
      id: 'pph-report:dtp',
      label: 'pphReport.exportDtp',
      keywords: ['dtp', 'realisasi', 'insentif', 'ditanggung pemerintah', 'xlsx', 'excel', 'pph'],
      run: async (report) => {
        const XLSX = await import('xlsx');
        const name = dtpFileName(report);
        downloadWorkbook(XLSX, dtpWorkbook(XLSX, report), name);
        toast(
          t('export.done', { count: report.rows.filter((row) => row.pph21_dtp > 0).length, file: name }),
          'success',
        );
      },
    },
    {
      id: 'pph-report:pdf',
      label: 'pphReport.exportPdf',
      keywords: ['pdf', 'print', 'cetak', 'pph'],
      run: async (_, period) => {
        try {
          saveBlob(await pphReportPdf(period.year, period.month), `PPh 21 ${period.year}-${period.month}.pdf`);
        } catch (reason) {
          toast(errorText(t, toApiError(reason)), 'error');
        }
      },
    },
  ];
  return (
    <>
      <ReportScreen
        {...screen}
        period={monthPeriod}
        load={load}
        columns={columns}
        exports={exports}
        pending={(count) => t('pphReport.pending', { count })}
        empty={t('pphReport.empty')}
        label={t('pphReport.list')}
      />
      {coretax && (
        <CoretaxDialog
          kind="bpmp"
          check={() => coretaxBpmp.check(coretax.year, coretax.month)}
          download={(leaveOut) => coretaxBpmp.file(coretax.year, coretax.month, leaveOut)}
          fileName={`BPMP ${coretax.year}-${pad(coretax.month)}.xml`}
          fixLink={(employee, fix) =>
            fix === 'run'
              ? menuPathFor('payroll-run')
              : `/dashboard/edit/payroll-employees/${employee}?year=${coretax.year}&month=${coretax.month}`
          }
          onClose={() => setCoretax(null)}
        />
      )}
    </>
  );
}
