/**
 * Bulk invitation (spec 2.3 'bulk invite via xlsx upload', spec 5 'bulk invite xlsx only'), the pure part: which
 * fields a row may fill, how each preview row is read and checked, duplicates within the file, the request body, and
 * the server's per-row report mapped back onto the preview cells. The dialog (`InviteDialog.tsx`) holds the state;
 * reading the file, matching headers and parsing cells reuse the grid import (`src/grids/import/`).
 *
 * Every row is a new employee: a row naming someone who is already an employee is refused by the server ('exists').
 */

import type { TFunction } from 'i18next';
import { isEmail, isPhone } from '../../../../common/contact.ts';
import type { Schemas } from '../../../api/client.ts';
import { type DraftRow, type Evaluator, evaluateRow, type PreviewError } from '../../../grids/import/preview.ts';
import { kinds } from '../../../grids/kinds.ts';
import { cellErrorText } from '../../../grids/parse.ts';
import {
  departmentColumn,
  employmentStatusColumn,
  genderColumn,
  jobTitleColumn,
  locationColumn,
  subDepartmentColumn,
} from '../../../grids/specs/employee-columns.ts';
import type { AnyColumn, ColumnSpec } from '../../../grids/types.ts';
import { fieldErrorText } from '../../../validation.ts';

type EmployeeNew = Schemas['EmployeeNew'];

/** The fields a row of the invitation file may fill, in the template's order (checked against the API's type). */
const invitationColumnSpecs: readonly ColumnSpec<EmployeeNew>[] = [
  { field: 'employee_id', kind: 'text', width: 130, required: true },
  { field: 'fullname', kind: 'text', width: 200, required: true },
  { field: 'email', kind: 'text', width: 220, required: true },
  { field: 'phone', kind: 'text', width: 150 },
  { field: 'username', kind: 'text', width: 140 },
  { field: 'nickname', kind: 'text', width: 130 },
  genderColumn,
  { field: 'birth_date', kind: 'date' },
  departmentColumn,
  subDepartmentColumn,
  jobTitleColumn,
  locationColumn,
  { field: 'join_date', kind: 'date' },
  { ...employmentStatusColumn, width: 150 },
];

export const invitationColumns = invitationColumnSpecs as readonly AnyColumn[];
export const invitationColumnsByField: ReadonlyMap<string, AnyColumn> = new Map(
  invitationColumns.map((column) => [column.field, column]),
);

/** A field's label: the employee record's (`resources.employees.fields.<field>`). */
export const invitationLabel = (t: TFunction, field: string): string =>
  (t as unknown as (key: string, options: { defaultValue: string }) => string)(`resources.employees.fields.${field}`, {
    defaultValue: field,
  });

/** The keys of a field's label, for matching a file's headers in every language. */
export const invitationLabelKey = (field: string) => `resources.employees.fields.${field}`;

/** Only Excel workbooks (spec 5): the name must say .xlsx. */
export const ACCEPT = '.xlsx';
export const isXlsxName = (name: string): boolean => /\.xlsx$/i.test(name.trim());

/**
 * Whether a file's first bytes are a workbook's: an .xlsx is a zip ('PK\x03\x04'); a password-protected one is an OLE
 * container ('\xD0\xCF\x11\xE0'), which the reader reports as encrypted. A CSV renamed to .xlsx is neither.
 */
export function hasWorkbookSignature(bytes: Uint8Array): boolean {
  const starts = (signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);
  return starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0]);
}

// ---------------------------------------------------------------------------------------------------------------
// Checks beyond the cell parser: what the server's schema refuses, said before sending

/** Problems the invitation checks itself (translated as `invite.errors.<code>`). */
export type InviteCheckCode = 'email' | 'phone' | 'employeeId' | 'username';
export type InviteError = PreviewError | { code: InviteCheckCode };

const EMPLOYEE_ID = /^[A-Za-z0-9._/-]{1,30}$/;
const USERNAME = /^[a-zA-Z0-9._-]{3,60}$/;

type Check = (text: string) => { ok: true; value: string } | { ok: false; code: InviteCheckCode };

/** Per field: the value sent, or why not. Phones lose their spaces, dashes, dots and brackets ('0812-3456 789'). */
const checks = {
  employee_id: (text) => (EMPLOYEE_ID.test(text) ? { ok: true, value: text } : { ok: false, code: 'employeeId' }),
  email: (text) => (isEmail(text) ? { ok: true, value: text } : { ok: false, code: 'email' }),
  phone: (text) => {
    const compact = text.replace(/[\s().-]/g, '');
    return isPhone(compact) ? { ok: true, value: compact } : { ok: false, code: 'phone' };
  },
  username: (text) => (USERNAME.test(text) ? { ok: true, value: text } : { ok: false, code: 'username' }),
} as const satisfies Record<string, Check>;

export type InviteStatus = 'new' | 'invalid';

/** A preview row of the invitation: what the file says, what is sent, and what is wrong. */
export interface InviteRow {
  key: string;
  /** 1-based row number in the sheet. */
  line: number;
  texts: Record<string, string>;
  values: Record<string, unknown>;
  errors: Record<string, InviteError>;
  status: InviteStatus;
}

const statusOf = (errors: Record<string, InviteError>): InviteStatus =>
  Object.keys(errors).length ? 'invalid' : 'new';

/** The evaluator the invitation's rows are read with: its columns, and no existing record to match (all are new). */
export const invitationEvaluator = (parse: Evaluator['parse']): Evaluator => ({
  columns: invitationColumnsByField,
  parse,
  match: () => null,
});

/**
 * Reads and checks one row: the cell parser's problems and the required fields (employee ID, full name, email), then
 * the formats the server would refuse (email, phone digits, employee ID and username characters).
 */
export function evaluateInvitation(draft: DraftRow, evaluator: Evaluator): InviteRow {
  const base = evaluateRow(draft, evaluator);
  const values: Record<string, unknown> = { ...base.values };
  const errors: Record<string, InviteError> = { ...base.errors };
  for (const [field, check] of Object.entries(checks) as [string, Check][]) {
    const value = values[field];
    if (errors[field] || typeof value !== 'string') continue;
    const result = check(value.trim());
    if (result.ok) values[field] = result.value;
    else {
      errors[field] = { code: result.code };
      delete values[field];
    }
  }
  return { key: draft.key, line: draft.line, texts: draft.texts, values, errors, status: statusOf(errors) };
}

const keyOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null);

/**
 * What must be unique within the file, and the field a repeat is shown on: the employee ID, the email and the login
 * (the username, or the employee ID when the row has none, as the server makes it).
 */
const uniqueKeys: readonly {
  name: string;
  key: (row: InviteRow) => string | null;
  field: (row: InviteRow) => string;
}[] = [
  { name: 'employee_id', key: (row) => keyOf(row.values.employee_id), field: () => 'employee_id' },
  { name: 'email', key: (row) => keyOf(row.values.email), field: () => 'email' },
  {
    name: 'login',
    key: (row) => keyOf(row.values.username ?? row.values.employee_id),
    field: (row) => (row.values.username === undefined ? 'employee_id' : 'username'),
  },
];

/** Flags the cells that repeat another row's employee ID, email or login, and clears flags whose repeat is gone. */
export function markInvitationDuplicates(rows: readonly InviteRow[]): InviteRow[] {
  const counts = uniqueKeys.map((unique) => {
    const seen = new Map<string, number>();
    for (const row of rows) {
      const key = unique.key(row);
      if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    return seen;
  });
  return rows.map((row) => {
    const repeated = new Set<string>();
    uniqueKeys.forEach((unique, index) => {
      const key = unique.key(row);
      if (key && (counts[index]!.get(key) ?? 0) > 1) repeated.add(unique.field(row));
    });
    const errors: Record<string, InviteError> = {};
    let changed = false;
    for (const [field, error] of Object.entries(row.errors)) {
      if (error.code === 'duplicate' && !repeated.has(field)) changed = true;
      else errors[field] = error;
    }
    for (const field of repeated) {
      if (errors[field]) continue;
      errors[field] = { code: 'duplicate' };
      changed = true;
    }
    return changed ? { ...row, errors, status: statusOf(errors) } : row;
  });
}

export interface InviteCounts {
  total: number;
  new: number;
  invalid: number;
}

export function countInvitations(rows: readonly InviteRow[]): InviteCounts {
  const counts: InviteCounts = { total: rows.length, new: 0, invalid: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/** A row of the `import-invitation` request: every read value as the API takes it (references as ids). */
export function invitationBody(row: InviteRow): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row.values)) {
    const column = invitationColumnsByField.get(field);
    if (!column) continue;
    const api = kinds[column.kind].toApi(value);
    if (api !== undefined && api !== null) body[field] = api;
  }
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// The server's reply

export interface ServerFieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}
export interface InvitationRowReport {
  index: number;
  status: string;
  _id?: string;
  link?: string;
  fields?: Record<string, ServerFieldError>;
}

/**
 * Puts the server's per-row problems (`bulk_invalid`; `index` is the position in `sent`) on the preview rows, as
 * 'server' errors with the text `describe` gives. A username problem of a row without a username column is shown on
 * the employee ID, which the server made the username from.
 */
export function applyInvitationReport(
  rows: readonly InviteRow[],
  sent: readonly InviteRow[],
  report: readonly InvitationRowReport[],
  describe: (field: string, error: ServerFieldError) => string,
): InviteRow[] {
  const problems = new Map<string, Record<string, InviteError>>();
  for (const entry of report) {
    const row = sent[entry.index];
    if (entry.status !== 'invalid' || !row) continue;
    const errors: Record<string, InviteError> = {};
    for (const [field, error] of Object.entries(entry.fields ?? {})) {
      const shownOn = field === 'username' && !Object.hasOwn(row.texts, 'username') ? 'employee_id' : field;
      errors[shownOn] = { code: 'server', message: describe(field, error) };
    }
    if (!Object.keys(errors).length) errors.employee_id = { code: 'server' };
    problems.set(row.key, errors);
  }
  return rows.map((row) => {
    const errors = problems.get(row.key);
    return errors ? { ...row, errors: { ...row.errors, ...errors }, status: 'invalid' } : row;
  });
}

/** An invited employee as the result lists them: who, and the activation link the server gives the inviter. */
export interface Invited {
  _id: string | null;
  employeeId: string;
  fullname: string;
  email: string;
  link: string | null;
}

/** The created rows of a successful reply, with the names from the rows that were sent. */
export function invitedFrom(sent: readonly InviteRow[], report: readonly InvitationRowReport[]): Invited[] {
  return report
    .filter((entry) => entry.status === 'created')
    .map((entry) => {
      const values = sent[entry.index]?.values ?? {};
      return {
        _id: entry._id ?? null,
        employeeId: String(values.employee_id ?? ''),
        fullname: String(values.fullname ?? ''),
        email: String(values.email ?? ''),
        link: entry.link ?? null,
      };
    });
}

/** 'Name <email>: link' per line, for 'Copy all links'. */
export const linksText = (invited: readonly Invited[]): string =>
  invited
    .filter((person) => person.link)
    .map((person) => `${person.fullname} <${person.email}>: ${person.link}`)
    .join('\n');

// ---------------------------------------------------------------------------------------------------------------
// Texts

const checkKeys = {
  email: 'invite.errors.email',
  phone: 'invite.errors.phone',
  employeeId: 'invite.errors.employeeId',
  username: 'invite.errors.username',
} as const satisfies Record<InviteCheckCode, `invite.errors.${string}`>;

const isCheckCode = (code: string): code is InviteCheckCode => Object.hasOwn(checkKeys, code);

/** A preview cell's problem in the user's language. */
export function inviteErrorText(t: TFunction, error: InviteError): string {
  if (isCheckCode(error.code)) return t(checkKeys[error.code]);
  if (error.code === 'duplicate') return t('import.cellErrors.duplicate');
  if (error.code === 'badId') return t('import.cellErrors.badId');
  return cellErrorText(t, error as Exclude<InviteError, { code: InviteCheckCode | 'duplicate' | 'badId' }>);
}

/** Server codes with a text of their own; the schema's codes go through `fieldErrorText`. */
const serverKeys: Readonly<
  Record<string, 'invite.serverErrors.exists' | 'import.serverErrors.duplicate' | 'import.serverErrors.not_found'>
> = {
  exists: 'invite.serverErrors.exists',
  duplicate: 'import.serverErrors.duplicate',
  not_found: 'import.serverErrors.not_found',
};

/** Which of the invitation's own texts says a schema refusal of these fields better than the generic one. */
const formatFields: Readonly<Record<string, InviteCheckCode>> = {
  email: 'email',
  phone: 'phone',
  employee_id: 'employeeId',
  username: 'username',
};

/** A server field error of the invitation in the user's language. */
export function serverErrorText(t: TFunction, field: string, error: ServerFieldError): string {
  const own = serverKeys[error.code];
  if (own) return t(own);
  const format = formatFields[field];
  if (format && (error.code === 'format' || error.code === 'pattern')) return t(checkKeys[format]);
  return fieldErrorText(t, error);
}
