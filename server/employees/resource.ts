import { Type } from '@sinclair/typebox';
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { jkkPercentages } from '../../common/bpjs.ts';
import { PHONE_PATTERN } from '../../common/contact.ts';
import { jakartaToday } from '../../common/employment.ts';
import {
  employeeAllowances,
  employeeAttachments,
  employeeBonuses,
  employeeDeductions,
  employeeEducations,
  employeeEmergencyContacts,
  employeeFamily,
  employeeHistories,
  employeeIncentives,
  employees,
  employeeThrBonuses,
  employeeWorkExperiences,
  jobTitles,
} from '../db/schema.ts';
import { defineResource, type Relation, type Resource } from '../resources/define.ts';
import {
  allowanceRef,
  bonusRef,
  deductionRef,
  departmentRef,
  employeeRef,
  employeeRoleRef,
  incentiveRef,
  jobTitleRef,
  locationRef,
  subDepartmentRef,
  userRef,
} from '../resources/relations.ts';
import { sameCompany } from '../scope/scope.ts';
import { guardNoHistory } from './history.ts';

/**
 * An employee chosen as POA, PCHO or supervisor (spec 3 "Assignment"): a holder of a job title marked for that role in
 * the job-titles list (`assignment_role`); anyone while no title of the company is marked for it. The detail's picker
 * offers the same candidates (src/screens/employee/candidates.ts); the server refuses others.
 */
const candidateRef = (role: 'poa' | 'pcho' | 'supervisor'): Relation => {
  const marked = sql`select ${jobTitles.id} from ${jobTitles} where ${sameCompany(jobTitles, employees)} and ${jobTitles.assignment_role} = ${role}`;
  return { ...employeeRef, accepts: sql<boolean>`(not exists (${marked}) or ${employees.job_title} in (${marked}))` };
};

const nullable = <T extends ReturnType<typeof Type.String | typeof Type.Integer>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const digits = (min: number, max: number, description: string) =>
  nullable(Type.String({ pattern: `^[0-9]{${min},${max}}$`, description }));
const rupiah = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Integer rupiah' });
const phone = nullable(Type.String({ pattern: PHONE_PATTERN, description: 'Digits, optional leading +' }));
/** RT and RW: 1 to 3 digits; postal code (kode pos): 5 digits. */
const address = <P extends 'id_card' | 'domicile'>(prefix: P) =>
  ({
    [`${prefix}_rt`]: digits(1, 3, 'RT: 1 to 3 digits'),
    [`${prefix}_rw`]: digits(1, 3, 'RW: 1 to 3 digits'),
    [`${prefix}_postal_code`]: digits(5, 5, 'Postal code: 5 digits'),
  }) as Record<`${P}_rt` | `${P}_rw` | `${P}_postal_code`, ReturnType<typeof digits>>;

/** The employee fields only roles with payroll permission read and write: salary, bank, tax and BPJS. */
export const payrollFields = [
  'bank',
  'thp',
  'account_number',
  'account_name',
  'pph_deduction',
  'basic_salary',
  'payroll_active',
  'transport_allowance',
  'meal_allowance',
  'communication_allowance',
  'job_allowance',
  'other_allowance',
  'npwp_number',
  'tax_id_valid',
  'tax_resident_from',
  'tax_resident_to',
  'bpjs_tk_registered',
  'bpjs_tk_salary',
  'bpjs_type',
  'jkk_percentage',
  'bpjs_ks_registered',
  'bpjs_ks_salary',
] as const;

/** Active, resigned and daily-worker employees share this record (spec 3 "Employee detail sections"). */
export const employeesResource = defineResource({
  name: 'employees',
  path: '/employees',
  table: employees,
  menu: 'active-employees',
  scope: 'company',
  label: 'Employee',
  /** An employee is created with their user account: a feature route, not the generic create. */
  create: false,
  title: (row) => `${row.fullname} (${row.employee_id})`,
  search: ['fullname', 'employee_id', 'email', 'phone', 'nickname'],
  filters: [
    'department',
    'sub_department',
    'job_title',
    'location',
    'status',
    'gender',
    'join_date',
    'exit_date',
    'basic_salary',
    'payroll_active',
    'supervisor',
    'created_at',
    'user',
    'role',
  ],
  sort: ['fullname', 'employee_id', 'join_date', 'basic_salary', 'created_at', 'updated_at'],
  defaultSort: 'fullname',
  naturalKey: 'employee_id',
  relations: {
    user: userRef,
    department: departmentRef,
    sub_department: subDepartmentRef,
    job_title: jobTitleRef,
    location: locationRef,
    supervisor: candidateRef('supervisor'),
    role: employeeRoleRef,
    poa: candidateRef('poa'),
    pcho: candidateRef('pcho'),
    assigned_by: userRef,
  },
  /** `assigned_by` is stamped by the server (the create route); never accepted from a client. */
  readOnly: ['user', 'exit_reason', 'exit_date', 'account_name', 'assigned_by'],
  /** Salary, bank, tax and BPJS data: only for callers with payroll permission (docs/decisions/0010). */
  private: { menu: 'payroll-employees', fields: payrollFields },
  department: { column: 'department' },
  /** An employee record stands for its user: writes follow the rank rule; deleting one with history is refused. */
  holder: 'user',
  guardDelete: guardNoHistory,
  /** The active list: no exit date yet (or a future one), daily workers excluded (they have their own list). */
  rows: () =>
    and(or(isNull(employees.exit_date), gt(employees.exit_date, jakartaToday())), ne(employees.status, 'freelance'))!,
  refine: {
    employee_id: Type.String({ pattern: '^[A-Za-z0-9._/-]{1,30}$' }),
    fullname: Type.String({ minLength: 1, maxLength: 200 }),
    email: nullable(Type.String({ format: 'email' })),
    phone,
    no_of_children: nullable(Type.Integer({ minimum: 0, maximum: 20 })),
    work_days: Type.Integer({ minimum: 5, maximum: 6 }),
    account_number: digits(5, 20, 'Digits only'),
    ktp_number: digits(16, 16, 'NIK: 16 digits'),
    npwp_number: digits(15, 16, 'NPWP: 15 or 16 digits'),
    bpjs_tk_number: digits(8, 16, 'Digits only'),
    bpjs_ks_number: digits(13, 13, 'BPJS Kesehatan: 13 digits'),
    basic_salary: rupiah,
    transport_allowance: rupiah,
    meal_allowance: rupiah,
    communication_allowance: rupiah,
    job_allowance: rupiah,
    other_allowance: rupiah,
    thp: rupiah,
    bpjs_tk_salary: nullable(rupiah),
    bpjs_ks_salary: nullable(rupiah),
    bpjs_type: Type.Integer({
      minimum: 1,
      maximum: 3,
      description: '1 wage recipient, 2 non-wage recipient, 3 not registered',
    }),
    jkk_percentage: Type.Union([
      Type.Number({ enum: [...jkkPercentages], description: 'JKK risk-group rate in percent; null: the company rate' }),
      Type.Null(),
    ]),
    driver_lisence_number: nullable(Type.String({ pattern: '^[A-Za-z0-9 -]{5,20}$' })),
    ...address('id_card'),
    ...address('domicile'),
  },
});

export const employeeFamilyResource = defineResource({
  name: 'employee-family',
  path: '/employees/family',
  table: employeeFamily,
  menu: 'active-employees',
  scope: 'company',
  label: 'Employee family',
  title: (row) => String(row.name),
  search: ['name'],
  filters: ['employee', 'relationship', 'bpjs_ks_additional'],
  sort: ['name', 'created_at'],
  defaultSort: 'name',
  relations: { employee: employeeRef },
  department: { employee: 'employee' },
  refine: { phone },
});

/**
 * Every employee of the caller's company (and department), whichever list they are on: the record behind the detail
 * route, and what an import row may match.
 */
export const allEmployeesResource: Resource = { ...employeesResource, rows: undefined };

/**
 * The resigned and daily-worker lists are views of the employee record (docs/decisions/0009): the same rows, fields,
 * access rules and writes, with their own list condition and menu.
 */
const employeeView = (view: Pick<Resource, 'name' | 'path' | 'menu' | 'typeName' | 'rows'>): Resource => ({
  ...employeesResource,
  ...view,
});

/** resigned-employees: an exit date today or earlier (Asia/Jakarta); daily workers have their own inactive tab. */
export const resignedEmployeesResource = employeeView({
  name: 'resigned-employees',
  path: '/employees/exit-employee',
  menu: 'resigned-employees',
  typeName: 'ResignedEmployee',
  rows: () => and(lte(employees.exit_date, jakartaToday()), ne(employees.status, 'freelance'))!,
});

/** daily-worker: freelance employees, active or not (the Active and Inactive tabs filter on `exit_date`). */
export const dailyWorkersResource = employeeView({
  name: 'daily-workers',
  path: '/employees/freelance',
  menu: 'daily-worker',
  typeName: 'DailyWorker',
  rows: () => eq(employees.status, 'freelance'),
});

/** What every sub-record of an employee shares: the employee it belongs to, its menu and its list rules. */
const subRecord = {
  menu: 'active-employees',
  scope: 'company',
  relations: { employee: employeeRef },
  department: { employee: 'employee' },
  defaultSort: 'created_at',
} as const;

export const emergencyContactsResource = defineResource({
  ...subRecord,
  name: 'employee-emergency-contacts',
  path: '/employees/emergency-contacts',
  table: employeeEmergencyContacts,
  label: 'Emergency contact',
  title: (row) => String(row.name),
  search: ['name', 'relationship', 'phone'],
  filters: ['employee', 'relationship'],
  sort: ['name', 'created_at'],
  refine: { name: Type.String({ minLength: 1, maxLength: 200 }), phone },
});

export const workExperiencesResource = defineResource({
  ...subRecord,
  name: 'employee-work-experiences',
  path: '/employees/work-experiences',
  table: employeeWorkExperiences,
  label: 'Work experience',
  title: (row) => `${row.company_name}`,
  search: ['company_name', 'job_title'],
  filters: ['employee', 'start_date', 'end_date'],
  sort: ['start_date', 'end_date', 'company_name', 'created_at'],
  refine: { company_name: Type.String({ minLength: 1, maxLength: 200 }) },
  check: (row) =>
    typeof row.start_date === 'string' && typeof row.end_date === 'string' && row.end_date < row.start_date
      ? { errors: { end_date: { code: 'after_start', message: 'must not be before the start date' } } }
      : null,
});

export const educationsResource = defineResource({
  ...subRecord,
  name: 'employee-educations',
  path: '/employees/educations',
  table: employeeEducations,
  label: 'Education',
  title: (row) => `${row.institute_name}`,
  search: ['institute_name', 'major', 'title'],
  filters: ['employee', 'grad_year'],
  sort: ['grad_year', 'institute_name', 'created_at'],
  refine: {
    institute_name: Type.String({ minLength: 1, maxLength: 200 }),
    grad_year: nullable(Type.Integer({ minimum: 1900, maximum: 2100 })),
  },
});

export const attachmentsResource = defineResource({
  ...subRecord,
  name: 'employee-attachments',
  path: '/employees/attachments',
  table: employeeAttachments,
  label: 'Attachment',
  title: (row) => String(row.name),
  search: ['name'],
  filters: ['employee'],
  sort: ['name', 'created_at'],
  refine: { name: Type.String({ minLength: 1, maxLength: 200 }) },
});

export const historiesResource = defineResource({
  ...subRecord,
  name: 'employee-histories',
  path: '/employees/case-achievement',
  table: employeeHistories,
  label: 'History',
  title: (row) => String(row.title),
  search: ['title', 'description'],
  filters: ['employee', 'type'],
  sort: ['title', 'type', 'created_at'],
  refine: { title: Type.String({ minLength: 1, maxLength: 200 }) },
});

/** What payroll sub-records share: payroll permission, and a year and month ('2026-03'). */
const period = {
  ...subRecord,
  menu: 'payroll-employees',
  title: (row: Record<string, unknown>) => `${row.year}-${String(row.month).padStart(2, '0')}`,
  refine: {
    year: Type.Integer({ minimum: 2000, maximum: 2100 }),
    month: Type.Integer({ minimum: 1, maximum: 12 }),
  },
} as const;

/** Payroll items of an employee, per year and month (spec 3 "Employee payroll"). */
const payrollItem = {
  ...period,
  search: ['description'],
  filters: ['employee', 'year', 'month', 'reference'],
  sort: ['year', 'month', 'amount', 'created_at'],
  defaultSort: '-year,-month,created_at',
  refine: { ...period.refine, amount: rupiah },
} as const;

export const employeeAllowancesResource = defineResource({
  ...payrollItem,
  name: 'employee-allowances',
  path: '/employees/allowances',
  table: employeeAllowances,
  label: 'Employee allowance',
  relations: { ...payrollItem.relations, reference: allowanceRef },
});
export const employeeIncentivesResource = defineResource({
  ...payrollItem,
  name: 'employee-incentives',
  path: '/employees/incentives',
  table: employeeIncentives,
  label: 'Employee incentive',
  relations: { ...payrollItem.relations, reference: incentiveRef },
});
export const employeeBonusesResource = defineResource({
  ...payrollItem,
  name: 'employee-bonuses',
  path: '/employees/bonuses',
  table: employeeBonuses,
  label: 'Employee bonus',
  relations: { ...payrollItem.relations, reference: bonusRef },
});
export const employeeDeductionsResource = defineResource({
  ...payrollItem,
  name: 'employee-deductions',
  path: '/employees/deductions',
  table: employeeDeductions,
  label: 'Employee deduction',
  relations: { ...payrollItem.relations, reference: deductionRef },
});

/** THR and yearly bonus by month (`employees/payrolls/thr-bonuses`). */
export const thrBonusesResource = defineResource({
  ...period,
  name: 'employee-thr-bonuses',
  path: '/employees/payrolls/thr-bonuses',
  table: employeeThrBonuses,
  label: 'THR and yearly bonus',
  search: [],
  filters: ['employee', 'year', 'month'],
  sort: ['year', 'month', 'created_at'],
  defaultSort: '-year,-month',
  refine: { ...period.refine, thr: rupiah, yearly_bonus: rupiah },
});

/** The employee sub-records, in the order of the detail editor. */
export const employeeSubRecords = [
  emergencyContactsResource,
  employeeFamilyResource,
  workExperiencesResource,
  educationsResource,
  attachmentsResource,
  historiesResource,
  employeeAllowancesResource,
  employeeIncentivesResource,
  employeeBonusesResource,
  employeeDeductionsResource,
  thrBonusesResource,
];
