/** The shapes a populated relation takes: small, named, and tenant-checked by the repository. */
import { Type } from '@sinclair/typebox';
import {
  allowances,
  bonuses,
  companies,
  deductions,
  departments,
  employeeRoles,
  employees,
  incentives,
  jobTitles,
  leaveRules,
  locations,
  shifts,
  subDepartments,
  users,
} from '../db/schema.ts';
import type { Relation } from './define.ts';

const text = Type.String();
const id = Type.String({ format: 'uuid' });
const nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);

export const userRef: Relation = {
  table: users,
  owned: true,
  columns: {
    fullname: users.fullname,
    username: users.username,
    email: users.email,
    level: users.level,
    photo_url: users.photo_url,
  },
  schema: Type.Object(
    { _id: id, fullname: text, username: text, email: nullable(text), level: text, photo_url: nullable(text) },
    { $id: 'UserRef' },
  ),
};

/** A company's admin is a user of that company, not of the (developer) caller: no company filter. */
export const companyAdminRef: Relation = { ...userRef, owned: false };

export const employeeRef: Relation = {
  table: employees,
  owned: true,
  columns: { fullname: employees.fullname, employee_id: employees.employee_id },
  schema: Type.Object({ _id: id, fullname: text, employee_id: text }, { $id: 'EmployeeRef' }),
};

const codeName = (
  table:
    | typeof departments
    | typeof jobTitles
    | typeof locations
    | typeof subDepartments
    | typeof allowances
    | typeof incentives
    | typeof bonuses
    | typeof deductions,
  $id: string,
): Relation => ({
  table,
  owned: true,
  columns: { code: table.code, name: table.name },
  schema: Type.Object({ _id: id, code: text, name: text }, { $id }),
});

export const departmentRef = codeName(departments, 'DepartmentRef');
export const subDepartmentRef = codeName(subDepartments, 'SubDepartmentRef');
export const jobTitleRef = codeName(jobTitles, 'JobTitleRef');
export const locationRef = codeName(locations, 'LocationRef');
/** The payroll-references component a payroll item of an employee is for. */
export const allowanceRef = codeName(allowances, 'AllowanceRef');
export const incentiveRef = codeName(incentives, 'IncentiveRef');
export const bonusRef = codeName(bonuses, 'BonusRef');
export const deductionRef = codeName(deductions, 'DeductionRef');

/** An employee role of the assignment (spec 3 "Reference lists"): code, role name and hierarchy level. */
export const employeeRoleRef: Relation = {
  table: employeeRoles,
  owned: true,
  columns: { code: employeeRoles.code, role: employeeRoles.role, level: employeeRoles.level },
  schema: Type.Object({ _id: id, code: text, role: text, level: Type.Integer() }, { $id: 'EmployeeRoleRef' }),
};

/** A leave rule, by its leave type's name. */
export const leaveRuleRef: Relation = {
  table: leaveRules,
  owned: true,
  columns: { type: leaveRules.type, unit: leaveRules.unit },
  schema: Type.Object({ _id: id, type: text, unit: text }, { $id: 'LeaveRuleRef' }),
};

/** The shift a roster cell, an override or a weekly pattern points at (issue #12). */
export const shiftRef: Relation = {
  table: shifts,
  owned: true,
  columns: { code: shifts.code, name: shifts.name, type: shifts.type },
  schema: Type.Object({ _id: id, code: text, name: text, type: text }, { $id: 'ShiftRef' }),
};

/** A company, for the developer area's platform lists (man-fee rules): not company-owned, so no tenancy filter. */
export const companyRef: Relation = {
  table: companies,
  owned: false,
  columns: { code: companies.code, name: companies.name },
  schema: Type.Object({ _id: id, code: text, name: text }, { $id: 'CompanyRef' }),
};

export const relationSchemas = [
  companyRef.schema,
  shiftRef.schema,
  userRef.schema,
  employeeRef.schema,
  departmentRef.schema,
  subDepartmentRef.schema,
  jobTitleRef.schema,
  locationRef.schema,
  employeeRoleRef.schema,
  allowanceRef.schema,
  incentiveRef.schema,
  bonusRef.schema,
  deductionRef.schema,
  leaveRuleRef.schema,
];
