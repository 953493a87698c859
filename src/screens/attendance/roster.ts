/**
 * The roster screen's pure parts (issue #12): reading a typed or pasted shift code against the company's codes,
 * where a pasted block lands on the members × days grid, the cells a change writes and the undo entry that writes
 * the previous codes back, a row's working and off days, and the sheet layout shared by export, template and import.
 * The server checks everything again (PUT /v1/attendance/roster is all or nothing, decision 0032).
 */
import type { UndoEntry } from '../../grids/undo.ts';

export type ShiftType = 'full_day' | 'off_day' | 'free_working_day' | 'standby' | 'long_shift';

export interface RosterShift {
  code: string;
  name: string;
  type: ShiftType;
  start_time: string | null;
  finish_time: string | null;
}

export interface RosterMember {
  _id: string;
  employee_id: string;
  fullname: string;
}

export interface RosterRow {
  employee: RosterMember;
  /** One code per day of the month, null where none is set. */
  codes: (string | null)[];
}

/** The company's shifts by lower-case code: codes match case-insensitively, as on the server. */
export type CodeBook = ReadonlyMap<string, RosterShift>;

export const codeBook = (shifts: readonly RosterShift[]): CodeBook =>
  new Map(shifts.map((shift) => [shift.code.toLowerCase(), shift]));

/** What a typed or pasted text means: a shift's own code, null (blank: clear the cell), or not a code. */
export type CodeReading = { ok: true; code: string | null } | { ok: false; text: string };

export function readCode(text: string, book: CodeBook): CodeReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, code: null };
  const shift = book.get(trimmed.toLowerCase());
  return shift ? { ok: true, code: shift.code } : { ok: false, text: trimmed };
}

/** The cell colour class of each shift type (off days grey). */
export const shiftTone = {
  full_day: 'roster-full-day',
  long_shift: 'roster-long-shift',
  off_day: 'roster-off-day',
  standby: 'roster-standby',
  free_working_day: 'roster-free-working-day',
} as const satisfies Record<ShiftType, string>;

/** A row's working days (a shift that is not an off day: decision 0030) and off days; empty cells count in neither. */
export function dayCounts(codes: readonly (string | null)[], book: CodeBook): { working: number; off: number } {
  let working = 0;
  let off = 0;
  for (const code of codes) {
    if (code === null) continue;
    const shift = book.get(code.toLowerCase());
    if (!shift) continue;
    if (shift.type === 'off_day') off++;
    else working++;
  }
  return { working, off };
}

// ---- cells, ranges and changes ------------------------------------------------------------------------------------

export interface CellAt {
  row: number;
  day: number;
}

/** A rectangle of cells, inclusive. */
export interface CellRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The rectangle between an anchor and the focused cell, whichever way round. */
export const rangeOf = (anchor: CellAt, focus: CellAt): CellRange => ({
  top: Math.min(anchor.row, focus.row),
  bottom: Math.max(anchor.row, focus.row),
  left: Math.min(anchor.day, focus.day),
  right: Math.max(anchor.day, focus.day),
});

export const inRange = (range: CellRange | null, row: number, day: number): boolean =>
  !!range && row >= range.top && row <= range.bottom && day >= range.left && day <= range.right;

/** One cell a change writes: the member, the day (index into the month's days), the code before and after. */
export interface CellChange {
  employee: string;
  day: number;
  before: string | null;
  after: string | null;
}

/** The range's codes as a block (rows of cells, '' for an empty cell): what Ctrl+C puts on the clipboard. */
export function copyBlock(rows: readonly RosterRow[], range: CellRange): string[][] {
  const block: string[][] = [];
  for (let r = range.top; r <= range.bottom; r++) {
    const row = rows[r];
    if (!row) continue;
    const cells: string[] = [];
    for (let d = range.left; d <= range.right; d++) cells.push(row.codes[d] ?? '');
    block.push(cells);
  }
  return block;
}

/** Setting every cell of a range to one code (null clears): Delete/Backspace, or a code typed over a range. */
export function fillRange(rows: readonly RosterRow[], range: CellRange, code: string | null): CellChange[] {
  const changes: CellChange[] = [];
  for (let r = range.top; r <= range.bottom; r++) {
    const row = rows[r];
    if (!row) continue;
    for (let d = range.left; d <= range.right && d < row.codes.length; d++) {
      const before = row.codes[d] ?? null;
      if (before !== code) changes.push({ employee: row.employee._id, day: d, before, after: code });
    }
  }
  return changes;
}

export type PastePlan =
  | { ok: true; changes: CellChange[]; rows: number; days: number }
  /** Rows or days past the end of the grid: nothing is pasted. `over` says by how many. */
  | { ok: false; reason: 'rows_past_end' | 'days_past_end'; over: number }
  /** Cells that are not shift codes (distinct texts, in block order): nothing is pasted. */
  | { ok: false; reason: 'unknown_codes'; codes: string[]; count: number };

/**
 * Where a pasted block lands (Excel's rules): from the selection's top-left cell (the focused cell when nothing more
 * is selected) down and to the right. A block that fits the selection a whole number of times in both directions is
 * repeated over it (one code pasted over a range fills the range); otherwise it is pasted once, so a block larger
 * than the selection fills from there. A blank cell clears. Rows or days past the end, or any text that is not a
 * code, refuse the whole paste: the grid never holds a cell the server would refuse.
 */
export function planPaste(input: {
  rows: readonly RosterRow[];
  dayCount: number;
  selection: CellRange;
  block: readonly (readonly string[])[];
  book: CodeBook;
}): PastePlan {
  const { rows, dayCount, selection, book } = input;
  const block = input.block.length ? input.block : [['']];
  const height = block.length;
  const width = Math.max(1, ...block.map((cells) => cells.length));
  const selHeight = selection.bottom - selection.top + 1;
  const selWidth = selection.right - selection.left + 1;
  const repeats = selHeight % height === 0 && selWidth % width === 0 && (selHeight > height || selWidth > width);
  const totalRows = repeats ? selHeight : height;
  const totalDays = repeats ? selWidth : width;
  const rowsOver = selection.top + totalRows - rows.length;
  if (rowsOver > 0) return { ok: false, reason: 'rows_past_end', over: rowsOver };
  const daysOver = selection.left + totalDays - dayCount;
  if (daysOver > 0) return { ok: false, reason: 'days_past_end', over: daysOver };
  const unknown = new Set<string>();
  let unknownCount = 0;
  const changes: CellChange[] = [];
  for (let r = 0; r < totalRows; r++) {
    const row = rows[selection.top + r]!;
    const cells = block[r % height]!;
    for (let d = 0; d < totalDays; d++) {
      const reading = readCode(cells[d % width] ?? '', book);
      if (!reading.ok) {
        unknown.add(reading.text);
        unknownCount++;
        continue;
      }
      const day = selection.left + d;
      const before = row.codes[day] ?? null;
      if (before !== reading.code) changes.push({ employee: row.employee._id, day, before, after: reading.code });
    }
  }
  if (unknownCount) return { ok: false, reason: 'unknown_codes', codes: [...unknown], count: unknownCount };
  return { ok: true, changes, rows: totalRows, days: totalDays };
}

/** The rows with a change's codes in place (`side`: 'after' to apply it, 'before' to undo it). New arrays only where changed. */
export function applyChanges(
  rows: readonly RosterRow[],
  changes: readonly CellChange[],
  side: 'before' | 'after',
): RosterRow[] {
  const byEmployee = new Map<string, CellChange[]>();
  for (const change of changes) {
    const list = byEmployee.get(change.employee);
    if (list) list.push(change);
    else byEmployee.set(change.employee, [change]);
  }
  return rows.map((row) => {
    const mine = byEmployee.get(row.employee._id);
    if (!mine) return row;
    const codes = [...row.codes];
    for (const change of mine) codes[change.day] = change[side];
    return { ...row, codes };
  });
}

export interface PutCell {
  employee: string;
  date: string;
  code: string | null;
}

/** The PUT body's cells for one side of a change. */
export const putCells = (
  changes: readonly CellChange[],
  days: readonly string[],
  side: 'before' | 'after',
): PutCell[] => changes.map((change) => ({ employee: change.employee, date: days[change.day]!, code: change[side] }));

/**
 * The undo entry of a saved change: undo writes the previous codes back in one PUT, redo the new ones again. `write`
 * sends the cells and updates the grid (it throws when the server refuses, and the entry stays where it was).
 */
export function undoEntry(
  changes: readonly CellChange[],
  write: (changes: readonly CellChange[], side: 'before' | 'after') => Promise<void>,
): UndoEntry {
  return {
    label: 'attendance.roster.change',
    values: { count: changes.length },
    undo: () => write(changes, 'before'),
    redo: () => write(changes, 'after'),
  };
}

// ---- days ---------------------------------------------------------------------------------------------------------

/** 0 Sunday … 6 Saturday, of a YYYY-MM-DD date. */
export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const isWeekend = (date: string): boolean => {
  const day = weekday(date);
  return day === 0 || day === 6;
};

/** A day column's header: the day of the month and the short weekday in the UI language ('1 Mo', '1 Sen'). */
export function dayHeader(date: string, locale: string): string {
  const short = new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, { weekday: 'short', timeZone: 'UTC' });
  return `${Number(date.slice(8))} ${short.replace(/\.$/, '')}`;
}

/** The days of the month that fall in a holiday, with the holiday's name. */
export function holidayDays(
  days: readonly string[],
  holidays: readonly { name: string; start_date: string; end_date: string }[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const day of days) {
    const holiday = holidays.find((h) => h.start_date <= day && h.end_date >= day);
    if (holiday) out.set(day, holiday.name);
  }
  return out;
}

/** The month after (step 1) or before (step -1). */
export function stepMonth(period: { month: number; year: number }, step: 1 | -1): { month: number; year: number } {
  const index = period.year * 12 + (period.month - 1) + step;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

// ---- the sheet: export, template and import share one layout ------------------------------------------------------

/**
 * Header row: employee code, name, then one column per day headed by its date (YYYY-MM-DD, so a sheet says which
 * month it is); one row per member with the codes. An export imports back unchanged.
 */
export function rosterSheet(
  labels: { employeeId: string; name: string },
  days: readonly string[],
  rows: readonly RosterRow[],
): string[][] {
  return [
    [labels.employeeId, labels.name, ...days],
    ...rows.map((row) => [row.employee.employee_id, row.employee.fullname, ...row.codes.map((code) => code ?? '')]),
  ];
}

/** Why an imported cell is refused. */
export type ImportProblem =
  | { field: 'employee_id'; code: 'required' | 'unknown_employee' | 'duplicate_employee' }
  | { field: 'day'; day: number; code: 'unknown_shift'; text: string };

export interface ImportedRow {
  line: number;
  employeeText: string;
  member: RosterMember | null;
  /** Per day of the month: the text in the file ('' when blank or the day has no column). */
  texts: string[];
  problems: ImportProblem[];
}

/**
 * Checks rows read from a sheet: the employee code must be a member of the group (matched case-insensitively, once
 * in the file), each mapped day cell a shift code or blank. Days without a column are left as they are.
 */
export function checkImport(
  input: { line: number; employeeText: string; texts: readonly (string | undefined)[] }[],
  members: readonly RosterMember[],
  book: CodeBook,
): ImportedRow[] {
  const byCode = new Map(members.map((member) => [member.employee_id.trim().toLowerCase(), member]));
  const seen = new Set<string>();
  return input.map((entry) => {
    const problems: ImportProblem[] = [];
    const key = entry.employeeText.trim().toLowerCase();
    const member = byCode.get(key) ?? null;
    if (!key) problems.push({ field: 'employee_id', code: 'required' });
    else if (!member) problems.push({ field: 'employee_id', code: 'unknown_employee' });
    else if (seen.has(key)) problems.push({ field: 'employee_id', code: 'duplicate_employee' });
    seen.add(key);
    const texts = entry.texts.map((text) => text ?? '');
    texts.forEach((text, day) => {
      const reading = readCode(text, book);
      if (!reading.ok) problems.push({ field: 'day', day, code: 'unknown_shift', text: reading.text });
    });
    return { line: entry.line, employeeText: entry.employeeText, member, texts, problems };
  });
}

/**
 * The changes an import makes to the grid: for every mapped day of every member row, the file's code (blank clears)
 * where it differs. `mappedDays` are the day indexes the file has a column for.
 */
export function importChanges(
  imported: readonly ImportedRow[],
  rows: readonly RosterRow[],
  mappedDays: ReadonlySet<number>,
  book: CodeBook,
): CellChange[] {
  const current = new Map(rows.map((row) => [row.employee._id, row]));
  const changes: CellChange[] = [];
  for (const entry of imported) {
    const row = entry.member && current.get(entry.member._id);
    if (!row) continue;
    for (const day of mappedDays) {
      const reading = readCode(entry.texts[day] ?? '', book);
      if (!reading.ok) continue;
      const before = row.codes[day] ?? null;
      if (before !== reading.code) changes.push({ employee: row.employee._id, day, before, after: reading.code });
    }
  }
  return changes;
}
