/**
 * A month report as PDF (issue 29; decision 0160): the table the screen shows and exports (its header, rows and
 * totals, decision 0088), sent by the screen and laid out here: A4 landscape, the title and month, the header repeated
 * on every page, the rows and the totals row. Rendered on the server (the browser's CSP keeps react-pdf's WASM out);
 * Chinese texts use the payslips' CJK font (decision 0049).
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h } from 'react';
import type { PayslipLanguage } from '../payslips/view.ts';
import { fontFor } from '../tax/a1-document.ts';

export type ReportCell = string | number | null;
export type ReportCellKind = 'text' | 'money' | 'count';

export interface ReportPdfInput {
  title: string;
  subtitle: string;
  header: readonly string[];
  rows: readonly (readonly ReportCell[])[];
  totals: readonly ReportCell[];
  kinds: readonly ReportCellKind[];
  language: PayslipLanguage;
}

const rupiahNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
/** As the screen shows rupiah (src/format.ts formatRupiah). */
const rupiah = (value: number) => {
  const rounded = Math.round(value);
  if (rounded === 0) return 'Rp 0,00';
  return `${rounded < 0 ? '-' : ''}Rp ${rupiahNumber.format(Math.abs(rounded))}`;
};
/** A cell as text: rupiah in a money column (a figure may arrive as a numeric string: the body's union coerces). */
const text = (cell: ReportCell, kind: ReportCellKind) =>
  cell === null || cell === ''
    ? ''
    : kind === 'money' && Number.isFinite(Number(cell))
      ? rupiah(Number(cell))
      : String(cell);

export async function reportPdf(input: ReportPdfInput): Promise<Buffer> {
  const styles = StyleSheet.create({
    page: { padding: 24, fontSize: 7.5, fontFamily: fontFor(input.language) },
    title: { fontSize: 12, marginBottom: 2 },
    muted: { color: '#4b5563', marginBottom: 8 },
    head: { flexDirection: 'row', backgroundColor: '#e5e7eb', paddingVertical: 2 },
    row: { flexDirection: 'row', borderBottomWidth: 0.4, borderBottomColor: '#d1d5db', paddingVertical: 1.5 },
    total: { flexDirection: 'row', backgroundColor: '#f3f4f6', paddingVertical: 2 },
  });
  // Text columns get twice the room of figures.
  const weights = input.header.map((_, i) => (input.kinds[i] === 'text' || !input.kinds[i] ? 2 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const cells = (values: readonly string[]) =>
    values.map((value, i) =>
      h(
        Text,
        {
          key: i,
          style: {
            width: `${((weights[i] ?? 1) / sum) * 100}%`,
            textAlign: (input.kinds[i] ?? 'text') === 'text' ? 'left' : 'right',
            paddingRight: 4,
          },
        },
        value,
      ),
    );
  const line = (row: readonly ReportCell[]) => row.map((cell, i) => text(cell, input.kinds[i] ?? 'text'));
  const document = h(
    Document,
    { title: `${input.title} ${input.subtitle}` },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: styles.page },
      h(Text, { style: styles.title }, input.title),
      h(Text, { style: styles.muted }, input.subtitle),
      h(View, { style: styles.head, fixed: true }, ...cells(input.header)),
      ...input.rows.map((row, i) => h(View, { key: i, style: styles.row, wrap: false }, ...cells(line(row)))),
      h(View, { style: styles.total, wrap: false }, ...cells(line(input.totals))),
    ),
  );
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer takes its own Document element type.
  return renderToBuffer(document as any);
}
