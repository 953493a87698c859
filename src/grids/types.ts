/**
 * The grid contract: a typed spec per resource (`src/grids/<resource>.ts`) that `ResourceGrid` renders. Column fields
 * and enum values are checked against the generated API types, so a renamed field breaks the build, not the screen.
 */
import type { paths } from '../api/v1.d.ts';

/**
 * What a column holds, as the user edits it: the closed union every grid table dispatches on (`kinds.ts`,
 * `parse.ts`, export, import). Never branch on it with if/else chains: add a row to the tables.
 */
export type ColumnKind =
  | 'text'
  | 'longText'
  | 'phone'
  | 'number'
  | 'money'
  | 'percent'
  | 'date'
  | 'time'
  | 'enum'
  /** Several values of one enum (a leave rule's employment statuses): typed and pasted as labels with commas. */
  | 'enumList'
  | 'boolean'
  | 'reference'
  | 'file'
  | 'computed';

/** v1 list paths that have a bulk endpoint: the lists a grid can edit. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends { get: unknown }
    ? `${P & string}/bulk` extends keyof paths
      ? P
      : never
    : never;
}[keyof paths];

type ListReply<P extends ListPath> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { data: (infer R)[] } } } } };
}
  ? R
  : never;

/** A row of a list, as the API returns it. */
export type RowOf<P extends ListPath> = ListReply<P>;

/** Whether the API offers create (POST) on a list path: a spec cannot claim `create: true` without it. */
export type CanCreate<P extends ListPath> = paths[P] extends { post: object } ? boolean : false;

/** A row being edited in a grid: any field may still be missing (a new row), plus its client id. */
export type DraftRow<Row> = Partial<Row> & { _id: string };

/** A reference column points at another list: the picker searches it, paste resolves codes and names to ids. */
export interface ReferenceSpec {
  /** The referenced list's v1 path (it need not be editable itself). */
  path: keyof paths & `/v1/${string}`;
  /** The field shown in the cell and searched by the picker (case-insensitive pattern, spec 2.4). */
  label: string;
  /** A second identifying field, matched on paste and import ('code', 'employee_id'). */
  code?: string;
  /**
   * Fields the picker's auto-create choice posts (spec 2.4): each gets the typed text, the `code` field stripped to
   * letters and digits and upper-cased. Absent: no auto-create.
   */
  autoCreate?: readonly string[];
}

/** A list's element type; any other type itself (enum values of an `enumList` column are its elements'). */
type ElementOf<T> = T extends readonly (infer E)[] ? E : T;

/** One column. `field` and, for enums, `values` are checked against the row type of the grid's path. */
export type ColumnFor<Row, F extends keyof Row & string> = {
  field: F;
  kind: ColumnKind;
  /** Pixels; the kind's default when absent. */
  width?: number;
  pinned?: 'left' | 'right';
  /** A new row is saved only once these are filled; paste and import flag them when empty. */
  required?: boolean;
  /**
   * False: never editable (computed and read-only fields always are). A function: editable for some rows only (the
   * spec's conditional fields, e.g. overtime `government_rule` hides rate and maximum hours).
   */
  editable?: boolean | ((row: DraftRow<Row>) => boolean);
  /** Hidden until the user shows it (e.g. created_at). */
  hide?: boolean;
  /** enum: the values in display order; labels are `enums.<key>.<value>` in every language. */
  enum?: { key: string; values: readonly Extract<ElementOf<NonNullable<Row[F]>>, string>[] };
  reference?: ReferenceSpec;
  /** number, money, percent: inclusive bounds, checked on edit, paste and import. */
  min?: number;
  max?: number;
  /** text: digits only (bank account numbers); leading zeros are always kept for text. */
  digits?: boolean;
  /** number: false shows the digits as typed (years: '2026', not '2.026'). */
  grouping?: false;
  /** computed: the shown value, derived from the row; never sent to the server. */
  compute?: (row: DraftRow<Row>) => string | number | null;
};

export type ColumnSpec<Row> = { [F in keyof Row & string]: ColumnFor<Row, F> }[keyof Row & string];

/** A status tab (spec: Pending/Completed, Active/Inactive): a label key and the list filters it adds. */
export interface TabSpec {
  id: string;
  label: `grid.tabs.${string}`;
  query: Record<string, string | readonly string[]>;
}

export interface GridSpec<P extends ListPath> {
  /** Resource name: labels are `resources.<resource>.fields.<field>`, the title `resources.<resource>.name`. */
  resource: string;
  path: P;
  columns: readonly ColumnSpec<RowOf<P>>[];
  /** Bulk upsert and import match rows by `_id` or by this field (the server's natural key). */
  naturalKey?: keyof RowOf<P> & string;
  /** Whether users may add rows (false for lists the spec says have create disabled). */
  create: CanCreate<P>;
  /** Whether users may delete rows. */
  remove: boolean;
  /** The server's sort fields, '-' for descending. */
  defaultSort: string;
  /** The row's display name, for 'Are you sure want to delete <item name>?'. */
  title: (row: DraftRow<RowOf<P>>) => string;
  /** The one-row delete question when the spec words it differently (a loan: "<employee name>'s loan"). */
  deleteQuestion?: DeleteQuestion;
  /** Relations to populate in the list so reference cells show names. */
  populate?: readonly (keyof RowOf<P> & string)[];
  /** A date field the toolbar's start/end range filters on. */
  dateRange?: keyof RowOf<P> & string;
  /**
   * With `dateRange`, a second date field: the toolbar then filters two fields, "start date" (on or after, on
   * `dateRange`) and "end date" (on or before, on this one), labelled with the fields' names: an announcement within.
   */
  dateRangeEnd?: keyof RowOf<P> & string;
  tabs?: readonly TabSpec[];
  /** The route of a row's detail editor (`/dashboard/edit/<routePath>/<id>`), for lists that have one. */
  detail?: (row: DraftRow<RowOf<P>>) => string;
  /**
   * An import written through the resource's own import route instead of `<path>/bulk` (same body and report), which
   * also matches rows by `matchKeys` after the natural key: employees are created with their accounts and matched by
   * employee id, NIK or email.
   */
  importWith?: { path: `/v1/${string}`; matchKeys: readonly (keyof RowOf<P> & string)[] };
  /**
   * Set on large lists: the list is fetched with only the columns' fields (`fields`, plus the natural key and the
   * populated relations) and these, which `title` and `detail` read. Unset: whole rows.
   */
  listFields?: readonly (keyof RowOf<P> & string)[];
}

/** Spec 5's one-row delete questions; `{{name}}` is the row's `title`. */
export type DeleteQuestion = 'confirm.deleteItem' | 'confirm.deleteLoan';

/** Identity with inference: `export const departments = defineGrid({ path: '/v1/refs/...', ... })`. */
export const defineGrid = <P extends ListPath>(spec: GridSpec<P>): GridSpec<P> => spec;

// biome-ignore lint/suspicious/noExplicitAny: a row of any resource, as the generic machinery sees it.
type AnyRow = Record<string, any>;

/** A column of any resource: what the generic machinery (ResourceGrid, paste, import, export) works with. */
export type AnyColumn = ColumnFor<AnyRow, string>;

/** A grid spec whose path type is forgotten. Every `GridSpec<P>` is one. */
export interface AnyGridSpec
  extends Omit<
    GridSpec<ListPath>,
    | 'columns'
    | 'title'
    | 'detail'
    | 'path'
    | 'create'
    | 'naturalKey'
    | 'populate'
    | 'dateRange'
    | 'dateRangeEnd'
    | 'importWith'
    | 'listFields'
  > {
  listFields?: readonly string[];
  importWith?: { path: `/v1/${string}`; matchKeys: readonly string[] };
  path: ListPath;
  columns: readonly AnyColumn[];
  create: boolean;
  naturalKey?: string;
  populate?: readonly string[];
  dateRange?: string;
  dateRangeEnd?: string;
  title: (row: DraftRow<AnyRow>) => string;
  detail?: (row: DraftRow<AnyRow>) => string;
  /** Master-detail: fields fixed to a parent's id, set by `ResourceGrid`'s `fixed` prop (`fixed.ts`). */
  fixed?: Readonly<Record<string, string>>;
}

/** Why a typed or pasted value was refused; translated as `grid.errors.<code>` with `params`. */
export type CellErrorCode =
  | 'required'
  | 'number'
  | 'integer'
  | 'min'
  | 'max'
  | 'percent'
  | 'date'
  | 'time'
  | 'enum'
  | 'boolean'
  | 'reference'
  | 'ambiguous'
  | 'digits'
  | 'phone'
  | 'readOnly'
  | 'server';

export interface CellError {
  code: CellErrorCode;
  params?: Record<string, string | number>;
  /** The server's own message, for `server` errors: shown only when it sent no field error (`detail`). */
  message?: string;
  /** A `server` error's field error as the API sent it (Ajv's keyword and params): `fieldErrorText` says it in words. */
  detail?: { code: string; message: string; params?: Record<string, unknown> };
  /** The refused text as typed or pasted, shown in the cell until it is fixed. */
  text?: string;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: CellError };

/** A referenced record as cells hold it: the populated object the list returns. */
export interface RefValue {
  _id: string;
  [field: string]: unknown;
}

/** Looks referenced records up by code or label (case-insensitive), for paste and import. */
export interface ReferenceIndex {
  /** All records whose code or label equals the text; more than one is 'ambiguous'. */
  find(column: AnyColumn, text: string): readonly RefValue[];
}

/** What parsing needs beyond the text: enum labels in every language and the reference lookups. */
export interface ParseContext {
  /** Label → value for an enum key, labels in en, id and zh, lower-cased and trimmed, plus the values themselves. */
  enumLookup(key: string): ReadonlyMap<string, string>;
  references: ReferenceIndex;
}
