import { describe, expect, it } from 'vitest';
import { type ReportColumn, reportTable } from '../../../src/reports/table.ts';

type Row = { _id: string; name: string; amount: number | null };
type Report = { rows: Row[]; total: number };

const columns: ReportColumn<Row, Report>[] = [
  { id: 'name', header: 'Name', value: (row) => row.name, total: () => 'Total' },
  { id: 'note', header: 'Note', value: () => 'x' },
  { id: 'amount', header: 'Amount', value: (row) => row.amount, total: (report) => report.total, kind: 'money' },
];

describe('reportTable', () => {
  it("reads the header, each row's cells in the columns' order and the totals row", () => {
    const report: Report = {
      rows: [
        { _id: 'a', name: 'Alpha', amount: 10 },
        { _id: 'b', name: 'Beta', amount: null },
      ],
      total: 10,
    };
    expect(reportTable(columns, report)).toEqual({
      header: ['Name', 'Note', 'Amount'],
      rows: [
        { _id: 'a', cells: ['Alpha', 'x', 10] },
        { _id: 'b', cells: ['Beta', 'x', null] },
      ],
      // A column without a total is an empty text on the totals row (and in an export), not a missing cell.
      totals: ['Total', '', 10],
    });
  });

  it('has no rows for an empty report, and still its totals', () => {
    expect(reportTable(columns, { rows: [], total: 0 })).toEqual({
      header: ['Name', 'Note', 'Amount'],
      rows: [],
      totals: ['Total', '', 0],
    });
  });
});
