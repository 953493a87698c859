import { describe, expect, it } from 'vitest';
import { parseTsv, toTsv } from '../../../src/grids/tsv.ts';

describe('parseTsv', () => {
  it.each([
    ['', []],
    ['Budi', [['Budi']]],
    ['  Budi  ', [['  Budi  ']]],
    ['a\tb\tc', [['a', 'b', 'c']]],
    // Excel ends every copy with CRLF; Sheets separates rows with LF.
    [
      'a\tb\r\nc\td\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a\tb\nc\td',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['a\rb', [['a'], ['b']]],
    // Only one final line break is dropped: a second one is an empty last row.
    ['a\r\n\r\n', [['a'], ['']]],
    ['\r\n', [['']]],
    ['a\t\tc', [['a', '', 'c']]],
    ['a\t', [['a', '']]],
    ['\tb', [['', 'b']]],
    ['a\n\nb', [['a'], [''], ['b']]],
  ])('%j → %j', (text, rows) => {
    expect(parseTsv(text)).toEqual(rows);
  });

  it('reads quoted cells: doubled quotes, tabs and line breaks inside', () => {
    expect(parseTsv('"a""b"\tc')).toEqual([['a"b', 'c']]);
    expect(parseTsv('"x\ty"\tz')).toEqual([['x\ty', 'z']]);
    expect(parseTsv('"Jl. Sudirman 1\nJakarta"\t021\r\nnext\t1\r\n')).toEqual([
      ['Jl. Sudirman 1\nJakarta', '021'],
      ['next', '1'],
    ]);
    expect(parseTsv('""\tb')).toEqual([['', 'b']]);
    expect(parseTsv('""""')).toEqual([['"']]);
  });

  it('normalises line breaks inside a multi-line cell to \\n', () => {
    expect(parseTsv('"line 1\r\nline 2\rline 3"')).toEqual([['line 1\nline 2\nline 3']]);
  });

  it('reads quotes that do not wrap a whole cell literally, as Excel does', () => {
    expect(parseTsv('"Hello" she said\tb')).toEqual([['"Hello" she said', 'b']]);
    expect(parseTsv('5" screen\tb')).toEqual([['5" screen', 'b']]);
    expect(parseTsv('"unterminated\tb')).toEqual([['"unterminated', 'b']]);
    expect(parseTsv('a"b"')).toEqual([['a"b"']]);
  });

  it('keeps leading zeros and every character of a cell', () => {
    expect(parseTsv('0812345678\t007\t 01.234.567.8-901.000 ')).toEqual([
      ['0812345678', '007', ' 01.234.567.8-901.000 '],
    ]);
  });

  it('keeps ragged rows ragged', () => {
    expect(parseTsv('a\tb\tc\nd\ne\tf')).toEqual([['a', 'b', 'c'], ['d'], ['e', 'f']]);
  });
});

describe('toTsv', () => {
  it('joins cells with tabs and rows with CRLF, without a final line break', () => {
    expect(
      toTsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a\tb\r\nc\td');
    expect(toTsv([['Budi']])).toBe('Budi');
    expect(toTsv([])).toBe('');
  });

  it('quotes cells holding a tab, a line break or a quote, doubling the quotes', () => {
    expect(toTsv([['a"b', 'x\ty', 'l1\nl2', 'cr\r', 'plain']])).toBe('"a""b"\t"x\ty"\t"l1\nl2"\t"cr\r"\tplain');
  });

  it('ends with a line break only when the last row is one empty cell', () => {
    expect(toTsv([['']])).toBe('\r\n');
    expect(toTsv([['a'], ['']])).toBe('a\r\n\r\n');
    expect(toTsv([['a', '']])).toBe('a\t');
  });

  it.each([
    [
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [[['a"b', '"quoted"', '""', '"']]],
    [[['multi\nline', 'tab\there', 'both\t"and"\nmore']]],
    [
      [
        ['', '', ''],
        ['', 'x', ''],
      ],
    ],
    [[['a'], [''], ['']]],
    [[['']]],
    [[['0812', '-5', '=SUM(A1)', ' spaced ']]],
    [[['a', 'b', 'c'], ['d'], ['e', 'f']]],
    [[['ends with quote"', '"starts with quote']]],
  ])('round-trips %j', (rows) => {
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });

  it('round-trips Excel/Sheets text (normalised to CRLF rows, no final break)', () => {
    const excel = 'Name\tAddress\r\nBudi\t"Jl. A\nNo. 1"\r\n';
    expect(toTsv(parseTsv(excel))).toBe(excel.slice(0, -2));
  });
});
