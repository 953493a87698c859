/**
 * my-profile, the pure part: which fields an employee edits on their own record (the server's `MyProfileUpdate`),
 * drawn with the employee detail's field specs so they read, check and show the same way; the read-only rest; and
 * what a 409 leaves of the user's changes.
 */
import type { Schemas } from '../../api/client.ts';
import { changedFields, conflictFields, type Draft, type FormValue, toDraft } from '../../employeeForm/form.ts';
import {
  type Employee,
  type EmployeeField,
  type FieldSpec,
  type FormSection,
  fieldSpecs,
  formSections,
} from '../../employeeForm/sections.ts';

/** A field the employee may change themselves (PUT /v1/employees/me). */
export type SelfField = Exclude<keyof Schemas['MyProfileUpdate'], 'version'> & EmployeeField;

/** The personal and contact fields of my-profile, in the detail's order. */
const personalFields: readonly SelfField[] = [
  'nickname',
  'birth_place',
  'marital_status',
  'religion',
  'email',
  'phone',
];

/** Shown, never edited here: who the employee is in the company. */
export const readOnlyFields = [
  'fullname',
  'employee_id',
  'department',
  'job_title',
  'join_date',
] as const satisfies readonly EmployeeField[];

/** The references the profile reads populated, for the read-only names. */
export const profilePopulated = ['department', 'job_title'] as const satisfies readonly EmployeeField[];
export const PROFILE_POPULATE = profilePopulated.join(',');

const detailSection = (id: FormSection['id']): FormSection => {
  const section = formSections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`The employee detail has no ${id} section`);
  return section;
};

const allSpecs = formSections.flatMap(fieldSpecs);
const specOf = (field: EmployeeField): FieldSpec => {
  const spec = allSpecs.find((candidate) => candidate.field === field);
  if (!spec) throw new Error(`The employee detail has no field ${field}`);
  return spec;
};

/** The editable parts, as the detail's sections: personal data, then the ID-card and domicile addresses. */
export const profileSections: readonly FormSection[] = [
  {
    ...detailSection('personal'),
    entries: fieldSpecs(detailSection('personal')).filter((spec) =>
      (personalFields as readonly string[]).includes(spec.field),
    ),
  },
  detailSection('address'),
];

/** Every editable field as one section: a save sends the changed ones of all of them. */
export const profileForm: FormSection = {
  ...profileSections[0]!,
  entries: profileSections.flatMap((section) => section.entries),
};

/** The specs of the read-only fields, to show their values as the detail does (names, dates). */
export const readOnlySpecs: readonly FieldSpec[] = readOnlyFields.map((field) => ({
  ...specOf(field),
  readOnly: true,
}));

/** The fields the form edits. */
export const editableFields = (): EmployeeField[] => fieldSpecs(profileForm).map((spec) => spec.field);

/**
 * After a 409: the current row becomes the form's base; the user's changes are kept except on the fields someone
 * else changed meanwhile, which show the server's value. Returns those fields, so the user can be told.
 */
export function rebaseAfterConflict(
  before: Partial<Employee>,
  current: Partial<Employee>,
  draft: Draft,
): { draft: Record<string, FormValue>; conflicts: EmployeeField[] } {
  const conflicts = conflictFields(profileForm, before, current);
  const mine = changedFields(profileForm, before, draft).filter((field) => !conflicts.includes(field));
  const next = toDraft(profileForm, current);
  for (const field of mine) next[field] = draft[field] ?? null;
  return { draft: next, conflicts };
}
