/**
 * The monthly PPh 21 report as PDF (A4 landscape, repeated header on every page): every employee's tax id, PTKP
 * status, TER category, bruto and PPh 21, with totals. Rendered in worker threads (./render-worker.ts).
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { type PayslipLanguage, periodText, rupiahText } from '../payslips/view.ts';
import { fontFor } from './a1-document.ts';
import type { PphReportRow } from './repository.ts';

export interface PphReportView {
  language: PayslipLanguage;
  company: { name: string; npwp: string | null };
  year: number;
  month: number;
  rows: PphReportRow[];
  totals: { employees: number; bruto: number; pph21: number };
}

type Texts = Record<PayslipLanguage, string>;
export const reportTexts = {
  title: { en: 'PPh 21 withheld', id: 'Daftar pemotongan PPh Pasal 21', zh: 'PPh 21 预扣税清单' },
  no: { en: 'No', id: 'No', zh: '序号' },
  employee: { en: 'Employee', id: 'Karyawan', zh: '员工' },
  taxId: { en: 'Tax ID', id: 'NPWP/NIK', zh: '税号' },
  ptkp: { en: 'PTKP', id: 'PTKP', zh: 'PTKP' },
  ter: { en: 'TER', id: 'TER', zh: 'TER' },
  code: { en: 'Tax object', id: 'Kode objek pajak', zh: '课税代码' },
  bruto: { en: 'Gross', id: 'Penghasilan bruto', zh: '总收入' },
  pph: { en: 'PPh 21', id: 'PPh 21', zh: 'PPh 21' },
  total: { en: 'Total', id: 'Jumlah', zh: '合计' },
  none: {
    en: 'No completed run this month.',
    id: 'Tidak ada payroll selesai bulan ini.',
    zh: '本月没有已完成的工资发放。',
  },
} as const satisfies Record<string, Texts>;

const styles = StyleSheet.create({
  page: { padding: 24, fontSize: 8 },
  title: { fontSize: 12, marginBottom: 2 },
  muted: { color: '#4b5563', marginBottom: 8 },
  row: { flexDirection: 'row', borderBottomWidth: 0.4, borderBottomColor: '#d1d5db', paddingVertical: 1.5 },
  head: { flexDirection: 'row', backgroundColor: '#e5e7eb', paddingVertical: 2 },
  total: { flexDirection: 'row', backgroundColor: '#f3f4f6', paddingVertical: 2 },
});
const widths = [28, 190, 110, 40, 30, 70, 110, 100] as const;
const right = new Set([6, 7]);

const cells = (values: readonly string[]) =>
  values.map((value, i) =>
    h(
      Text,
      { key: i, style: { width: widths[i], textAlign: right.has(i) ? 'right' : 'left', paddingRight: 4 } },
      value,
    ),
  );

export function PphReportDocument({ view }: { view: PphReportView }): ReactElement {
  const t = reportTexts;
  const l = view.language;
  const period = periodText(l, view.year, view.month);
  return h(
    Document,
    { title: `${t.title[l]} ${period}`, author: view.company.name, language: l },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: { ...styles.page, fontFamily: fontFor(l) } },
      h(Text, { style: styles.title, fixed: true }, `${t.title[l]} · ${period}`),
      h(
        Text,
        { style: styles.muted, fixed: true },
        `${view.company.name}${view.company.npwp ? ` · NPWP ${view.company.npwp}` : ''}`,
      ),
      h(
        View,
        { style: styles.head, fixed: true },
        ...cells([t.no[l], t.employee[l], t.taxId[l], t.ptkp[l], t.ter[l], t.code[l], t.bruto[l], t.pph[l]]),
      ),
      ...(view.rows.length
        ? view.rows.map((row, i) =>
            h(
              View,
              { key: row._id, style: styles.row, wrap: false },
              ...cells([
                String(i + 1),
                `${row.employee.employee_id} ${row.employee.fullname}`,
                row.tax_id ? `${row.tax_id_kind} ${row.tax_id}` : '-',
                row.ptkp_status.toUpperCase(),
                row.ter_category ?? '-',
                row.object_code,
                rupiahText(row.bruto),
                rupiahText(row.pph21),
              ]),
            ),
          )
        : [h(Text, { key: 'none', style: { marginTop: 8 } }, t.none[l])]),
      h(
        View,
        { style: styles.total, wrap: false },
        ...cells([
          '',
          `${t.total[l]} (${view.totals.employees})`,
          '',
          '',
          '',
          '',
          rupiahText(view.totals.bruto),
          rupiahText(view.totals.pph21),
        ]),
      ),
    ),
  );
}

export async function renderPphReport(view: PphReportView): Promise<Buffer> {
  // biome-ignore lint/suspicious/noExplicitAny: renderToBuffer's prop type wants the Document element itself
  return renderToBuffer(h(PphReportDocument, { view }) as any);
}
