import { describe, expect, it } from 'vitest';
import type { RunRow } from '../../../../src/screens/payroll/columns.ts';
import { planRunPaste } from '../../../../src/screens/payroll/runPaste.ts';

const row = (id: string, values: Partial<RunRow> = {}) =>
  ({
    _id: id,
    fullname: id,
    overtime_hours: 0,
    allowance: 0,
    incentive: 0,
    bonus: 0,
    deduction: 0,
    thp: 1,
    ...values,
  }) as RunRow;

const columns = ['fullname', 'overtime_hours', 'allowance', 'incentive', 'bonus', 'deduction', 'bruto', 'thp'];

describe('Ctrl+V in the run grid (issue 27 section 6)', () => {
  it('lands the block on the focused input, parses money and hours, flags a refused cell', () => {
    const { plan, values } = planRunPaste({
      text: '2,5\tRp 150.000\n3\tabc\n',
      rows: [row('a'), row('b', { overtime_hours: 1 })],
      columns,
      start: { rowIndex: 0, columnIndex: 1 },
      editable: true,
    });
    expect(values.get('a')).toEqual({ overtime_hours: 2.5, allowance: 150_000 });
    expect(values.get('b')).toEqual({ overtime_hours: 3 });
    expect(plan.counts).toMatchObject({ changed: 2, invalid: 1 });
    expect(plan.updates[1]?.errors.allowance?.code).toBe('number');
  });

  it('skips computed columns: a block over the figures pastes nothing there', () => {
    const { plan, values } = planRunPaste({
      text: '100\t200\t300',
      rows: [row('a')],
      columns,
      start: { rowIndex: 0, columnIndex: 5 },
      editable: true,
    });
    // deduction takes the first cell; bruto and thp never take text, so the rest falls off the end.
    expect(values.get('a')).toEqual({ deduction: 100 });
    expect(plan.skipped).toBe(2);
  });

  it('a completed run takes nothing; a negative amount is refused', () => {
    expect(
      planRunPaste({ text: '5', rows: [row('a')], columns, start: { rowIndex: 0, columnIndex: 1 }, editable: false })
        .values.size,
    ).toBe(0);
    const negative = planRunPaste({
      text: '-5',
      rows: [row('a')],
      columns,
      start: { rowIndex: 0, columnIndex: 2 },
      editable: true,
    });
    expect(negative.values.size).toBe(0);
    expect(negative.plan.updates[0]?.errors.allowance?.code).toBe('min');
  });
});
