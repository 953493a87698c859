import { Type } from '@sinclair/typebox';
import { PHONE_PATTERN } from '../../common/contact.ts';
import { employeeOnboardings } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';
import { departmentRef, jobTitleRef, locationRef } from '../resources/relations.ts';

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * employee-onboarding (spec 2.3 and 4): new hires on their way in, pending until their onboarding link is recorded.
 * The Pending and Completed tabs, the contract-dates filter, the template, the import (generic bulk upsert matched by
 * email) and the batch download of selected rows are the list's own; the rows are company data like any list.
 */
export const onboardingResource = defineResource({
  name: 'employee-onboarding',
  path: '/employee-onboarding',
  table: employeeOnboardings,
  menu: 'employee-onboarding',
  scope: 'company',
  label: 'Onboarding',
  title: (row) => `${row.fullname} (${row.email})`,
  search: ['fullname', 'email', 'phone', 'link', 'note'],
  filters: [
    'department',
    'job_title',
    'location',
    'status',
    'contract_start_date',
    'contract_end_date',
    'link',
    'created_at',
  ],
  sort: ['fullname', 'email', 'contract_start_date', 'contract_end_date', 'created_at', 'updated_at'],
  defaultSort: '-created_at',
  naturalKey: 'email',
  relations: { department: departmentRef, job_title: jobTitleRef, location: locationRef },
  department: { column: 'department' },
  refine: {
    fullname: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ format: 'email' }),
    phone: nullable(Type.String({ pattern: PHONE_PATTERN, description: 'Digits, optional leading +' })),
    link: nullable(Type.String({ pattern: '^https?://\\S{1,2000}$', description: 'An http(s) address' })),
    note: nullable(Type.String({ maxLength: 2000 })),
  },
  check: (row) =>
    typeof row.contract_start_date === 'string' &&
    typeof row.contract_end_date === 'string' &&
    row.contract_end_date < row.contract_start_date
      ? { errors: { contract_end_date: { code: 'after_start', message: 'must not be before the contract start' } } }
      : null,
});
