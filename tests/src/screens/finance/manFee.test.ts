import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { companyColumn, ruleText } from '../../../../src/screens/finance/manFee.ts';

/** Returns the key and its values, so the test reads which text was asked for. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('the man-fee reports', () => {
  it('name the company with its code, and count the companies on the totals row', () => {
    type Row = { company: { _id: string; name: string; code: string }; total_bruto: number; fee: number };
    const column = companyColumn<Row, { count: number; totals: { bruto: number; fee: number } }>(
      t,
      (report) => report.count,
    );
    expect(column.header).toBe('manFee.company');
    expect(column.value({ company: { _id: '1', name: 'PT Contoh', code: 'DEMO' }, total_bruto: 0, fee: 0 })).toBe(
      'PT Contoh (DEMO)',
    );
    expect(column.total?.({ count: 3, totals: { bruto: 0, fee: 0 } })).toBe('manFee.total {"count":3}');
    expect(column).toMatchObject({ pinned: 'left', width: 230 });
  });

  it('say the fee rule in words', () => {
    expect(ruleText(t, { method: 'percentage', percentage: 2.5, amount_per_employee: null })).toBe(
      'manFee.percentOf {"rate":2.5}',
    );
    expect(ruleText(t, { method: null, percentage: null, amount_per_employee: null })).toBe('manFee.noRule');
  });
});
