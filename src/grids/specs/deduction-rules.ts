/**
 * payroll-rules: early-leave and absence deductions. Each method has only its own field (spec 4): daily a nominal,
 * prorate the days, percentage a percent; `common/payroll-rules.ts` says which, for these cells and for the server.
 */
import { deductionFields, deductionMethods, fieldApplies } from '../../../common/payroll-rules.ts';
import { defineGrid, type RowOf } from '../types.ts';
import { byCode, codeNameColumns, updatedColumn } from './code-name-lists.ts';

type Early = RowOf<'/v1/refs/payrolls/early-deductions'>;
type Absent = RowOf<'/v1/refs/payrolls/absent-deductions'>;
/** The two lists have the same row shape (this fails to compile the day they do not), so one spec serves both. */
const sameShape: [Early, Absent] extends [Absent, Early] ? true : never = true;
void sameShape;

function deductionRuleGrid<P extends '/v1/refs/payrolls/early-deductions' | '/v1/refs/payrolls/absent-deductions'>(
  resource: string,
  path: P,
) {
  return defineGrid({
    resource,
    path: path as '/v1/refs/payrolls/early-deductions',
    ...byCode,
    create: false,
    remove: false,
    columns: [
      ...codeNameColumns,
      {
        field: 'method',
        kind: 'enum',
        width: 160,
        required: true,
        enum: { key: 'deduction_method', values: deductionMethods },
      },
      {
        field: 'nominal',
        kind: 'money',
        width: 160,
        required: true,
        min: 0,
        editable: (row) => fieldApplies(deductionFields, row.method, 'nominal'),
      },
      {
        field: 'pro_rate_day',
        kind: 'number',
        width: 130,
        required: true,
        min: 1,
        max: 31,
        editable: (row) => fieldApplies(deductionFields, row.method, 'pro_rate_day'),
      },
      {
        field: 'percentage',
        kind: 'percent',
        width: 130,
        required: true,
        min: 0,
        max: 100,
        editable: (row) => fieldApplies(deductionFields, row.method, 'percentage'),
      },
      updatedColumn,
    ],
  });
}

export const earlyDeductionsGrid = deductionRuleGrid('early-deductions', '/v1/refs/payrolls/early-deductions');
export const absentDeductionsGrid = deductionRuleGrid('absent-deductions', '/v1/refs/payrolls/absent-deductions');
