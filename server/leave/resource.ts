/**
 * The leave resources (spec 2.3 leave, 3 "Leave rule" and "Holiday", 7 `leave-rules`, `refs/mass-leave`): leave
 * rules, holidays (mass leave) and the read list of leaves. Leaves are written by the approvals flow (and the demo
 * seed), so their list offers no create nor delete.
 */
import { Type } from '@sinclair/typebox';
import { leaveRules, leaves, massLeaves } from '../db/schema.ts';
import type { FieldError } from '../http/errors.ts';
import { type CheckResult, defineResource } from '../resources/define.ts';
import { employeeRef, leaveRuleRef } from '../resources/relations.ts';

const name = Type.String({ minLength: 1, maxLength: 200 });

/**
 * Spec 4: a monthly distribution hides the distribution and expiration dates, so they are stored as null whatever
 * was sent; a fixed quota needs an amount above zero.
 */
export function leaveRuleCheck(row: Readonly<Record<string, unknown>>): CheckResult {
  const errors: Record<string, FieldError> = {};
  if ((row.quota_type ?? 'fixed') === 'fixed' && !(Number(row.amount) > 0)) {
    errors.amount = { code: 'exclusiveMinimum', message: 'must be above 0 for a fixed quota', params: { limit: 0 } };
  }
  return { errors, clear: row.distribution === 'monthly' ? ['distribution_date', 'expiration_date'] : [] };
}

export const leaveRulesResource = defineResource({
  name: 'leave-rules',
  path: '/leave-rules',
  table: leaveRules,
  menu: 'rules',
  scope: 'company',
  label: 'Leave rule',
  title: (row) => String(row.type),
  search: ['type'],
  filters: ['type', 'distribution', 'calculation', 'quota_type', 'unit', 'created_at'],
  sort: ['type', 'distribution', 'amount', 'created_at', 'updated_at'],
  defaultSort: 'type',
  naturalKey: 'type',
  refine: {
    type: name,
    amount: Type.Number({ minimum: 0, maximum: 9999 }),
    service_months: Type.Integer({ minimum: 0, maximum: 600 }),
  },
  check: leaveRuleCheck,
});

export const massLeavesResource = defineResource({
  name: 'mass-leave',
  path: '/refs/mass-leave',
  table: massLeaves,
  menu: 'mass-leave',
  scope: 'company',
  label: 'Holiday',
  title: (row) => `${row.name} (${row.start_date})`,
  search: ['name'],
  filters: ['name', 'start_date', 'end_date', 'deduct_leave_rule', 'created_at'],
  sort: ['name', 'start_date', 'end_date', 'created_at', 'updated_at'],
  defaultSort: 'start_date,name',
  relations: { deduct_leave_rule: leaveRuleRef },
  refine: { name },
  check: (row) =>
    row.start_date && row.end_date && String(row.end_date) < String(row.start_date)
      ? { errors: { end_date: { code: 'after_start', message: 'must not be before the start date' } } }
      : null,
});

/** Leaves taken or asked for: read here (the balance's drill-down); the approvals flow writes them. */
export const leavesResource = defineResource({
  name: 'leaves',
  path: '/leaves',
  table: leaves,
  menu: 'balance',
  scope: 'company',
  label: 'Leave',
  title: (row) => `${row.start_date} – ${row.end_date}`,
  search: ['reason'],
  filters: ['employee', 'leave_rule', 'status', 'start_date', 'end_date', 'unit'],
  sort: ['start_date', 'end_date', 'total', 'status', 'created_at'],
  defaultSort: '-start_date',
  relations: { employee: employeeRef, leave_rule: leaveRuleRef },
  department: { employee: 'employee' },
  readOnly: ['employee', 'leave_rule', 'start_date', 'end_date', 'unit', 'total', 'status', 'reason', 'approval'],
  create: false,
  remove: false,
});
