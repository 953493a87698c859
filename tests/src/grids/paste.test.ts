import { describe, expect, it } from 'vitest';
import { type GridRow, type PasteInput, planPaste, validateRow } from '../../../src/grids/paste.ts';
import type { AnyColumn } from '../../../src/grids/types.ts';
import { col, employees, largePasteInput, makeContext } from './fixtures.ts';

const ctx = makeContext();

const code: AnyColumn = { field: 'code', kind: 'text', required: true };
const name: AnyColumn = { field: 'name', kind: 'text', required: true };
const salary: AnyColumn = { field: 'salary', kind: 'money', min: 0 };
const total: AnyColumn = { field: 'total', kind: 'computed', compute: () => 0 };
const createdAt: AnyColumn = { field: 'created_at', kind: 'date', editable: false };
const rule: AnyColumn = {
  field: 'rule',
  kind: 'enum',
  enum: { key: 'rule', values: ['government', 'custom'] },
};
/** Editable only when the rule is not the government's (spec: government_rule hides the rate). */
const rate: AnyColumn = {
  field: 'rate',
  kind: 'percent',
  editable: (row) => row.rule !== 'government',
};

const rows: GridRow[] = [
  { _id: 'r1', code: 'A1', name: 'Alpha', salary: 1000, total: 1, rule: 'custom', rate: 1 },
  { _id: 'r2', code: 'B2', name: 'Beta', salary: 2000, total: 2, rule: 'government', rate: null },
  { _id: 'r3', code: 'C3', name: 'Gamma', salary: 3000, total: 3, rule: 'custom', rate: 2.5 },
];

/** The grid's own rule: columns that can be edited, function-editable ones asked with the row. */
const isEditable = (row: GridRow, column: AnyColumn) =>
  typeof column.editable === 'function' ? column.editable(row) : column.editable !== false;

const plan = (overrides: Partial<PasteInput> & Pick<PasteInput, 'block'>) =>
  planPaste({
    rows,
    columns: [code, name, salary],
    start: { rowIndex: 0, columnIndex: 0 },
    ctx,
    canCreate: true,
    isEditable,
    ...overrides,
  });

describe('planPaste: existing rows', () => {
  it('pastes the block from the focused cell, with the values before for undo', () => {
    const result = plan({
      block: [
        ['Alpha 2', 'Rp 1.500'],
        ['Beta 2', '2.500'],
      ],
      start: { rowIndex: 0, columnIndex: 1 },
    });
    expect(result.updates).toEqual([
      { rowId: 'r1', before: { name: 'Alpha', salary: 1000 }, values: { name: 'Alpha 2', salary: 1500 }, errors: {} },
      { rowId: 'r2', before: { name: 'Beta', salary: 2000 }, values: { name: 'Beta 2', salary: 2500 }, errors: {} },
    ]);
    expect(result.creates).toEqual([]);
    expect(result.skipped).toBe(0);
    expect(result.counts).toEqual({ new: 0, changed: 2, invalid: 0 });
  });

  it('leaves unchanged values out, and rows with nothing changed', () => {
    const result = plan({
      block: [
        ['A1', 'Alpha', '1.000'],
        ['B2', 'Beta 2', '2000'],
      ],
    });
    expect(result.updates).toEqual([{ rowId: 'r2', before: { name: 'Beta' }, values: { name: 'Beta 2' }, errors: {} }]);
    expect(result.counts).toEqual({ new: 0, changed: 1, invalid: 0 });
  });

  it('flags refused cells and keeps the valid ones of the row', () => {
    const result = plan({ block: [['A1', 'Alpha 2', 'lots']], start: { rowIndex: 0, columnIndex: 0 } });
    expect(result.updates).toEqual([
      {
        rowId: 'r1',
        before: { name: 'Alpha' },
        values: { name: 'Alpha 2' },
        errors: { salary: { code: 'number', text: 'lots' } },
      },
    ]);
    expect(result.counts).toEqual({ new: 0, changed: 1, invalid: 1 });
  });

  it('counts a row with only errors as invalid, not changed', () => {
    const result = plan({ block: [['-5']], start: { rowIndex: 1, columnIndex: 2 } });
    expect(result.updates).toEqual([
      { rowId: 'r2', before: {}, values: {}, errors: { salary: { code: 'min', params: { min: 0 }, text: '-5' } } },
    ]);
    expect(result.counts).toEqual({ new: 0, changed: 0, invalid: 1 });
  });

  it('clears optional cells with blank text, and refuses to clear required ones', () => {
    const result = plan({ block: [['', '', '']] });
    expect(result.updates).toEqual([
      {
        rowId: 'r1',
        before: { salary: 1000 },
        values: { salary: null },
        errors: { code: { code: 'required' }, name: { code: 'required' } },
      },
    ]);
  });

  it('compares references by record: the same record is unchanged, another is a change', () => {
    const head = col.reference;
    const withHead: GridRow[] = [
      { _id: 'd1', head: employees[1] },
      { _id: 'd2', head: 'e2' },
      { _id: 'd3', head: employees[1] },
    ];
    const result = plan({ rows: withHead, columns: [head], block: [['Siti Rahayu'], ['e-002'], ['E-004']] });
    expect(result.updates).toEqual([
      { rowId: 'd3', before: { head: employees[1] }, values: { head: employees[3] }, errors: {} },
    ]);
  });

  it('skips cells of rows the user may not edit', () => {
    const result = plan({
      block: [['X'], ['Y']],
      isEditable: (row) => row._id !== 'r1',
      start: { rowIndex: 0, columnIndex: 1 },
    });
    expect(result.updates.map((update) => update.rowId)).toEqual(['r2']);
    expect(result.skipped).toBe(1);
  });

  it('skips cells past the last column, counting only non-blank ones', () => {
    const result = plan({ block: [['Alpha 2', '1000', 'extra', '', 'more']], start: { rowIndex: 0, columnIndex: 1 } });
    expect(result.updates).toEqual([
      { rowId: 'r1', before: { name: 'Alpha' }, values: { name: 'Alpha 2' }, errors: {} },
    ]);
    expect(result.skipped).toBe(2);
  });

  it('handles ragged blocks: short rows change only their cells', () => {
    const result = plan({ block: [['Q1', 'Alpha'], ['Q2']] });
    expect(result.updates).toEqual([
      { rowId: 'r1', before: { code: 'A1' }, values: { code: 'Q1' }, errors: {} },
      { rowId: 'r2', before: { code: 'B2' }, values: { code: 'Q2' }, errors: {} },
    ]);
  });

  it('follows display order: start is an index into the rows as shown', () => {
    const shown = [rows[2]!, rows[0]!, rows[1]!];
    const result = plan({ rows: shown, block: [['X'], ['Y']], start: { rowIndex: 1, columnIndex: 0 } });
    expect(result.updates.map((update) => [update.rowId, update.values.code])).toEqual([
      ['r1', 'X'],
      ['r2', 'Y'],
    ]);
  });
});

describe('planPaste: read-only columns in the block’s path', () => {
  const columns = [code, total, createdAt, name, salary];

  it('skips them: the next cell lands on the next editable column', () => {
    const result = plan({ columns, block: [['Q1', 'Alpha 2', '9.000']] });
    expect(result.updates).toEqual([
      {
        rowId: 'r1',
        before: { code: 'A1', name: 'Alpha', salary: 1000 },
        values: { code: 'Q1', name: 'Alpha 2', salary: 9000 },
        errors: {},
      },
    ]);
    expect(result.skipped).toBe(0);
  });

  it('starts at the next editable column when the focused one is read-only', () => {
    const result = plan({ columns, block: [['Alpha 2']], start: { rowIndex: 0, columnIndex: 1 } });
    expect(result.updates[0]!.values).toEqual({ name: 'Alpha 2' });
  });

  it("'occupy' lays the block over every column, skipping the cells on read-only ones", () => {
    const result = plan({
      columns,
      readOnlyColumns: 'occupy',
      block: [['Q1', '99', '2024-01-01', 'Alpha 2', '9.000']],
    });
    expect(result.updates[0]!.values).toEqual({ code: 'Q1', name: 'Alpha 2', salary: 9000 });
    expect(result.skipped).toBe(2);
  });

  it('does not shift the block for a column editable in some rows only: the cell is skipped', () => {
    const result = plan({
      columns: [rule, rate, name],
      start: { rowIndex: 0, columnIndex: 1 },
      block: [
        ['3', 'Alpha 2'],
        ['3', 'Beta 2'],
      ],
    });
    expect(result.updates).toEqual([
      { rowId: 'r1', before: { rate: 1, name: 'Alpha' }, values: { rate: 3, name: 'Alpha 2' }, errors: {} },
      { rowId: 'r2', before: { name: 'Beta' }, values: { name: 'Beta 2' }, errors: {} },
    ]);
    expect(result.skipped).toBe(1);
  });

  it('asks isEditable with the row as the cells to its left leave it', () => {
    const result = plan({
      columns: [rule, rate],
      block: [
        ['government', '3'],
        ['custom', '3'],
      ],
    });
    // Row 1 becomes 'government': its rate is no longer editable. Row 2 becomes 'custom': now it is.
    expect(result.updates).toEqual([
      { rowId: 'r1', before: { rule: 'custom' }, values: { rule: 'government' }, errors: {} },
      { rowId: 'r2', before: { rule: 'government', rate: null }, values: { rule: 'custom', rate: 3 }, errors: {} },
    ]);
    expect(result.skipped).toBe(1);
  });
});

describe('planPaste: rows past the end', () => {
  it('become new rows, with required errors for required columns left empty', () => {
    const result = plan({
      block: [
        ['C3', 'Gamma 2', '3000'],
        ['D4', 'Delta', '4.000'],
        ['', '', '5000'],
      ],
      start: { rowIndex: 2, columnIndex: 0 },
    });
    expect(result.updates).toEqual([
      { rowId: 'r3', before: { name: 'Gamma' }, values: { name: 'Gamma 2' }, errors: {} },
    ]);
    expect(result.creates).toEqual([
      { values: { code: 'D4', name: 'Delta', salary: 4000 }, errors: {} },
      { values: { salary: 5000 }, errors: { code: { code: 'required' }, name: { code: 'required' } } },
    ]);
    expect(result.counts).toEqual({ new: 2, changed: 1, invalid: 1 });
  });

  it('keeps a parse error rather than a required error on the same cell', () => {
    const result = plan({ block: [['E5', 'Epsilon', 'abc']], start: { rowIndex: 3, columnIndex: 0 } });
    expect(result.creates).toEqual([
      { values: { code: 'E5', name: 'Epsilon' }, errors: { salary: { code: 'number', text: 'abc' } } },
    ]);
    const required = plan({
      columns: [code, name, { ...salary, required: true }],
      block: [['E5', 'Epsilon', 'abc']],
      start: { rowIndex: 3, columnIndex: 0 },
    });
    expect(required.creates[0]!.errors).toEqual({ salary: { code: 'number', text: 'abc' } });
  });

  it('creates nothing for blank rows', () => {
    const result = plan({ block: [['', ' ', '']], start: { rowIndex: 3, columnIndex: 0 } });
    expect(result).toEqual({ updates: [], creates: [], skipped: 0, counts: { new: 0, changed: 0, invalid: 0 } });
  });

  it('are skipped, cell by cell, when the grid cannot create rows', () => {
    const result = plan({
      block: [
        ['A1', 'Alpha 2'],
        ['D4', 'Delta'],
        ['E5', ''],
      ],
      start: { rowIndex: 2, columnIndex: 0 },
      canCreate: false,
    });
    expect(result.updates).toEqual([
      { rowId: 'r3', before: { code: 'C3', name: 'Gamma' }, values: { code: 'A1', name: 'Alpha 2' }, errors: {} },
    ]);
    expect(result.creates).toEqual([]);
    expect(result.skipped).toBe(3);
  });

  it('asks isEditable about a new row with its values so far; not editable is not required', () => {
    const requiredRate = { ...rate, required: true };
    const seen: GridRow[] = [];
    const result = plan({
      columns: [rule, requiredRate],
      block: [
        ['government', '3'],
        ['custom', ''],
      ],
      start: { rowIndex: 3, columnIndex: 0 },
      isEditable: (row, column) => {
        seen.push({ ...row });
        return isEditable(row, column);
      },
    });
    expect(seen[0]).toEqual({ _id: '' });
    expect(seen[1]).toEqual({ _id: '', rule: 'government' });
    expect(result.creates).toEqual([
      { values: { rule: 'government' }, errors: {} },
      { values: { rule: 'custom' }, errors: { rate: { code: 'required' } } },
    ]);
    expect(result.skipped).toBe(1);
  });

  it('start below the last row: every row is new', () => {
    const result = plan({ block: [['X', 'Y']], start: { rowIndex: rows.length, columnIndex: 0 } });
    expect(result.creates).toEqual([{ values: { code: 'X', name: 'Y' }, errors: {} }]);
  });
});

describe('planPaste: input checks', () => {
  it('refuses a negative or fractional start', () => {
    expect(() => plan({ block: [['x']], start: { rowIndex: -1, columnIndex: 0 } })).toThrow(RangeError);
    expect(() => plan({ block: [['x']], start: { rowIndex: 0, columnIndex: 0.5 } })).toThrow(RangeError);
  });

  it('skips everything when the focused column is past the last', () => {
    expect(plan({ block: [['x', 'y']], start: { rowIndex: 0, columnIndex: 9 } }).skipped).toBe(2);
  });

  it('an empty block plans nothing', () => {
    expect(plan({ block: [] })).toEqual({
      updates: [],
      creates: [],
      skipped: 0,
      counts: { new: 0, changed: 0, invalid: 0 },
    });
  });
});

describe('planPaste: a large paste', () => {
  it('plans 1,000 rows × 8 columns onto 600 rows', () => {
    const input = largePasteInput();
    // Its speed is measured in bench/units.ts, not asserted here.
    const result = planPaste(input);
    expect(result.counts).toEqual({ new: 400, changed: 600, invalid: 0 });
    expect(result.creates[0]!.values.status).toBe('contract');
    expect(result.updates[599]!.rowId).toBe('r599');
  });
});

describe('validateRow', () => {
  const columns = [code, name, salary, total, createdAt, { ...rate, required: true }, rule];

  it('a new row: every required column that can be edited must be filled', () => {
    expect(validateRow(columns, { code: 'A', name: ' ' }, true)).toEqual({
      name: { code: 'required' },
      rate: { code: 'required' },
    });
    expect(validateRow(columns, { code: 'A', name: 'B', rule: 'government' }, true)).toEqual({});
  });

  it('an existing row: only the fields given, so clearing a required cell is an error', () => {
    expect(validateRow(columns, { name: null }, false)).toEqual({ name: { code: 'required' } });
    expect(validateRow(columns, { salary: null }, false)).toEqual({});
  });

  it('checks bounds of number values typed by hand', () => {
    expect(validateRow(columns, { salary: -1 }, false)).toEqual({ salary: { code: 'min', params: { min: 0 } } });
    expect(validateRow([rate], { rate: 120 }, false)).toEqual({ rate: { code: 'max', params: { max: 100 } } });
  });

  it('never requires computed, file or read-only columns', () => {
    const readOnly: AnyColumn[] = [
      { ...total, required: true },
      { field: 'photo', kind: 'file', required: true },
      { ...createdAt, required: true },
    ];
    expect(validateRow(readOnly, {}, true)).toEqual({});
  });
});
