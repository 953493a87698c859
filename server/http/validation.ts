import type { TSchema } from '@sinclair/typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { type FieldError, fieldErrorsFromValidation } from './errors.ts';

/** The validator options the API uses everywhere (Fastify's compiler and the per-row bulk checks). */
export const ajvOptions = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  coerceTypes: 'array',
  strict: false,
  /** `multipleOf: 0.01` (a numeric(5, 2) column) accepts 0.07, whose quotient by 0.01 is 7.000000000000001. */
  multipleOfPrecision: 9,
} as const;

const ajv = addFormats.default(new Ajv.default(ajvOptions));

/** A compiled check that answers field errors, or null when the value is valid. */
export function compileCheck(schema: TSchema): (value: unknown) => Record<string, FieldError> | null {
  const { $id: _, ...anonymous } = schema;
  const validate = ajv.compile(anonymous);
  return (value) => (validate(value) ? null : fieldErrorsFromValidation(validate.errors ?? []));
}
