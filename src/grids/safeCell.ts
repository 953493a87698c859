/**
 * CSV/formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with '=', '+', '-' or '@' as
 * a formula, and leading white space or a line break before such a character (' =1+1', '\n=1+1') still starts one
 * in some spreadsheets; a leading tab, carriage return or line feed is refused on its own. Text that users typed (a name, a note, a
 * referenced record's name) is exported and copied with a leading apostrophe in front of those characters, which
 * spreadsheets read as "this is text" and do not show.
 *
 * Only text cells are neutralised. Exports write numbers, money and percentages as numeric cells (a negative amount
 * stays the number -5, not the text "'-5"), and dates as 'YYYY-MM-DD', which starts with a digit; so callers apply
 * this to string cells only, never to the output of a number column.
 */

const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@])/;

/** '=SUM(A1)' → "'=SUM(A1)", '-5' → "'-5" (as text), 'Budi' → 'Budi'. */
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * The inverse, for text coming back from a spreadsheet or our own copy: "'=SUM(A1)" → '=SUM(A1)'. Only an
 * apostrophe that `neutraliseFormula` could have added is removed ("'quoted'" stays as it is).
 */
export const restoreFormula = (text: string): string =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
