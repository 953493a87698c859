/**
 * A resource is one table plus the few facts the generic routes cannot guess: its path, the menu that guards it,
 * whether it belongs to a company, and its list rules. Everything else (validation, OpenAPI, response allow-list)
 * is derived from the Drizzle table here.
 */
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { type AnyColumn, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { createInsertSchema, createSelectSchema } from 'drizzle-typebox';
import type { Executor } from '../db/connect.ts';
import type { FieldError } from '../http/errors.ts';

/** What a column holds, from the API's point of view: the closed union every generic table dispatches on. */
export type FieldKind =
  | 'uuid'
  | 'text'
  | 'enum'
  | 'integer'
  | 'money'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | 'list'
  | 'json';

const kindByColumnType = {
  PgUUID: 'uuid',
  PgText: 'text',
  PgEnumColumn: 'enum',
  PgInteger: 'integer',
  PgSmallInt: 'integer',
  PgBigInt53: 'money',
  /** `numeric(p, s)` in number mode: exact to its scale, JSON numbers in the API. */
  PgNumericNumber: 'decimal',
  PgBoolean: 'boolean',
  PgDateString: 'date',
  PgTimestampString: 'timestamp',
  PgArray: 'list',
  PgJsonb: 'json',
} as const satisfies Record<string, FieldKind>;

export function kindOf(column: AnyColumn): FieldKind {
  const kind = (kindByColumnType as Record<string, FieldKind>)[column.columnType];
  if (!kind) throw new Error(`No field kind for column type ${column.columnType} (${column.name})`);
  return kind;
}

/**
 * What a cross-field check found on a row: field errors, and the fields that do not apply to this row (stored as
 * null whatever the input said).
 */
export interface CheckResult {
  errors?: Record<string, FieldError>;
  clear?: readonly string[];
}

/** A table the generic machinery can serve: it has the base columns. */
export type ResourceTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  created_at: PgColumn;
  updated_at: PgColumn;
  created_by: PgColumn;
};

/** A field that points at a record of another table: checked for tenancy on write, expandable with `populate`. */
export interface Relation {
  table: PgTable & { id: PgColumn };
  /** The columns a populated relation shows, by output name. */
  columns: Record<string, PgColumn>;
  /** The named component schema of the populated object. */
  schema: TObject;
  /** Whether the related table is company-owned (and so filtered by the caller's company). */
  owned: boolean;
  /**
   * Which of the related rows a write may point to, when not all of them (an employee's supervisor: holders of the
   * configured job titles). Another row is refused with the field error `not_candidate`.
   */
  accepts?: SQL;
}

export interface ResourceConfig<T extends ResourceTable> {
  /** Plural, kebab or snake: used for operation ids, log entries and `resources.<name>` labels. */
  name: string;
  /** Path under /v1. */
  path: string;
  table: T;
  /** Menu id from common/menu.ts that guards reading and writing. */
  menu: string;
  /** `company`: rows carry company_id and callers see only their own. `platform`: developer area, no company. */
  scope: 'company' | 'platform';
  /** Singular noun for messages ("Department"); also names the OpenAPI schemas and operations. */
  label: string;
  /** The row's display name, for confirmations and the activity log. */
  title: (row: Record<string, unknown>) => string;
  search: readonly (keyof T['_']['columns'] & string)[];
  filters: readonly (keyof T['_']['columns'] & string)[];
  sort: readonly (keyof T['_']['columns'] & string)[];
  defaultSort: string;
  /** Bulk upsert matches rows by `_id` or by this field (case-insensitive, within the company). */
  naturalKey?: keyof T['_']['columns'] & string;
  relations?: Partial<Record<keyof T['_']['columns'] & string, Relation>>;
  /** Fields the API shows but never accepts. */
  readOnly?: readonly (keyof T['_']['columns'] & string)[];
  /** Fields never shown nor accepted. */
  hidden?: readonly (keyof T['_']['columns'] & string)[];
  /**
   * Fields only callers who may read `menu` see, and only callers who may write it change (docs/decisions/0010):
   * stripped from every reply to anyone else (optional in the row schema for that reason), and refused in their writes,
   * filters, sorts and searches.
   */
  private?: { menu: string; fields: readonly (keyof T['_']['columns'] & string)[] };
  /**
   * How a row belongs to a department: its own column, or the employee (a field pointing at `employees`) it belongs
   * to. An admin_department caller reads and writes only rows of their own department: the repository adds it to the
   * tenancy condition, so other rows are 404 (docs/decisions/0010).
   */
  department?: { column: keyof T['_']['columns'] & string } | { employee: keyof T['_']['columns'] & string };
  /**
   * The rows this resource's list holds, for a resource that is a view of a shared table (the active, resigned and
   * daily-worker lists of `employees`, docs/decisions/0009). A row rule like tenancy: the repository applies it to
   * every operation (list, get, update, delete, bulk), so an id outside these rows is a 404 (docs/decisions/0015).
   */
  rows?: () => SQL;
  /** Validation refinements on top of what the column says (formats, patterns, ranges). */
  refine?: Partial<Record<keyof T['_']['columns'] & string, TSchema>>;
  /**
   * A data rule across fields, as `refine` is one on a field (docs/decisions/0007): sees the row as it will be stored
   * (the create input, or the stored row with the changes applied; every bulk row too), after the schema checks.
   */
  check?: (row: Readonly<Record<string, unknown>>) => CheckResult | null;
  /** Timestamp filters that compare exactly instead of meaning "that whole day". */
  exactDates?: readonly string[];
  /** Whether POST (create) is offered; `false` also refuses new rows in bulk upsert. Default true. */
  create?: boolean;
  /**
   * Whether rows can be deleted: `false` registers no DELETE routes (single or many) and refuses the `delete` ids of
   * a bulk request (403). Default true. Lists seeded for every company and edited in place set both flags to false.
   */
  remove?: boolean;
  /**
   * The column naming the user a row stands for (an employee record's `user`): every write of such a row (update,
   * delete, bulk) follows the rank rule of server/scope (`requireOutranks`): only a user of a higher level acts on it,
   * and nobody deletes their own (docs/decisions/0125).
   */
  holder?: keyof T['_']['columns'] & string;
  /**
   * Refuses deleting rows that must stay (an employee with payroll, attendance or request history): throws inside the
   * delete's transaction, after the ids were found in the caller's reach and before anything is deleted.
   */
  guardDelete?: (tx: Executor, ids: readonly string[]) => Promise<void>;
}

/** A defined resource; field names were checked against its table when it was defined. */
export interface Resource extends ResourceConfig<ResourceTable> {
  columns: Record<string, PgColumn>;
  kinds: Record<string, FieldKind>;
  /** Output: the allow-list of what a row shows. */
  /** PascalCase singular: `Department`, `JobTitle`. */
  typeName: string;
  rowSchema: TObject;
  createSchema: TObject;
  updateSchema: TObject;
  writable: string[];
}

const systemFields = ['id', 'company_id', 'created_at', 'updated_at', 'created_by', 'version'];

export function defineResource<T extends ResourceTable>(config: ResourceConfig<T>): Resource {
  const columns = getTableColumns(config.table) as Record<string, PgColumn>;
  const kinds = Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, kindOf(column)]));
  const hidden = new Set<string>(config.hidden ?? []);
  const readOnly = new Set<string>([...systemFields, ...(config.readOnly ?? [])]);
  const refine = Object.fromEntries(
    Object.entries(config.refine ?? {}).map(([field, schema]) => [field, () => schema as TSchema]),
  );
  const pascal = toPascal(config.label);

  const select = createSelectSchema(config.table) as unknown as TObject;
  const rowProperties: Record<string, TSchema> = { _id: Type.String({ format: 'uuid' }) };
  for (const [field, schema] of Object.entries(select.properties)) {
    if (field === 'id' || field === 'company_id' || hidden.has(field)) continue;
    const kind = kinds[field]!;
    const normal = normalise(schema, kind, columns[field]!);
    const relation = config.relations?.[field as keyof typeof config.relations] as Relation | undefined;
    rowProperties[field] = relation ? Type.Union([normal, Type.Ref(relation.schema)]) : normal;
  }
  const rowSchema = Type.Object(rowProperties, { $id: pascal, additionalProperties: false });
  // Private fields are absent from the replies to some callers: never required (the serialiser would throw).
  const privateFields = new Set<string>(config.private?.fields ?? []);
  if (privateFields.size && rowSchema.required) {
    rowSchema.required = rowSchema.required.filter((field) => !privateFields.has(field));
    if (rowSchema.required.length === 0) delete rowSchema.required;
  }

  const insert = createInsertSchema(config.table, refine as never) as unknown as TObject;
  const writable = Object.keys(insert.properties).filter((field) => !readOnly.has(field) && !hidden.has(field));
  const createProperties: Record<string, TSchema> = {};
  for (const field of writable)
    createProperties[field] = normalise(insert.properties[field]!, kinds[field]!, columns[field]!, field in refine);
  const required = (insert.required ?? []).filter((field) => writable.includes(field));
  const createSchema = Type.Object(createProperties, { $id: `${pascal}Create`, additionalProperties: false });
  createSchema.required = required;
  if (required.length === 0) delete createSchema.required;
  const updateSchema = Type.Object(
    {
      ...Object.fromEntries(Object.entries(createProperties).map(([k, v]) => [k, Type.Optional(v)])),
      version: Type.Integer({ minimum: 1 }),
    },
    { $id: `${pascal}Update`, additionalProperties: false },
  );

  return {
    create: true,
    remove: true,
    ...(config as unknown as ResourceConfig<ResourceTable>),
    typeName: pascal,
    columns,
    kinds,
    rowSchema,
    createSchema,
    updateSchema,
    writable,
  };
}

/**
 * Plain JSON Schema (OpenAPI 3.1): enums as `enum`, dates and ids with a format, a decimal exact to its column's
 * scale and within its precision, and a nullable scalar as a type array (`type: ['string', 'null']`) rather than
 * `anyOf`, which fast-json-stringify would have to test value by value.
 */
function normalise(schema: TSchema, kind: FieldKind, column: PgColumn, refined = false): TSchema {
  // A JSON column is any object, unless the resource refines its shape (an attendance group's weekly schedule).
  if (kind === 'json') return refined ? schema : (Type.Record(Type.String(), Type.Unknown()) as TSchema);
  const visit = (node: Record<string, unknown>): Record<string, unknown> => {
    const anyOf = node.anyOf as Record<string, unknown>[] | undefined;
    if (anyOf?.every((option) => 'const' in option))
      return { type: 'string', enum: anyOf.map((option) => option.const) };
    // A one-value enum is a `const`: still an enum to clients and in error codes.
    if (kind === 'enum' && 'const' in node) return { type: 'string', enum: [node.const] };
    if (anyOf) {
      const options = anyOf.map(visit);
      const nullable = options.some((option) => option.type === 'null');
      const [value, ...more] = options.filter((option) => option.type !== 'null');
      if (nullable && value && more.length === 0 && typeof value.type === 'string') {
        const enumValues = value.enum as unknown[] | undefined;
        return { ...value, type: [value.type, 'null'], ...(enumValues ? { enum: [...enumValues, null] } : {}) };
      }
      return { ...node, anyOf: options };
    }
    if (kind === 'decimal' && (node.type === 'number' || (Array.isArray(node.type) && node.type.includes('number')))) {
      return { ...node, ...decimalBounds(column, node) };
    }
    if (node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'))) {
      return { ...node, ...integerBounds(column, node) };
    }
    if (node.type === 'string' && !node.format && !node.enum) {
      const format = ({ date: 'date', timestamp: 'date-time', uuid: 'uuid' } as Partial<Record<FieldKind, string>>)[
        kind
      ];
      if (format) return { ...node, format };
    }
    return node;
  };
  return visit(structuredClone(schema) as Record<string, unknown>) as TSchema;
}

/**
 * `numeric(p, s)`: a multiple of 10^-s (checked with the API's `multipleOfPrecision`, so 0.07 passes and 0.075
 * does not) and less than 10^(p-s) in size; a refinement's tighter bounds are kept.
 */
function decimalBounds(column: PgColumn, node: Record<string, unknown>) {
  const { precision, scale = 0 } = column as PgColumn & { precision?: number; scale?: number };
  const step = Number(`1e-${scale}`);
  const largest =
    precision === undefined ? Number.MAX_SAFE_INTEGER : Number((10 ** (precision - scale) - step).toFixed(scale));
  return {
    multipleOf: step,
    minimum: Math.max(-largest, typeof node.minimum === 'number' ? node.minimum : -largest),
    maximum: Math.min(largest, typeof node.maximum === 'number' ? node.maximum : largest),
  };
}

/** The values an integer column holds: a body or a filter outside them is a 400, not a database error. */
export function integerRange(column: PgColumn): { minimum: number; maximum: number } | undefined {
  return (integerRanges as Record<string, { minimum: number; maximum: number }>)[column.columnType];
}
const integerRanges = {
  PgSmallInt: { minimum: -32_768, maximum: 32_767 },
  PgInteger: { minimum: -2_147_483_648, maximum: 2_147_483_647 },
  PgBigInt53: { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
} as const;

/** An integer within its column's range; a refinement's tighter bounds are kept. */
function integerBounds(column: PgColumn, node: Record<string, unknown>) {
  const range = integerRange(column);
  if (!range) return {};
  return {
    minimum: Math.max(range.minimum, typeof node.minimum === 'number' ? node.minimum : range.minimum),
    maximum: Math.min(range.maximum, typeof node.maximum === 'number' ? node.maximum : range.maximum),
  };
}

const toPascal = (name: string) =>
  name
    .split(/[-_/ ]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
