import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

const base = '/v1/refs/payrolls';
/** Every payroll-references and payroll-rules list, with its natural key. */
const lists = [
  ['allowances', 'code'],
  ['payroll-summary', 'code'],
  ['incentives', 'code'],
  ['bonuses', 'code'],
  ['deductions', 'code'],
  ['salary-grades', 'grade'],
  ['payroll-types', 'code'],
  ['duty-types', 'code'],
  ['job-categories', 'code'],
  ['business-trip', 'code'],
  ['overtimes', 'code'],
  ['early-deductions', 'code'],
  ['late-deductions', 'code'],
  ['absent-deductions', 'code'],
  ['missed-deductions', 'code'],
] as const;

let t: TestApp;
let demo: string;
let cj: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 5, CJ: 3 } });
  demo = await t.login('admin');
  cj = await t.login('admin.cj');
});
afterAll(() => t?.close());

const list = async (token: string, path: string) => {
  const reply = await t.call(token, 'GET', `${base}/${path}?limit=10000`);
  expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data as Json[];
};
const find = async (path: string, code: string, token = demo) =>
  (await list(token, path)).find((row) => row.code === code);
const put = (path: string, row: Json, changes: Json) =>
  t.call(demo, 'PUT', `${base}/${path}/${row._id}`, { ...changes, version: row.version });
const bulk = (path: string, rows: Json[]) => t.call(demo, 'POST', `${base}/${path}/bulk`, { rows });

describe('payroll references and rules: seeded, per company, edited in place', () => {
  it.each(lists)("%s lists each company's seeded rows, never the other's", async (path, key) => {
    const [demoRows, cjRows] = [await list(demo, path), await list(cj, path)];
    expect(demoRows.length).toBeGreaterThanOrEqual(2);
    expect(cjRows.length).toBe(demoRows.length);
    const demoIds = new Set(demoRows.map((row) => row._id));
    expect(cjRows.some((row) => demoIds.has(row._id))).toBe(false);
    expect(new Set(cjRows.map((row) => row[key]))).toEqual(new Set(demoRows.map((row) => row[key])));
    expect((await t.call(demo, 'GET', `${base}/${path}/${cjRows[0]._id}`)).status).toBe(404);
  });

  it.each(lists)('%s offers no create, by POST or by bulk, but updates and bulk-updates', async (path, key) => {
    const [first, second] = await list(demo, path);
    const post = await t.call(demo, 'POST', `${base}/${path}`, { [key]: 'NEW1', name: 'New' });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('not_found');
    const bulkNew = await bulk(path, [{ [key]: 'NEW1', name: 'New' }]);
    expect(bulkNew.status).toBe(400);
    expect(bulkNew.body.rows[0].fields[key].code).toBe('not_found');

    const field = key === 'grade' ? 'reported_salary' : 'name';
    const value = key === 'grade' ? first.reported_salary + 50_000 : `${first.name} (edited)`;
    const updated = await put(path, first, { [field]: value });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ [field]: value, version: first.version + 1 });

    const bulkValue = key === 'grade' ? second.reported_salary + 50_000 : `${second.name} (bulk)`;
    const bulked = await bulk(path, [{ [key]: second[key], [field]: bulkValue, version: second.version }]);
    expect(bulked.status, JSON.stringify(bulked.body)).toBe(200);
    expect(bulked.body.data).toMatchObject({ created: 0, updated: 1 });
    expect((await t.call(demo, 'GET', `${base}/${path}/${second._id}`)).body.data[field]).toBe(bulkValue);
    // The other company's row of the same key is untouched.
    const theirs = (await list(cj, path)).find((row) => row[key] === second[key]);
    expect(theirs.version).toBe(1);
  });

  it.each(lists)('%s offers no delete, by DELETE or by bulk', async (path) => {
    const [first] = await list(demo, path);
    const one = await t.call(demo, 'DELETE', `${base}/${path}/${first._id}`);
    expect(one.status).toBe(404);
    expect(one.body.message).toContain('No route');
    expect((await t.call(demo, 'DELETE', `${base}/${path}`, { ids: [first._id] })).status).toBe(404);
    const bulkDelete = await t.call(demo, 'POST', `${base}/${path}/bulk`, { delete: [first._id] });
    expect(bulkDelete.status).toBe(403);
    expect(bulkDelete.body.code).toBe('forbidden');
    // An empty list of ids is no deletion: the rows are saved.
    const withEmpty = await t.call(demo, 'POST', `${base}/${path}/bulk`, {
      rows: [{ _id: first._id, version: first.version }],
      delete: [],
    });
    expect(withEmpty.status, JSON.stringify(withEmpty.body)).toBe(200);
    expect((await t.call(demo, 'GET', `${base}/${path}/${first._id}`)).status).toBe(200);
  });

  it('keeps amounts as integer rupiah', async () => {
    const trip = await find('business-trip', 'IN-CITY');
    expect(Number.isInteger(trip.amount)).toBe(true);
    expect((await put('business-trip', trip, { amount: 150_000.5 })).body.fields.amount.code).toBe('type');
    expect((await put('business-trip', trip, { amount: -1 })).body.fields.amount.code).toBe('minimum');
    const grade = (await list(demo, 'salary-grades'))[0];
    expect((await put('salary-grades', grade, { reported_salary: 1.5 })).body.fields.reported_salary.code).toBe('type');
  });
});

describe('overtime: government_rule leaves out the hourly rate and the maximum hours', () => {
  it('seeds a government rule without rate or hours, and hourly rules with both', async () => {
    const rows = await list(demo, 'overtimes');
    for (const row of rows) {
      if (row.method === 'government_rule') expect([row.hourly_overtime, row.maximum_hour]).toEqual([null, null]);
      else expect(row.hourly_overtime > 0 && row.maximum_hour > 0).toBe(true);
    }
    expect(rows.map((row) => row.method).sort()).toEqual(['government_rule', 'hourly', 'hourly']);
  });

  it('ignores a rate or hours sent for the government rule', async () => {
    const gov = await find('overtimes', 'GOV');
    const reply = await put('overtimes', gov, { hourly_overtime: 40_000, maximum_hour: 3, name: 'Government' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ name: 'Government', hourly_overtime: null, maximum_hour: null });
  });

  it('clears the rate and hours when a rule switches to the government rule', async () => {
    const staff = await find('overtimes', 'STAFF');
    const reply = await put('overtimes', staff, { method: 'government_rule' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ method: 'government_rule', hourly_overtime: null, maximum_hour: null });
  });

  it('requires the rate and the hours for an hourly rule', async () => {
    const gov = await find('overtimes', 'GOV');
    const missing = await put('overtimes', gov, { method: 'hourly' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({
      hourly_overtime: { code: 'required', params: { method: 'hourly' } },
      maximum_hour: { code: 'required' },
    });
    const half = await put('overtimes', gov, { method: 'hourly', hourly_overtime: 30_000, maximum_hour: null });
    expect(Object.keys(half.body.fields)).toEqual(['maximum_hour']);
    const ok = await put('overtimes', gov, { method: 'hourly', hourly_overtime: 30_000, maximum_hour: 4 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ method: 'hourly', hourly_overtime: 30_000, maximum_hour: 4 });
    // Clearing a required field of the current method is refused too.
    expect((await put('overtimes', ok.body.data, { hourly_overtime: null })).body.fields.hourly_overtime.code).toBe(
      'required',
    );
  });

  it('checks every bulk row on the stored row with its changes, and clears in bulk too', async () => {
    const field = await find('overtimes', 'FIELD');
    const reply = await bulk('overtimes', [
      { code: 'FIELD', method: 'government_rule', hourly_overtime: 99_000, version: field.version },
      { code: 'GOV', method: 'hourly', hourly_overtime: null },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body.rows).toEqual([
      expect.objectContaining({
        index: 1,
        status: 'invalid',
        fields: expect.objectContaining({ hourly_overtime: expect.objectContaining({ code: 'required' }) }),
      }),
    ]);
    const ok = await bulk('overtimes', [
      { code: 'FIELD', method: 'government_rule', hourly_overtime: 99_000, version: field.version },
    ]);
    expect(ok.status).toBe(200);
    const after = (await t.call(demo, 'GET', `${base}/overtimes/${field._id}`)).body.data;
    expect(after).toMatchObject({ method: 'government_rule', hourly_overtime: null, maximum_hour: null });
  });
});

describe('early, absent and missed deductions: each method has only its own field', () => {
  it('seeds each deduction with its own field only', async () => {
    const own = { daily: 'nominal', prorate: 'pro_rate_day', percentage: 'percentage' } as Record<string, string>;
    for (const path of ['early-deductions', 'absent-deductions', 'missed-deductions']) {
      for (const row of await list(cj, path)) {
        for (const field of ['nominal', 'pro_rate_day', 'percentage']) {
          if (field === own[row.method]) expect(row[field], `${path} ${row.code}`).not.toBeNull();
          else expect(row[field], `${path} ${row.code} ${field}`).toBeNull();
        }
      }
    }
  });

  it.each(['early-deductions', 'absent-deductions'])(
    '%s: switching method requires the new field and clears the old',
    async (path) => {
      const daily = await find(path, 'DAILY');
      expect(daily.nominal).toBeGreaterThan(0);
      const missing = await put(path, daily, { method: 'prorate' });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.fields)).toEqual(['pro_rate_day']);
      expect(missing.body.fields.pro_rate_day.code).toBe('required');

      const prorate = await put(path, daily, { method: 'prorate', pro_rate_day: 22, nominal: 75_000 });
      expect(prorate.status).toBe(200);
      expect(prorate.body.data).toMatchObject({ method: 'prorate', pro_rate_day: 22, nominal: null, percentage: null });

      const percent = await put(path, prorate.body.data, { method: 'percentage', percentage: 33.33 });
      expect(percent.status).toBe(200);
      expect(percent.body.data).toMatchObject({
        method: 'percentage',
        percentage: 33.33,
        pro_rate_day: null,
        nominal: null,
      });
      // Exact on the way back out, in the list as in the single read.
      expect((await find(path, 'DAILY')).percentage).toBe(33.33);

      const back = await put(path, percent.body.data, { method: 'daily', nominal: 60_000 });
      expect(back.body.data).toMatchObject({ method: 'daily', nominal: 60_000, percentage: null });
    },
  );

  it('takes a percentage from 0 to 100, exact to two decimals', async () => {
    const row = await find('early-deductions', 'PERCENT');
    for (const value of [0, 0.07, 12.5, 99.99, 100]) {
      const current = await find('early-deductions', 'PERCENT');
      const reply = await put('early-deductions', current, { percentage: value });
      expect(reply.status, `${value}: ${JSON.stringify(reply.body)}`).toBe(200);
      expect(reply.body.data.percentage).toBe(value);
    }
    const current = await find('early-deductions', 'PERCENT');
    expect((await put('early-deductions', current, { percentage: 12.345 })).body.fields.percentage.code).toBe(
      'multipleOf',
    );
    expect((await put('early-deductions', current, { percentage: 100.01 })).body.fields.percentage.code).toBe(
      'maximum',
    );
    expect((await put('early-deductions', current, { percentage: -0.01 })).body.fields.percentage.code).toBe('minimum');
    const daily = await find('early-deductions', 'DAILY');
    const bulkReply = await bulk('early-deductions', [
      { code: 'PERCENT', percentage: '45.5', version: current.version },
      { code: 'DAILY', percentage: 1.001, version: daily.version },
    ]);
    expect(bulkReply.status).toBe(400);
    expect(bulkReply.body.rows.map((r: Json) => [r.index, Object.keys(r.fields)])).toEqual([[1, ['percentage']]]);
    expect(row.method).toBe('percentage');
  });

  it('lets a missed deduction be prorated only', async () => {
    const row = (await list(demo, 'missed-deductions'))[0];
    expect(row.method).toBe('prorate');
    for (const method of ['daily', 'percentage']) {
      const reply = await put('missed-deductions', row, { method, nominal: 10_000, percentage: 10 });
      expect(reply.status).toBe(400);
      expect(reply.body.fields.method.code).toBe('enum');
    }
    const bulkReply = await bulk('missed-deductions', [{ code: row.code, method: 'daily', nominal: 10_000 }]);
    expect(bulkReply.status).toBe(400);
    expect(bulkReply.body.rows[0].fields.method.code).toBe('enum');
    // Other methods' fields never stick.
    const ok = await put('missed-deductions', row, { nominal: 10_000, percentage: 10, pro_rate_day: 21 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ method: 'prorate', pro_rate_day: 21, nominal: null, percentage: null });
    expect((await put('missed-deductions', ok.body.data, { pro_rate_day: null })).body.fields.pro_rate_day.code).toBe(
      'required',
    );
  });
});

describe('late deductions', () => {
  it('have a limit in minutes, a deduction and one of four methods', async () => {
    const rows = await list(demo, 'late-deductions');
    expect(rows.map((row) => row.method).sort()).toEqual(['accumulative', 'custom', 'daily', 'minutely']);
    const daily = rows.find((row) => row.code === 'DAILY');
    const reply = await put('late-deductions', daily, { limit: 10, deduction: 20_000, method: 'custom' });
    expect(reply.body.data).toMatchObject({ limit: 10, deduction: 20_000, method: 'custom' });
    const bad = await put('late-deductions', reply.body.data, { limit: -5, method: 'hourly' });
    expect(bad.body.fields.limit.code).toBe('minimum');
    expect(bad.body.fields.method.code).toBe('enum');
  });
});
