/**
 * Ctrl+V in the run grid (issue 27 section 6): a block of inputs pasted from Excel (overtime hours, allowance,
 * incentive, bonus, deduction) planned by the grids' own planner (src/grids/paste.ts: the block's top-left on the
 * focused cell, read-only columns skipped, each cell parsed and bounded by its kind) so it is reviewed, validated, saved
 * as edits and undone as one step like any grid paste. Pure: the screen stages, saves and undoes the plan.
 */
import { payslipEditFields } from '../../../common/payroll-run.ts';
import { type GridRow, type PastePlan, planPaste } from '../../grids/paste.ts';
import { parseTsv } from '../../grids/tsv.ts';
import type { AnyColumn, ParseContext } from '../../grids/types.ts';
import type { EditField } from './api.ts';
import type { RunRow } from './columns.ts';

const monthlyFields: readonly string[] = payslipEditFields;

/** The most an input takes, as the PATCH's schema (server/payroll/routes.ts) bounds it. */
const MAX_AMOUNT = 1_000_000_000_000;
const MAX_HOURS = 744;

/** The most days a daily payroll's range has (server/payroll/run.ts `rangePlan`). */
const MAX_DAYS = 31;

/**
 * A displayed column as the planner sees it: the inputs (`fields`, the run kind's edit fields) are money, a number of
 * hours or of days; every other is computed.
 */
export function pasteColumn(field: string, fields: readonly string[] = monthlyFields): AnyColumn {
  if (!fields.includes(field)) return { field, kind: 'computed', editable: false };
  if (field === 'overtime_hours') return { field, kind: 'number', min: 0, max: MAX_HOURS };
  if (field === 'days_worked') return { field, kind: 'number', min: 0, max: MAX_DAYS };
  return { field, kind: 'money', min: 0, max: MAX_AMOUNT };
}

/** No enums and no references among the inputs. */
const context: ParseContext = { enumLookup: () => new Map(), references: { find: () => [] } };

export interface RunPaste {
  plan: PastePlan;
  /** Per payslip row: the inputs the paste sets (overtime hours rounded to the quarter hour the server takes). */
  values: Map<string, Partial<Record<EditField, number>>>;
}

/** Plans a clipboard text over the displayed rows and columns from the focused cell; nothing changes. */
export function planRunPaste(input: {
  text: string;
  rows: readonly RunRow[];
  columns: readonly string[];
  start: { rowIndex: number; columnIndex: number };
  editable: boolean;
  /** The run kind's edit fields (runKinds.ts); the monthly run's when left out. */
  fields?: readonly string[];
}): RunPaste {
  const fields = input.fields ?? monthlyFields;
  const block = parseTsv(input.text);
  const plan = planPaste({
    rows: input.rows as unknown as GridRow[],
    columns: input.columns.map((column) => pasteColumn(column, fields)),
    start: input.start,
    block,
    ctx: context,
    canCreate: false,
    isEditable: (_row, column) => input.editable && fields.includes(column.field),
  });
  const values = new Map<string, Partial<Record<EditField, number>>>();
  for (const update of plan.updates) {
    const row: Partial<Record<EditField, number>> = {};
    for (const [field, value] of Object.entries(update.values)) {
      // A cleared cell is 0 (an input, never empty); hours to the quarter, money to the rupiah.
      const number = typeof value === 'number' ? value : 0;
      row[field as EditField] = field === 'overtime_hours' ? Math.round(number * 4) / 4 : Math.round(number);
    }
    if (Object.keys(row).length) values.set(update.rowId, row);
  }
  return { plan, values };
}
