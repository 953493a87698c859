/**
 * 'Download failed rows': the rows an import left out, as the file had them (with the user's corrections in the
 * preview), plus a 'Reason' column, so they can be fixed and imported again.
 */
import type { WorkBook } from 'xlsx';
import type { Xlsx } from '../export.ts';
import { neutraliseFormula } from '../safeCell.ts';
import type { AnyColumn } from '../types.ts';
import type { ColumnMapping } from './mapping.ts';
import { cellText, type PreviewRow } from './preview.ts';
import type { Cell } from './protocol.ts';

/** 'A', 'B', … 'Z', 'AA': a spreadsheet's column name, 0-based. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const cellOf = (cell: Cell): Cell => (typeof cell === 'string' ? neutraliseFormula(cell) : cell);

export interface FailedRowsInput {
  header: readonly Cell[];
  mapping: ColumnMapping;
  columns: ReadonlyMap<string, AnyColumn>;
  rows: readonly PreviewRow[];
  /** The row's problems as one text. */
  reason: (row: PreviewRow) => string;
  reasonHeader: string;
  sheetName: string;
}

export function failedRowsBook(XLSX: Xlsx, input: FailedRowsInput): WorkBook {
  const width = Math.max(input.header.length, input.mapping.length, ...input.rows.map((row) => row.source.length));
  const header = Array.from({ length: width }, (_, c) => {
    const cell = input.header[c];
    return cell === null || cell === undefined || cell === '' ? columnName(c) : cellOf(String(cell));
  });
  const body = input.rows.map((row) => [
    ...Array.from({ length: width }, (_, c): Cell => {
      const original = row.source[c] ?? null;
      const field = input.mapping[c];
      const edited = field ? row.texts[field] : undefined;
      if (field && edited !== undefined && edited !== cellText(original, input.columns.get(field))) {
        return cellOf(edited);
      }
      return cellOf(original);
    }),
    cellOf(input.reason(row)),
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([[...header, cellOf(input.reasonHeader)], ...body], { dense: true });
  sheet['!cols'] = [...header.map(() => ({ wch: 16 })), { wch: 48 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, input.sheetName);
  return book;
}
