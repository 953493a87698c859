import { type TSchema, Type } from '@sinclair/typebox';

/** Shared, named schemas: each becomes a component of openapi/v1.json. */
export const FieldErrorSchema = Type.Object(
  { code: Type.String(), message: Type.String(), params: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
  { $id: 'FieldError' },
);
export const ErrorSchema = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.Ref(FieldErrorSchema))),
    /** 409: the row as it is now. */
    current: Type.Optional(Type.Unknown()),
    /** Bulk writes: the per-row report. */
    rows: Type.Optional(Type.Array(Type.Unknown())),
    /** 404 on a delete of several rows: the ids that do not exist (or belong to another company). */
    missing: Type.Optional(Type.Array(Type.String())),
    /** 409 `in_use`: the rows that still use the record(s) a delete names, counted by resource; 409 `has_history`: an employee's history, counted by kind. */
    used_by: Type.Optional(
      Type.Array(
        Type.Object({
          resource: Type.String(),
          count: Type.Integer(),
          /** The using rows' menu (their list), when the caller may read it. */
          menu: Type.Optional(Type.String()),
          /** The first few using rows, by id and title, when the caller may read them. */
          rows: Type.Optional(
            Type.Array(Type.Object({ _id: Type.String(), title: Type.String(), search: Type.String() })),
          ),
        }),
      ),
    ),
    /** 409 `payroll_run_out_of_date`: how many rows (decision 0175). */
    count: Type.Optional(Type.Integer()),
    /** 409 `bank_account_missing`, `payroll_run_out_of_date`: the employees named ("Name (number)"). */
    names: Type.Optional(Type.Array(Type.String())),
    /** 409 `payroll_negative_thp`: the employees whose take-home pay is below zero (decision 0075). */
    employees: Type.Optional(
      Type.Array(
        Type.Object({ _id: Type.String(), fullname: Type.String(), employee_id: Type.String(), thp: Type.Integer() }),
      ),
    ),
  },
  { $id: 'Error' },
);
export const MetaSchema = Type.Object(
  { total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer() },
  { $id: 'ListMeta' },
);

export const sharedSchemas: TSchema[] = [FieldErrorSchema, ErrorSchema, MetaSchema];

const errorRef = Type.Ref(ErrorSchema);
/** The error replies every route may give. */
export const errorResponses = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  404: errorRef,
  409: errorRef,
  413: errorRef,
  415: errorRef,
  429: errorRef,
} as const;

/** The largest `skip` or `limit` a list takes: a number JavaScript holds exactly, and within PostgreSQL's bigint. */
export const MAX_PAGE_NUMBER = Number.MAX_SAFE_INTEGER;

export interface Page {
  limit: number;
  skip: number;
}

/**
 * The paging parameters of a list, one definition for every list route (spec 5, issue 24): `limit` and `skip`,
 * whole numbers from 0 to `MAX_PAGE_NUMBER`. Anything else (a fraction, a negative, `1e309`, `2^63`,
 * `99999999999999999999`) is a 400 from the schema, before a handler or the database sees it. A `limit` above the
 * route's `maxLimit` is not refused but clamped to it (the client's list call sends `limit=9999`, spec 7): `page()`
 * gives the limit used, which the reply's `meta.limit` reports.
 */
export function listPaging({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) {
  return {
    limit: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_PAGE_NUMBER,
        default: defaultLimit,
        description: `Rows per page, at most ${maxLimit}: a larger limit is taken as ${maxLimit} (the reply's meta.limit is the limit used)`,
      }),
    ),
    skip: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER, default: 0, description: 'Rows to skip' }),
    ),
    /** The page a validated query asks for, its limit clamped to the route's maximum. */
    page(query: { limit?: number | string | undefined; skip?: number | string | undefined }): Page {
      return {
        limit: Math.min(Number(query.limit ?? defaultLimit), maxLimit),
        skip: Number(query.skip ?? 0),
      };
    },
  };
}

export const one = <T extends TSchema>(data: T) => Type.Object({ data });
export const many = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: Type.Ref(MetaSchema) });

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
