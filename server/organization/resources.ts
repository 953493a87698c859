import { Type } from '@sinclair/typebox';
import {
  banks,
  departments,
  employeeRoles,
  jobTitles,
  locations,
  majors,
  nationalities,
  relationships,
  religions,
  subDepartments,
  titles,
} from '../db/schema.ts';
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
  refine: { code, name, description: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]) },
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
  filters: [...listRules.filters, 'assignment_role'],
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
  refine: {
    code,
    name,
    // Where the site is (decimal degrees) and how far from it a clock still counts as on site (metres, > 0; blank is
    // the default 200 m): the offsite rule, server/attendance/offsite.ts.
    // (The columns are nullable: the schema adds the null.)
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    radius: Type.Integer({ minimum: 1, maximum: 100_000 }),
  },
  // Coordinates come in pairs: a site with one of the two cannot be measured against.
  check: (row) => {
    const lat = row.latitude ?? null;
    const lon = row.longitude ?? null;
    if ((lat === null) === (lon === null)) return null;
    const missing = lat === null ? 'latitude' : 'longitude';
    return { errors: { [missing]: { code: 'required', message: 'is required with the other coordinate' } } };
  },
});

/** The employee-personal reference lists (spec 2.3): code and name; banks cannot be added or deleted, only edited. */
const personal = { ...listRules, menu: 'employee-personal', refine: { code, name } } as const;

export const nationalitiesResource = defineResource({
  ...personal,
  name: 'nationalities',
  path: '/refs/employees/personal/nationalities',
  table: nationalities,
  label: 'Nationality',
});

export const religionsResource = defineResource({
  ...personal,
  name: 'religions',
  path: '/refs/employees/personal/religions',
  table: religions,
  label: 'Religion',
});

export const titlesResource = defineResource({
  ...personal,
  name: 'titles',
  path: '/refs/employees/personal/titles',
  table: titles,
  label: 'Title',
});

export const majorsResource = defineResource({
  ...personal,
  name: 'majors',
  path: '/refs/employees/personal/majors',
  table: majors,
  label: 'Major',
});

export const relationshipsResource = defineResource({
  ...personal,
  name: 'relationships',
  path: '/refs/employees/personal/relationships',
  table: relationships,
  label: 'Relationship',
});

export const banksResource = defineResource({
  ...personal,
  name: 'banks',
  path: '/refs/employees/legalities/banks',
  table: banks,
  label: 'Bank',
  /** Spec 2.3: "bank (no adding)". The seeded banks are edited, never added to nor deleted. */
  create: false,
  remove: false,
});

/** Employee roles: a role name, a hierarchy level (0 is the top) and, optionally, the department it belongs to. */
export const employeeRolesResource = defineResource({
  ...listRules,
  menu: 'employee-personal',
  name: 'employee-roles',
  path: '/refs/employees/assigns/roles',
  table: employeeRoles,
  label: 'Employee role',
  title: (row) => `${row.role} (${row.code})`,
  search: ['code', 'role'],
  filters: ['code', 'level', 'department', 'created_at'],
  sort: ['code', 'role', 'level', 'created_at', 'updated_at'],
  defaultSort: 'level,role',
  relations: { department: departmentRef },
  refine: {
    code,
    role: Type.String({ minLength: 1, maxLength: 200 }),
    level: Type.Integer({ minimum: 0, maximum: 999 }),
  },
});
