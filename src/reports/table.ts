/**
 * A report's columns (docs/decisions/0088): what the report shell (./ReportScreen.tsx) draws as a grid with a totals
 * row, and what an xlsx export of the same report writes (the man-fee reports).
 */
import type { ColDef } from 'ag-grid-community';

/** A cell: text, a count or rupiah; null is no value ('–' in a money column, an empty cell in an export). */
export type Cell = string | number | null;

export interface ReportColumn<Row, Report> extends Pick<ColDef, 'width' | 'flex' | 'minWidth' | 'pinned'> {
  id: string;
  header: string;
  value: (row: Row) => Cell;
  /** The totals row's cell; empty unless given. */
  total?: (report: Report) => Cell;
  /** 'money': right-aligned rupiah; 'count': right-aligned as it is; text otherwise. */
  kind?: 'money' | 'count';
}

export interface ReportRows<Row> {
  rows: readonly Row[];
  /** Runs of the period not in the report yet. */
  pending?: number;
}

/** One row as cells, in the columns' order. */
export interface ReportLine {
  _id: string;
  cells: Cell[];
}

/** A report as its columns read it: the header, each row's cells and the totals row's. */
export function reportTable<Row extends { _id: string }, Report extends ReportRows<Row>>(
  columns: readonly ReportColumn<Row, Report>[],
  report: Report,
): { header: string[]; rows: ReportLine[]; totals: Cell[] } {
  return {
    header: columns.map((column) => column.header),
    rows: report.rows.map((row) => ({ _id: row._id, cells: columns.map((column) => column.value(row)) })),
    totals: columns.map((column) => column.total?.(report) ?? ''),
  };
}
