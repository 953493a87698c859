/**
 * finance → loan (issue 15, spec 3 "Loan", 5, 9): loans and deposits as generic resources. What the generic machinery
 * cannot say (the employee fixed after create, terms fixed once something is paid, the schedule, settlement and
 * skipping) is domain code in ./routes.ts; the payroll side is ./payments.ts.
 */
import { Type } from '@sinclair/typebox';
import { MAX_INSTALLMENTS, MIN_INSTALLMENTS } from '../../common/loans.ts';
import { deposits, loans } from '../db/schema.ts';
import { ATTACHMENT_PATTERN } from '../files/attachments.ts';
import type { CheckResult } from '../resources/define.ts';
import { defineResource } from '../resources/define.ts';
import { employeeRef } from '../resources/relations.ts';

const name = Type.String({ minLength: 1, maxLength: 200 });
const amount = Type.Integer({ minimum: 1, maximum: 100_000_000_000, description: 'Integer rupiah' });
const note = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);

export const loansResource = defineResource({
  name: 'loans',
  path: '/loans',
  table: loans,
  menu: 'finance-loan',
  scope: 'company',
  label: 'Loan',
  title: (row) => String(row.name),
  search: ['name', 'description'],
  filters: ['employee', 'status', 'effective_date', 'created_at'],
  sort: ['name', 'effective_date', 'amount', 'status', 'created_at', 'updated_at'],
  defaultSort: '-effective_date',
  relations: { employee: employeeRef },
  department: { employee: 'employee' },
  readOnly: [
    'total_amount',
    'amount_paid',
    'installments_paid',
    'remaining_installment',
    'status',
    'skipped_months',
    'settled_on',
  ],
  refine: {
    name,
    amount,
    installment: Type.Integer({
      minimum: MIN_INSTALLMENTS,
      maximum: MAX_INSTALLMENTS,
      description: 'Monthly installments, 1 to 12',
    }),
    interest_rate: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01, description: 'Percent a year, flat' }),
    description: note,
    attachment: Type.Union([
      Type.String({ pattern: ATTACHMENT_PATTERN, description: 'An upload of POST /v1/files?accept=attachment' }),
      Type.Null(),
    ]),
  },
});

/** A deposit's target is at least one run's amount. */
function depositCheck(row: Readonly<Record<string, unknown>>): CheckResult {
  const perRun = Number(row.amount);
  const target = Number(row.target);
  if (Number.isFinite(perRun) && Number.isFinite(target) && target < perRun) {
    return {
      errors: { target: { code: 'minimum', message: 'must be at least the amount', params: { limit: perRun } } },
    };
  }
  return {};
}

export const depositsResource = defineResource({
  name: 'deposits',
  path: '/deposits',
  table: deposits,
  menu: 'finance-loan',
  scope: 'company',
  label: 'Deposit',
  title: (row) => String(row.name),
  search: ['name', 'description'],
  filters: ['employee', 'start_date', 'created_at'],
  sort: ['name', 'start_date', 'amount', 'target', 'balance', 'created_at', 'updated_at'],
  defaultSort: '-start_date',
  relations: { employee: employeeRef },
  department: { employee: 'employee' },
  readOnly: ['balance', 'returned_amount'],
  refine: { name, amount, target: amount, description: note },
  check: depositCheck,
});

export const financeResources = [loansResource, depositsResource];
