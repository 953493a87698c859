import { describe, expect, it } from 'vitest';
import { readRows, type Template, templateSheet } from '../../../../src/screens/payroll/importRows.ts';

const template: Template = {
  components: [
    { key: 'allowance:HOUSING', category: 'allowance', code: 'HOUSING', name: 'Housing Allowance' },
    { key: 'deduction:COOPERATIVE', category: 'deduction', code: 'COOPERATIVE', name: 'Cooperative Dues' },
    { key: 'thr', category: 'thr', code: null, name: null },
  ],
  run: null,
  employees: [
    { _id: 'a', employee_id: 'DEMO-0001', fullname: 'Ayu', department_name: 'Sales', amounts: { thr: 1_000_000 } },
    { _id: 'b', employee_id: 'DEMO-0002', fullname: 'Budi', department_name: null, amounts: {} },
  ],
};
const period = { year: 2026, month: 11 };

describe('payroll-import rows', () => {
  it('reads amounts as people type them and checks every cell', () => {
    const mapping = ['employee_id', null, 'allowance:HOUSING', 'deduction:COOPERATIVE', 'thr'];
    const rows = readRows(
      [
        ['ID', 'Name', 'Housing', 'Coop', 'THR'],
        ['DEMO-0001', 'Ayu', 'Rp 1.500.000', 75000, ''],
        ['demo-0002', 'Budi', '-5', '1,5', 'x'],
        ['', '', '', '', ''],
        ['DEMO-0009', '', '', '', '0'],
        ['DEMO-0001', '', '1', '', ''],
        ['', 'No id', '1', '', ''],
      ],
      0,
      { period, template, mapping },
    );
    expect(rows.map((row) => row.line)).toEqual([2, 3, 5, 6, 7]);
    expect(rows[0]).toMatchObject({
      employeeName: 'Ayu',
      year: 2026,
      month: 11,
      amounts: { 'allowance:HOUSING': 1_500_000, 'deduction:COOPERATIVE': 75_000 },
      problems: {},
    });
    expect(Object.keys(rows[1]!.problems).sort()).toEqual(['allowance:HOUSING', 'deduction:COOPERATIVE', 'thr']);
    expect(rows[2]!.problems).toEqual({ employee_id: { code: 'unknownEmployee' } });
    expect(rows[2]!.amounts).toEqual({ thr: 0 });
    expect(rows[3]!.problems).toEqual({ employee_id: { code: 'duplicate' } });
    expect(rows[4]!.problems).toEqual({ employee_id: { code: 'required' } });
  });

  it('takes year and month from the file when mapped, and checks them', () => {
    const rows = readRows(
      [
        ['DEMO-0009', 2026, 10, 5],
        ['DEMO-0001', 1999, 13, 5],
      ],
      -1,
      { period, template, mapping: ['employee_id', 'year', 'month', 'thr'] },
    );
    // Another month than the template's: the employee is left to the server.
    expect(rows[0]).toMatchObject({ year: 2026, month: 10, problems: {} });
    expect(Object.keys(rows[1]!.problems).sort()).toEqual(['month', 'year']);
  });

  it('writes the template as the month stands', () => {
    const sheet = templateSheet(template, period, (field) => field.toUpperCase());
    expect(sheet[0]).toEqual([
      'EMPLOYEE_ID',
      'FULLNAME',
      'YEAR',
      'MONTH',
      'ALLOWANCE:HOUSING',
      'DEDUCTION:COOPERATIVE',
      'THR',
    ]);
    expect(sheet[1]).toEqual(['DEMO-0001', 'Ayu', 2026, 11, '', '', 1_000_000]);
  });
});
