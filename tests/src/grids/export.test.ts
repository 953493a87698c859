import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { csvText, dateSerial, exportSheet, fileDate, numberFormats, sheetName } from '../../../src/grids/export.ts';
import { cellValue } from '../../../src/grids/import/readWorkbook.ts';
import { columns, spec, tFor } from './import/fixtures.ts';

const t = tFor('en');
const visible = columns.filter((column) => column.field !== 'photo');

const rows = [
  {
    _id: 'a',
    code: '=HYPERLINK("http://evil","x")',
    name: '-5',
    salary: 5_000_000,
    rate: 12.5,
    hours: 7.5,
    join_date: '2025-01-31',
    start: '08:30:00',
    status: 'contract',
    active: true,
    head: { _id: 'e1', fullname: '@Budi', employee_id: 'E-001' },
    notes: '\tcmd',
    total: null,
    created_at: '2025-01-31T20:00:00Z',
  },
  { _id: 'b', code: 'HR', name: 'Sumber Daya', salary: -2500, rate: 0, join_date: null, status: null },
];

/** Writes the sheet as a real .xlsx and reads it back, as Excel would see it. */
function roundTrip(sheet: XLSX.WorkSheet) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Export');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
  const back = XLSX.read(bytes, { type: 'array', cellNF: true, dense: true });
  return back.Sheets.Export!['!data'] as XLSX.CellObject[][];
}

const at = (data: XLSX.CellObject[][], row: number, field: string) =>
  data[row]?.[visible.findIndex((column) => column.field === field)];

describe('exportSheet (.xlsx)', () => {
  const data = roundTrip(exportSheet(XLSX, spec, rows, visible, t, 'xlsx'));

  it('writes translated headers in view order', () => {
    expect(data[0]!.map((cell) => cell.v)).toEqual([
      'Code',
      'Name',
      'Salary',
      'Rate',
      'Hours',
      'Join date',
      'Start time',
      'Status',
      'Active',
      'Head',
      'Notes',
      'Total',
      'Created',
    ]);
    const indonesian = roundTrip(exportSheet(XLSX, spec, rows, visible, tFor('id'), 'xlsx'));
    expect(indonesian[0]!.slice(0, 3).map((cell) => cell.v)).toEqual(['Kode', 'Nama', 'Gaji']);
  });

  it('writes money as whole rupiah in numeric cells with a rupiah format', () => {
    expect(at(data, 1, 'salary')).toMatchObject({ t: 'n', v: 5_000_000, z: numberFormats.money });
    expect(at(data, 2, 'salary')).toMatchObject({ t: 'n', v: -2500 });
    expect(at(data, 1, 'rate')).toMatchObject({ t: 'n', v: 12.5 });
    expect(at(data, 2, 'rate')).toMatchObject({ t: 'n', v: 0 });
    expect(at(data, 1, 'hours')).toMatchObject({ t: 'n', v: 7.5 });
  });

  it('writes dates and times as real spreadsheet dates that import back to the same value', () => {
    expect(at(data, 1, 'join_date')).toMatchObject({ t: 'n', v: dateSerial('2025-01-31'), z: numberFormats.date });
    expect(cellValue(at(data, 1, 'join_date'))).toBe('2025-01-31');
    expect(cellValue(at(data, 1, 'start'))).toBe('08:30');
    // A timestamp is its day in Asia/Jakarta: 20:00 UTC is 03:00 the next day there.
    expect(cellValue(at(data, 1, 'created_at'))).toBe('2025-02-01');
    expect(cellValue(at(data, 1, 'rate'))).toBe(12.5);
  });

  it('writes enums, booleans and references as labels', () => {
    expect(at(data, 1, 'status')?.v).toBe('Contract');
    expect(at(data, 1, 'active')?.v).toBe('Yes');
    expect(at(data, 1, 'head')?.v).toBe("'@Budi");
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(at(data, 1, 'code')).toMatchObject({ t: 's', v: `'=HYPERLINK("http://evil","x")` });
    expect(at(data, 1, 'name')).toMatchObject({ t: 's', v: "'-5" });
    expect(at(data, 1, 'notes')?.v).toBe("'\tcmd");
    expect(at(data, 2, 'name')?.v).toBe('Sumber Daya');
  });

  it('leaves empty values empty and computes computed columns', () => {
    expect(at(data, 2, 'join_date')).toBeUndefined();
    expect(at(data, 2, 'status')).toBeUndefined();
    expect(at(data, 1, 'total')).toMatchObject({ t: 'n', v: 10_000_000 });
  });
});

describe('exportSheet (.csv)', () => {
  const csv = csvText(XLSX, exportSheet(XLSX, spec, rows, visible, t, 'csv'));
  const lines = csv.split('\n');

  it('starts with a UTF-8 byte order mark', () => {
    expect(csv.startsWith('\uFEFFCode,Name,Salary')).toBe(true);
  });

  it('writes plain numbers, ISO dates and neutralised text', () => {
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil"",""x"")",'-5,5000000,12.5,7.5,2025-01-31,08:30,Contract,Yes,'@Budi,'\tcmd,10000000,2025-02-01`,
    );
    expect(lines[2]).toBe('HR,Sumber Daya,-2500,0,,,,,,,,-5000,');
  });

  it('writes large amounts without exponents', () => {
    const big = csvText(XLSX, exportSheet(XLSX, spec, [{ salary: 1_234_567_890_123 }], visible, t, 'csv'));
    expect(big).toContain(',1234567890123,');
  });
});

describe('file names', () => {
  it('dates the file in Asia/Jakarta', () => {
    expect(fileDate(new Date('2025-01-31T18:00:00Z'))).toBe('20250201');
  });

  it('makes valid sheet names', () => {
    expect(sheetName('Gaji [2025]: Jan/Feb?')).toBe('Gaji  2025   Jan Feb');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('  ', 'Data')).toBe('Data');
  });
});
