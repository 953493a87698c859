import { Type } from '@sinclair/typebox';
import { departments, jobTitles, locations, subDepartments } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';
import { departmentRef, employeeRef } from '../resources/relations.ts';

const code = Type.String({ pattern: '^[A-Za-z0-9._-]{1,30}$', description: 'Letters, digits, dot, dash, underscore' });
const name = Type.String({ minLength: 1, maxLength: 200 });
const title = (row: Record<string, unknown>) => `${row.name} (${row.code})`;
const listRules = {
  search: ['code', 'name'],
  filters: ['code', 'created_at'],
  sort: ['code', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  naturalKey: 'code',
  scope: 'company',
  menu: 'employee-organization',
  title,
} as const;

/** The employee-organization reference lists (spec 2.3, section 3 "Reference lists"). */
export const departmentsResource = defineResource({
  ...listRules,
  name: 'departments',
  path: '/refs/employees/orgs/departments',
  table: departments,
  label: 'Department',
  relations: { head: employeeRef },
  refine: { code, name },
});

export const subDepartmentsResource = defineResource({
  ...listRules,
  filters: ['code', 'department', 'created_at'],
  name: 'sub-departments',
  path: '/refs/employees/orgs/sub-departments',
  table: subDepartments,
  label: 'Sub-department',
  relations: { department: departmentRef, supervisor: employeeRef },
  refine: { code, name },
});

export const jobTitlesResource = defineResource({
  ...listRules,
  name: 'job-titles',
  path: '/refs/employees/orgs/job-titles',
  table: jobTitles,
  label: 'Job title',
  refine: { code, name },
});

export const locationsResource = defineResource({
  ...listRules,
  name: 'locations',
  path: '/refs/employees/orgs/locations',
  table: locations,
  label: 'Location',
  refine: { code, name },
});
