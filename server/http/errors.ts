import type { FastifyError, FastifyInstance } from 'fastify';

export interface FieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

/** Every error the API returns: `{ code, message, fields? }` with a matching HTTP status. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, FieldError> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, FieldError>,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.extra = extra;
  }
}

export const notFound = (what = 'Record') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = () => new AppError(403, 'forbidden', 'You do not have access to this');
export const unauthorized = (message = 'Please sign in') => new AppError(401, 'unauthorized', message);
export const invalid = (fields: Record<string, FieldError>, message = 'Some fields are invalid') =>
  new AppError(400, 'validation_failed', message, fields);

/** Seconds a client is told to wait (`Retry-After`) while the database is unavailable: an embedded restart takes ~3 s. */
export const RETRY_AFTER_SECONDS = 5;

/** The database is restarting (or lost): a 503 with `Retry-After` (decision 0115). */
export const databaseUnavailable = () =>
  new AppError(503, 'database_unavailable', 'The database is restarting; try again in a few seconds');

/**
 * Errors of a connection to the database that went away or cannot be made: Node's socket codes, on a socket's call
 * (`ENOENT` on `connect` is the embedded database's socket file gone; on `open` it is a missing file, not this).
 */
const lostConnectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const socketCalls = new Set(['connect', 'read', 'write']);

/**
 * Did this statement fail because the database went away, not because of the statement? The embedded database's
 * process killed or restarting, PostgreSQL shutting down or restarting (SQLSTATE class 08, 57P01-57P03), a
 * connection refused or cut (`Connection terminated unexpectedly`). Drizzle wraps the driver's error (`cause`).
 */
export function isConnectionLost(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown } | undefined,
      depth = 0;
    current && depth < 4;
    depth++
  ) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (lostConnectionCodes.has(code) && socketCalls.has(String(current.syscall))) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (
      typeof current.message === 'string' &&
      /^Connection terminated|^Client has encountered a connection error/.test(current.message)
    )
      return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Fastify's own error codes, mapped to ours. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This content type is not accepted here',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_content_length',
    message: 'The content length does not match the body',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'file_too_large', message: 'The file is too large' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the file as multipart/form-data',
  },
  FST_FILES_LIMIT: { status: 413, code: 'too_many_files', message: 'Send one file at a time' },
  FST_PARTS_LIMIT: { status: 413, code: 'too_many_parts', message: 'Too many form fields' },
};

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns Ajv's issues into `{ field: { code, message, params } }`; the client translates by code. */
export function fieldErrorsFromValidation(issues: readonly ValidationIssue[]): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field =
      issue.keyword === 'required'
        ? [path, issue.params.missingProperty].filter(Boolean).join('.')
        : issue.keyword === 'additionalProperties'
          ? [path, issue.params.additionalProperty].filter(Boolean).join('.')
          : path || '_';
    if (fields[field]) continue;
    fields[field] = {
      code: issue.keyword === 'additionalProperties' ? 'unknown_field' : issue.keyword,
      message: issue.keyword === 'additionalProperties' ? 'is not a known field' : (issue.message ?? 'is invalid'),
      params: issue.params,
    };
  }
  return fields;
}

interface DatabaseError {
  code: string;
  constraint?: string;
  message?: string;
}

/** PostgreSQL's error, whether the driver error arrives bare or wrapped by Drizzle (`cause`). */
export function databaseError(error: unknown): DatabaseError | undefined {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 3;
    depth++
  ) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current as DatabaseError;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** What PostgreSQL says about a failed statement that names no value: its code and where, never its data. */
const safeDatabaseFields = [
  'code',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
] as const;

/**
 * An error as it may be logged. A failed statement's parameters hold salaries, NIK numbers and names, and PostgreSQL
 * repeats values in its messages and details (`Key (nik)=(3171...) already exists`, `Failing row contains (...)`):
 * for a database error the log gets the statement's SQL text (placeholders only), the error code and where it
 * happened, and nothing else. Other errors keep their message and stack.
 */
/** A thrown non-Error as text for the log: its JSON where it has one, else String(). */
function describeThrown(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

export function loggableError(error: unknown): Record<string, unknown> {
  const database = databaseError(error);
  if (!database) {
    const plain = error as { name?: unknown; message?: unknown; stack?: unknown; code?: unknown };
    // Something thrown that is not an Error (a string, a plain object) still says what it was.
    if (!(error instanceof Error)) return { type: typeof error, message: describeThrown(error) };
    return { type: plain?.name, message: plain?.message, code: plain?.code, stack: plain?.stack };
  }
  const query = (error as { query?: unknown }).query;
  const fields = Object.fromEntries(
    safeDatabaseFields
      .map((field) => [field, (database as unknown as Record<string, unknown>)[field]] as const)
      .filter(([, value]) => value !== undefined),
  );
  return {
    type: 'DatabaseError',
    message: `Database error ${database.code}`,
    ...(typeof query === 'string' ? { query } : {}),
    ...fields,
  };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, fields: error.fields, ...error.extra });
    }
    if (error.validation) {
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
      return reply.status(400).send({
        code: 'validation_failed',
        message: `The request ${where} is invalid`,
        fields: fieldErrorsFromValidation(error.validation as ValidationIssue[]),
      });
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ code: known.code, message: known.message });
    if (isConnectionLost(error)) {
      request.log.warn({ err: loggableError(error) }, 'the database connection was lost');
      const unavailable = databaseUnavailable();
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: unavailable.code, message: unavailable.message });
    }
    const found = databaseError(error);
    const pgCode = found?.code;
    // A RESTRICT key refused a delete that no route counted first (docs/decisions/0016): still a 409 `in_use`.
    if (pgCode === '23503' && /^update or delete/i.test(found?.message ?? '')) {
      return reply.status(409).send({ code: 'in_use', message: 'Cannot delete: it is still in use', used_by: [] });
    }
    if (pgCode === '57014') {
      return reply.status(503).send({ code: 'timeout', message: 'The database took too long to answer' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: 'bad_request', message: error.message });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ code: 'internal_error', message: 'An Error Occured' });
  });
}

export const routeNotFound = (method: string, url: string) =>
  new AppError(404, 'not_found', `No route ${method} ${url.split('?')[0]}`);
