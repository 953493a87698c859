import type { TSchema } from '@sinclair/typebox';
import Ajv, { type Ajv as AjvInstance } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { DATE_YEARS } from '../../common/dates.ts';
import { type FieldError, fieldErrorsFromValidation, invalid } from './errors.ts';
import { Later } from './serializers.ts';

/** The validator options the API uses everywhere (Fastify's compiler and the per-row bulk checks). */
export const ajvOptions = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  coerceTypes: 'array',
  strict: false,
  /**
   * `multipleOf: 0.01` (a numeric(5, 2) column) accepts 0.07, whose quotient by 0.01 is 7.000000000000001; and
   * `multipleOf: 0.000001` (a numeric(9, 6) coordinate) accepts 106.8456, whose quotient is 106845600.00000001 (the
   * float error grows with the quotient: 1e-6 of a step still refuses one more decimal).
   */
  multipleOfPrecision: 6,
} as const;

/** A record id as the API writes it (a UUID): for ids read from a body or a list before the route's own schema. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The years a date may have: anything else is a typing slip (`0000-01-01`, `20244-01-01`), refused with a 400. */
export const YEARS = DATE_YEARS;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):?(\d{2}))$/;

/** A `YYYY-MM-DD` that exists on the calendar (no 30 February), within `YEARS`. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < YEARS.min || year > YEARS.max || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An ISO date and time (with its offset) on a calendar date within `YEARS`, with a real time of day. */
export function isCalendarDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match || !isCalendarDate(match[1]!)) return false;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])];
  const offsetHours = match[7] === undefined ? 0 : Number(match[7]);
  const offsetMinutes = match[8] === undefined ? 0 : Number(match[8]);
  return hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 23 && offsetMinutes <= 59;
}

/**
 * The API's own `date` and `date-time` formats, over ajv-formats' (which accept `0000-01-01`): every body and query
 * that declares a date gets them. A Fastify Ajv plugin, and applied to the bulk checks' Ajv below.
 */
export function apiFormats(ajv: AjvInstance): AjvInstance {
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  ajv.addFormat('date-time', { type: 'string', validate: isCalendarDateTime });
  return ajv;
}

/** Fastify's `ajv` option: ajv-formats, then the API's date formats over it. */
export const fastifyAjv = {
  customOptions: ajvOptions,
  plugins: [addFormats.default as (ajv: AjvInstance) => AjvInstance, apiFormats],
};

const ajv = apiFormats(addFormats.default(new Ajv.default(ajvOptions)));

/** The checks not compiled yet (`compileCheck`), for `warm` after listen and for the tests. */
export const laterChecks = new Later();

/**
 * A check that answers field errors, or null when the value is valid. Compiled on its first use, not at start-up:
 * every resource has two and compiling them all took most of a restart's CPU (docs/decisions/0081).
 */
export function compileCheck(schema: TSchema): (value: unknown) => Record<string, FieldError> | null {
  let validate: ReturnType<typeof ajv.compile> | undefined;
  const ensure = () => {
    if (!validate) {
      const { $id: _, ...anonymous } = schema;
      validate = ajv.compile(anonymous);
    }
    return validate;
  };
  laterChecks.add(ensure);
  return (value) => {
    const check = ensure();
    return check(value) ? null : fieldErrorsFromValidation(check.errors ?? []);
  };
}

/** Text PostgreSQL cannot store, and no person types: a NUL character, or half of a UTF-16 surrogate pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

const badText: FieldError = {
  code: 'invalid_characters',
  message: 'contains a character that is not accepted (a NUL or a broken character)',
};

/**
 * The first strings (values or keys) of a parsed body or query that are not storable text, by field path. Walked
 * without recursion, so a deeply nested body cannot overflow the stack.
 */
export function unstorableText(value: unknown, limit = 10): Record<string, FieldError> {
  const found: Record<string, FieldError> = {};
  const stack: [unknown, string][] = [[value, '']];
  let count = 0;
  while (stack.length && count < limit) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) {
        found[path || '_'] = badText;
        count++;
      }
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) {
          found[path || '_'] = badText;
          count++;
        } else stack.push([child, childPath]);
      }
    }
  }
  return found;
}

/**
 * Every route, present and future: a NUL or a lone surrogate in any string of the path, the query or a JSON body is a
 * 400 before the route's own validation runs (PostgreSQL would refuse it with an error, or store a broken character).
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const fields = unstorableText(value);
      if (Object.keys(fields).length)
        throw invalid(fields, `The request ${where} has characters that are not accepted`);
    }
  });
}
