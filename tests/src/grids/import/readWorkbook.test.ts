import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ReadErrorCode } from '../../../../src/grids/import/protocol.ts';
import {
  cellValue,
  decodeText,
  detectDelimiter,
  formatKind,
  openWorkbook,
  parseWorkbook,
  ReadError,
  readSheet,
  serialToIso,
} from '../../../../src/grids/import/readWorkbook.ts';

const encoder = new TextEncoder();

/** An .xlsx written by SheetJS, as a user's file would arrive. */
function xlsx(sheets: Record<string, XLSX.WorkSheet>, hidden: string[] = []): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, sheet] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, sheet, name);
  if (hidden.length) {
    book.Workbook = { Sheets: book.SheetNames.map((name) => ({ name, Hidden: hidden.includes(name) ? 1 : 0 })) };
  }
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }));
}

function codeOf(run: () => unknown): ReadErrorCode | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ReadError) return error.code;
    throw error;
  }
}

/** A department list as people make them: a title, a merged group header, the header row, data, then blank rows. */
function departmentSheet(): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Daftar Departemen PT Maju Jaya'],
    ['Identitas', null, 'Keuangan', null, null],
    ['Kode', 'Nama', 'Anggaran', 'Mulai', 'Porsi'],
    ['FIN', 'Keuangan', 150_000_000, null, null],
    ['0042', 'Gudang', 2500.75, null, null],
    ['  ', '', null, null, null],
    ['', '   ', '', null, null],
  ]);
  // Dates and percentages as Excel stores them: numbers with a format.
  sheet.D4 = { t: 'n', v: 45_658, z: 'dd/mm/yyyy' }; // 2025-01-01
  sheet.E4 = { t: 'n', v: 0.125, z: '0.0%' };
  sheet.D5 = { t: 'n', v: 45_658.5, z: 'yyyy-mm-dd hh:mm' };
  sheet.E5 = { t: 'n', v: 0.3125, z: 'h:mm' };
  sheet['!ref'] = 'A1:E7';
  sheet['!merges'] = [
    { s: { r: 0, c: 0 }, e: { r: 0, c: 4 } },
    { s: { r: 1, c: 0 }, e: { r: 1, c: 1 } },
    { s: { r: 1, c: 2 }, e: { r: 1, c: 4 } },
  ];
  return sheet;
}

describe('parseWorkbook: .xlsx', () => {
  it('reads rows with merged cells filled, typed cells kept, and blank trailing rows and cells dropped', () => {
    const result = parseWorkbook(xlsx({ Departemen: departmentSheet() }), { fileName: 'departemen.xlsx' });
    expect(result.sheets).toEqual(['Departemen']);
    expect(result.sheet).toBe('Departemen');
    expect(result.truncated).toBe(false);
    const title = 'Daftar Departemen PT Maju Jaya';
    expect(result.rows).toEqual([
      [title, title, title, title, title],
      ['Identitas', 'Identitas', 'Keuangan', 'Keuangan', 'Keuangan'],
      ['Kode', 'Nama', 'Anggaran', 'Mulai', 'Porsi'],
      ['FIN', 'Keuangan', 150_000_000, '2025-01-01', '12.5%'],
      ['0042', 'Gudang', 2500.75, '2025-01-01T12:00', '07:30'],
    ]);
  });

  it('opens the first visible sheet with data, and any other on request', () => {
    const bytes = xlsx(
      {
        Hidden: XLSX.utils.aoa_to_sheet([['secret']]),
        Empty: XLSX.utils.aoa_to_sheet([]),
        Data: XLSX.utils.aoa_to_sheet([['Kode'], ['A']]),
        Other: XLSX.utils.aoa_to_sheet([['Nama'], ['B']]),
      },
      ['Hidden'],
    );
    const first = parseWorkbook(bytes, { fileName: 'book.xlsx' });
    expect(first.sheets).toEqual(['Empty', 'Data', 'Other']);
    expect(first.sheet).toBe('Data');
    expect(parseWorkbook(bytes, { fileName: 'book.xlsx', sheet: 'Other' }).rows).toEqual([['Nama'], ['B']]);
    expect(parseWorkbook(bytes, { fileName: 'book.xlsx', sheet: 'Empty' }).rows).toEqual([]);
  });

  it('keeps at most maxRows rows and says so', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`row ${i}`]);
    const book = openWorkbook(xlsx({ S: XLSX.utils.aoa_to_sheet(rows) }), {
      fileName: 'a.xlsx',
      limits: { maxRows: 10 },
    });
    const sheet = readSheet(book, 'S');
    expect(sheet.rows).toHaveLength(10);
    expect(sheet.truncated).toBe(true);
  });

  it('reports progress', () => {
    const seen: number[] = [];
    parseWorkbook(xlsx({ S: departmentSheet() }), { fileName: 'a.xlsx', onProgress: (p) => seen.push(p) });
    expect(seen[0]).toBe(5);
    expect(seen.at(-1)).toBe(90);
  });

  it('also reads the old .xls format', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Kode', 'Nama'],
        ['HR', 'SDM'],
      ]),
      'Sheet1',
    );
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'biff8' }));
    expect(parseWorkbook(bytes, { fileName: 'old.xls' }).rows).toEqual([
      ['Kode', 'Nama'],
      ['HR', 'SDM'],
    ]);
  });
});

describe('parseWorkbook: .csv', () => {
  it('reads semicolon CSV (Indonesian Excel) as text, keeping leading zeros and decimal commas', () => {
    const csv = '\uFEFFKode;Nama;Gaji\n007;"Budi; Jr";1.234,56\n;;\n';
    expect(parseWorkbook(encoder.encode(csv), { fileName: 'data.csv' }).rows).toEqual([
      ['Kode', 'Nama', 'Gaji'],
      ['007', 'Budi; Jr', '1.234,56'],
    ]);
  });

  it('reads comma and tab separated files, UTF-16 and Windows-1252 text', () => {
    expect(parseWorkbook(encoder.encode('a,b\n1,"x,y"\n'), { fileName: 'c.csv' }).rows).toEqual([
      ['a', 'b'],
      ['1', 'x,y'],
    ]);
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'Nama\tKota\r\nÉlise\t北京\r\n'].flatMap((ch) => {
        const code = ch.charCodeAt(0);
        return [code & 0xff, code >> 8];
      }),
    ]);
    expect(parseWorkbook(utf16, { fileName: 'unicode.csv' }).rows).toEqual([
      ['Nama', 'Kota'],
      ['Élise', '北京'],
    ]);
    expect(decodeText(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9]))).toBe('José');
  });

  it("reads tab-separated text saved as '.xls', as some systems export it", () => {
    expect(parseWorkbook(encoder.encode('Kode\tNama\nHR\tSDM\n'), { fileName: 'export.xls' }).rows).toEqual([
      ['Kode', 'Nama'],
      ['HR', 'SDM'],
    ]);
    expect(
      parseWorkbook(encoder.encode('<table><tr><td>Kode</td></tr><tr><td>HR</td></tr></table>'), {
        fileName: 'report.xls',
      }).rows,
    ).toEqual([['Kode'], ['HR']]);
  });

  it('detects the delimiter', () => {
    expect(detectDelimiter('a;b;c\n1;2,5;3\n')).toBe(';');
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a\tb\n1,5\t2\n')).toBe('\t');
    expect(detectDelimiter('name;salary\nBudi;1.234,56\n')).toBe(';');
    expect(detectDelimiter('"a;b",c\n"d;e",f\n')).toBe(',');
  });
});

describe('parseWorkbook: refusals', () => {
  it('names the problem with a code', () => {
    expect(codeOf(() => parseWorkbook(encoder.encode('hello'), { fileName: 'notes.docx' }))).toBe('not_spreadsheet');
    expect(codeOf(() => parseWorkbook(encoder.encode('PK\u0003\u0004garbage'), { fileName: 'x.xlsx' }))).toBe(
      'not_spreadsheet',
    );
    expect(codeOf(() => parseWorkbook(new Uint8Array(0), { fileName: 'x.xlsx' }))).toBe('empty');
    expect(codeOf(() => parseWorkbook(encoder.encode(' \n\n'), { fileName: 'x.csv' }))).toBe('empty');
    expect(codeOf(() => parseWorkbook(encoder.encode('a,b'), { fileName: 'x.csv', limits: { maxFileBytes: 2 } }))).toBe(
      'too_large',
    );
    const bytes = xlsx({ S: departmentSheet() });
    expect(codeOf(() => parseWorkbook(bytes, { fileName: 'x.xlsx', limits: { maxUnpackedBytes: 1000 } }))).toBe(
      'too_large',
    );
  });
});

describe('cells', () => {
  it('tells dates, times and percentages from number formats', () => {
    expect(formatKind('General')).toBeNull();
    expect(formatKind('#,##0')).toBeNull();
    expect(formatKind('"Rp "#,##0;-"Rp "#,##0')).toBeNull();
    expect(formatKind('General"%"')).toBeNull();
    expect(formatKind('0.00%')).toBe('percent');
    expect(formatKind('dd/mm/yyyy')).toBe('date');
    expect(formatKind('[$-421]d mmmm yyyy;@')).toBe('date');
    expect(formatKind('mmm-yy')).toBe('date');
    expect(formatKind('h:mm AM/PM')).toBe('time');
    expect(formatKind('[h]:mm:ss')).toBe('time');
    expect(formatKind('yyyy-mm-dd hh:mm')).toBe('datetime');
    expect(formatKind(14)).toBe('date');
    expect(formatKind(10)).toBe('percent');
  });

  it('converts Excel serials in both date systems', () => {
    expect(serialToIso(1)).toEqual({ date: '1900-01-01', time: '00:00' });
    expect(serialToIso(61)).toEqual({ date: '1900-03-01', time: '00:00' });
    expect(serialToIso(45_658.75)).toEqual({ date: '2025-01-01', time: '18:00' });
    expect(serialToIso(0, true).date).toBe('1904-01-01');
    expect(serialToIso(0.999_999_9).date).toBe('1900-01-01');
  });

  it('keeps numbers clean and errors visible', () => {
    expect(cellValue({ t: 'n', v: 0.1 + 0.2 })).toBe(0.3);
    expect(cellValue({ t: 'b', v: true })).toBe(true);
    expect(cellValue({ t: 'e', v: 42, w: '#N/A' })).toBe('#N/A');
    expect(cellValue({ t: 'z' })).toBeNull();
    expect(cellValue(undefined)).toBeNull();
  });
});
