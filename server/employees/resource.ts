import { Type } from '@sinclair/typebox';
import { employeeFamily, employees } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';
import {
  departmentRef,
  employeeRef,
  jobTitleRef,
  locationRef,
  subDepartmentRef,
  userRef,
} from '../resources/relations.ts';

const nullable = <T extends ReturnType<typeof Type.String | typeof Type.Integer>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const digits = (min: number, max: number, description: string) =>
  nullable(Type.String({ pattern: `^[0-9]{${min},${max}}$`, description }));
const rupiah = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Integer rupiah' });

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
    supervisor: employeeRef,
  },
  readOnly: ['user', 'exit_reason', 'exit_date', 'account_name'],
  refine: {
    employee_id: Type.String({ pattern: '^[A-Za-z0-9._/-]{1,30}$' }),
    fullname: Type.String({ minLength: 1, maxLength: 200 }),
    email: nullable(Type.String({ format: 'email' })),
    phone: nullable(Type.String({ pattern: '^\\+?[0-9]{8,15}$', description: 'Digits, optional leading +' })),
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
  refine: { phone: nullable(Type.String({ pattern: '^\\+?[0-9]{8,15}$' })) },
});
