import { describe, expect, it } from 'vitest';
import {
  boundsError,
  cellErrorKeys,
  cellErrorText,
  displayCell,
  formatCell,
  isPasteableKind,
  parseCell,
  sameCellValue,
} from '../../../src/grids/parse.ts';
import type { AnyColumn, CellErrorCode, ColumnKind, Parsed } from '../../../src/grids/types.ts';
import { col, employees, makeContext, tFor } from './fixtures.ts';

const ctx = makeContext();
const t = tFor('en');
const parse = (column: AnyColumn, text: string) => parseCell(column, text, ctx);
const value = (v: unknown): Parsed => ({ ok: true, value: v });
const error = (code: CellErrorCode, params?: Record<string, string | number>): Parsed => ({
  ok: false,
  error: params ? { code, params } : { code },
});

describe('parseCell: blank cells', () => {
  it.each(Object.values(col).filter((column) => isPasteableKind(column.kind)))('%o: blank is null', (column) => {
    expect(parse(column, '')).toEqual(value(null));
    expect(parse(column, '  \t ')).toEqual(value(null));
  });
});

describe('parseCell: number', () => {
  it.each([
    ['5000000', 5_000_000],
    ['5.000.000', 5_000_000],
    ['5,000,000', 5_000_000],
    ['5 000 000', 5_000_000],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567,89', 1_234_567.89],
    ['1,234,567.89', 1_234_567.89],
    // One separator with exactly three digits after a 1–3 digit whole part: thousands.
    ['5.000', 5000],
    ['5,000', 5000],
    ['123.456', 123_456],
    // Anything else: the decimal mark.
    ['2,5', 2.5],
    ['2.5', 2.5],
    ['2.50', 2.5],
    ['0.125', 0.125],
    ['0,125', 0.125],
    ['1234.567', 1234.567],
    ['1234,5678', 1234.5678],
    ['.5', 0.5],
    [',5', 0.5],
    ['-7', -7],
    ['+7', 7],
    ['\u22127', -7],
    ['(1.500)', -1500],
    ['-1.234,5', -1234.5],
    ['-0', 0],
    ['007', 7],
    ['  42  ', 42],
    ['1.5E+07', 15_000_000],
    ['1e3', 1000],
    ['１２３', 123],
  ])('%j → %d', (text, expected) => {
    const parsed = parse(col.number, text);
    expect(parsed).toEqual(value(expected));
  });

  it('never gives -0', () => {
    const parsed = parse(col.number, '-0');
    expect(parsed.ok && Object.is(parsed.value, 0)).toBe(true);
  });

  it.each([
    'abc',
    '12abc',
    '1.2.3',
    '1,2,3',
    '1.23.456',
    '1.234,5.6',
    '1,234,5',
    '5.',
    '5,',
    '1.2,3',
    '--5',
    '(-5)',
    '5 5',
    '12 34',
    'Rp 5.000',
    '5%',
    '1/2',
    '.',
  ])('%j is no number', (text) => {
    expect(parse(col.number, text)).toEqual(error('number'));
  });

  it('checks min and max, with the bound as a param', () => {
    expect(parse(col.bounded, '-1')).toEqual(error('min', { min: 0 }));
    expect(parse(col.bounded, '32')).toEqual(error('max', { max: 31 }));
    expect(parse(col.bounded, '0')).toEqual(value(0));
    expect(parse(col.bounded, '31')).toEqual(value(31));
  });
});

describe('parseCell: money (integer rupiah)', () => {
  it.each([
    ['5000000', 5_000_000],
    ['5.000.000', 5_000_000],
    ['5,000,000', 5_000_000],
    ['Rp 5.000.000', 5_000_000],
    ['Rp5,000,000', 5_000_000],
    ['Rp. 5.000.000', 5_000_000],
    ['rp 5.000', 5000],
    ['IDR 5.000.000', 5_000_000],
    ['5.000.000 IDR', 5_000_000],
    ['5.000.000,00', 5_000_000],
    ['5,000,000.00', 5_000_000],
    ['Rp 5.000.000,00', 5_000_000],
    ['Rp 0,00', 0],
    ['0', 0],
    ['-2500', -2500],
    ['-Rp 2.500', -2500],
    ['Rp -2.500', -2500],
    ['(Rp 2.500)', -2500],
    ['Rp (2.500)', -2500],
    ['(2.500)', -2500],
    ['Rp\u00a05.000.000', 5_000_000],
    ['Rp 5.000.000,-', 5_000_000],
    ['5.000,-', 5000],
    ['35.000.000.000', 35_000_000_000],
  ])('%j → %d', (text, expected) => {
    expect(parse(col.money, text)).toEqual(value(expected));
  });

  it.each(['5.000,50', '5,000.5', '1,5', '0.5', 'Rp 2,5'])('%j has a fraction: integer', (text) => {
    expect(parse(col.money, text)).toEqual(error('integer'));
  });

  it.each(['Rp', 'lima juta', 'USD 5', '$5', '1.2.3', '99999999999999999999'])('%j is refused', (text) => {
    expect(parse(col.money, text)).toEqual(error('number'));
  });

  it('checks bounds', () => {
    const column: AnyColumn = { field: 'salary', kind: 'money', min: 0, max: 100_000_000 };
    expect(parse(column, '-1')).toEqual(error('min', { min: 0 }));
    expect(parse(column, 'Rp 100.000.001')).toEqual(error('max', { max: 100_000_000 }));
  });
});

describe('parseCell: percent (a number 0–100, at most 2 decimals)', () => {
  it.each([
    ['2,5%', 2.5],
    ['2.5', 2.5],
    ['0.24 %', 0.24],
    ['0,24%', 0.24],
    ['1.74', 1.74],
    ['100%', 100],
    ['0', 0],
    ['5', 5],
    ['2,500%', 2.5],
    ['12.50', 12.5],
    ['0.1', 0.1],
  ])('%j → %d', (text, expected) => {
    expect(parse(col.percent, text)).toEqual(value(expected));
  });

  it.each(['0.125', '2.555%', 'abc', '%', '5%%', '1.2.3'])('%j is refused', (text) => {
    expect(parse(col.percent, text)).toEqual(error('percent'));
  });

  it('is 0–100 unless the column says otherwise', () => {
    expect(parse(col.percent, '101')).toEqual(error('max', { max: 100 }));
    expect(parse(col.percent, '-1%')).toEqual(error('min', { min: 0 }));
    expect(parse({ field: 'r', kind: 'percent', max: 10 }, '10,5')).toEqual(error('max', { max: 10 }));
    expect(parse({ field: 'r', kind: 'percent', min: -50 }, '-20%')).toEqual(value(-20));
  });
});

describe('parseCell: date', () => {
  it.each([
    ['31/12/2024', '2024-12-31'],
    ['01/02/2024', '2024-02-01'],
    ['1/2/2024', '2024-02-01'],
    ['31-12-2024', '2024-12-31'],
    ['31.12.2024', '2024-12-31'],
    ['31/12/24', '2024-12-31'],
    ['1/1/29', '2029-01-01'],
    ['1/1/30', '1930-01-01'],
    ['2024-12-31', '2024-12-31'],
    ['2024/1/5', '2024-01-05'],
    ['2024-01-31 08:30', '2024-01-31'],
    ['2024-01-31T08:30:00', '2024-01-31'],
    ['31/01/2024 8:30:00', '2024-01-31'],
    ['20240131', '2024-01-31'],
    ['29/02/2024', '2024-02-29'],
    // Excel serial days, 1900 date system.
    ['45292', '2024-01-01'],
    ['45292.75', '2024-01-01'],
    ['1', '1900-01-01'],
    ['59', '1900-02-28'],
    ['61', '1900-03-01'],
    ['2958465', '9999-12-31'],
    // Month names in English and Indonesian.
    ['1 Jan 2024', '2024-01-01'],
    ['1 Januari 2024', '2024-01-01'],
    ['17 Agustus 1945', '1945-08-17'],
    ['17 Agu 2025', '2025-08-17'],
    ['5 Mei 2024', '2024-05-05'],
    ['25 Des 2024', '2024-12-25'],
    ['10 Okt 2024', '2024-10-10'],
    ['01-Mar-2024', '2024-03-01'],
    ['1st Jan 25', '2025-01-01'],
    ['22nd Sept 2024', '2024-09-22'],
    ['January 5, 2024', '2024-01-05'],
    ['Feb. 29, 2024', '2024-02-29'],
    ['3 MARET 2024', '2024-03-03'],
    ['2024年1月5日', '2024-01-05'],
    ['  31/12/2024  ', '2024-12-31'],
  ])('%j → %s', (text, expected) => {
    expect(parse(col.date, text)).toEqual(value(expected));
  });

  it.each([
    '31/02/2024',
    '29/02/2023',
    '31/04/2024',
    '00/01/2024',
    '12/25/2024',
    '2024-13-01',
    '2024-02-30',
    '60',
    '0',
    '2958466',
    '2024',
    '1999',
    '1 Foo 2024',
    '32 Jan 2024',
    'yesterday',
    '2024-01-31T08:30:00Z',
    '31/12',
    '1/2-2024',
  ])('%j is refused', (text) => {
    expect(parse(col.date, text)).toEqual(error('date'));
  });
});

describe('parseCell: time', () => {
  it.each([
    ['08:30', '08:30'],
    ['8:30', '08:30'],
    ['8.30', '08:30'],
    ['08.30', '08:30'],
    ['23:59', '23:59'],
    ['00:00', '00:00'],
    ['08:30:45', '08:30'],
    ['0830', '08:30'],
    ['8', '08:00'],
    ['17', '17:00'],
    ['8:30 PM', '20:30'],
    ['8:30 am', '08:30'],
    ['12 am', '00:00'],
    ['12:15 p.m.', '12:15'],
    ['0.5', '12:00'],
    ['.75', '18:00'],
    ['0.25', '06:00'],
    ['00.25', '00:25'],
    ['0.3541666667', '08:30'],
    ['0', '00:00'],
  ])('%j → %s', (text, expected) => {
    expect(parse(col.time, text)).toEqual(value(expected));
  });

  it.each(['24:00', '8:60', '8.5', '13 pm', '0 am', 'noon', '0.9999999', '1.5', '8:30:61', '123'])(
    '%j is refused',
    (text) => {
      expect(parse(col.time, text)).toEqual(error('time'));
    },
  );
});

describe('parseCell: enum', () => {
  it.each([
    ['permanent', 'permanent'],
    ['PERMANENT', 'permanent'],
    ['Permanent', 'permanent'],
    ['Tetap', 'permanent'],
    ['kontrak', 'contract'],
    ['合同', 'contract'],
    ['  masa   percobaan ', 'probation'],
    ['试用期', 'probation'],
  ])('%j → %s', (text, expected) => {
    expect(parse(col.enum, text)).toEqual(value(expected));
  });

  it('refuses other text, naming it', () => {
    expect(parse(col.enum, ' Freelance ')).toEqual(error('enum', { value: 'Freelance' }));
  });

  it('refuses a value the column does not offer, even when it has a label', () => {
    const narrow: AnyColumn = {
      field: 'status',
      kind: 'enum',
      enum: { key: 'employmentStatus', values: ['contract'] },
    };
    expect(parse(narrow, 'Tetap')).toEqual(error('enum', { value: 'Tetap' }));
    expect(parse(narrow, 'Kontrak')).toEqual(value('contract'));
  });

  it('matches the values themselves when the enum has no labels', () => {
    const bare: AnyColumn = { field: 'x', kind: 'enum', enum: { key: 'noLabels', values: ['weekly', 'monthly'] } };
    expect(parse(bare, 'Weekly')).toEqual(value('weekly'));
  });
});

describe('parseCell: boolean', () => {
  it.each(['yes', 'Yes', 'YES', 'y', 'ya', 'Ya', 'true', 'TRUE', '1', '是', 'benar'])('%j → true', (text) => {
    expect(parse(col.boolean, text)).toEqual(value(true));
  });
  it.each(['no', 'No', 'n', 'tidak', 'Tidak', 'false', 'FALSE', '0', '否', 'salah'])('%j → false', (text) => {
    expect(parse(col.boolean, text)).toEqual(value(false));
  });
  it.each(['maybe', '2', 'yes no'])('%j is refused', (text) => {
    expect(parse(col.boolean, text)).toEqual(error('boolean'));
  });
});

describe('parseCell: reference', () => {
  it('finds one record by code or label, case-insensitively', () => {
    expect(parse(col.reference, 'E-002')).toEqual(value(employees[1]));
    expect(parse(col.reference, 'e-002')).toEqual(value(employees[1]));
    expect(parse(col.reference, ' siti rahayu ')).toEqual(value(employees[1]));
    expect(parse(col.reference, 'E-003')).toEqual(value(employees[2]));
  });

  it('says what matched nothing', () => {
    expect(parse(col.reference, ' Nobody ')).toEqual(error('reference', { value: 'Nobody' }));
  });

  it('refuses a name two records share: ambiguous, with the count', () => {
    expect(parse(col.reference, 'Budi Santoso')).toEqual(error('ambiguous', { value: 'Budi Santoso', count: 2 }));
  });
});

describe('parseCell: text and longText', () => {
  it('keeps text as text: leading zeros, long numbers, NPWP; trims the outside only', () => {
    expect(parse(col.text, '0812345678')).toEqual(value('0812345678'));
    expect(parse(col.text, '  007  ')).toEqual(value('007'));
    expect(parse(col.text, '3201234567890001')).toEqual(value('3201234567890001'));
    expect(parse(col.text, '01.234.567.8-901.000')).toEqual(value('01.234.567.8-901.000'));
    expect(parse(col.text, ' Budi  Santoso ')).toEqual(value('Budi  Santoso'));
  });

  it('keeps long text exactly, line breaks and spaces included', () => {
    expect(parse(col.notes, '  line 1\nline 2  ')).toEqual(value('  line 1\nline 2  '));
  });

  it('removes the apostrophe that neutralised a formula on copy or export', () => {
    expect(parse(col.text, "'=SUM(A1)")).toEqual(value('=SUM(A1)'));
    expect(parse(col.notes, "'-5")).toEqual(value('-5'));
    expect(parse(col.text, "'Budi")).toEqual(value("'Budi"));
  });

  it('digits: strips spaces, dashes and dots, then allows digits only', () => {
    expect(parse(col.account, '0123 4567 89')).toEqual(value('0123456789'));
    expect(parse(col.account, '012-345-678')).toEqual(value('012345678'));
    expect(parse(col.account, '01.234.567.8-901.000')).toEqual(value('012345678901000'));
    expect(parse(col.account, '0012')).toEqual(value('0012'));
    expect(parse(col.account, '1.23457E+15')).toEqual(error('digits'));
    expect(parse(col.account, '12a4')).toEqual(error('digits'));
    expect(parse(col.account, '+62812')).toEqual(error('digits'));
  });
});

describe('parseCell: files and computed columns', () => {
  it.each([col.file, col.computed])('%o refuses all text, even blank: readOnly', (column) => {
    expect(parse(column, 'x')).toEqual(error('readOnly'));
    expect(parse(column, '')).toEqual(error('readOnly'));
  });

  it('knows which kinds text can set', () => {
    const kinds: ColumnKind[] = ['text', 'longText', 'number', 'money', 'percent', 'date', 'time', 'enum', 'boolean'];
    for (const kind of kinds) expect(isPasteableKind(kind)).toBe(true);
    expect(isPasteableKind('reference')).toBe(true);
    expect(isPasteableKind('file')).toBe(false);
    expect(isPasteableKind('computed')).toBe(false);
  });
});

describe('formatCell', () => {
  it.each([
    [col.text, '0812', '0812'],
    [col.notes, 'a\nb', 'a\nb'],
    [col.number, 1234.5, '1234.5'],
    [col.number, -7, '-7'],
    [col.number, 123.456, '123.4560'],
    [col.number, 0.125, '0.125'],
    [col.money, 5_000_000, '5000000'],
    [col.money, -2500, '-2500'],
    [col.money, '5000000', '5000000'],
    [col.percent, 2.5, '2.5'],
    [col.percent, 0.24, '0.24'],
    [col.date, '2024-01-31', '2024-01-31'],
    [col.date, '2025-01-05T17:30:00Z', '2025-01-06'],
    [col.time, '08:30', '08:30'],
    [col.time, '08:30:00', '08:30'],
    [col.enum, 'permanent', 'Permanent'],
    [col.enum, 'unknown', 'unknown'],
    [col.boolean, true, 'Yes'],
    [col.boolean, false, 'No'],
    [col.reference, employees[0], 'Budi Santoso'],
    [col.reference, { _id: 'x', employee_id: 'E-9' }, 'E-9'],
    [col.reference, 'e1', 'e1'],
    [col.file, { name: 'ktp.pdf', url: '/files/1' }, 'ktp.pdf'],
    [col.file, '/files/1', '/files/1'],
    [col.computed, 1500, '1500'],
    [col.computed, '007', '007'],
  ] as const)('%o %j → %j', (column, cell, text) => {
    expect(formatCell(column, cell, t)).toBe(text);
  });

  it.each([null, undefined, ''])('%j → empty', (empty) => {
    for (const column of Object.values(col)) expect(formatCell(column, empty, t)).toBe('');
  });

  it('writes enums and booleans in the active language', () => {
    expect(formatCell(col.enum, 'permanent', tFor('id'))).toBe('Tetap');
    expect(formatCell(col.enum, 'contract', tFor('zh'))).toBe('合同');
    expect(formatCell(col.boolean, true, tFor('id'))).toBe('Ya');
    expect(formatCell(col.boolean, false, tFor('zh'))).toBe('否');
  });
});

describe('formatCell → parseCell round trip', () => {
  const cases: [AnyColumn, unknown][] = [
    [col.text, 'Budi Santoso'],
    [col.text, '0812345678'],
    [col.text, '=SUM(A1)'],
    [col.account, '0012345'],
    [col.notes, 'line 1\nline 2'],
    [col.number, 0],
    [col.number, 7],
    [col.number, -7],
    [col.number, 1234.5],
    [col.number, 123.456],
    [col.number, 5.125],
    [col.number, 0.001],
    [col.number, 1e21],
    [col.number, 1.5e-7],
    [col.number, 1234567.891],
    [col.money, 0],
    [col.money, 5000],
    [col.money, 5_000_000],
    [col.money, -2500],
    [col.money, 35_000_000_000],
    [col.percent, 0],
    [col.percent, 2.5],
    [col.percent, 0.24],
    [col.percent, 1.74],
    [col.percent, 100],
    [col.date, '2024-01-01'],
    [col.date, '1945-08-17'],
    [col.date, '2024-02-29'],
    [col.time, '00:00'],
    [col.time, '08:30'],
    [col.time, '23:59'],
    [col.enum, 'permanent'],
    [col.enum, 'contract'],
    [col.enum, 'probation'],
    [col.boolean, true],
    [col.boolean, false],
    [col.reference, employees[1]],
    [col.reference, employees[3]],
  ];

  it.each(['en', 'id', 'zh'] as const)('reads back every kind in %s', (language) => {
    const tLanguage = tFor(language);
    for (const [column, cell] of cases) {
      const text = formatCell(column, cell, tLanguage);
      expect(parseCell(column, text, ctx), `${column.kind} ${JSON.stringify(cell)} as ${text}`).toEqual(value(cell));
    }
  });
});

describe('displayCell', () => {
  it('shows rupiah, grouped numbers, percentages and dates in the language', () => {
    expect(displayCell(col.money, 5_000_000, t, 'en')).toBe('Rp 5.000.000');
    expect(displayCell(col.money, 0, t, 'en')).toBe('Rp 0,00');
    expect(displayCell(col.number, 1234.5, t, 'id')).toBe('1.234,5');
    expect(displayCell(col.number, 1234.5, t, 'en')).toBe('1,234.5');
    expect(displayCell(col.percent, 2.5, t, 'id')).toBe('2,5%');
    expect(displayCell(col.date, '2025-08-17', t, 'id')).toBe('17 Agu 2025');
    expect(displayCell(col.date, '2025-01-05', t, 'en')).toBe('05 Jan 2025');
    expect(displayCell(col.enum, 'contract', tFor('id'), 'id')).toBe('Kontrak');
    expect(displayCell(col.reference, employees[0], t, 'en')).toBe('Budi Santoso');
    expect(displayCell(col.money, null, t, 'en')).toBe('');
  });
});

describe('sameCellValue', () => {
  it('compares by what the cell means', () => {
    expect(sameCellValue(col.reference, employees[0], 'e1')).toBe(true);
    expect(sameCellValue(col.reference, employees[0], { _id: 'e1' })).toBe(true);
    expect(sameCellValue(col.reference, employees[0], employees[1])).toBe(false);
    expect(sameCellValue(col.time, '08:30:00', '08:30')).toBe(true);
    expect(sameCellValue(col.money, '5000', 5000)).toBe(true);
    expect(sameCellValue(col.text, null, '')).toBe(true);
    expect(sameCellValue(col.text, undefined, null)).toBe(true);
    expect(sameCellValue(col.text, 'a', null)).toBe(false);
    expect(sameCellValue(col.number, 0, null)).toBe(false);
    expect(sameCellValue(col.boolean, false, null)).toBe(false);
    expect(sameCellValue(col.text, 'a', 'A')).toBe(false);
  });
});

describe('boundsError', () => {
  it('applies to number kinds only', () => {
    expect(boundsError(col.bounded, 40)).toEqual({ code: 'max', params: { max: 31 } });
    expect(boundsError(col.percent, 120)).toEqual({ code: 'max', params: { max: 100 } });
    expect(boundsError(col.bounded, '40')).toBeNull();
    expect(boundsError({ field: 'x', kind: 'text', max: 1 }, 40)).toBeNull();
  });
});

describe('cellErrorText', () => {
  it('has a text for every code, in every language, with its params', () => {
    for (const language of ['en', 'id', 'zh'] as const) {
      const tLanguage = tFor(language);
      for (const [code, key] of Object.entries(cellErrorKeys)) {
        const text = cellErrorText(tLanguage, {
          code: code as CellErrorCode,
          params: { min: 1, max: 2, value: 'x', count: 2 },
        });
        expect(text, `${language} ${code}`).not.toBe(key);
        expect(text).not.toMatch(/{{/);
      }
    }
  });

  it('fills the params, numbers formatted for the language', () => {
    expect(cellErrorText(t, { code: 'max', params: { max: 5_000_000 } })).toBe('Must be at most 5,000,000');
    expect(cellErrorText(tFor('id'), { code: 'min', params: { min: 1500 } })).toBe('Minimal 1.500');
    expect(cellErrorText(t, { code: 'enum', params: { value: 'Freelance' } })).toBe(
      '“Freelance” is not one of the options',
    );
    expect(cellErrorText(t, { code: 'ambiguous', params: { value: 'Budi', count: 2 } })).toContain('2 records');
  });

  it("shows a server error's own message", () => {
    expect(cellErrorText(t, { code: 'server', message: 'Code already used' })).toBe('Code already used');
    expect(cellErrorText(t, { code: 'server' })).toBe('The server refused this value');
  });

  it('reads parseCell errors', () => {
    const parsed = parse(col.bounded, '40');
    expect(parsed.ok ? '' : cellErrorText(t, parsed.error)).toBe('Must be at most 31');
  });
});
