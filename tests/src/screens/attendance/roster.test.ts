import { describe, expect, it } from 'vitest';
import { UndoStack } from '../../../../src/grids/undo.ts';
import {
  applyChanges,
  type CellChange,
  checkImport,
  codeBook,
  copyBlock,
  dayCounts,
  dayHeader,
  fillRange,
  holidayDays,
  importChanges,
  planPaste,
  putCells,
  type RosterRow,
  type RosterShift,
  rangeOf,
  readCode,
  rosterSheet,
  stepMonth,
  undoEntry,
} from '../../../../src/screens/attendance/roster.ts';

const shifts: RosterShift[] = [
  { code: 'M', name: 'Morning', type: 'full_day', start_time: '07:00', finish_time: '15:00' },
  { code: 'N', name: 'Night', type: 'full_day', start_time: '23:00', finish_time: '07:00' },
  { code: 'OFF', name: 'Off', type: 'off_day', start_time: null, finish_time: null },
  { code: 'SB', name: 'Standby', type: 'standby', start_time: null, finish_time: null },
];
const book = codeBook(shifts);
const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const member = (n: number) => ({ _id: `e${n}`, employee_id: `EMP-${n}`, fullname: `Person ${n}` });
const grid = (count: number): RosterRow[] =>
  Array.from({ length: count }, (_, n) => ({ employee: member(n), codes: days.map(() => null) }));

describe('readCode', () => {
  it('matches codes case-insensitively and answers the shift’s own spelling', () => {
    expect(readCode(' off ', book)).toEqual({ ok: true, code: 'OFF' });
    expect(readCode('m', book)).toEqual({ ok: true, code: 'M' });
  });
  it('reads blank as clearing and refuses anything else, keeping the text', () => {
    expect(readCode('   ', book)).toEqual({ ok: true, code: null });
    expect(readCode(' XX ', book)).toEqual({ ok: false, text: 'XX' });
  });
});

describe('dayCounts', () => {
  it('counts every shift but an off day as working, and empty cells as neither', () => {
    expect(dayCounts(['M', 'n', 'OFF', null, 'SB', 'OFF', 'gone'], book)).toEqual({ working: 3, off: 2 });
  });
});

describe('planPaste', () => {
  const rows = grid(5);
  it('lands a 3×5 block from the focused cell, codes normalised, blank cells clearing', () => {
    const start = rows.map((row, r) =>
      r === 2 ? { ...row, codes: row.codes.map((_, d) => (d === 4 ? 'SB' : null)) } : row,
    );
    const block = [
      ['m', 'M', 'n', 'off', 'OFF'],
      ['SB', 'SB', 'SB', 'SB', 'SB'],
      ['M', 'M', 'M', 'M', ''],
    ];
    const plan = planPaste({
      rows: start,
      dayCount: 30,
      selection: rangeOf({ row: 1, day: 3 }, { row: 1, day: 3 }),
      block,
      book,
    });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.rows).toBe(3);
    expect(plan.days).toBe(5);
    // 15 cells; the one already 'SB' (row 2, day 4) is unchanged; row 3 day 7 is blank over blank.
    expect(plan.changes).toHaveLength(13);
    expect(plan.changes[0]).toEqual({ employee: 'e1', day: 3, before: null, after: 'M' });
    expect(plan.changes.find((c) => c.employee === 'e1' && c.day === 6)?.after).toBe('OFF');
    expect(plan.changes.some((c) => c.employee === 'e2' && c.day === 4)).toBe(false);
  });

  it('refuses the whole paste when a cell is not a code, naming the texts once', () => {
    const plan = planPaste({
      rows,
      dayCount: 30,
      selection: rangeOf({ row: 0, day: 0 }, { row: 0, day: 0 }),
      block: [
        ['M', 'X1'],
        ['X1', 'Q'],
      ],
      book,
    });
    expect(plan).toEqual({ ok: false, reason: 'unknown_codes', codes: ['X1', 'Q'], count: 3 });
  });

  it('refuses rows past the last member and days past the end of the month', () => {
    const at = (row: number, day: number) => rangeOf({ row, day }, { row, day });
    expect(planPaste({ rows, dayCount: 30, selection: at(3, 0), block: [['M'], ['M'], ['M']], book })).toEqual({
      ok: false,
      reason: 'rows_past_end',
      over: 1,
    });
    expect(planPaste({ rows, dayCount: 30, selection: at(0, 28), block: [['M', 'M', 'M', 'M']], book })).toEqual({
      ok: false,
      reason: 'days_past_end',
      over: 2,
    });
  });

  it('repeats a block that fits the selection a whole number of times; a larger block fills from the top-left', () => {
    const one = planPaste({
      rows,
      dayCount: 30,
      selection: rangeOf({ row: 0, day: 0 }, { row: 3, day: 1 }),
      block: [['OFF']],
      book,
    });
    expect(one.ok && one.changes.length).toBe(8);
    const larger = planPaste({
      rows,
      dayCount: 30,
      selection: rangeOf({ row: 1, day: 2 }, { row: 0, day: 1 }),
      block: [['M', 'M', 'M']],
      book,
    });
    expect(larger.ok && larger.changes.map((c) => [c.employee, c.day])).toEqual([
      ['e0', 1],
      ['e0', 2],
      ['e0', 3],
    ]);
  });
});

describe('ranges, copy and fill', () => {
  const rows = applyChanges(
    grid(3),
    [
      { employee: 'e0', day: 0, before: null, after: 'M' },
      { employee: 'e1', day: 1, before: null, after: 'OFF' },
    ],
    'after',
  );
  it('copies a range as a block whichever way it was selected', () => {
    expect(copyBlock(rows, rangeOf({ row: 1, day: 1 }, { row: 0, day: 0 }))).toEqual([
      ['M', ''],
      ['', 'OFF'],
    ]);
  });
  it('clears a range, listing only cells that held a code', () => {
    expect(fillRange(rows, rangeOf({ row: 0, day: 0 }, { row: 2, day: 2 }), null)).toEqual([
      { employee: 'e0', day: 0, before: 'M', after: null },
      { employee: 'e1', day: 1, before: 'OFF', after: null },
    ]);
  });
});

describe('undo entries', () => {
  it('write the new codes, then the previous ones back, each as one call', async () => {
    const changes: CellChange[] = [
      { employee: 'e0', day: 0, before: 'M', after: 'N' },
      { employee: 'e1', day: 29, before: null, after: 'OFF' },
    ];
    const calls: unknown[] = [];
    const stack = new UndoStack();
    stack.push(undoEntry(changes, async (cells, side) => void calls.push(putCells(cells, days, side))));
    expect(stack.snapshot.canUndo).toBe(true);
    const undone = await stack.undo();
    expect(undone?.label).toBe('attendance.roster.change');
    expect(undone?.values).toEqual({ count: 2 });
    await stack.redo();
    expect(calls).toEqual([
      [
        { employee: 'e0', date: '2026-11-01', code: 'M' },
        { employee: 'e1', date: '2026-11-30', code: null },
      ],
      [
        { employee: 'e0', date: '2026-11-01', code: 'N' },
        { employee: 'e1', date: '2026-11-30', code: 'OFF' },
      ],
    ]);
  });

  it('applyChanges puts either side of a change on the rows', () => {
    const rows = grid(2);
    const change = [{ employee: 'e1', day: 3, before: null, after: 'SB' }];
    const after = applyChanges(rows, change, 'after');
    expect(after[1]?.codes[3]).toBe('SB');
    expect(after[0]).toBe(rows[0]);
    expect(applyChanges(after, change, 'before')[1]?.codes[3]).toBeNull();
  });
});

describe('days', () => {
  it('heads a day with its number and short weekday in the UI language', () => {
    expect(dayHeader('2026-11-02', 'en')).toBe('2 Mon');
    expect(dayHeader('2026-11-02', 'id')).toBe('2 Sen');
  });
  it('steps months across the year end', () => {
    expect(stepMonth({ month: 12, year: 2026 }, 1)).toEqual({ month: 1, year: 2027 });
    expect(stepMonth({ month: 1, year: 2026 }, -1)).toEqual({ month: 12, year: 2025 });
  });
  it('finds the month’s holidays, ranges included', () => {
    const found = holidayDays(days, [{ name: 'Cuti bersama', start_date: '2026-10-30', end_date: '2026-11-02' }]);
    expect([...found.keys()]).toEqual(['2026-11-01', '2026-11-02']);
  });
});

describe('the sheet round trip', () => {
  it('imports an export back without a change, and reads unknown employees and codes as problems', () => {
    const rows = applyChanges(grid(2), [{ employee: 'e0', day: 5, before: null, after: 'N' }], 'after');
    const sheet = rosterSheet({ employeeId: 'Employee ID', name: 'Name' }, days, rows);
    expect(sheet[0]?.slice(0, 3)).toEqual(['Employee ID', 'Name', '2026-11-01']);
    const input = sheet
      .slice(1)
      .map((cells, index) => ({ line: index + 2, employeeText: cells[0]!, texts: cells.slice(2) }));
    const checked = checkImport(
      input,
      rows.map((row) => row.employee),
      book,
    );
    expect(checked.every((row) => row.problems.length === 0)).toBe(true);
    const mapped = new Set(days.map((_, day) => day));
    expect(importChanges(checked, rows, mapped, book)).toEqual([]);

    const edited = checkImport(
      [
        { line: 2, employeeText: 'emp-1', texts: ['off', 'ZZ'] },
        { line: 3, employeeText: 'EMP-9', texts: [] },
        { line: 4, employeeText: 'EMP-1', texts: [] },
      ],
      rows.map((row) => row.employee),
      book,
    );
    expect(edited.map((row) => row.problems)).toEqual([
      [{ field: 'day', day: 1, code: 'unknown_shift', text: 'ZZ' }],
      [{ field: 'employee_id', code: 'unknown_employee' }],
      [{ field: 'employee_id', code: 'duplicate_employee' }],
    ]);
    const good = checkImport(
      [{ line: 2, employeeText: 'emp-1', texts: ['off', '', 'm'] }],
      rows.map((r) => r.employee),
      book,
    );
    expect(importChanges(good, rows, new Set([0, 2]), book)).toEqual([
      { employee: 'e1', day: 0, before: null, after: 'OFF' },
      { employee: 'e1', day: 2, before: null, after: 'M' },
    ]);
  });
});
