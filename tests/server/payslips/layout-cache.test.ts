/**
 * server/payslips/layout-cache.ts: a document rendered from a reused layout (only its changed texts laid out again) is
 * byte for byte the PDF `renderToBuffer` makes of it in full: payslips in three languages with names, amounts and
 * details of every width, a name long enough to wrap, a logo; 1721-A1 forms with a signature. Documents that cannot
 * reuse a layout (a paginated payslip) are rendered in full.
 */
import { Document, Page, renderToBuffer, Text } from '@react-pdf/renderer';
import { Fragment, createElement as h, memo, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { samplePng } from '../../../bench/sample-png.ts';
import type { PayslipLine } from '../../../common/payroll/types.ts';
import { Payslip } from '../../../server/payslips/document.ts';
import { LayoutCache } from '../../../server/payslips/layout-cache.ts';
import { type PayslipCompany, payslipView, type StoredPayslip } from '../../../server/payslips/view.ts';
import { A1Document } from '../../../server/tax/a1-document.ts';
import { a1View } from '../../../server/tax/a1-view.ts';
import { opaquePng } from '../../../server/tax/opaque-png.ts';
import { sampleA1Row, sampleA1Signer } from '../../support/a1-sample.ts';
import { pdfText } from '../../support/pdf.ts';

/** The bytes with the creation time and the file id (made from it) blanked: everything else must be equal. */
const stable = (pdf: Buffer) =>
  Buffer.from(
    pdf
      .toString('latin1')
      .replace(/\(D:\d{14}Z\)/g, '(D:00000000000000Z)')
      .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID []'),
    'latin1',
  );
// biome-ignore lint/suspicious/noExplicitAny: renderToBuffer's prop type wants the Document element itself
const full = async (element: ReactElement) => stable(await renderToBuffer(element as any));

const line = (code: PayslipLine['code'], kind: PayslipLine['kind'], amount: number, name?: string): PayslipLine => ({
  code,
  kind,
  amount,
  in_bruto: kind === 'earning',
  explain: {},
  ...(name ? { name } : {}),
});
const names = ['Budi', 'Siti Rahayu Ningsih', 'Ng', 'Wayan Sudarsana Putra Mahendra'];
const slip = (i: number): StoredPayslip => {
  const scale = (i * 7919) % 97;
  return {
    year: 2026,
    month: 3,
    title: 'Payroll March 2026',
    fullname: `${names[i % names.length]} ${i}`,
    employee_number: `EMP-${String(i).padStart(i % 2 ? 5 : 9, '0')}`,
    department_name: i % 3 ? 'Finance' : 'Research and Development',
    job_title_name: i % 2 ? 'Staff' : null,
    location_name: 'Jakarta',
    lines: [
      line('basic_salary', 'earning', 1_000_000 * (scale + 1) + i),
      line('transport_allowance', 'earning', 500_000),
      line('allowance', 'earning', 7_500 * scale, 'Housing Allowance'),
      line('overtime', 'earning', 31_200 * (i % 5)),
      line('jht_employee', 'deduction', 160_000 + i),
      line('pph21', 'tax', scale ? 18_000 * scale : -12_000),
      line('jht_employer', 'employer_contribution', 296_000 * scale),
    ],
    bruto: 9_962_000 * (scale + 1),
    pph21: 180_000,
    thp: 905_200 * (i + 1),
  };
};
const company: PayslipCompany = {
  name: 'PT Demo Nusantara',
  address: 'Graha Nusantara Lt. 12, Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan',
  phone: '(021) 5093-8800',
  email: 'info@demo.test',
  website: null,
  npwp_number: '0013456789073000',
  kop_template: 'letterhead',
  logo: opaquePng(samplePng(64, 64)),
};

describe('a payslip from a reused layout', () => {
  it('is the PDF react-pdf renders in full, in every language', async () => {
    const cache = new LayoutCache();
    for (let i = 0; i < 18; i++) {
      const view = payslipView(slip(i), company, (['id', 'en', 'zh'] as const)[i % 3]!);
      const mine = stable(await cache.render(h(Payslip, { view })));
      expect(mine.equals(await full(h(Payslip, { view }))), `payslip ${i}`).toBe(true);
    }
    // Most of them reused a layout: only a new shape (a language, a missing job title, a wrapped name) is laid out.
    expect(cache.stats.patched).toBeGreaterThan(3);
  });

  it('carries its own texts', async () => {
    const cache = new LayoutCache();
    for (let i = 0; i < 4; i++) await cache.render(h(Payslip, { view: payslipView(slip(i * 4 + 1), company, 'id') }));
    const view = payslipView({ ...slip(21), fullname: 'Dewi Lestari' }, company, 'id');
    const patched = cache.stats.patched;
    const text = await pdfText(await cache.render(h(Payslip, { view })));
    expect(cache.stats.patched).toBe(patched + 1);
    expect(text).toContain('Dewi Lestari');
    expect(text).toContain('EMP-00021');
    expect(text).toContain(`Rp ${(905_200 * 22).toLocaleString('id-ID')}`);
    expect(text).toContain('Gaji pokok');
  });

  it('is not reused for a payslip too long for one page (paginated in full)', async () => {
    const cache = new LayoutCache();
    const long = {
      ...slip(1),
      lines: Array.from({ length: 45 }, (_, i) => line('allowance', 'earning', 1000 * i, `Item ${i}`)),
    };
    for (let i = 0; i < 3; i++) {
      const view = payslipView({ ...long, fullname: `Budi ${i}` }, company, 'zh');
      const mine = stable(await cache.render(h(Payslip, { view })));
      expect(mine.equals(await full(h(Payslip, { view })))).toBe(true);
      expect(mine.toString('latin1').match(/\/Type \/Page\n/g)).toHaveLength(2);
    }
    expect(cache.stats.patched).toBe(0);
  });
});

describe('a document the cache does not walk', () => {
  it('is rendered by react-pdf itself (a memo component, a fragment)', async () => {
    const Name = memo(({ name }: { name: string }) => h(Text, null, name));
    const doc = (name: string) =>
      h(Document, null, h(Page, { size: 'A4' }, h(Fragment, null, h(Text, null, 'Nama'), h(Name, { name }))));
    const cache = new LayoutCache();
    for (const name of ['Budi', 'Siti', 'Wayan']) {
      const mine = stable(await cache.render(doc(name)));
      expect(mine.equals(await full(doc(name)))).toBe(true);
      expect(await pdfText(mine)).toContain(name);
    }
    expect(cache.stats).toEqual({ full: 3, patched: 0 });
  });
});

describe('a 1721-A1 from a reused layout', () => {
  it('is the PDF react-pdf renders in full', async () => {
    // Names of every width, with and without an NPWP, a short and a long address: new shapes among reused ones.
    const row = (i: number) =>
      sampleA1Row(i, {
        fullname: `${names[i % names.length]} ${i}`,
        npwp: i % 2 ? '012345678901000' : null,
        address: i % 3 ? 'Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan' : 'Jl. Kenanga 3',
      });
    const signer = sampleA1Signer(company, opaquePng(samplePng(120, 40)));
    const cache = new LayoutCache();
    for (let i = 0; i < 9; i++) {
      const view = a1View(row(i), signer, (['id', 'en', 'zh'] as const)[i % 3]!);
      const mine = stable(await cache.render(h(A1Document, { view })));
      expect(mine.equals(await full(h(A1Document, { view }))), `form ${i}`).toBe(true);
    }
    expect(cache.stats.patched).toBeGreaterThan(2);
  });
});
