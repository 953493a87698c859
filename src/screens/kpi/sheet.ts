/**
 * The assessment grid's model, pure: the rows an assessor sees, typed and pasted values read per target type, a
 * pasted block planned onto the indicator columns, and the entries a save sends.
 */
import { readNumber } from '../../grids/parse.ts';
import type { KpiIndicator, KpiSheet, KpiSheetRow } from './api.ts';

export type Drafts = ReadonlyMap<string, Readonly<Record<string, number | null>>>;

export interface GridRow {
  id: string;
  row: KpiSheetRow;
  /** The open step's values with the unsaved edits over them (a finished row: its last step's). */
  values: Record<string, number | null>;
  open: boolean;
}

/** The rows of the sheet an assessor works on: those whose open step is theirs (all rows without an assessor). */
export function assessorRows(sheet: KpiSheet, assessor: string, drafts: Drafts): GridRow[] {
  const locked = sheet.assessment.status === 'completed';
  return sheet.rows
    .filter((row) => {
      if (!assessor) return true;
      const step = row.current_step === null ? undefined : row.steps[row.current_step];
      return step?.assessor?._id === assessor;
    })
    .map((row) => {
      const step = row.current_step === null ? undefined : row.steps[row.current_step];
      // A finished row shows its last step's scores.
      const shown = step ?? row.steps[row.steps.length - 1];
      const values: Record<string, number | null> = {
        ...(shown?.values ?? {}),
        ...(drafts.get(row.employee._id) ?? {}),
      };
      return { id: row.employee._id, row, values, open: !locked && step !== undefined };
    });
}

/** The assessors of the steps open now, with how many people each still has to assess. */
export function openAssessors(sheet: KpiSheet): { _id: string; name: string; count: number }[] {
  const byId = new Map<string, { _id: string; name: string; count: number }>();
  for (const row of sheet.rows) {
    const assessor = row.current_step === null ? null : row.steps[row.current_step]?.assessor;
    if (!assessor) continue;
    const current = byId.get(assessor._id) ?? { ...assessor, count: 0 };
    current.count += 1;
    byId.set(assessor._id, current);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const yes = new Set(['1', 'y', 'yes', 'ya', 'true', '是', '✓']);
const no = new Set(['0', 'n', 'no', 'tidak', 'false', '否', '✗']);

/** A typed or pasted score: a number (dots or commas), or yes/no words for a yes/no indicator; '' clears it. */
export function readScore(indicator: KpiIndicator, text: string): number | null | 'invalid' {
  const clean = text.trim().toLowerCase();
  if (clean === '') return null;
  if (indicator.target_type === 'yes_no') {
    if (yes.has(clean)) return 1;
    if (no.has(clean)) return 0;
    return 'invalid';
  }
  const value = readNumber(clean, { percent: true, single: 'auto' });
  return value === null || value < 0 || value > 999_999_999 ? 'invalid' : value;
}

export interface CellChange {
  employee: string;
  indicator: string;
  before: number | null;
  after: number | null;
}

/**
 * A pasted block from the focused cell, right and down over the shown rows and indicator columns: the changes, and
 * the cells it could not take (a row already done, an indicator outside the row's rule, text that is no score).
 */
export function planScorePaste(
  rows: readonly GridRow[],
  columns: readonly KpiIndicator[],
  start: { row: number; column: number },
  block: readonly (readonly string[])[],
): { changes: CellChange[]; refused: number } {
  const changes: CellChange[] = [];
  let refused = 0;
  block.forEach((line, r) => {
    const target = rows[start.row + r];
    line.forEach((text, c) => {
      const indicator = columns[start.column + c];
      if (!target || !indicator || !target.open || !target.row.indicators.includes(indicator._id)) {
        refused += 1;
        return;
      }
      const value = readScore(indicator, text);
      if (value === 'invalid') {
        refused += 1;
        return;
      }
      changes.push({
        employee: target.id,
        indicator: indicator._id,
        before: target.values[indicator._id] ?? null,
        after: value,
      });
    });
  });
  return { changes, refused };
}

/** The entries a save or submit sends: each shown open row (submit) or each row with edits (save). */
export function entriesOf(rows: readonly GridRow[], drafts: Drafts, submit: boolean) {
  return rows
    .filter((row) => row.open && (submit || drafts.has(row.id)))
    .map((row) => ({ employee: row.id, step: row.row.current_step ?? 0, values: { ...(drafts.get(row.id) ?? {}) } }));
}

/** Score buckets of the distribution chart. */
export const buckets = ['< 60', '60–70', '70–80', '80–90', '90–100', '≥ 100'] as const;
export function bucketOf(score: number): (typeof buckets)[number] {
  if (score < 60) return '< 60';
  if (score < 70) return '60–70';
  if (score < 80) return '70–80';
  if (score < 90) return '80–90';
  if (score < 100) return '90–100';
  return '≥ 100';
}
