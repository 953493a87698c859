import { describe, expect, it } from 'vitest';
import {
  assignColumn,
  detectHeaderRow,
  editDistance,
  headerScore,
  ID_FIELD,
  type ImportTarget,
  isTextCell,
  mapColumns,
  normalise,
  unmappedRequired,
} from '../../../../src/grids/import/mapping.ts';
import type { Cell } from '../../../../src/grids/import/protocol.ts';

/** Employee-like fields with their labels in en, id and zh, as `resources.<resource>.fields.<field>` has them. */
const targets: ImportTarget[] = [
  { field: 'employee_id', required: true, labels: ['Employee ID', 'ID Karyawan', '员工编号'] },
  { field: 'fullname', required: true, labels: ['Full name', 'Nama lengkap', '姓名'] },
  { field: 'department', required: false, labels: ['Department', 'Departemen', '部门'] },
  { field: 'join_date', required: false, labels: ['Join date', 'Tanggal masuk', '入职日期'] },
  { field: 'birth_date', required: false, labels: ['Birth date', 'Tanggal lahir', '出生日期'] },
  { field: 'salary', required: false, labels: ['Basic salary', 'Gaji pokok', '基本工资'] },
  { field: ID_FIELD, required: false, labels: [] },
];

describe('normalise', () => {
  it('ignores case, diacritics, punctuation and spacing', () => {
    expect(normalise('  Nômor  Rek. *')).toBe('nomor rek');
    expect(normalise('EMPLOYEE_ID')).toBe('employee id');
    expect(normalise('部门（名称）')).toBe('部门 名称');
  });

  it('counts edits', () => {
    expect(editDistance('department', 'departmen')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyzxyz', 2)).toBe(3);
  });
});

describe('detectHeaderRow', () => {
  it('skips title rows above the header, even a title merged across every column', () => {
    const title = 'Daftar Karyawan PT Maju Jaya';
    const rows: Cell[][] = [
      [title, title, title, title],
      ['Periode: Januari 2025'],
      [],
      ['ID Karyawan', 'Nama Lengkap', 'Departemen', 'Gaji Pokok'],
      ['E-001', 'Budi Santoso', 'Keuangan', 5_000_000],
    ];
    expect(detectHeaderRow(rows, targets)).toBe(3);
  });

  it('takes the first row that is mostly text and spans the sheet when no header is known', () => {
    const rows: Cell[][] = [['Report'], ['Kolom A', 'Kolom B', 'Kolom C'], ['x', 1, 2]];
    expect(detectHeaderRow(rows, targets)).toBe(1);
  });

  it('falls back to the first row', () => {
    expect(
      detectHeaderRow(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        targets,
      ),
    ).toBe(0);
    expect(detectHeaderRow([], targets)).toBe(0);
  });

  it('does not mistake numbers and dates for text', () => {
    expect(isTextCell('5.000.000')).toBe(false);
    expect(isTextCell('Rp 5.000')).toBe(false);
    expect(isTextCell('12,5%')).toBe(false);
    expect(isTextCell('2025-01-31')).toBe(false);
    expect(isTextCell('Nama')).toBe(true);
    expect(isTextCell(5)).toBe(false);
  });
});

describe('mapColumns', () => {
  it('maps Indonesian headers by their labels', () => {
    expect(mapColumns(['ID Karyawan', 'Nama Lengkap', 'Departemen', 'Tanggal Masuk'], targets)).toEqual([
      'employee_id',
      'fullname',
      'department',
      'join_date',
    ]);
  });

  it('maps English and Chinese labels and field names, ignoring case, punctuation and required marks', () => {
    expect(mapColumns(['FULL NAME *', '员工编号', 'join_date', 'BirthDate'], targets)).toEqual([
      'fullname',
      'employee_id',
      'join_date',
      'birth_date',
    ]);
  });

  it('maps near misses: typos, extra words, Chinese inside a longer header', () => {
    expect(mapColumns(['Departmen', 'Nama Lengkap Karyawan', '基本工资（元）', 'Tanggal lahr'], targets)).toEqual([
      'department',
      'fullname',
      'salary',
      'birth_date',
    ]);
  });

  it('does not confuse fields that share a word', () => {
    expect(mapColumns(['Tanggal Lahir', 'Tanggal Masuk'], targets)).toEqual(['birth_date', 'join_date']);
  });

  it('maps each field at most once: the best match wins, then the leftmost', () => {
    expect(mapColumns(['Departemen', 'Department', 'Dept'], targets)).toEqual(['department', null, null]);
    expect(mapColumns(['Nama', 'Nama Lengkap'], targets)).toEqual([null, 'fullname']);
  });

  it('leaves unknown, empty and numeric headers unmapped', () => {
    expect(mapColumns(['Catatan', null, 2025, ''], targets)).toEqual([null, null, null, null]);
  });

  it("maps '_id' only from a header that is exactly '_id'", () => {
    expect(mapColumns(['_id', 'Full name'], targets)).toEqual([ID_FIELD, 'fullname']);
    const idTarget = targets.at(-1)!;
    expect(mapColumns(['ID', 'id'], [idTarget])).toEqual([null, null]);
    expect(headerScore(' _ID ', idTarget)).toBe(1);
  });

  it('reports required fields without a column', () => {
    const mapping = mapColumns(['Nama Lengkap', 'Departemen'], targets);
    expect(unmappedRequired(mapping, targets)).toEqual(['employee_id']);
  });

  it('moves a field when the user gives it to another column', () => {
    const mapping = mapColumns(['Nama Lengkap', 'Departemen'], targets);
    expect(assignColumn(mapping, 1, 'fullname')).toEqual([null, 'fullname']);
    expect(assignColumn(mapping, 0, null)).toEqual([null, 'department']);
  });
});
