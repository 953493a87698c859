import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createEnumLookup } from '../../../../src/grids/enumLookup.ts';
import { columnName, failedRowsBook } from '../../../../src/grids/import/failedRows.ts';
import { ID_FIELD } from '../../../../src/grids/import/mapping.ts';
import {
  applyServerReport,
  bulkRow,
  cellText,
  countRows,
  createMatcher,
  type DraftRow,
  draftRow,
  draftRows,
  type Evaluator,
  evaluateRow,
  mapInSlices,
  mappedColumns,
  markDuplicates,
} from '../../../../src/grids/import/preview.ts';
import type { Cell } from '../../../../src/grids/import/protocol.ts';
import { importableColumns } from '../../../../src/grids/import/template.ts';
import { createReferenceIndex } from '../../../../src/grids/references.ts';
import { makeI18n, spec } from './fixtures.ts';

const employees = [
  { _id: 'e1', fullname: 'Budi Santoso', employee_id: 'E-001' },
  { _id: 'e2', fullname: 'Siti Rahayu', employee_id: 'E-002' },
];
const columns = new Map(importableColumns(spec).map((column) => [column.field, column]));
const existing = [{ _id: '7d3f3c52-6a57-4b55-9a1d-2f8d3c9e0a11', code: 'HR', name: 'Human resources' }];
const evaluator: Evaluator = {
  columns,
  parse: {
    enumLookup: createEnumLookup(makeI18n()),
    references: createReferenceIndex({ '/v1/employees': employees }),
  },
  match: createMatcher(spec, existing),
};

let line = 1;
const draft = (texts: Record<string, string>): DraftRow => ({ key: `r${++line}`, line, source: [], texts });

describe('cellText', () => {
  it('gives parseCell the text it reads back', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('true');
    expect(cellText(2500.75)).toBe('2500.75');
    // '123.456' would read as thousands: the trailing zero keeps it a decimal.
    expect(cellText(123.456)).toBe('123.4560');
    expect(cellText('2025-01-01T08:30', columns.get('start'))).toBe('08:30');
    expect(cellText('2025-01-01T08:30', columns.get('join_date'))).toBe('2025-01-01T08:30');
  });
});

describe('draftRows', () => {
  it('takes the rows under the header that fill a mapped column', () => {
    const rows: Cell[][] = [
      ['Title'],
      ['Code', 'Note', 'Name'],
      ['A', 'x', 'Alpha'],
      [null, 'only unmapped'],
      ['B', null, 5],
    ];
    const drafts = draftRows(rows, 1, ['code', null, 'name'], columns);
    expect(drafts).toEqual([
      { key: 'r3', line: 3, source: rows[2], texts: { code: 'A', name: 'Alpha' } },
      { key: 'r5', line: 5, source: rows[4], texts: { code: 'B', name: '5' } },
    ]);
  });
});

describe('draftRow', () => {
  it('reads one sheet row through the mapped columns, or nothing when they are all empty', () => {
    const mapped = mappedColumns(['code', null, 'name'], columns);
    expect(mapped.map(({ index, field }) => [index, field])).toEqual([
      [0, 'code'],
      [2, 'name'],
    ]);
    expect(draftRow(['A', 'x', 'Alpha'], 2, mapped)).toEqual({
      key: 'r3',
      line: 3,
      source: ['A', 'x', 'Alpha'],
      texts: { code: 'A', name: 'Alpha' },
    });
    expect(draftRow([' ', 'only unmapped'], 3, mapped)).toBeNull();
  });
});

describe('mapInSlices', () => {
  const items = Array.from({ length: 10 }, (_, i) => i);

  it('maps every item in order, yielding between slices', async () => {
    let yields = 0;
    const yieldTo = async () => {
      yields++;
    };
    expect(
      await mapInSlices(items, (item, index) => item * 10 + index, undefined, { sliceMs: 60_000, yieldTo }),
    ).toEqual(items.map((item) => item * 11));
    expect(yields).toBe(0);
    // A slice of 0 ms holds one item: a yield before each of the others.
    expect(await mapInSlices(items, (item) => item, undefined, { sliceMs: 0, yieldTo })).toEqual(items);
    expect(yields).toBe(9);
  });

  it('stops at the next yield once cancelled, with null', async () => {
    let cancelled = false;
    const seen: number[] = [];
    const result = await mapInSlices(
      items,
      (item) => {
        seen.push(item);
        if (item === 3) cancelled = true;
        return item;
      },
      () => cancelled,
      { sliceMs: 0, yieldTo: async () => {} },
    );
    expect(result).toBeNull();
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('yields to the browser by default', async () => {
    expect(await mapInSlices(items, (item) => item + 1, undefined, { sliceMs: 0 })).toEqual(
      items.map((item) => item + 1),
    );
  });
});

describe('evaluateRow', () => {
  it('parses a new row into API values', () => {
    const row = evaluateRow(
      draft({
        code: 'FIN',
        name: 'Keuangan',
        salary: 'Rp 5.000.000',
        status: 'Kontrak',
        head: 'e-002',
        join_date: '31/01/2025',
      }),
      evaluator,
    );
    expect(row.status).toBe('new');
    expect(row.errors).toEqual({});
    expect(bulkRow(row, columns)).toEqual({
      code: 'FIN',
      name: 'Keuangan',
      salary: 5_000_000,
      status: 'contract',
      head: 'e2',
      join_date: '2025-01-31',
    });
  });

  it('matches an existing row by natural key, case-insensitively, and sends only filled cells', () => {
    const row = evaluateRow(draft({ code: ' hr ', name: '', salary: '7500000' }), evaluator);
    expect(row.status).toBe('update');
    expect(bulkRow(row, columns)).toEqual({ _id: existing[0]!._id, code: 'hr', salary: 7_500_000 });
  });

  it('matches by _id and refuses an _id that is no id', () => {
    const byId = evaluateRow(draft({ [ID_FIELD]: existing[0]!._id.toUpperCase(), name: 'HR' }), evaluator);
    expect(byId.existingId).toBe(existing[0]!._id);
    expect(byId.status).toBe('update');
    const bad = evaluateRow(draft({ [ID_FIELD]: '42', code: 'X', name: 'Y' }), evaluator);
    expect(bad.errors).toEqual({ [ID_FIELD]: { code: 'badId' } });
  });

  it('flags cells that do not parse and required fields a new row lacks', () => {
    const row = evaluateRow(draft({ code: '', salary: '12,5', head: 'Nobody', status: 'Retired' }), evaluator);
    expect(row.status).toBe('invalid');
    expect(row.errors).toEqual({
      code: { code: 'required' },
      name: { code: 'required' },
      salary: { code: 'integer' },
      head: { code: 'reference', params: { value: 'Nobody' } },
      status: { code: 'enum', params: { value: 'Retired' } },
    });
  });
});

describe('rows together', () => {
  it('flags natural keys that repeat in the file, and clears the flag once fixed', () => {
    const rows = [
      evaluateRow(draft({ code: 'OPS', name: 'One' }), evaluator),
      evaluateRow(draft({ code: 'ops', name: 'Two' }), evaluator),
      evaluateRow(draft({ code: 'IT', name: 'Three' }), evaluator),
    ];
    const marked = markDuplicates(rows, 'code');
    expect(marked.map((row) => row.status)).toEqual(['invalid', 'invalid', 'new']);
    expect(marked[0]!.errors.code).toEqual({ code: 'duplicate' });
    expect(countRows(marked)).toEqual({ total: 3, new: 1, update: 0, invalid: 2 });

    const fixed = marked.slice();
    fixed[1] = evaluateRow({ ...marked[1]!, texts: { ...marked[1]!.texts, code: 'OPS2' } }, evaluator);
    expect(markDuplicates(fixed, 'code').map((row) => row.status)).toEqual(['new', 'new', 'new']);
  });

  it("puts the server's row problems on the rows that were sent", () => {
    const rows = [
      evaluateRow(draft({ code: 'A', name: 'One' }), evaluator),
      evaluateRow(draft({ code: 'B', name: 'Two' }), evaluator),
      evaluateRow(draft({ code: 'C', name: 'Three' }), evaluator),
    ];
    const sent = [rows[0]!, rows[2]!];
    const after = applyServerReport(
      rows,
      sent,
      [
        { index: 0, status: 'created' },
        { index: 1, status: 'invalid', fields: { name: { code: 'maxLength', message: 'too long' } } },
      ],
      (error) => `server said ${error.code}`,
    );
    expect(after.map((row) => row.status)).toEqual(['new', 'new', 'invalid']);
    expect(after[2]!.errors).toEqual({ name: { code: 'server', message: 'server said maxLength' } });
  });
});

describe('failed rows', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it("writes the file's columns, the corrections and a reason per row", () => {
    const source: Cell[] = ['x', 'Keuangan', 12.5, '=1+1'];
    const row = evaluateRow({ key: 'r2', line: 2, source, texts: { code: 'x', name: 'Keuangan!' } }, evaluator);
    const book = failedRowsBook(XLSX, {
      header: ['Kode', 'Nama', null],
      mapping: ['code', 'name', null, null],
      columns,
      rows: [{ ...row, errors: { code: { code: 'duplicate' } } }],
      reason: () => 'Code: twice',
      reasonHeader: 'Reason',
      sheetName: 'Failed rows',
    });
    expect(XLSX.utils.sheet_to_json(book.Sheets['Failed rows']!, { header: 1 })).toEqual([
      ['Kode', 'Nama', 'C', 'D', 'Reason'],
      ['x', 'Keuangan!', 12.5, "'=1+1", 'Code: twice'],
    ]);
  });
});

describe('createMatcher', () => {
  it('matches by _id, then the natural key, then the import route’s other keys, case-insensitively', () => {
    const people = [
      { _id: 'p1', employee_id: 'E-1', ktp_number: '3174000000000001', email: 'budi@example.test' },
      { _id: 'p2', employee_id: 'E-2', ktp_number: null, email: 'SITI@example.test' },
    ];
    const match = createMatcher(
      {
        ...spec,
        naturalKey: 'employee_id',
        importWith: { path: '/v1/employees/import', matchKeys: ['ktp_number', 'email'] },
      },
      people,
    );
    expect(match({}, 'given')).toBe('given');
    expect(match({ employee_id: 'e-2' }, null)).toBe('p2');
    expect(match({ ktp_number: '3174000000000001' }, null)).toBe('p1');
    expect(match({ email: 'siti@EXAMPLE.test' }, null)).toBe('p2');
    expect(match({ employee_id: 'E-9', email: 'new@example.test' }, null)).toBeNull();
    // Without an import route only the natural key counts.
    expect(
      createMatcher({ ...spec, naturalKey: 'employee_id' }, people)({ email: 'budi@example.test' }, null),
    ).toBeNull();
  });
});
