import { describe, expect, it } from 'vitest';
import { displayCell, formatCell, parseCell, sameCellValue } from '../../../src/grids/parse.ts';
import type { AnyColumn } from '../../../src/grids/types.ts';
import { makeContext, tFor } from './fixtures.ts';

/** A list of enum values (a leave rule's employment statuses): typed and pasted as labels or values with commas. */
const statuses: AnyColumn = {
  field: 'employment_status',
  kind: 'enumList',
  enum: { key: 'employment_status', values: ['pkwtt', 'pkwt', 'probation', 'intern'] },
};
const ctx = makeContext();
const t = tFor('en');

describe('enumList cells', () => {
  it('reads values and labels separated by commas or semicolons, once each, in the order typed', () => {
    expect(parseCell(statuses, 'pkwt, PKWTT', ctx)).toEqual({ ok: true, value: ['pkwt', 'pkwtt'] });
    expect(parseCell(statuses, 'Probation; intern; probation', ctx)).toEqual({
      ok: true,
      value: ['probation', 'intern'],
    });
    expect(parseCell(statuses, '', ctx)).toEqual({ ok: true, value: null });
  });

  it('refuses a value the enum does not have, naming it', () => {
    expect(parseCell(statuses, 'pkwt, boss', ctx)).toEqual({
      ok: false,
      error: { code: 'enum', params: { value: 'boss' } },
    });
  });

  it('shows and copies labels, and compares as a set', () => {
    const copied = formatCell(statuses, ['pkwtt', 'intern'], t);
    expect(copied.split(', ')).toHaveLength(2);
    expect(displayCell(statuses, ['pkwtt', 'intern'], t, 'en')).toBe(copied);
    expect(parseCell(statuses, copied, ctx)).toEqual({ ok: true, value: ['pkwtt', 'intern'] });
    expect(sameCellValue(statuses, ['pkwtt', 'intern'], ['intern', 'pkwtt'])).toBe(true);
    expect(sameCellValue(statuses, ['pkwtt'], ['intern'])).toBe(false);
  });
});
