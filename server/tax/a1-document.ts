/**
 * The 1721-A1 as a one-page A4 document (`@react-pdf/renderer`, `createElement` like the payslip: server/payslips/
 * document.ts). Rendered in worker threads only (./render-worker.ts through the payslips' RenderPool).
 */
import { Document, Font, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { a1LineNumbers } from '../../common/payroll/a1.ts';
import { cjkFontPath } from '../payslips/fonts.ts';
import { LayoutCache } from '../payslips/layout-cache.ts';
import { type PayslipLanguage, periodText, rupiahText } from '../payslips/view.ts';
import { type A1View, a1LineLabels, a1Texts } from './a1-view.ts';

const CJK_FAMILY = 'Noto Sans SC';
let cjkRegistered: boolean | null = null;
/** Helvetica, or for Chinese the CJK font the payslips use (decision 0049), registered once per worker. */
export function fontFor(language: PayslipLanguage): string {
  if (language !== 'zh') return 'Helvetica';
  if (cjkRegistered === null) {
    try {
      const src = cjkFontPath();
      if (src) Font.register({ family: CJK_FAMILY, src });
      cjkRegistered = src !== null;
    } catch {
      cjkRegistered = false;
    }
  }
  return cjkRegistered ? CJK_FAMILY : 'Helvetica';
}

const styles = StyleSheet.create({
  page: { padding: 28, fontSize: 8.5, color: '#111827' },
  head: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 8 },
  logo: { width: 40, height: 40, objectFit: 'contain', marginRight: 8 },
  title: { fontSize: 11, marginBottom: 2 },
  form: { fontSize: 13, textAlign: 'right' },
  muted: { color: '#4b5563' },
  banner: { backgroundColor: '#fef3c7', padding: 4, marginBottom: 6, color: '#92400e' },
  section: { fontSize: 9.5, backgroundColor: '#e5e7eb', padding: 3, marginTop: 6, marginBottom: 3 },
  pair: { flexDirection: 'row', marginBottom: 1.5 },
  key: { width: 120, color: '#4b5563' },
  // The value fills its row (a box that does not depend on the text): a year's forms of one shape share one layout
  // and only their own texts are laid out again (server/payslips/layout-cache.ts, decision 0082).
  value: { flex: 1 },
  line: { flexDirection: 'row', borderBottomWidth: 0.4, borderBottomColor: '#d1d5db', paddingVertical: 1.6 },
  no: { width: 18 },
  label: { flex: 1, paddingRight: 6 },
  amount: { width: 100, textAlign: 'right' },
  strong: { backgroundColor: '#f3f4f6' },
  sign: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 8 },
  signature: { width: 110, height: 44, objectFit: 'contain' },
});

const pair = (key: string, value: string | null | undefined) =>
  h(
    View,
    { key, style: styles.pair },
    h(Text, { style: styles.key }, key),
    h(Text, { style: styles.value }, value || '-'),
  );

/** Totals and results are shaded: 8, 12, 13, 17, 18, 21, 23. */
const shaded = new Set<number>([8, 12, 13, 17, 18, 21, 23]);

export function A1Document({ view }: { view: A1View }): ReactElement {
  const { row, signer, language: l } = view;
  const t = a1Texts;
  const month = (m: number) => periodText(l, row.year, m);
  const gender = row.gender === 'male' || row.gender === 'female' || row.gender === 'other' ? t[row.gender][l] : null;
  return h(
    Document,
    { title: `${t.form[l]} ${row.year} ${row.employee.fullname}`, author: signer.company.name, language: l },
    h(
      Page,
      { size: 'A4', wrap: false, style: { ...styles.page, minHeight: 841.89, fontFamily: fontFor(l) } },
      h(
        View,
        { style: styles.head },
        h(
          View,
          { style: { flexDirection: 'row', flex: 1 } },
          signer.company.logo ? h(Image, { style: styles.logo, src: signer.company.logo }) : null,
          h(
            View,
            { style: { flex: 1 } },
            h(Text, { style: styles.title }, t.title[l]),
            h(Text, { style: styles.muted }, `${t.number[l]}: ${row.number ?? '—'}`),
            h(Text, { style: styles.muted }, `${t.period[l]}: ${month(row.period_start)} – ${month(row.period_end)}`),
          ),
        ),
        h(Text, { style: styles.form }, t.form[l]),
      ),
      row.final ? null : h(Text, { style: styles.banner }, t.provisional[l]),
      h(Text, { style: styles.section }, t.recipient[l]),
      ...[
        pair(t.name[l], row.employee.fullname),
        pair(t.employeeNumber[l], row.employee.employee_id),
        pair(t.npwp[l], row.npwp),
        pair(t.nik[l], row.nik),
        pair(t.address[l], row.address),
        pair(t.gender[l], gender),
        pair(t.ptkp[l], row.ptkp_status.toUpperCase()),
        pair(t.jobTitle[l], row.job_title),
      ],
      h(Text, { style: styles.section }, t.details[l]),
      ...a1LineNumbers.map((n) =>
        h(
          View,
          { key: `line-${n}`, style: shaded.has(n) ? [styles.line, styles.strong] : styles.line },
          h(Text, { style: styles.no }, String(n)),
          h(Text, { style: styles.label }, a1LineLabels[n][l]),
          h(Text, { style: styles.amount }, rupiahText(row[`line_${n}`])),
        ),
      ),
      h(Text, { style: styles.section }, t.withholder[l]),
      h(
        View,
        { style: styles.sign },
        h(
          View,
          { style: { flex: 1 } },
          pair(t.company[l], signer.company.name),
          pair(t.npwp[l], signer.npwp),
          pair(t.taxPerson[l], signer.tax_person?.fullname ?? t.notSet[l]),
          pair(t.taxPersonId[l], signer.tax_person?.tax_id ?? null),
        ),
        signer.signature
          ? h(
              View,
              { style: { width: 160, alignItems: 'center' } },
              signer.signature.image ? h(Image, { style: styles.signature, src: signer.signature.image }) : null,
              h(Text, null, signer.signature.name),
              signer.signature.title ? h(Text, { style: styles.muted }, signer.signature.title) : null,
            )
          : null,
      ),
    ),
  );
}

/** Forms of one shape share their layout (server/payslips/layout-cache.ts, decision 0082); one cache per worker. */
const layouts = new LayoutCache();

export function renderA1(view: A1View): Promise<Buffer> {
  return layouts.render(h(A1Document, { view }));
}
