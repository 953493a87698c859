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
    /** 409 `in_use`: the rows that still use the record(s) a delete names, counted by resource. */
    used_by: Type.Optional(Type.Array(Type.Object({ resource: Type.String(), count: Type.Integer() }))),
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

export const one = <T extends TSchema>(data: T) => Type.Object({ data });
export const many = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: Type.Ref(MetaSchema) });

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
