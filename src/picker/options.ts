/**
 * What the option picker (spec 2.4) chooses from: options, their sources, the auto-create rule and the ready-made
 * option lists (numeric loops, salary choices). Pure: no React.
 */
import type { TFunction } from 'i18next';
import type { paths } from '../api/v1.d.ts';
import { formatRupiah } from '../format.ts';

/** One choice. `key` is stable and unique in its list; `label` (with `detail`) is what is shown and announced. */
export interface PickerOption<V = unknown> {
  key: string;
  label: string;
  /** Secondary text shown after the label: a code, an amount. */
  detail?: string;
  value: V;
}

/** A record as a list endpoint returns it. */
export interface ApiRecord {
  _id: string;
  [field: string]: unknown;
}

/** A v1 path the picker may read from or post to. */
export type PickerPath = keyof paths & `/v1/${string}`;

/** Extra list filters sent with every search (e.g. `{ department: id }` for sub-departments). */
export type PickerQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

/**
 * Choices searched on the server: `GET path?search=<text>&search_in=<searchField>` 500 ms after the last keystroke
 * (spec 2.4, 9): a case-insensitive "contains" on the configured search field. Without `map`, options are the records
 * labelled by `searchField`.
 */
export interface ServerSource<V = ApiRecord> {
  kind: 'server';
  path: PickerPath;
  /** The field searched and, without `map`, shown. */
  searchField: string;
  /**
   * Whether `searchField` is one of the list's search fields, so the search is narrowed to it with `search_in` (the
   * API refuses any other field with 400). False: the search runs over all of the list's search fields. Default true.
   */
  searchIn?: boolean;
  query?: PickerQuery;
  map?: (record: ApiRecord) => PickerOption<V>;
  /** Fixed choices listed before the results (e.g. 'Basic Salary '), filtered locally by the same text. */
  fixed?: readonly PickerOption<V>[];
}

/** Choices known in advance: a case-insensitive substring match on the label, no debounce. */
export interface LocalSource<V> {
  kind: 'local';
  options: readonly PickerOption<V>[];
}

export type PickerSource<V> = ServerSource<V> | LocalSource<V>;

/**
 * The auto-create choice (spec 2.4, 3): `POST path` with the typed text in each of `fields`; `codeField`, when one of
 * them, gets the text stripped to letters and digits and upper-cased.
 */
export interface AutoCreate {
  path: PickerPath;
  fields: readonly string[];
  codeField?: string;
}

/** The picker's options come from a list, or from the server (which alone can auto-create a missing item). */
export type SourceProps<V> =
  | { source: LocalSource<V>; autoCreate?: never }
  | { source: ServerSource<V>; autoCreate?: AutoCreate };

/** The text an option is announced and matched by: 'G3 · Rp 7.500.000'. */
export const optionText = (option: PickerOption<unknown>): string =>
  option.detail ? `${option.label} · ${option.detail}` : option.label;

/** Case-insensitive substring match on the label and detail (local lists, fixed choices). */
export function matchOptions<V>(options: readonly PickerOption<V>[], text: string): readonly PickerOption<V>[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return options;
  return options.filter((option) => optionText(option).toLocaleLowerCase().includes(needle));
}

/** The key a value is matched to its option by: a record's `_id`, otherwise the value as text. */
export function valueKey(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && '_id' in value) return String((value as ApiRecord)._id);
  return String(value);
}

/** A record as an option: labelled by `field` (its `_id` when that is empty). */
export function recordOption(record: ApiRecord, field: string, detailField?: string): PickerOption<ApiRecord> {
  const label = record[field];
  const detail = detailField ? record[detailField] : undefined;
  return {
    key: String(record._id),
    label: label === null || label === undefined || label === '' ? String(record._id) : String(label),
    ...(detail === null || detail === undefined || detail === '' ? {} : { detail: String(detail) }),
    value: record,
  };
}

/** 'Sales & Ops-2' → 'SALESOPS2': the code of an auto-created item (spec 5), accents folded first ('Café' → 'CAFE'). */
export const toCode = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();

/** The body that auto-creates `text`: each field gets the trimmed text, the code field its code. */
export function autoCreateBody(autoCreate: AutoCreate, text: string): Record<string, string> {
  const trimmed = text.trim();
  return Object.fromEntries(
    autoCreate.fields.map((field) => [field, field === autoCreate.codeField ? toCode(trimmed) : trimmed]),
  );
}

/**
 * A numeric range as options, both ends included (spec 2.4 "Loop options"): `loopOptions(0, 20)` for children,
 * `loopOptions(2030, 2000)` for years, newest first. The step defaults to 1 toward `to`; its sign is taken from the
 * direction, so `loopOptions(10, 0, 5)` is 10, 5, 0.
 */
export function loopOptions(from: number, to: number, step = 1): PickerOption<number>[] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || !Number.isFinite(step) || step === 0) {
    throw new RangeError(`loopOptions: invalid range ${from}..${to} by ${step}`);
  }
  const size = Math.abs(step);
  const direction = to >= from ? 1 : -1;
  const count = Math.floor(Math.abs(to - from) / size + 1e-9) + 1;
  return Array.from({ length: count }, (_, index) => {
    // Multiply rather than accumulate, so fractional steps do not drift (0.1 * 3 is not 0.30000000000000004 here).
    const value = Number((from + direction * size * index).toFixed(10));
    return { key: String(value), label: String(value), value };
  });
}

/** The value of the 'Basic Salary ' choice, next to the salary grades. */
export const BASIC_SALARY = 'basic_salary';

/** The 'Basic Salary ' choice (spec 2.4 labels basic_salary so). */
export const basicSalaryOption = (t: TFunction): PickerOption<typeof BASIC_SALARY> => ({
  key: BASIC_SALARY,
  label: t('picker.basicSalary'),
  value: BASIC_SALARY,
});

/** A salary grade as a choice with its nominal amount: grade 'G3', reported_salary 7500000 → 'G3 · Rp 7.500.000'. */
export function salaryGradeOption(record: ApiRecord): PickerOption<ApiRecord> {
  const amount = record.reported_salary;
  const grade = record.grade ?? record.name;
  return {
    key: String(record._id),
    label: grade === null || grade === undefined || grade === '' ? String(record._id) : String(grade),
    detail: formatRupiah(typeof amount === 'number' ? amount : amount === null ? null : Number(amount)),
    value: record,
  };
}

/** The salary grades list (grade, reported_salary). */
export const SALARY_GRADES_PATH = '/v1/refs/payrolls/salary-grades' satisfies PickerPath;

/** Salary choices: 'Basic Salary ' first, then the salary grades with their amounts, searched by grade. */
export const salarySource = (
  t: TFunction,
  path: PickerPath = SALARY_GRADES_PATH,
): ServerSource<ApiRecord | typeof BASIC_SALARY> => ({
  kind: 'server',
  path,
  searchField: 'grade',
  map: salaryGradeOption,
  fixed: [basicSalaryOption(t)],
});
