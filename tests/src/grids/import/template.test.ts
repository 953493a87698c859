import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createEnumLookup } from '../../../../src/grids/enumLookup.ts';
import { detectHeaderRow, ID_FIELD, mapColumns } from '../../../../src/grids/import/mapping.ts';
import { createMatcher, draftRows, evaluateRow } from '../../../../src/grids/import/preview.ts';
import { parseWorkbook } from '../../../../src/grids/import/readWorkbook.ts';
import { importableColumns, templateBook } from '../../../../src/grids/import/template.ts';
import { createReferenceIndex } from '../../../../src/grids/references.ts';
import { makeI18n, spec, tFor } from './fixtures.ts';

const head = { _id: 'e1', fullname: 'Budi Santoso', employee_id: 'E-001' };

function written(language: 'en' | 'id' = 'en') {
  const book = templateBook(XLSX, spec, tFor(language), { head });
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }));
}

describe('templateBook', () => {
  it('has the importable columns as translated headers, required ones marked', () => {
    const back = XLSX.read(written('id'), { type: 'array' });
    expect(back.SheetNames).toEqual(['Staf', 'Pilihan']);
    const [header] = XLSX.utils.sheet_to_json<string[]>(back.Sheets.Staf!, { header: 1 });
    expect(header).toEqual([
      'Kode *',
      'Nama *',
      'Gaji',
      'Tarif',
      'Jam',
      'Tanggal masuk',
      'Jam mulai',
      'Status kepegawaian',
      'Aktif',
      'Kepala',
      'Catatan',
    ]);
    expect(importableColumns(spec).map((column) => column.field)).not.toContain('photo');
  });

  it('has one example row with a plausible value per kind', () => {
    const back = XLSX.read(written(), { type: 'array', cellNF: true });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(back.Sheets.Staff!, { header: 1, raw: true });
    expect(rows).toHaveLength(2);
    const [code, name, salary, rate, hours, joined, start, status, active, chief, notes] = rows[1]!;
    expect([code, name]).toEqual(['Example', 'Example']);
    expect([salary, rate, hours]).toEqual([5_000_000, 5, 10]);
    expect(joined).toBeInstanceOf(Date);
    expect(back.Sheets.Staff!.F2).toMatchObject({ t: 'n', z: 'yyyy-mm-dd' });
    expect(back.Sheets.Staff!.G2).toMatchObject({ t: 'n', z: 'hh:mm' });
    expect(start).toBeInstanceOf(Date);
    expect([status, active, chief, notes]).toEqual(['Permanent', 'Yes', 'Budi Santoso', 'An example note']);
  });

  it("lists each enum column's choices, translated, on a second sheet", () => {
    const back = XLSX.read(written('id'), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(back.Sheets.Pilihan!, { header: 1 })).toEqual([
      ['Status kepegawaian'],
      ['Tetap'],
      ['Kontrak'],
      ['Masa Percobaan'],
    ]);
  });

  it('imports back as one valid new row', () => {
    const sheet = parseWorkbook(written('id'), { fileName: 'staff-template.xlsx' });
    const columns = new Map(importableColumns(spec).map((column) => [column.field, column]));
    const i18n = makeI18n('id');
    const targets = [
      ...[...columns.values()].map((column) => ({
        field: column.field,
        required: Boolean(column.required),
        labels: ['en', 'id', 'zh'].map((code) =>
          String(i18n.getResource(code, 'translation', `resources.staff.fields.${column.field}`)),
        ),
      })),
      { field: ID_FIELD, required: false, labels: [] },
    ];
    const headerRow = detectHeaderRow(sheet.rows, targets);
    expect(headerRow).toBe(0);
    const mapping = mapColumns(sheet.rows[0]!, targets);
    expect(mapping).toEqual([...columns.keys()]);
    const [draft] = draftRows(sheet.rows, headerRow, mapping, columns);
    const row = evaluateRow(draft!, {
      columns,
      parse: {
        enumLookup: createEnumLookup(i18n),
        references: createReferenceIndex({ '/v1/employees': [head] }),
      },
      match: createMatcher(spec, []),
    });
    expect(row.errors).toEqual({});
    expect(row.status).toBe('new');
    expect(row.values).toMatchObject({
      code: 'Contoh',
      salary: 5_000_000,
      rate: 5,
      start: '08:00',
      status: 'permanent',
      active: true,
      head,
    });
  });
});
