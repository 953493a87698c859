/**
 * Which row of a sheet holds the headers, and which file column fills which field. Pure: the dialog passes the
 * field labels of every language, tests pass their own.
 *
 * A header matches a field (score 0–1, accepted from `MATCH_THRESHOLD`):
 *   1.00  its label in any language (en, id, zh), compared normalised: case, diacritics, punctuation and spacing
 *         ignored ('Kode *', 'KODE', 'kode.' are 'kode');
 *   0.95  the field name ('employee_id', 'Employee ID', 'EmployeeID'), or a label with the spaces taken out;
 *   0.60–0.90  all words of one inside the other ('Nama Departemen' ⊇ 'Nama'; for Chinese, one inside the other);
 *   0.78–0.90  a typo: edit distance at most a quarter of the length ('Departmen' for 'Department').
 * Each field takes at most one column: the best-scoring pairs are assigned first, ties to the leftmost column.
 * `_id` (the record id our exports could carry) matches only a header that is exactly '_id'.
 */
import type { Cell } from './protocol.ts';

export interface ImportTarget {
  field: string;
  required: boolean;
  /** The field's labels in every language. */
  labels: readonly string[];
}

/** The record id column: an update when present. */
export const ID_FIELD = '_id';
export const MATCH_THRESHOLD = 0.6;
/** Rows searched for the header row. */
export const HEADER_SCAN_ROWS = 30;

/** Lower case, no diacritics, letters and digits only, single spaces ('Nomor  Rek.' → 'nomor rek'). */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const HAN = /\p{Script=Han}/u;

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** How well a normalised header matches one normalised label (see the module comment). */
function labelScore(header: string, label: string): number {
  if (!header || !label) return 0;
  if (header === label) return 1;
  const compactHeader = header.replaceAll(' ', '');
  const compactLabel = label.replaceAll(' ', '');
  if (compactHeader === compactLabel) return 0.95;
  let score = 0;
  const headerWords = header.split(' ');
  const labelWords = label.split(' ');
  const [fewer, more] = headerWords.length <= labelWords.length ? [headerWords, labelWords] : [labelWords, headerWords];
  if (fewer.every((word) => more.includes(word))) score = 0.6 + 0.3 * (fewer.length / more.length);
  if (HAN.test(compactHeader + compactLabel)) {
    const [short, long] =
      compactHeader.length <= compactLabel.length ? [compactHeader, compactLabel] : [compactLabel, compactHeader];
    if (short.length >= 2 && long.includes(short)) score = Math.max(score, 0.6 + 0.3 * (short.length / long.length));
  }
  const length = Math.max(compactHeader.length, compactLabel.length);
  if (length >= 4) {
    const allowed = Math.floor(length / 4);
    const distance = editDistance(compactHeader, compactLabel, allowed);
    if (distance <= allowed) score = Math.max(score, 0.9 - (0.5 * distance) / length);
  }
  return score;
}

/** How well a header cell matches a target, 0–1. */
export function headerScore(header: Cell, target: ImportTarget): number {
  if (typeof header !== 'string') return 0;
  if (target.field === ID_FIELD) return header.trim().toLowerCase() === ID_FIELD ? 1 : 0;
  const text = normalise(header);
  let best = 0;
  for (const label of target.labels) best = Math.max(best, labelScore(text, normalise(label)));
  if (normalise(target.field) === text) best = Math.max(best, 0.95);
  return best;
}

const isEmpty = (cell: Cell | undefined) => cell === null || cell === undefined || cell === '';

/** Text that is not a number, a percentage or a date ('Nama' is; '5.000', '12%', '2025-01-31' are not). */
export function isTextCell(cell: Cell | undefined): boolean {
  if (typeof cell !== 'string') return false;
  const text = cell.trim();
  return text !== '' && !/^[-+(]?\s*(rp\.?\s*)?[\d.,\s]+\)?%?$/i.test(text) && !/^\d{4}-\d{2}-\d{2}/.test(text);
}

/**
 * The likely header row (0-based): the first of the first rows whose distinct texts mostly (half or more) match
 * the targets; else the first row that is mostly text and spans at least half the sheet's width; else 0. A row
 * with one distinct text (a title, even merged across the columns) is never the header.
 */
export function detectHeaderRow(rows: readonly (readonly Cell[])[], targets: readonly ImportTarget[]): number {
  const scan = rows.slice(0, HEADER_SCAN_ROWS);
  const distinctOf = (row: readonly Cell[]) => [
    ...new Set(row.filter((cell) => !isEmpty(cell)).map((cell) => String(cell).trim())),
  ];
  for (const [index, row] of scan.entries()) {
    const distinct = distinctOf(row);
    if (distinct.length < 2) continue;
    const matched = distinct.filter((text) =>
      targets.some((target) => headerScore(text, target) >= MATCH_THRESHOLD),
    ).length;
    if (matched > 0 && matched * 2 >= distinct.length) return index;
  }
  const width = Math.max(0, ...scan.map((row) => row.length));
  for (const [index, row] of scan.entries()) {
    const distinct = distinctOf(row);
    if (distinct.length < Math.max(2, Math.ceil(width / 2))) continue;
    if (distinct.filter((text) => isTextCell(text)).length >= distinct.length * 0.8) return index;
  }
  return 0;
}

/** For each file column, the field it fills, or null. */
export type ColumnMapping = (string | null)[];

/** Maps the header row's columns to targets, each target at most once (see the module comment). */
export function mapColumns(header: readonly Cell[], targets: readonly ImportTarget[]): ColumnMapping {
  const pairs: { column: number; field: string; score: number }[] = [];
  header.forEach((cell, column) => {
    for (const target of targets) {
      const score = headerScore(cell, target);
      if (score >= MATCH_THRESHOLD) pairs.push({ column, field: target.field, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  const mapping: ColumnMapping = header.map(() => null);
  const taken = new Set<string>();
  for (const pair of pairs) {
    if (mapping[pair.column] !== null || taken.has(pair.field)) continue;
    mapping[pair.column] = pair.field;
    taken.add(pair.field);
  }
  return mapping;
}

/** Required targets no column fills. */
export function unmappedRequired(mapping: ColumnMapping, targets: readonly ImportTarget[]): string[] {
  const mapped = new Set(mapping);
  return targets.filter((target) => target.required && !mapped.has(target.field)).map((target) => target.field);
}

/** Sets a column's field; the field leaves any other column it filled (each field at most once). */
export function assignColumn(mapping: ColumnMapping, column: number, field: string | null): ColumnMapping {
  return mapping.map((current, index) =>
    index === column ? field : field !== null && current === field ? null : current,
  );
}
