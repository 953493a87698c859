/**
 * The payslip: ONE React component (`@react-pdf/renderer`) laying out a `PayslipView` on an A5-landscape-sized page.
 * Written with `createElement` rather than JSX: the server runs its .ts files directly (no .tsx stripping).
 *
 * Fonts: Helvetica (built into every PDF reader) for English and Indonesian; Chinese needs CJK glyphs, so a zh payslip
 * uses Noto Sans SC (SIL Open Font License, from the `@fontsource/noto-sans-sc` package, unpacked by ./fonts.ts and
 * embedded as a subset) for all its text; without the font it falls back to Helvetica. Decision 0049.
 */
import { Document, Font, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { cjkFontPath } from './fonts.ts';
import { LayoutCache } from './layout-cache.ts';
import {
  type PayslipAmountLine,
  type PayslipLanguage,
  type PayslipView,
  payslipTexts,
  periodText,
  rupiahText,
} from './view.ts';

const CJK_FAMILY = 'Noto Sans SC';
let cjkRegistered: boolean | null = null;

/** Registers the CJK font once; false (Chinese then falls back to Helvetica, losing its glyphs) if it is missing. */
function cjkFont(): boolean {
  if (cjkRegistered !== null) return cjkRegistered;
  try {
    const src = cjkFontPath();
    if (src) Font.register({ family: CJK_FAMILY, src });
    cjkRegistered = src !== null;
  } catch {
    cjkRegistered = false;
  }
  return cjkRegistered;
}

const fontFor = (language: PayslipLanguage) => (language === 'zh' && cjkFont() ? CJK_FAMILY : 'Helvetica');

const styles = StyleSheet.create({
  page: { padding: 28, fontSize: 9, color: '#1f2937' },
  kop: { flexDirection: 'row', alignItems: 'center', marginBottom: 10 },
  logo: { width: 48, height: 48, objectFit: 'contain', marginRight: 10 },
  companyName: { fontSize: 14 },
  kopLine: { fontSize: 8, color: '#4b5563' },
  rule: { borderBottomWidth: 1.5, borderBottomColor: '#1f2937', marginBottom: 10 },
  title: { fontSize: 12, marginBottom: 2 },
  meta: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 10 },
  metaItem: { width: '50%', flexDirection: 'row', marginBottom: 2 },
  metaLabel: { width: 80, color: '#6b7280' },
  columns: { flexDirection: 'row', gap: 16 },
  column: { flex: 1 },
  heading: { fontSize: 10, borderBottomWidth: 0.5, borderBottomColor: '#9ca3af', paddingBottom: 2, marginBottom: 4 },
  row: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 2 },
  // Amounts and the employee's details fill their row (a box that does not depend on the text): a run's payslips of
  // one shape then share one layout and only these texts are laid out again (./layout-cache.ts, decision 0082).
  amount: { flex: 1, textAlign: 'right' },
  value: { flex: 1 },
  total: { flexDirection: 'row', justifyContent: 'space-between', borderTopWidth: 0.5, borderTopColor: '#9ca3af' },
  thp: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    marginTop: 12,
    padding: 6,
    backgroundColor: '#eef2ff',
    fontSize: 11,
  },
  foot: { marginTop: 12, fontSize: 7, color: '#6b7280' },
});

function lines(view: PayslipView, heading: string, items: PayslipAmountLine[], total?: string): ReactElement {
  const t = payslipTexts;
  const sum = items.reduce((acc, item) => acc + item.amount, 0);
  return h(
    View,
    { style: { marginBottom: 8 } },
    h(Text, { style: styles.heading }, heading),
    ...(items.length
      ? items.map((item, i) =>
          h(
            View,
            { key: i, style: styles.row },
            h(Text, { style: { maxWidth: '70%' } }, item.label),
            h(Text, { style: styles.amount }, rupiahText(item.amount)),
          ),
        )
      : [h(Text, { key: 'none', style: { color: '#6b7280' } }, t.none[view.language])]),
    total
      ? h(View, { style: styles.total }, h(Text, null, total), h(Text, { style: styles.amount }, rupiahText(sum)))
      : null,
  );
}

function kop(view: PayslipView): ReactElement {
  const { company, language } = view;
  const details =
    company.kop_template === 'letterhead'
      ? [
          company.address,
          [company.phone, company.email, company.website].filter(Boolean).join(' · ') || null,
          company.npwp_number ? `${payslipTexts.npwp[language]}: ${company.npwp_number}` : null,
        ].filter((line): line is string => Boolean(line))
      : [];
  return h(
    View,
    null,
    h(
      View,
      { style: styles.kop },
      company.logo ? h(Image, { style: styles.logo, src: company.logo }) : null,
      h(
        View,
        { style: { flex: 1 } },
        h(Text, { style: styles.companyName }, company.name),
        ...details.map((line, i) => h(Text, { key: i, style: styles.kopLine }, line)),
      ),
    ),
    company.kop_template === 'letterhead' ? h(View, { style: styles.rule }) : null,
  );
}

/** A4's height in points: the page keeps it when it is not paginated (`wrap: false`). */
const A4_HEIGHT = 841.89;
/**
 * Lines a column surely holds on one A4 page (the longer column, headings and totals counted, a long label as two
 * lines; measured with the letterhead: Chinese, the tallest, overflows at 38). Up to this a payslip is laid out as one
 * page without react-pdf's pagination pass (a second layout of the whole page); a longer one is paginated as before.
 */
const ONE_PAGE_LINES = 34;
const columnLines = (items: PayslipAmountLine[]) =>
  items.reduce((sum, item) => sum + (item.label.length > 36 ? 2 : 1), 0);
const fitsOnePage = (view: PayslipView) =>
  Math.max(columnLines(view.earnings) + 2, columnLines(view.deductions) + columnLines(view.employer) + 3) <=
  ONE_PAGE_LINES;

/** The payslip component: a view model in, a one-page document out. */
export function Payslip({ view }: { view: PayslipView }): ReactElement {
  const t = payslipTexts;
  const l = view.language;
  const severance = view.kind === 'severance';
  const heading = severance ? t.severanceSlip[l] : t.payslip[l];
  const meta: [string, string | null][] = [
    [t.employee[l], view.employee.fullname],
    [t.employeeNumber[l], view.employee.employee_number],
    [t.department[l], view.employee.department],
    [t.jobTitle[l], view.employee.job_title],
    [t.location[l], view.employee.location],
    [t.period[l], periodText(l, view.year, view.month)],
  ];
  return h(
    Document,
    {
      title: `${heading} ${view.employee.fullname} ${periodText(l, view.year, view.month)}`,
      author: view.company.name,
      language: l,
    },
    h(
      Page,
      { size: 'A4', wrap: !fitsOnePage(view), style: { ...styles.page, minHeight: A4_HEIGHT, fontFamily: fontFor(l) } },
      kop(view),
      h(Text, { style: styles.title }, `${heading} · ${periodText(l, view.year, view.month)}`),
      h(
        View,
        { style: styles.meta },
        ...meta.map(([label, value], i) =>
          h(
            View,
            { key: i, style: styles.metaItem },
            h(Text, { style: styles.metaLabel }, label),
            h(Text, { style: styles.value }, value ?? '-'),
          ),
        ),
      ),
      h(
        View,
        { style: styles.columns },
        h(View, { style: styles.column }, lines(view, t.earnings[l], view.earnings, t.totalEarnings[l])),
        h(
          View,
          { style: styles.column },
          lines(view, t.deductions[l], view.deductions, t.totalDeductions[l]),
          lines(view, t.employer[l], view.employer),
        ),
      ),
      h(
        View,
        { style: styles.row },
        h(Text, null, severance ? t.severanceGross[l] : t.bruto[l]),
        h(Text, { style: styles.amount }, rupiahText(view.bruto)),
      ),
      h(
        View,
        { style: styles.thp },
        h(Text, null, severance ? t.severanceNet[l] : t.thp[l]),
        h(Text, { style: styles.amount }, rupiahText(view.thp)),
      ),
      h(Text, { style: styles.foot }, t.confidential[l]),
    ),
  );
}

/** Payslips of one shape share their layout (decision 0082); one cache per worker thread. */
const layouts = new LayoutCache();

/** The payslip as PDF bytes. */
export function renderPayslip(view: PayslipView): Promise<Buffer> {
  return layouts.render(h(Payslip, { view }));
}
