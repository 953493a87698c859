/**
 * Property-based fuzzing of the whole API (issue 10 section 5), generated from openapi/v1.json: every path and method,
 * as every level of the demo company (and the other company's admin), with valid-ish and hostile parameters and bodies
 * drawn from the operation's own schemas (plus NUL bytes, lone surrogates, huge numbers, impossible dates and wrong
 * types). A route added to the API is fuzzed without being listed here.
 *
 * It fails on any 5xx, and on any reply to a company user that holds an id of the other company's rows. The seed is
 * fixed, so a run is repeatable; FUZZ_RUNS and FUZZ_SEED change the count and the seed.
 */
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spec from '../../../openapi/v1.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../../support/app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
};
interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
  multipart: boolean;
}
interface Request {
  level: string;
  method: Operation['method'];
  url: string;
  template: string;
  payload?: string | Buffer;
  contentType?: string;
  remoteAddress: string;
}

const components = (spec as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;
const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(components[schema.$ref.replace('#/components/schemas/', '')]!) : schema;

/**
 * The operations to fuzz: all of them, except signing out (it ends the session the next requests use; its own tests
 * cover it). Deletes are fuzzed: the ids they draw never include the signed-in users nor their companies.
 */
const operations: Operation[] = Object.entries(
  (spec as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths,
).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => !(path === '/v1/auth/logout' && method === 'delete'))
    .map(([method, operation]) => {
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        multipart: ((operation.consumes as string[] | undefined) ?? []).includes('multipart/form-data'),
      };
    }),
);

// --- Values ---------------------------------------------------------------------------------------------------------

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '𝄞 emoji 🙂',
  '\n=1+1',
  ' @SUM(A1)',
  "' OR 1=1 --",
  '%_\\',
  '2024-02-30',
  '0000-01-01',
  '9999-12-31',
  '2024-13-01',
  '1899-12-31',
  '2024-02-29T25:00:00Z',
  '9223372036854775808',
  '-9223372036854775809',
  '1e20',
  '1.5',
  '-1',
  'NaN',
  'Infinity',
  'null',
  'true',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];
const hostileNumbers = [
  1e20,
  -1e20,
  2 ** 63,
  2147483648,
  -2147483649,
  32768,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  0.001,
  -1,
  0,
  1e308,
];
const wrongTypes = [null, true, false, 0, 'abc', [], {}, [null], { $gt: '' }];

interface Pools {
  /** Ids of rows of both companies (never the signed-in users, their employee records or the companies). */
  ids: string[];
}

const isoDate = fc
  .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const isoDateTime = fc
  .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringArb(schema: Schema, pools: Pools): fc.Arbitrary<unknown> {
  const hostile = fc.constantFrom(...hostileStrings);
  let valid: fc.Arbitrary<string>;
  if (schema.format === 'uuid') valid = fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
  else if (schema.format === 'date') valid = isoDate;
  else if (schema.format === 'date-time') valid = isoDateTime;
  else if (schema.format === 'email') valid = fc.emailAddress();
  else if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {}
    valid = pattern ? fc.stringMatching(pattern) : fc.string({ maxLength: 20 });
  } else {
    valid = fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40), unit: 'grapheme' });
  }
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostile, weight: 2 });
}

function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1e6, -1e12);
  const max = Math.min(schema.maximum ?? 1e6, 1e12);
  const valid = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: fc.constantFrom(...hostileNumbers), weight: 2 });
}

/** A value for `schema`: mostly what it asks for, sometimes a hostile value of its type, sometimes a wrong type. */
function valueArb(input: Schema, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  const wrong = fc.constantFrom(...wrongTypes);
  const mixed = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: wrong, weight: 1 });
  if (depth > 4) return wrong;
  if (schema.const !== undefined) return mixed(fc.constant(schema.const));
  if (schema.enum) return mixed(fc.constantFrom(...schema.enum));
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => valueArb(option, pools, depth + 1)));
  if (schema.allOf) return valueArb(Object.assign({}, ...schema.allOf.map(resolve)), pools, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueArb({ ...schema, type }, pools, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return mixed(fc.boolean());
    case 'integer':
      return mixed(numberArb(schema, true));
    case 'number':
      return mixed(numberArb(schema, false));
    case 'string':
      return mixed(stringArb(schema, pools));
    case 'array':
      return mixed(fc.array(valueArb(schema.items ?? {}, pools, depth + 1), { maxLength: 3 }));
    case 'object':
      return mixed(objectArb(schema, pools, depth));
    default:
      return fc.oneof(wrong, fc.constantFrom(...hostileStrings), fc.jsonValue({ maxDepth: 2 }));
  }
}

/** A bulk row says which fields it takes only in its description (`<Name>Create fields`): use that schema's. */
function bulkRowProperties(schema: Schema): Record<string, Schema> {
  const name = schema.description?.match(/^(\w+)Create fields/)?.[1];
  const create = name ? components[`${name}Create`] : undefined;
  return { ...(create?.properties ?? {}), ...(schema.properties ?? {}) };
}

function objectArb(schema: Schema, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const properties = bulkRowProperties(schema);
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
  const record = fc.record(Object.fromEntries(keys.map((key) => [key, valueArb(properties[key]!, pools, depth + 1)])), {
    requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)),
  });
  const partial = fc.record(
    Object.fromEntries(keys.map((key) => [key, valueArb(properties[key]!, pools, depth + 1)])),
    { requiredKeys: [] },
  );
  const extra = fc
    .tuple(record, fc.constantFrom('company_id', '__proto__', 'id', 'level', 'x'), fc.jsonValue({ maxDepth: 1 }))
    .map(([value, key, extraValue]) => ({ ...(value as object), [key]: extraValue }));
  return fc.oneof({ arbitrary: record, weight: 6 }, { arbitrary: partial, weight: 2 }, { arbitrary: extra, weight: 1 });
}

/** A query value: a list filter's values are strings whatever the field is, so they come from every kind's shapes. */
function queryArb(parameter: Parameter, pools: Pools): fc.Arbitrary<string[] | undefined> {
  const schema = resolve(parameter.schema);
  const filterValue = fc.oneof(
    fc.constantFrom(...hostileStrings),
    fc.constantFrom(...pools.ids),
    isoDate,
    isoDateTime,
    fc.integer().map(String),
    fc.double({ noNaN: true }).map(String),
    fc.string({ maxLength: 12 }),
  );
  const one = schema.type === 'array' ? valueArb(schema.items ?? {}, pools) : valueArb(schema, pools);
  const values =
    schema.type === 'array' && !(schema.items as Schema | undefined)?.enum
      ? fc.array(filterValue, { minLength: 1, maxLength: 3 })
      : fc.oneof(
          one.map((value) => [value]),
          fc.array(one, { minLength: 2, maxLength: 3 }),
        );
  const strings = values.map((list) =>
    (list as unknown[]).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
  );
  return fc.option(strings, { freq: parameter.required ? 20 : 2, nil: undefined });
}

/** Percent-encodes like encodeURIComponent, but a lone surrogate becomes its raw (invalid UTF-8) bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          const code = char.charCodeAt(0);
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('');
        }
      })
      .join('');
  }
}

const tinyXlsx = zipSync({
  '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
  'xl/workbook.xml': new TextEncoder().encode('<workbook/>'),
});
const fileContents = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from(tinyXlsx)),
  fc.constant(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
  fc.constant(Buffer.from('%PDF-1.4\n%%EOF')),
  fc.constant(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xff, 0xff, 0xff])),
);
const fileNames = fc.constantFrom('a.xlsx', 'a.png', 'a.pdf', 'noext', '\u0000.xlsx', '../../etc/passwd', 'ü.jpeg');

function multipart(content: Buffer, filename: string): { payload: Buffer; contentType: string } {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function requestArb(operation: Operation, levels: readonly string[], pools: Pools): fc.Arbitrary<Request> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.tuple(
    ...pathParameters.map((parameter) =>
      fc.oneof(
        { arbitrary: valueArb(parameter.schema, pools).map(String), weight: 3 },
        { arbitrary: fc.constantFrom(...pools.ids), weight: 3 },
        { arbitrary: fc.constantFrom(...hostileStrings.filter(Boolean)), weight: 1 },
      ),
    ),
  );
  const queryValues = fc.tuple(...queryParameters.map((parameter) => queryArb(parameter, pools)));
  const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> = operation.multipart
    ? fc.oneof(
        fc.tuple(fileContents, fileNames).map(([content, name]) => multipart(content, name)),
        fc.constant({}),
      )
    : operation.body
      ? fc
          .oneof(
            { arbitrary: valueArb(operation.body, pools), weight: 12 },
            { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
          )
          .map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' }))
      : fc.constant({});
  return fc
    .record({
      level: fc.constantFrom(...levels),
      pathValues,
      queryValues,
      body,
      address: fc.integer({ min: 1, max: 250 }),
    })
    .map(({ level, pathValues, queryValues, body, address }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => encode(pathValues[index++] ?? ''));
      const query = queryParameters
        .flatMap((parameter, i) => (queryValues[i] ?? []).map((value) => `${encode(parameter.name)}=${encode(value)}`))
        .join('&');
      return {
        level,
        method: operation.method,
        url: query ? `${path}?${query}` : path,
        template: `${operation.method} ${operation.path}`,
        ...body,
        // Many addresses: the sign-in throttle of one address must not lock out the fuzzing itself.
        remoteAddress: `10.0.${address}.${(address * 7) % 250}`,
      };
    });
}

// --- The run ---------------------------------------------------------------------------------------------------------

const levels = ['developer', 'admin', 'subadmin', 'deptadmin', 'approver', 'custom', 'employee', 'admin.cj'];
const anonymous = 'anonymous';

let t: TestApp;
const tokens = new Map<string, string>();
/** Per level: the ids of the rows that level's company must never see (none for the platform's developer). */
const foreign = new Map<string, Set<string>>();
let pools: Pools;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 6 } });
  for (const level of levels) tokens.set(level, await t.login(level));
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query(text, values)).rows as T[];
  const companies = await query<{ id: string; code: string }>('select id, code from companies');
  const demo = companies.find((c) => c.code === 'DEMO')!.id;
  const cj = companies.find((c) => c.code === 'CJ')!.id;
  const users = await query<{ id: string }>('select id from users where username = any($1)', [levels]);
  const protectedIds = new Set([...users.map((u) => u.id), demo, cj]);
  const ownEmployees = await query<{ id: string }>('select id from employees where user_id = any($1)', [
    users.map((u) => u.id),
  ]);
  for (const e of ownEmployees) protectedIds.add(e.id);

  const tables = await query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
      where c.table_schema = 'public' and c.column_name = 'company_id'`,
  );
  const byCompany = new Map<string, Set<string>>([
    [demo, new Set([demo])],
    [cj, new Set([cj])],
  ]);
  const ids: string[] = [];
  for (const { table_name } of tables) {
    for (const row of await query<{ id: string; company_id: string | null }>(
      `select id::text, company_id::text from "${table_name}"`,
    )) {
      if (row.company_id) byCompany.get(row.company_id)?.add(row.id);
      if (!protectedIds.has(row.id) && table_name !== 'sessions') ids.push(row.id);
    }
  }
  pools = { ids };
  for (const level of levels) {
    if (level === 'developer') continue;
    foreign.set(level, level === 'admin.cj' ? byCompany.get(demo)! : byCompany.get(cj)!);
  }
}, 120_000);
afterAll(() => t?.close());

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('fuzzing every route from the OpenAPI document', () => {
  it('V2.2.1 input validation and V16.5.1 generic errors: no request on any route, at any level, gets a 5xx; V8.2.2 no reply holds another company’s row', async () => {
    const failures = new Map<string, { status: number; url: string; level: string; reply: string }>();
    const seen = new Set<string>();
    let relogins = 0;
    const anyRequest = fc
      .constantFrom(...operations)
      .chain((operation) => requestArb(operation, [...levels, anonymous], pools));

    await fc.assert(
      fc.asyncProperty(anyRequest, async (request) => {
        seen.add(request.template);
        const token = tokens.get(request.level);
        const reply = await t.app.inject({
          method: request.method,
          url: request.url,
          remoteAddress: request.remoteAddress,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        const key = `${request.template} as ${request.level}`;
        if (reply.statusCode >= 500 && !failures.has(key)) {
          failures.set(key, {
            status: reply.statusCode,
            url: request.url.slice(0, 300),
            level: request.level,
            reply: `${request.payload?.toString().slice(0, 300) ?? ''} -> ${reply.body.slice(0, 200)}`,
          });
        }
        const others = foreign.get(request.level);
        if (others && reply.statusCode < 300) {
          // An id the caller sent may come back as its own per-id refusal (a batch's `{ id, ok: false, error:
          // 'not_found' }`, the same answer as for an id that exists nowhere: tests/server/approvals); only ids the
          // request did not hold are a leak.
          const sent = new Set(`${request.url} ${request.payload?.toString() ?? ''}`.match(UUID) ?? []);
          const leaked = (reply.body.match(UUID) ?? []).filter((id) => others.has(id) && !sent.has(id));
          if (leaked.length) {
            failures.set(`${key}: foreign rows`, {
              status: reply.statusCode,
              url: request.url.slice(0, 300),
              level: request.level,
              reply: `foreign ids ${leaked.slice(0, 3).join(', ')}`,
            });
          }
        }
        // A fuzzed write may end a session (a password or a level changed): sign in again rather than fuzz as nobody.
        if (reply.statusCode === 401 && token) {
          const me = await t.app.inject({
            method: 'GET',
            url: '/v1/auth/me',
            headers: { authorization: `Bearer ${token}` },
          });
          if (me.statusCode === 401) {
            relogins++;
            tokens.set(request.level, await t.login(request.level));
          }
        }
        return true;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    // Every operation was reached (a route cannot hide from the fuzzing by being rare).
    const missed = operations.map((o) => `${o.method} ${o.path}`).filter((template) => !seen.has(template));
    expect(missed).toEqual([]);
    expect(relogins).toBeLessThan(RUNS / 100);
    expect([...failures].map(([key, failure]) => ({ key, ...failure }))).toEqual([]);
  }, 600_000);
});

// --- Every numeric query parameter at its extremes (issue 24) ---------------------------------------------------------

/**
 * What a query's number may be sent as: beyond any integer type (`99999999999999999999`, 2^63), beyond a double
 * (`1e309`), negative, a fraction, an exponent, around the safe-integer and 32-bit limits, and not a number at all.
 */
const numericExtremes = [
  '99999999999999999999',
  '9223372036854775808',
  '9223372036854775807',
  '-9223372036854775809',
  '1e309',
  '-1e309',
  '1e20',
  '1e3',
  '2e-5',
  '2147483648',
  '-2147483649',
  String(Number.MAX_SAFE_INTEGER),
  String(Number.MAX_SAFE_INTEGER + 2),
  '-1',
  '-0',
  '0',
  '1.5',
  '-0.5',
  '9999',
  '0x1f',
  'NaN',
  'Infinity',
  '',
  // Random values, the same on every run.
  ...fc
    .sample(fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.bigInt()), { numRuns: 12, seed: SEED })
    .map(String),
];

const isNumeric = (input: Schema): boolean => {
  const schema = resolve(input);
  if (schema.type === 'array') return isNumeric(schema.items ?? {});
  return schema.type === 'integer' || schema.type === 'number';
};

describe('every numeric query parameter of every route, at its extremes', () => {
  it('V2.2.1 input validation: no huge, negative, exponent, fraction or random number in a query gets a 5xx', async () => {
    const employee = (
      await t.database.pool.query(
        "select e.id from employees e join companies c on c.id = e.company_id where c.code = 'DEMO' limit 1",
      )
    ).rows[0].id as string;
    const first = async (table: string) =>
      (
        await t.database.pool.query(
          `select t.id from ${table} t join companies c on c.id = t.company_id where c.code = 'DEMO' limit 1`,
        )
      ).rows[0]?.id as string | undefined;
    // A valid value for each required parameter, so that the request reaches the handler with the extreme one.
    const known: Record<string, string | undefined> = {
      leave_type: await first('leave_rules'),
      group: await first('attendance_groups'),
    };
    const validValue = (parameter: Parameter): string => {
      const schema = resolve(parameter.schema);
      if (schema.enum) return String(schema.enum[0]);
      if (schema.type === 'integer' || schema.type === 'number')
        return String(Math.min(Math.max(2026, schema.minimum ?? 2026), schema.maximum ?? 2026));
      if (schema.format === 'date') return '2026-01-05';
      if (schema.format === 'uuid') return known[parameter.name] ?? employee;
      return 'x';
    };
    const targets = operations.filter((operation) =>
      operation.parameters.some((parameter) => parameter.in === 'query' && isNumeric(parameter.schema)),
    );
    expect(targets.map((operation) => operation.path)).toEqual(
      expect.arrayContaining([
        '/v1/approvals',
        '/v1/approvals/history',
        '/v1/payroll-summary',
        '/v1/logs',
        '/v1/leave-balance',
        '/v1/employees',
      ]),
    );
    const failures: { url: string; status: number; reply: string }[] = [];
    let sent = 0;
    for (const operation of targets) {
      const path = operation.path.replace(/\{[^}]+\}/g, employee);
      const required = operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.required);
      const send = async (level: string, query: Record<string, string>) => {
        const url = `${path}?${Object.entries(query)
          .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
          .join('&')}`;
        const reply = await t.app.inject({
          method: operation.method,
          url,
          headers: { authorization: `Bearer ${tokens.get(level)}` },
        });
        sent++;
        if (reply.statusCode >= 500) failures.push({ url, status: reply.statusCode, reply: reply.body.slice(0, 200) });
        return reply.statusCode;
      };
      const base = Object.fromEntries(required.map((parameter) => [parameter.name, validValue(parameter)]));
      // The level that reaches the route: the company's admin, or the developer for the platform's routes.
      const level = [401, 403].includes(await send('admin', base)) ? 'developer' : 'admin';
      for (const parameter of operation.parameters) {
        if (parameter.in !== 'query' || !isNumeric(parameter.schema)) continue;
        for (const value of numericExtremes) await send(level, { ...base, [parameter.name]: value });
      }
    }
    expect(sent).toBeGreaterThan(targets.length * numericExtremes.length);
    expect(failures).toEqual([]);
  }, 600_000);
});
