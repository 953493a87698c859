/**
 * The import worker's messages (`worker.ts`), both ways. The page sends the file's bytes once (transferred, not
 * copied); the worker keeps the parsed workbook, so choosing another sheet sends only its name.
 */

/**
 * One cell as the preview receives it: text as typed, a number, a boolean, or null for empty. Cells Excel formats as
 * dates or times arrive as text: 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' or 'HH:mm' (':ss' when seconds are set);
 * percent-formatted numbers as '12.5%' (what the user sees, not 0.125).
 */
export type Cell = string | number | boolean | null;

/** Why a file could not be read; each is shown as `import.errors.<code>`. */
export type ReadErrorCode =
  /** Not an .xlsx, .xls or .csv file, or a broken one. */
  | 'not_spreadsheet'
  /** Bigger than the limit once unpacked, or a zip bomb. */
  | 'too_large'
  /** Password-protected. */
  | 'encrypted'
  /** No sheet holds any cell. */
  | 'empty'
  /** The worker failed or took too long (the page's own code). */
  | 'failed';

export interface SheetRows {
  /** The workbook's sheet names, in order (hidden sheets and chart sheets left out). */
  sheets: string[];
  /** The sheet these rows are from. */
  sheet: string;
  /** Rows top to bottom, merged cells filled, trailing empty cells and rows dropped. */
  rows: Cell[][];
  /** The sheet has more rows than the limit: only the first ones are here. */
  truncated: boolean;
}

export type WorkerRequest =
  | { type: 'open'; id: number; buffer: ArrayBuffer; fileName: string }
  | { type: 'sheet'; id: number; sheet: string };

export type WorkerReply =
  /** 0–100, for files big enough to take a while. */
  | { type: 'progress'; id: number; percent: number }
  | ({ type: 'rows'; id: number } & SheetRows)
  | { type: 'error'; id: number; code: ReadErrorCode };
