/**
 * Company settings (company-info): the admin's own company, profile and tax saved per section, versioned and logged;
 * references (logo file, tax person) must belong to the company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let adminCj: string;
let subadmin: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 2 } });
  [admin, adminCj, subadmin] = await Promise.all([t.login('admin'), t.login('admin.cj'), t.login('subadmin')]);
});
afterAll(() => t?.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
async function upload(token: string, name: string, bytes: Buffer): Promise<Json> {
  const boundary = 'settingsboundary';
  const reply = await t.app.inject({
    method: 'POST',
    url: '/v1/files?accept=image',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return JSON.parse(reply.body);
}

const profile = (current: Json, changes: Json) => {
  const { version, ...fields } = current;
  return { ...fields, ...changes, version };
};

describe('company profile', () => {
  it('reads and saves the profile, bumps the version and logs the changes', async () => {
    const before = (await t.call(admin, 'GET', '/v1/company/profile')).body.data;
    expect(before).toMatchObject({ kop_template: 'letterhead', jkk_percentage: '0.24' });
    const logo = (await upload(admin, 'logo.png', png)).data;
    const reply = await t.call(
      admin,
      'PUT',
      '/v1/company/profile',
      profile(before, {
        logo_url: logo.url,
        kop_template: 'default',
        hq_initial: 'JKT',
        umk: 5_396_761,
        umr: 5_067_381,
        ump: 5_396_761,
        bpjs_tk_no: '12345678901',
        jkk_percentage: '0.89',
        cut_off_days: 25,
        company_size: '100-1000',
        industry: 'Manufacturing',
      }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({
      logo_url: logo.url,
      kop_template: 'default',
      umk: 5_396_761,
      jkk_percentage: '0.89',
      version: before.version + 1,
    });
    const logs = await t.database.pool.query(
      "select detail, changes from activity_logs where menu = 'company-info' order by created_at desc limit 1",
    );
    expect(logs.rows[0].detail).toContain('profile');
    expect(logs.rows[0].changes.kop_template).toEqual({ from: 'letterhead', to: 'default' });
  });

  it('refuses a stale version with 409 and the current section', async () => {
    const current = (await t.call(admin, 'GET', '/v1/company/profile')).body.data;
    const reply = await t.call(admin, 'PUT', '/v1/company/profile', {
      ...profile(current, { industry: 'Retail' }),
      version: current.version + 5,
    });
    expect(reply.status).toBe(409);
    expect(reply.body.current.version).toBe(current.version);
  });

  it('refuses bad values with field errors, never 5xx', async () => {
    const current = (await t.call(admin, 'GET', '/v1/company/profile')).body.data;
    for (const [field, value] of [
      ['jkk_percentage', '0.5'],
      ['umk', 1.5],
      ['umk', -1],
      ['kop_template', 'fancy'],
      ['cut_off_days', 32],
      ['bpjs_tk_no', 'abc'],
    ] as const) {
      const reply = await t.call(admin, 'PUT', '/v1/company/profile', profile(current, { [field]: value }));
      expect(reply.status, `${field}=${value}`).toBe(400);
    }
  });

  it("refuses another company's logo", async () => {
    const theirs = (await upload(adminCj, 'cj.png', png)).data;
    const current = (await t.call(admin, 'GET', '/v1/company/profile')).body.data;
    const reply = await t.call(admin, 'PUT', '/v1/company/profile', profile(current, { logo_url: theirs.url }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields.logo_url.code).toBe('not_found');
  });

  it('is the admin’s own company: each admin sees theirs; a sub admin is refused', async () => {
    const demo = (await t.call(admin, 'GET', '/v1/company/profile')).body.data;
    const cj = (await t.call(adminCj, 'GET', '/v1/company/profile')).body.data;
    expect(cj.jkk_percentage).toBe('0.54');
    expect(demo.jkk_percentage).toBe('0.89');
    expect((await t.call(subadmin, 'GET', '/v1/company/profile')).status).toBe(403);
  });
});

describe('company tax', () => {
  it('sets the tax person and answers their number read-only (NPWP, else NIK)', async () => {
    const employees = (await t.call(admin, 'GET', '/v1/employees?limit=5')).body.data as Json[];
    const person = employees[0];
    const before = (await t.call(admin, 'GET', '/v1/company/tax')).body.data;
    const reply = await t.call(admin, 'PUT', '/v1/company/tax', {
      npwp_number: '0123456789012345',
      tax_person: person._id,
      taxable_date: '2020-01-01',
      version: before.version,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({
      npwp_number: '0123456789012345',
      tax_person: { _id: person._id, fullname: person.fullname },
      taxable_date: '2020-01-01',
      tax_person_number: person.npwp_number ?? person.ktp_number ?? null,
    });
    // tax_person_number is read-only: the body refuses it.
    const refused = await t.call(admin, 'PUT', '/v1/company/tax', {
      ...reply.body.data,
      tax_person: person._id,
    });
    expect(refused.status).toBe(400);
  });

  it("refuses another company's employee as the tax person", async () => {
    const theirs = (await t.call(adminCj, 'GET', '/v1/employees?limit=1')).body.data[0];
    const before = (await t.call(admin, 'GET', '/v1/company/tax')).body.data;
    const reply = await t.call(admin, 'PUT', '/v1/company/tax', {
      npwp_number: null,
      tax_person: theirs._id,
      taxable_date: null,
      version: before.version,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fields.tax_person.code).toBe('not_found');
  });
});

describe('digital signatures and certificates', () => {
  it('keeps one signature selected at a time, logs each change, and refuses others’ files and ids', async () => {
    const file = (await upload(admin, 'sign.png', png)).data.url;
    const first = await t.call(admin, 'POST', '/v1/company/digital-sign', {
      name: 'Sri Wahyuni',
      title: 'Finance Director',
      selected: true,
      file,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ name: 'Sri Wahyuni', selected: true, file });
    const second = await t.call(admin, 'POST', '/v1/company/digital-sign', { name: 'Budi', selected: true, file });
    expect(second.status).toBe(201);
    let list: Json[] = (await t.call(admin, 'GET', '/v1/company/digital-sign')).body.data;
    expect(list.filter((s) => s.selected).map((s) => s._id)).toEqual([second.body.data._id]);
    const back = await t.call(admin, 'PATCH', `/v1/company/digital-sign/${first.body.data._id}`, { selected: true });
    expect(back.status).toBe(200);
    list = (await t.call(admin, 'GET', '/v1/company/digital-sign')).body.data;
    expect(list.filter((s) => s.selected).map((s) => s._id)).toEqual([first.body.data._id]);

    const theirs = (await upload(adminCj, 'cj.png', png)).data.url;
    const foreign = await t.call(admin, 'POST', '/v1/company/digital-sign', { name: 'X', file: theirs });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.file.code).toBe('not_found');
    for (const bad of [{ name: '', file }, { name: 'X', file: '/v1/files/x.exe' }, { name: 'X' }, { file }]) {
      expect((await t.call(admin, 'POST', '/v1/company/digital-sign', bad)).status).toBe(400);
    }
    expect(
      (await t.call(adminCj, 'PATCH', `/v1/company/digital-sign/${first.body.data._id}`, { name: 'Z' })).status,
    ).toBe(404);
    expect((await t.call(adminCj, 'DELETE', `/v1/company/digital-sign/${first.body.data._id}`)).status).toBe(404);
    expect((await t.call(admin, 'DELETE', `/v1/company/digital-sign/${second.body.data._id}`)).status).toBe(204);
    const logs = await t.database.pool.query(
      "select action from activity_logs where menu = 'company-info' and resource = 'digital-sign' order by created_at",
    );
    expect(logs.rows.map((row) => row.action)).toEqual(['create', 'create', 'update', 'delete']);
  });

  it('stores certificates with an uploaded file of the company', async () => {
    const file = (await upload(admin, 'cert.png', png)).data.url;
    const created = await t.call(admin, 'POST', '/v1/company/certificate', { cert_name: 'ISO 9001:2015', file });
    expect(created.status).toBe(201);
    const renamed = await t.call(admin, 'PATCH', `/v1/company/certificate/${created.body.data._id}`, {
      cert_name: 'ISO 9001',
    });
    expect(renamed.body.data).toMatchObject({ cert_name: 'ISO 9001', version: 2 });
    expect((await t.call(adminCj, 'GET', '/v1/company/certificate')).body.data).toEqual([]);
    expect((await t.call(subadmin, 'GET', '/v1/company/certificate')).status).toBe(403);
    expect((await t.call(admin, 'DELETE', `/v1/company/certificate/${created.body.data._id}`)).status).toBe(204);
  });
});
