/**
 * A section's form, pure: the values a form holds for a row (`toDraft`), what typing may put in a field
 * (`filterInput`), the changed fields a save sends (`buildChanges`), the ID-card → domicile copy of 'Same address'
 * (`applySameAddress`), and the read-only texts. Every `FieldKind` is one row of the `kinds` table.
 *
 * Form values: text of the inputs (numbers as typed, money grouped 'id-ID' like '5.000.000'), booleans of checkboxes,
 * and for references the chosen record (`{ _id, name, code }`) or null.
 */

import type { TFunction } from 'i18next';
import { isEmail, isPhone } from '../../common/contact.ts';
import { readDateText } from '../components/DateInput.tsx';
import { formatDate, formatRupiah } from '../format.ts';
import { isBlank } from '../grids/kinds.ts';
import { cellErrorKeys, parseCell } from '../grids/parse.ts';
import type { AnyColumn, CellError, ParseContext, RefValue } from '../grids/types.ts';
import {
  domicileAddressFields,
  type Employee,
  type EmployeeField,
  type FieldKind,
  type FieldSpec,
  type FormSection,
  fieldSpecs,
  hasField,
  idCardAddressFields,
} from './sections.ts';

export type FormValue = string | boolean | RefValue | null;
export type Draft = Readonly<Record<string, FormValue>>;

/** A refused value: a translation key with its values. */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: FieldError };

/** An i18next `t` for keys built at run time (enum labels); the typed `t` only takes the keys of en.json. */
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const loose = (t: TFunction) => t as unknown as LooseT;

const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (key: string, params?: FieldError['params']): Parsed => ({
  ok: false,
  error: params ? { key, params } : { key },
});
const REQUIRED = 'validation.required';

/** The grid's number reading (Indonesian and English notation), for one field. */
const noLookups: ParseContext = { enumLookup: () => new Map(), references: { find: () => [] } };
const cellError = (error: CellError): FieldError => ({
  key: cellErrorKeys[error.code],
  ...(error.params ? { params: error.params } : {}),
});
function readNumber(spec: FieldSpec, text: string, kind: 'number' | 'money'): Parsed {
  const column: AnyColumn = { field: spec.field, kind, min: spec.min, max: spec.max };
  const parsed = parseCell(column, text, noLookups);
  if (!parsed.ok) return { ok: false, error: cellError(parsed.error) };
  if (kind === 'number' && typeof parsed.value === 'number' && !Number.isInteger(parsed.value)) {
    return fail(cellErrorKeys.integer);
  }
  return parsed;
}

const asText = (value: FormValue): string => (typeof value === 'string' ? value : '');
const refId = (value: unknown): string | null => {
  if (isBlank(value)) return null;
  if (typeof value === 'object' && value !== null) return String((value as RefValue)._id);
  return String(value);
};

/** Whole rupiah grouped as in Indonesia ('5.000.000'), which the money parser reads back. */
const grouping = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0, useGrouping: true });

/** A typed value: trimmed, blank is null (refused when required), anything else read by `read`. */
function readFilled(spec: FieldSpec, value: FormValue, read: (text: string) => Parsed): Parsed {
  const text = asText(value).trim();
  if (!text) return spec.required ? fail(REQUIRED) : ok(null);
  return read(text);
}

/** Free text, refused when `check` says why. */
const readText = (spec: FieldSpec, value: FormValue, check?: (text: string) => FieldError | null): Parsed =>
  readFilled(spec, value, (text) => {
    const error = check?.(text);
    return error ? { ok: false, error } : ok(text);
  });

interface KindRules {
  /** The form value of a row value. */
  toForm(value: unknown): FormValue;
  /** The API value of a form value, or why it is refused. */
  read(spec: FieldSpec, value: FormValue): Parsed;
  /** What a row value is compared by (an unchanged field is not sent). */
  identity(value: unknown): unknown;
  /** The text shown for a read-only value (not blank). */
  display(value: unknown, spec: FieldSpec, t: TFunction, language: string): string;
  /** What typing may put in the input: characters outside it are dropped as typed or pasted. */
  allowed?: RegExp;
}

const plain: Pick<KindRules, 'toForm' | 'identity' | 'display'> = {
  toForm: (value) => (isBlank(value) ? '' : String(value)),
  identity: (value) => (isBlank(value) ? null : value),
  display: (value) => String(value),
};

const kinds = {
  text: { ...plain, read: (spec, value) => readText(spec, value) },
  textarea: { ...plain, read: (spec, value) => readText(spec, value) },
  email: {
    ...plain,
    read: (spec, value) =>
      readText(spec, value, (text) => (isEmail(text) ? null : { key: 'employeeDetail.errors.email' })),
  },
  phone: {
    ...plain,
    allowed: /[0-9+\s()-]/,
    read: (spec, value) => {
      const parsed = readText(spec, value);
      if (!parsed.ok || parsed.value === null) return parsed;
      const compact = String(parsed.value).replace(/[\s()-]/g, '');
      return isPhone(compact) ? ok(compact) : fail('employeeDetail.errors.phone');
    },
  },
  digits: {
    ...plain,
    allowed: /[0-9]/,
    read: (spec, value) =>
      readText(spec, value, (text): FieldError | null => {
        if (!/^[0-9]+$/.test(text)) return { key: cellErrorKeys.digits };
        const [min, max] = spec.length ?? [1, Number.MAX_SAFE_INTEGER];
        if (text.length >= min && text.length <= max) return null;
        return min === max
          ? { key: 'employeeDetail.errors.digitsExact', params: { count: min } }
          : { key: 'employeeDetail.errors.digitsBetween', params: { min, max } };
      }),
  },
  integer: {
    ...plain,
    allowed: /[0-9]/,
    identity: (value) => (isBlank(value) ? null : Number(value)),
    read: (spec, value) => readFilled(spec, value, (text) => readNumber(spec, text, 'number')),
  },
  money: {
    allowed: /[0-9.,\s]/,
    toForm: (value) => (isBlank(value) || !Number.isFinite(Number(value)) ? '' : grouping.format(Number(value))),
    identity: (value) => (isBlank(value) ? null : Number(value)),
    display: (value) => formatRupiah(Number(value)),
    read: (spec, value) => readFilled(spec, value, (text) => readNumber(spec, text, 'money')),
  },
  date: {
    ...plain,
    display: (value, _spec, _t, language) => formatDate(String(value), 'DD MMM YYYY', { locale: language }),
    // The grid's reading: ISO, day-first ('29/09/1995'), month names ('29 Sep 1995', '29 Agu 1995', '1995年9月29日').
    read: (spec, value) =>
      readFilled(spec, value, (text) => {
        const day = readDateText(text);
        return day === null ? fail(cellErrorKeys.date) : ok(day);
      }),
  },
  enum: {
    ...plain,
    display: (value, spec, t) =>
      spec.enum ? loose(t)(`enums.${spec.enum.key}.${String(value)}`, { defaultValue: String(value) }) : String(value),
    read: (spec, value) => {
      const text = asText(value);
      if (!text) return spec.required ? fail(REQUIRED) : ok(null);
      return spec.enum?.values.includes(text) ? ok(text) : fail('validation.enum');
    },
  },
  choice: {
    ...plain,
    identity: (value) => (isBlank(value) ? null : Number(value)),
    display: (value, spec, t) => choiceLabel(spec, Number(value), t),
    read: (spec, value) => {
      const text = asText(value);
      if (!text) return spec.required ? fail(REQUIRED) : ok(null);
      const number = Number(text);
      return spec.choice?.values.includes(number) ? ok(number) : fail('validation.enum');
    },
  },
  boolean: {
    toForm: (value) => value === true,
    identity: (value) => value === true,
    display: (value, _spec, t) => t(value ? 'grid.boolean.yes' : 'grid.boolean.no'),
    read: (_spec, value) => ok(value === true),
  },
  reference: {
    toForm: (value) => {
      if (isBlank(value)) return null;
      return typeof value === 'object' ? (value as RefValue) : { _id: String(value) };
    },
    identity: refId,
    display: (value, spec) => {
      if (typeof value !== 'object' || value === null) return String(value);
      const record = value as Record<string, unknown>;
      const label = spec.reference ? record[spec.reference.label] : undefined;
      return String(label ?? record._id ?? '');
    },
    read: (spec, value) => {
      const id = refId(value);
      return id === null && spec.required ? fail(REQUIRED) : ok(id);
    },
  },
} satisfies Record<FieldKind, KindRules>;

const rules = (spec: FieldSpec): KindRules => kinds[spec.kind];

/** A `choice` value's label: `enums.<key>.<value>`, the number with its unit ('0.24%'), or the null label. */
export function choiceLabel(spec: FieldSpec, value: number | null, t: TFunction, language = 'en'): string {
  const choice = spec.choice;
  if (value === null) return t(choice?.nullLabel ?? 'employeeDetail.notSet');
  if (choice?.key) return loose(t)(`enums.${choice.key}.${value}`, { defaultValue: String(value) });
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value)}${choice?.unit ?? ''}`;
}

/** Typed or pasted text with the characters the field does not take removed (digits-only fields, amounts). */
export function filterInput(spec: FieldSpec, text: string): string {
  const allowed = rules(spec).allowed;
  if (!allowed) return text;
  return Array.from(text)
    .filter((char) => allowed.test(char))
    .join('');
}

/** Whether the field takes only some characters (and which input mode suits it). */
export const inputModeOf = (spec: FieldSpec): 'numeric' | 'decimal' | 'tel' | 'email' | undefined =>
  (
    ({
      digits: 'numeric',
      integer: 'numeric',
      money: 'decimal',
      phone: 'tel',
      email: 'email',
    }) as Partial<Record<FieldKind, 'numeric' | 'decimal' | 'tel' | 'email'>>
  )[spec.kind];

/** The form values of a section for a row: every editable field the row has (read-only ones are shown from the row). */
export function toDraft(section: FormSection, row: Partial<Employee>): Record<string, FormValue> {
  const draft: Record<string, FormValue> = {};
  for (const spec of fieldSpecs(section)) {
    if (!spec.readOnly && hasField(row, spec.field)) draft[spec.field] = rules(spec).toForm(row[spec.field]);
  }
  return draft;
}

/** Whether two form values are the same (references by record id). */
export function sameFormValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (typeof a === 'object' || typeof b === 'object') return refId(a) === refId(b);
  return a === b;
}

/** The fields whose form value differs from the row's. */
export function changedFields(section: FormSection, row: Partial<Employee>, draft: Draft): EmployeeField[] {
  const initial = toDraft(section, row);
  return fieldSpecs(section)
    .filter((spec) => !spec.readOnly && Object.hasOwn(draft, spec.field))
    .filter((spec) => !sameFormValue(draft[spec.field], initial[spec.field]))
    .map((spec) => spec.field);
}

export interface ChangeSet {
  /** The API values of the fields that differ from the row: the body of the save, with the version. */
  changes: Record<string, unknown>;
  /** The fields the form cannot send as they are. */
  errors: Record<string, FieldError>;
}

/**
 * What saving a section sends: each editable field the row has, read from the form, when its value differs from
 * the row's. Read-only and absent (private) fields are never sent; a field that cannot be read is an error instead.
 */
export function buildChanges(section: FormSection, row: Partial<Employee>, draft: Draft): ChangeSet {
  const changes: Record<string, unknown> = {};
  const errors: Record<string, FieldError> = {};
  for (const spec of fieldSpecs(section)) {
    if (spec.readOnly || !hasField(row, spec.field) || !Object.hasOwn(draft, spec.field)) continue;
    const kind = rules(spec);
    const parsed = kind.read(spec, draft[spec.field] ?? null);
    if (!parsed.ok) {
      errors[spec.field] = parsed.error;
      continue;
    }
    if (kind.identity(parsed.value) !== kind.identity(row[spec.field])) changes[spec.field] = parsed.value;
  }
  return { changes, errors };
}

/** The API value a form field holds now, or undefined when it cannot be read (live computations use this). */
export function readField(spec: FieldSpec, value: FormValue | undefined): unknown {
  if (value === undefined) return undefined;
  const parsed = rules(spec).read({ ...spec, required: false }, value);
  return parsed.ok ? parsed.value : undefined;
}

/**
 * 'Same address' (spec 4): while it is checked, the domicile fields hold the ID-card fields' values. Returns the
 * draft unchanged when it is not checked.
 */
export function applySameAddress(draft: Draft): Draft {
  if (draft.same_address !== true) return draft;
  const next: Record<string, FormValue> = { ...draft };
  idCardAddressFields.forEach((source, index) => {
    const target = domicileAddressFields[index];
    if (target && Object.hasOwn(draft, source)) next[target] = draft[source] ?? '';
  });
  return next;
}

/** Whether a field is locked by another one (the domicile address while 'Same address' is checked). */
export const isLockedBySameAddress = (field: EmployeeField, draft: Draft): boolean =>
  draft.same_address === true && (domicileAddressFields as readonly string[]).includes(field);

/** The text of a read-only value: enum labels, dates, rupiah, record names; `empty` when there is none. */
export function displayValue(spec: FieldSpec, value: unknown, t: TFunction, language: string, empty: string): string {
  if (isBlank(value)) return empty;
  return rules(spec).display(value, spec, t, language);
}

/**
 * A saved row as the detail shows it: the save replies with references as ids, so a reference whose id did not
 * change keeps its populated record, and a newly chosen one takes the record chosen in the form.
 */
export function withPopulated(
  saved: Employee,
  previous: Partial<Employee>,
  chosen: Readonly<Record<string, FormValue>>,
  referenceFields: readonly EmployeeField[],
): Employee {
  const out: Record<string, unknown> = { ...saved };
  for (const field of referenceFields) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    const candidates = [previous[field], chosen[field]];
    const match = candidates.find((candidate) => typeof candidate === 'object' && refId(candidate) === value);
    if (match) out[field] = match;
  }
  return out as Employee;
}

/** The form's own messages under the fields, in the user's language. */
export function errorTexts(
  t: TFunction,
  errors: Readonly<Record<string, FieldError | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) if (error) out[field] = loose(t)(error.key, error.params);
  return out;
}

/**
 * After a 409: the section's fields someone else changed meanwhile (their value on the server differs from the one
 * this form started from). Empty when the server did not send its current row.
 */
export function conflictFields(section: FormSection, before: Partial<Employee>, current: unknown): EmployeeField[] {
  if (typeof current !== 'object' || current === null) return [];
  const now = current as Partial<Employee>;
  return fieldSpecs(section)
    .filter((spec) => hasField(before, spec.field) && hasField(now, spec.field))
    .filter((spec) => rules(spec).identity(before[spec.field]) !== rules(spec).identity(now[spec.field]))
    .map((spec) => spec.field);
}
