/**
 * Clipboard text as Excel and Google Sheets write it: cells separated by tabs, rows by line breaks (CRLF from Excel,
 * LF from Sheets), and a cell that holds a tab, a line break or a quote wrapped in double quotes with its quotes
 * doubled (`"a""b"` is `a"b`). Pure.
 */

const QUOTE = '"';

/** Whether the character at `index` ends a cell: a tab, a line break, or the end of the text. */
const endsCell = (text: string, index: number) =>
  index >= text.length || text[index] === '\t' || text[index] === '\n' || text[index] === '\r';

/**
 * Reads a quoted cell whose opening quote is at `start`. Returns the cell and the index just past its closing quote,
 * or null when the quotes are not a well-formed quoted cell (no closing quote, or text after it before the next tab
 * or line break): such a cell is read literally, quotes included, as Excel does with `"Hello" she said`.
 */
function readQuoted(text: string, start: number): { cell: string; end: number } | null {
  let cell = '';
  let index = start + 1;
  while (index < text.length) {
    const next = text.indexOf(QUOTE, index);
    if (next < 0) return null;
    cell += text.slice(index, next);
    if (text[next + 1] === QUOTE) {
      cell += QUOTE;
      index = next + 2;
      continue;
    }
    if (!endsCell(text, next + 1)) return null;
    // A line break inside a cell is a line break of the cell's text: one '\n', whatever the clipboard used.
    return { cell: cell.replace(/\r\n?/g, '\n'), end: next + 1 };
  }
  return null;
}

/**
 * Splits clipboard text into rows of cells.
 *
 * - Rows end at CRLF, LF or a lone CR; cells end at a tab.
 * - A cell that starts with a quote and closes it right before a tab, a line break or the end is a quoted cell:
 *   `""` inside is one quote, and tabs and line breaks inside belong to the cell (a multi-line cell, its breaks
 *   normalised to '\n'). Any other quote is plain text.
 * - The one line break that ends the text (Excel ends every copy with one) does not start another row; a second one
 *   does (an empty last row).
 * - '' is no rows at all; text without tabs or line breaks is one cell.
 * - Rows keep their own lengths (a ragged block stays ragged).
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  if (text === '') return rows;
  let row: string[] = [];
  let index = 0;
  for (;;) {
    let cell: string;
    const quoted = text[index] === QUOTE ? readQuoted(text, index) : null;
    if (quoted) {
      cell = quoted.cell;
      index = quoted.end;
    } else {
      let end = index;
      while (!endsCell(text, end)) end++;
      cell = text.slice(index, end);
      index = end;
    }
    row.push(cell);
    if (index >= text.length) {
      rows.push(row);
      return rows;
    }
    if (text[index] === '\t') {
      index++;
      continue;
    }
    // A line break: CRLF, LF or a lone CR.
    index += text[index] === '\r' && text[index + 1] === '\n' ? 2 : 1;
    rows.push(row);
    row = [];
    if (index >= text.length) return rows;
  }
}

const NEEDS_QUOTES = /[\t\n\r"]/;

const quoteCell = (cell: string) => (NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll(QUOTE, '""')}"` : cell);

/**
 * Writes rows as clipboard text that Excel, Google Sheets and `parseTsv` read back cell for cell: tabs between
 * cells, CRLF between rows (as Excel writes; a line break inside a cell stays '\n'), and a cell holding a tab, a line
 * break or a quote quoted. No line break follows the last row, so one copied cell pastes into a text field as just
 * its text; the exception is a last row of one empty cell, which only a final line break can carry. A row with no
 * cells reads back as one empty cell.
 */
export function toTsv(rows: readonly (readonly string[])[]): string {
  const text = rows.map((row) => row.map(quoteCell).join('\t')).join('\r\n');
  const last = rows.at(-1);
  return last && (last.length === 0 || (last.length === 1 && last[0] === '')) ? `${text}\r\n` : text;
}
