/**
 * The list query of spec section 5, turned into SQL: filters, `search` (narrowed to one field by `search_in`), `sort`,
 * `limit` and `skip`.
 * - repeated values mean "any of them", duplicates removed, `null` and empty values dropped;
 * - two numbers (or two dates) are an inclusive range;
 * - a date-shaped value on a timestamp is that whole day in the company's time zone (Asia/Jakarta), unless the
 *   resource names the key in `exactDates`.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import {
  and,
  asc,
  between,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type FieldError, invalid } from '../http/errors.ts';
import { listPaging } from '../http/schemas.ts';
import { isCalendarDate, isCalendarDateTime, isUuid, YEARS } from '../http/validation.ts';
import { type FieldKind, integerRange, type Resource } from './define.ts';

export const DEFAULT_LIMIT = 9999;
export const MAX_LIMIT = 10_000;
/** The generic lists' paging: a larger limit is taken as `MAX_LIMIT`; `skip` and `limit` are safe integers. */
export const resourcePaging = listPaging({ defaultLimit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT });
/** Indonesia's western time zone: where a "day" starts for timestamp filters. */
export const TIME_ZONE_OFFSET = '+07:00';

export interface ListQuery {
  limit?: number;
  skip?: number;
  sort?: string;
  populate?: string;
  /** Comma-separated: only these fields in each row (see `parseFields`). */
  fields?: string;
  search?: string;
  /** One of the resource's search fields: `search` looks in that field only (the option picker, spec 2.4). */
  search_in?: string;
  /** Filter fields that must be null (`empty`) or not null (`filled`): what value filters cannot say. */
  empty?: string | string[];
  filled?: string | string[];
  [filter: string]: string | string[] | number | undefined;
}

export function listQuerySchema(resource: Resource): TSchema {
  const filters = Object.fromEntries(
    resource.filters.map((field) => [
      field,
      Type.Optional(
        Type.Array(Type.String(), { description: `Filter on ${field}: repeat for any-of; two values are a range` }),
      ),
    ]),
  );
  return Type.Object(
    {
      limit: resourcePaging.limit,
      skip: resourcePaging.skip,
      sort: Type.Optional(
        Type.String({ description: `Comma-separated; '-' for descending. One of: ${resource.sort.join(', ')}` }),
      ),
      populate: Type.Optional(
        Type.String({
          description: `Comma-separated relations: ${Object.keys(resource.relations ?? {}).join(', ') || 'none'}`,
        }),
      ),
      fields: Type.Optional(
        Type.String({
          description:
            'Comma-separated: only these fields in each row, plus `_id` and `version` (a grid asks for its columns).',
        }),
      ),
      empty: Type.Optional(
        Type.Array(Type.String({ enum: [...resource.filters] }), {
          description: 'Filter fields that must have no value (e.g. daily workers with no exit date)',
        }),
      ),
      filled: Type.Optional(
        Type.Array(Type.String({ enum: [...resource.filters] }), {
          description: 'Filter fields that must have a value',
        }),
      ),
      ...searchParameters(resource),
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** `search` always (ignored by a list with nothing to search); `search_in` where there are fields to choose. */
const searchParameters = (resource: Resource) => ({
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description: resource.search.length ? `Case-insensitive, on ${resource.search.join(', ')}` : 'Nothing to search',
    }),
  ),
  // A plain string enum (not a union of literals), so a wrong field is refused with code `enum` and its
  // `allowedValues`, like a wrong `sort`.
  ...(resource.search.length
    ? {
        search_in: Type.Optional(
          Type.Unsafe<string>({
            type: 'string',
            enum: [...resource.search],
            description: '`search` in this field only, instead of all of them',
          }),
        ),
      }
    : {}),
});

type Condition = (column: PgColumn, values: string[]) => SQL | FieldError;

const isNumber = (value: string) => /^-?\d{1,20}(\.\d{1,20})?$/.test(value);
const isInteger = (value: string) => /^-?\d{1,20}$/.test(value);
const isDate = isCalendarDate;
/** A date and time as the client sends it (an offset is optional here), on a real calendar date. */
const isDateTime = (value: string) =>
  isCalendarDateTime(value) ||
  (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/.test(value) &&
    isCalendarDate(value.slice(0, 10)) &&
    !Number.isNaN(Date.parse(value)));
const booleans: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

const bad = (code: string, message: string): FieldError => ({ code, message });
const anyOf = (column: PgColumn, values: unknown[]) =>
  values.length === 1 ? eq(column, values[0]) : inArray(column, values);

const dayStart = (day: string) => `${day}T00:00:00.000${TIME_ZONE_OFFSET}`;
const dayEnd = (day: string) => `${day}T23:59:59.999${TIME_ZONE_OFFSET}`;

/** Whole days (YYYY-MM-DD) in Jakarta on a timestamp: two days are an inclusive range, otherwise any of them. */
export function wholeDays(column: PgColumn, days: readonly string[]): SQL {
  const sorted = [...days].sort();
  if (sorted.length === 2) return and(gte(column, dayStart(sorted[0]!)), lte(column, dayEnd(sorted[1]!)))!;
  return or(...sorted.map((day) => and(gte(column, dayStart(day)), lte(column, dayEnd(day)))))!;
}

/** A case-insensitive "contains" pattern for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const numbers = (column: PgColumn, numbers: number[]) =>
  numbers.length === 2 ? between(column, Math.min(...numbers), Math.max(...numbers)) : anyOf(column, numbers);
const badDate = () =>
  ({
    ...bad('date', `must be a real date between ${YEARS.min} and ${YEARS.max} (YYYY-MM-DD)`),
    params: { ...YEARS },
  }) as FieldError;

const conditions = {
  /** A decimal column: any number of at most 20 digits either side of the point. */
  number: (column, values) => {
    if (!values.every(isNumber)) return bad('number', 'must be a number');
    return numbers(column, values.map(Number));
  },
  /** An integer column: whole numbers within the column's range (a smallint is not a bigint). */
  integer: (column, values) => {
    const range = integerRange(column) ?? { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
    const parsed = values.map(Number);
    if (!values.every(isInteger) || parsed.some((n) => n < range.minimum || n > range.maximum)) {
      return {
        ...bad('integer', `must be a whole number from ${range.minimum} to ${range.maximum}`),
        params: { min: range.minimum, max: range.maximum },
      };
    }
    return numbers(column, parsed);
  },
  date: (column, values) => {
    if (!values.every(isDate)) return badDate();
    const sorted = [...values].sort();
    return values.length === 2 ? between(column, sorted[0], sorted[1]) : anyOf(column, values);
  },
  timestamp: (column, values) => {
    if (!values.every((value) => isDate(value) || isDateTime(value))) return badDate();
    return wholeDays(
      column,
      values.map((value) => (isDate(value) ? value : value.slice(0, 10))),
    );
  },
  exactTimestamp: (column, values) => {
    if (!values.every(isDateTime)) return badDate();
    return values.length === 2 ? between(column, values[0], values[1]) : anyOf(column, values);
  },
  boolean: (column, values) => {
    if (!values.every((value) => value in booleans)) return bad('boolean', 'must be true or false');
    return anyOf(column, [...new Set(values.map((value) => booleans[value]))]);
  },
  uuid: (column, values) => (values.every(isUuid) ? anyOf(column, values) : bad('uuid', 'must be an id')),
  enum: (column, values) => {
    const allowed = (column as PgColumn & { enumValues?: string[] }).enumValues ?? [];
    return values.every((value) => allowed.includes(value))
      ? anyOf(column, values)
      : { ...bad('enum', `must be one of ${allowed.join(', ')}`), params: { allowedValues: allowed } };
  },
  text: (column, values) => anyOf(column, values),
} satisfies Record<string, Condition>;

const conditionByKind = {
  uuid: conditions.uuid,
  text: conditions.text,
  enum: conditions.enum,
  integer: conditions.integer,
  money: conditions.integer,
  decimal: conditions.number,
  boolean: conditions.boolean,
  date: conditions.date,
  timestamp: conditions.timestamp,
  list: (column, values) => anyOf(column, values),
  json: () => bad('not_filterable', 'cannot be filtered'),
} as const satisfies Record<FieldKind, Condition>;

/** Values as the spec's query building leaves them: nulls and empties dropped, duplicates removed. */
export function cleanValues(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return [...new Set(list.map(String).filter((value) => value !== '' && value !== 'null' && value !== 'undefined'))];
}

const noFields: ReadonlySet<string> = new Set();
const forbidden = (field: string): FieldError => ({ code: 'forbidden_field', message: `cannot use ${field}` });

/** `hidden`: private fields this caller may not see, so may not filter, sort or search on either. */
export function buildWhere(resource: Resource, query: ListQuery, hidden = noFields): SQL | undefined {
  const parts: SQL[] = [];
  const errors: Record<string, FieldError> = {};
  for (const field of resource.filters) {
    const values = cleanValues(query[field] ?? []);
    if (values.length === 0) continue;
    if (hidden.has(field)) {
      errors[field] = forbidden(field);
      continue;
    }
    const column = resource.columns[field]!;
    const kind = resource.kinds[field]!;
    const condition =
      kind === 'timestamp' && resource.exactDates?.includes(field) ? conditions.exactTimestamp : conditionByKind[kind];
    const result = condition(column, values);
    if ('code' in result && 'message' in result && !('getSQL' in result)) errors[field] = result as FieldError;
    else parts.push(result as SQL);
  }
  for (const [presence, test] of [
    ['empty', isNull],
    ['filled', isNotNull],
  ] as const) {
    for (const field of cleanValues(query[presence] ?? [])) {
      if (hidden.has(field)) errors[field] = forbidden(field);
      else if (resource.filters.includes(field as never)) parts.push(test(resource.columns[field]!));
    }
  }
  const searchIn = query.search_in;
  if (searchIn !== undefined && !resource.search.includes(searchIn as never)) {
    errors.search_in = {
      code: 'enum',
      message: `cannot search in ${searchIn}`,
      params: { allowedValues: resource.search },
    };
  }
  const term = query.search?.trim();
  if (term && !errors.search_in && resource.search.length) {
    const pattern = containsPattern(term);
    const fields = (searchIn === undefined ? resource.search : [searchIn]).filter((field) => !hidden.has(field));
    parts.push(or(...fields.map((field) => ilike(resource.columns[field]!, pattern))) ?? sql`false`);
  }
  if (Object.keys(errors).length) throw invalid(errors, 'Some filters are invalid');
  return parts.length ? and(...parts) : undefined;
}

export function buildOrder(resource: Resource, sort: string | undefined, hidden = noFields): SQL[] {
  const order: SQL[] = [];
  for (const part of (sort || resource.defaultSort)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const descending = part.startsWith('-');
    const field = descending ? part.slice(1) : part;
    if (hidden.has(field)) throw invalid({ sort: forbidden(field) });
    if (!resource.sort.includes(field as never)) {
      throw invalid({
        sort: { code: 'enum', message: `cannot sort by ${field}`, params: { allowedValues: resource.sort } },
      });
    }
    const column = resource.columns[field]!;
    order.push(descending ? desc(column) : asc(column));
  }
  order.push(asc(resource.columns.id!));
  return order;
}

export function parsePopulate(resource: Resource, populate: string | undefined): string[] {
  const names = cleanValues((populate ?? '').split(',').map((s) => s.trim()));
  const unknown = names.filter((name) => !resource.relations?.[name as never]);
  if (unknown.length) {
    throw invalid({
      populate: {
        code: 'enum',
        message: `cannot populate ${unknown.join(', ')}`,
        params: { allowedValues: Object.keys(resource.relations ?? {}) },
      },
    });
  }
  return names;
}

/** Always in a row, whatever `fields` asks: the id, and the version that a later write must carry. */
const ALWAYS = ['_id', 'version'];

/**
 * `fields=a,b`: the row fields a list reply carries (undefined: all). An unknown name is a 400; a private field the
 * caller may not see is still left out, as it is without `fields`.
 */
export function parseFields(resource: Resource, fields: string | undefined): ReadonlySet<string> | undefined {
  if (fields === undefined) return undefined;
  const known = Object.keys(resource.rowSchema.properties);
  const names = cleanValues(fields.split(',').map((name) => name.trim()));
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw invalid({
      fields: { code: 'enum', message: `unknown fields: ${unknown.join(', ')}`, params: { allowedValues: known } },
    });
  }
  return new Set([...ALWAYS, ...names]);
}
