/**
 * The employee detail's sections (spec 3 "Employee detail sections") as data: each form section lists its fields in
 * order, with the kind that says how the field is edited, read and shown (`form.ts`), and which are read-only or
 * computed. The account section and the sub-record grids are sections too, so the section nav and the palette's
 * 'Go to section' read one list. A field is shown only when the row has it: the server leaves payroll fields out for
 * callers without payroll permission, so private sections disappear with their fields.
 */
import { jkkPercentages } from '../../common/bpjs.ts';
import type { Schemas } from '../api/client.ts';
import type { ReferenceSpec } from '../grids/types.ts';
import type { PickerQuery } from '../picker/options.ts';
/** The assignments whose candidates are the holders of the job titles configured for them. */
export type AssignmentRole = 'poa' | 'pcho' | 'supervisor';

export type Employee = Schemas['Employee'];
export type EmployeeField = keyof Employee & string;

/**
 * How a field is edited: the closed union every table in `form.ts` is keyed by.
 * - text, textarea: free text (blank is null); email and phone: checked formats;
 * - digits: numbers kept as text (NIK, NPWP, account, RT/RW, postal code), non-digits blocked as typed;
 * - integer, money: numbers typed in Indonesian or English notation ('5.000.000'), non-numeric characters blocked;
 * - date: a calendar day; enum: one of string values; choice: one of number values (or null);
 * - boolean: a checkbox; reference: a record chosen with the option picker.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'digits'
  | 'integer'
  | 'money'
  | 'date'
  | 'enum'
  | 'choice'
  | 'boolean'
  | 'reference';

export interface FieldSpec {
  field: EmployeeField;
  kind: FieldKind;
  /** Blank is refused (the server's required fields and the non-null numbers). */
  required?: boolean;
  /** Shown, never edited (spec 5's read-only fields). */
  readOnly?: boolean;
  /** integer, money: inclusive bounds. */
  min?: number;
  max?: number;
  /** digits: how many digits, inclusive. */
  length?: readonly [number, number];
  /** enum: the values in order, labelled `enums.<key>.<value>`. */
  enum?: { key: string; values: readonly string[] };
  /**
   * choice: the number values in order, null for "not set" (labelled `nullLabel`); labelled `enums.<key>.<value>`
   * when `key` is given, else the number with `unit`.
   */
  choice?: { values: readonly (number | null)[]; key?: string; unit?: string; nullLabel?: ChoiceNullLabel };
  /** reference: the list the picker searches; `filterBy` narrows it by another field's chosen record. */
  reference?: ReferenceSpec & { filterBy?: { field: EmployeeField; param: string } };
  /** reference: only holders of the job titles configured for this assignment role (src/screens/employee/candidates.ts). */
  candidates?: AssignmentRole;
  /** A hint under the field (e.g. what an empty BPJS wage means). */
  hint?: DetailKey;
}

/** Values shown read-only, derived from the row (and, for BPJS, the company's figures). */
export type ComputedId =
  | 'age'
  | 'service_length'
  | 'bpjs_tk_jht'
  | 'bpjs_jkm'
  | 'bpjs_tk_jp'
  | 'bpjs_jkk'
  | 'bpjs_ks'
  | 'additional_family_member'
  | 'total_additional_family';

export interface ComputedSpec {
  computed: ComputedId;
}

export type SectionEntry = FieldSpec | ComputedSpec;

export const isComputed = (entry: SectionEntry): entry is ComputedSpec => 'computed' in entry;

/** The keys this screen's own texts use. */
export type DetailKey = `employeeDetail.${string}`;
type ChoiceNullLabel = 'employeeDetail.companyRate' | 'employeeDetail.notSet';

export type FormSectionId = 'personal' | 'employment' | 'assignment' | 'salary' | 'legality' | 'bpjs' | 'address';
/** The employee's sub-record lists, each a grid (`SubRecords.tsx` `subRecordGrids`). */
export type SubRecordKind =
  | 'emergency-contacts'
  | 'family'
  | 'work-experiences'
  | 'educations'
  | 'attachments'
  | 'case-achievement'
  | 'allowances'
  | 'incentives'
  | 'bonuses'
  | 'deductions'
  | 'thr-bonuses';

export type SectionId = FormSectionId | 'account' | SubRecordKind;

export interface FormSection {
  kind: 'form';
  id: FormSectionId;
  label: DetailKey;
  entries: readonly SectionEntry[];
}
export interface AccountSection {
  kind: 'account';
  id: 'account';
  label: DetailKey;
}
export interface RecordsSection {
  kind: 'records';
  id: SubRecordKind;
  label: DetailKey;
  /** Payroll sub-records: shown only to callers who see the payroll fields. */
  payroll: boolean;
}
export type Section = FormSection | AccountSection | RecordsSection;

const text = (field: EmployeeField, extra: Partial<FieldSpec> = {}): FieldSpec => ({ field, kind: 'text', ...extra });
const date = (field: EmployeeField, extra: Partial<FieldSpec> = {}): FieldSpec => ({ field, kind: 'date', ...extra });
const money = (field: EmployeeField, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  field,
  kind: 'money',
  min: 0,
  ...extra,
});
const digits = (field: EmployeeField, min: number, max: number): FieldSpec => ({
  field,
  kind: 'digits',
  length: [min, max],
});
const computed = (id: ComputedId): ComputedSpec => ({ computed: id });

const org = (path: ReferenceSpec['path']): ReferenceSpec => ({ path, label: 'name', code: 'code' });
const employeeRef: ReferenceSpec = { path: '/v1/employees', label: 'fullname', code: 'employee_id' };

/** The enum values, as the API types them (a renamed value breaks the build here). */
export const enumValues = {
  gender: ['male', 'female', 'other'],
  marital_status: ['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3'],
  recruitment_type: ['recommendation', 'job_portal', 'social_media', 'other'],
  employment_status: ['not_set', 'pkwtt', 'pkwt', 'probation', 'intern', 'freelance', 'regular'],
  exit_reason: ['resign', 'phk'],
  pph_deduction: ['gross', 'gross_up'],
  driver_lisence_type: ['A', 'B1', 'B2', 'C', 'D'],
} as const satisfies {
  gender: readonly NonNullable<Employee['gender']>[];
  marital_status: readonly NonNullable<Employee['marital_status']>[];
  recruitment_type: readonly NonNullable<Employee['recruitment_type']>[];
  employment_status: readonly Employee['status'][];
  exit_reason: readonly NonNullable<Employee['exit_reason']>[];
  pph_deduction: readonly Employee['pph_deduction'][];
  driver_lisence_type: readonly NonNullable<Employee['driver_lisence_type']>[];
};

const enumOf = (key: keyof typeof enumValues) => ({ key, values: enumValues[key] });

/** The address fields of one side, in order: street, RT, RW, postal code, then the regions. */
const addressFields = (prefix: 'id_card' | 'domicile'): FieldSpec[] => [
  { field: `${prefix}_address`, kind: 'textarea' },
  digits(`${prefix}_rt`, 1, 3),
  digits(`${prefix}_rw`, 1, 3),
  digits(`${prefix}_postal_code`, 5, 5),
  text(`${prefix}_province`),
  text(`${prefix}_city`),
  text(`${prefix}_district`),
  text(`${prefix}_sub_district`),
];

export const idCardAddressFields = addressFields('id_card').map((spec) => spec.field);
export const domicileAddressFields = addressFields('domicile').map((spec) => spec.field);

export const sections: readonly Section[] = [
  {
    kind: 'form',
    id: 'personal',
    label: 'employeeDetail.sections.personal',
    entries: [
      text('fullname', { required: true }),
      text('nickname'),
      date('birth_date'),
      text('birth_place'),
      computed('age'),
      { field: 'gender', kind: 'enum', enum: enumOf('gender') },
      { field: 'marital_status', kind: 'enum', enum: enumOf('marital_status') },
      date('marriage_date'),
      { field: 'no_of_children', kind: 'integer', min: 0, max: 20 },
      text('nationality'),
      text('religion'),
      { field: 'email', kind: 'email' },
      { field: 'phone', kind: 'phone' },
    ],
  },
  {
    kind: 'form',
    id: 'employment',
    label: 'employeeDetail.sections.employment',
    entries: [
      text('employee_id', { required: true }),
      date('join_date'),
      date('end_of_contract'),
      computed('service_length'),
      { field: 'recruitment_type', kind: 'enum', enum: enumOf('recruitment_type') },
      { field: 'status', kind: 'enum', required: true, enum: enumOf('employment_status') },
      { field: 'exit_reason', kind: 'enum', readOnly: true, enum: enumOf('exit_reason') },
      date('exit_date', { readOnly: true }),
    ],
  },
  {
    kind: 'form',
    id: 'assignment',
    label: 'employeeDetail.sections.assignment',
    entries: [
      { field: 'department', kind: 'reference', reference: org('/v1/refs/employees/orgs/departments') },
      {
        field: 'sub_department',
        kind: 'reference',
        reference: {
          ...org('/v1/refs/employees/orgs/sub-departments'),
          filterBy: { field: 'department', param: 'department' },
        },
      },
      { field: 'job_title', kind: 'reference', reference: org('/v1/refs/employees/orgs/job-titles') },
      {
        field: 'role',
        kind: 'reference',
        reference: { path: '/v1/refs/employees/assigns/roles', label: 'role', code: 'code' },
      },
      { field: 'location', kind: 'reference', reference: org('/v1/refs/employees/orgs/locations') },
      { field: 'work_days', kind: 'choice', required: true, choice: { values: [5, 6] } },
      { field: 'supervisor', kind: 'reference', reference: employeeRef, candidates: 'supervisor' },
      { field: 'poa', kind: 'reference', reference: employeeRef, candidates: 'poa' },
      { field: 'pcho', kind: 'reference', reference: employeeRef, candidates: 'pcho' },
      // Who set the record up, by full name: stamped by the server, never picked (so the path is unused).
      {
        field: 'assigned_by',
        kind: 'reference',
        readOnly: true,
        reference: { path: '/v1/employees', label: 'fullname' },
      },
    ],
  },
  { kind: 'records', id: 'emergency-contacts', label: 'employeeDetail.sections.emergencyContacts', payroll: false },
  { kind: 'records', id: 'family', label: 'employeeDetail.sections.family', payroll: false },
  {
    kind: 'form',
    id: 'salary',
    label: 'employeeDetail.sections.salary',
    entries: [
      money('basic_salary', { required: true }),
      money('thp', { required: true }),
      { field: 'pph_deduction', kind: 'enum', required: true, enum: enumOf('pph_deduction') },
      { field: 'payroll_active', kind: 'boolean' },
      text('bank'),
      digits('account_number', 5, 20),
      text('account_name', { readOnly: true }),
      money('transport_allowance', { required: true }),
      money('meal_allowance', { required: true }),
      money('communication_allowance', { required: true }),
      money('job_allowance', { required: true }),
      money('other_allowance', { required: true }),
    ],
  },
  { kind: 'records', id: 'work-experiences', label: 'employeeDetail.sections.workExperiences', payroll: false },
  { kind: 'records', id: 'educations', label: 'employeeDetail.sections.educations', payroll: false },
  {
    kind: 'form',
    id: 'legality',
    label: 'employeeDetail.sections.legality',
    entries: [
      digits('ktp_number', 16, 16),
      digits('npwp_number', 15, 16),
      { field: 'tax_id_valid', kind: 'boolean' },
      // An expatriate's tax residence (decision 0173): arriving or leaving mid-year is annualised in the runs.
      date('tax_resident_from'),
      date('tax_resident_to'),
      digits('bpjs_tk_number', 8, 16),
      digits('bpjs_ks_number', 13, 13),
      text('driver_lisence_number'),
      { field: 'driver_lisence_type', kind: 'enum', enum: enumOf('driver_lisence_type') },
    ],
  },
  {
    kind: 'form',
    id: 'bpjs',
    label: 'employeeDetail.sections.bpjs',
    entries: [
      { field: 'bpjs_tk_registered', kind: 'boolean' },
      money('bpjs_tk_salary', { hint: 'employeeDetail.hints.bpjsSalary' }),
      { field: 'bpjs_type', kind: 'choice', required: true, choice: { values: [1, 2, 3], key: 'bpjs_type' } },
      {
        field: 'jkk_percentage',
        kind: 'choice',
        choice: { values: [null, ...jkkPercentages], unit: '%', nullLabel: 'employeeDetail.companyRate' },
      },
      computed('bpjs_tk_jht'),
      computed('bpjs_tk_jp'),
      computed('bpjs_jkk'),
      computed('bpjs_jkm'),
      { field: 'bpjs_ks_registered', kind: 'boolean' },
      money('bpjs_ks_salary', { hint: 'employeeDetail.hints.bpjsSalary' }),
      computed('bpjs_ks'),
      computed('additional_family_member'),
      computed('total_additional_family'),
    ],
  },
  {
    kind: 'form',
    id: 'address',
    label: 'employeeDetail.sections.address',
    entries: [...addressFields('id_card'), { field: 'same_address', kind: 'boolean' }, ...addressFields('domicile')],
  },
  { kind: 'account', id: 'account', label: 'employeeDetail.sections.account' },
  { kind: 'records', id: 'attachments', label: 'employeeDetail.sections.attachments', payroll: false },
  { kind: 'records', id: 'case-achievement', label: 'employeeDetail.sections.caseAchievement', payroll: false },
  { kind: 'records', id: 'allowances', label: 'employeeDetail.sections.allowances', payroll: true },
  { kind: 'records', id: 'incentives', label: 'employeeDetail.sections.incentives', payroll: true },
  { kind: 'records', id: 'bonuses', label: 'employeeDetail.sections.bonuses', payroll: true },
  { kind: 'records', id: 'deductions', label: 'employeeDetail.sections.deductions', payroll: true },
  { kind: 'records', id: 'thr-bonuses', label: 'employeeDetail.sections.thrBonuses', payroll: true },
];

/**
 * Row fields no section shows: identity and bookkeeping, and the user link (the account section's subject). Every
 * other field of the row is in exactly one section (a unit test checks this against the API schema).
 */
export const unshownFields = [
  '_id',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'user',
] as const satisfies readonly EmployeeField[];

export const formSections = sections.filter((section): section is FormSection => section.kind === 'form');

export const fieldSpecs = (section: FormSection): FieldSpec[] =>
  section.entries.filter((entry): entry is FieldSpec => !isComputed(entry));

/** A payroll field whose presence says the caller may see payroll data (the server omits it otherwise). */
export const PAYROLL_MARKER: EmployeeField = 'basic_salary';

/** Whether the row has the field: absent fields are private ones the caller may not see. */
export const hasField = (row: Partial<Employee>, field: EmployeeField): boolean => Object.hasOwn(row, field);

/** The sections shown for a row: a form section with at least one of its fields present, payroll lists when allowed. */
export function visibleSections(row: Partial<Employee>): Section[] {
  const payroll = hasField(row, PAYROLL_MARKER);
  return sections.filter((section) => {
    if (section.kind === 'form') return fieldSpecs(section).some((spec) => hasField(row, spec.field));
    if (section.kind === 'records') return !section.payroll || payroll;
    return true;
  });
}

/** The query a reference field's picker sends: the chosen record of the field it is filtered by, if any. */
export function referenceQuery(spec: FieldSpec, values: Readonly<Record<string, unknown>>): PickerQuery | undefined {
  const filter = spec.reference?.filterBy;
  if (!filter) return undefined;
  const chosen = values[filter.field];
  const id = typeof chosen === 'object' && chosen !== null ? (chosen as { _id?: unknown })._id : chosen;
  return typeof id === 'string' && id ? { [filter.param]: id } : undefined;
}
