/**
 * A month report's PDF export: the table as the grid and the xlsx have it (./table.ts, decision 0088), laid out by the
 * server as an A4 landscape PDF (`POST /v1/reports/pdf`, server/reports/document.ts) in the payslip language, saved as
 * `<file>-<year>-<month>.pdf`. The month reports (screens/reports/MonthReport.tsx) and the job recap share it.
 */
import type { ParseKeys, TFunction } from 'i18next';
import { api, call, INLINE_ERRORS_HEADER, toApiError } from '../api/client.ts';
import { saveBlob } from '../api/files.ts';
import { payslipLanguage } from '../api/payslips.ts';
import { toast } from '../overlays/progress.ts';
import { errorText } from '../validation.ts';
import type { ReportExport } from './ReportScreen.tsx';
import { type ReportColumn, type ReportRows, reportTable } from './table.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };
const pad = (n: number) => String(n).padStart(2, '0');

export function monthReportPdf<
  Row extends { _id: string },
  Report extends ReportRows<Row> & { year: number; month: number },
  Period,
>(options: {
  /** The file name's stem and the command's keyword: the report's menu id. */
  file: string;
  title: string;
  columns: readonly ReportColumn<Row, Report>[];
  t: TFunction;
  /** The interface language, for the month's name under the title. */
  language: string;
}): ReportExport<Report, Period> {
  const { file, title, columns, t, language } = options;
  return {
    id: `${file}:pdf`,
    label: 'monthReports.exportPdf' satisfies ParseKeys,
    keywords: ['pdf', 'print', 'cetak', file],
    run: async (report) => {
      const table = reportTable(columns, report);
      const period = new Intl.DateTimeFormat(language, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(report.year, report.month - 1, 1)));
      const body = {
        title,
        subtitle: period,
        header: table.header,
        rows: table.rows.map((row) => row.cells),
        totals: table.totals,
        kinds: columns.map((column) => column.kind ?? 'text'),
        lang: payslipLanguage(),
      };
      try {
        const blob = await call<Blob>(api.POST('/v1/reports/pdf', { body, parseAs: 'blob', headers: inline }) as never);
        const name = `${file}-${report.year}-${pad(report.month)}.pdf`;
        saveBlob(blob, name);
        toast(t('monthReports.pdfDone', { file: name }), 'success');
      } catch (reason) {
        toast(errorText(t, toApiError(reason)), 'error');
      }
    },
  };
}
