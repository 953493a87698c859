/**
 * The developer's companies screen (issue 26, spec 2.2): the add form (POST /v1/companies) and "Assign admin" per
 * company: one of the company's people, raised to admin, or a new admin invited by email, who chooses their password
 * from the mailed link. "Log in as admin" then signs the developer in as that admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { lastLink, tokenOf } from '../../support/outbox.ts';

let t: TestApp;
let developer = '';
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 4 } });
  developer = await t.login('developer');
}, 300_000);
afterAll(() => t?.close());

const companyByCode = async (code: string) =>
  ((await t.call(developer, 'GET', `/v1/companies?code=${code}&populate=admin`)).body.data as Json[])[0];

describe('companies: add and assign admin', () => {
  it('adds a company from the add form, invites its admin by email, and logs in as them', async () => {
    const created = await t.call(developer, 'POST', '/v1/companies', {
      name: 'PT Sinar Baru',
      code: 'SINAR',
      phone: '+62 21 555 0101',
      website: 'https://sinarbaru.co.id',
      email: 'hr@sinarbaru.co.id',
      address: 'Jl. Sudirman 1, Jakarta',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    expect((await t.call(developer, 'POST', `/v1/companies/${id}/impersonate`)).status).toBe(409);

    const invited = await t.call(developer, 'PUT', `/v1/companies/${id}/admin`, {
      invite: { fullname: 'Sari Admin', email: 'sari@sinarbaru.co.id' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.data).toMatchObject({ invited: true, admin: { fullname: 'Sari Admin' } });
    const link = await lastLink(t, 'sari@sinarbaru.co.id');
    const activated = await t.call(null, 'POST', '/v1/auth/activate', {
      token: tokenOf(link),
      password: 'sari-secret-1',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const sari = await t.login(invited.body.data.admin.username, 'sari-secret-1');
    const me = (await t.call(sari, 'GET', '/v1/auth/me')).body.data;
    expect(me.level).toBe('admin');
    expect(me.company._id ?? me.company).toBe(id);
    expect((await companyByCode('SINAR')).admin.fullname).toBe('Sari Admin');
    expect((await t.call(developer, 'POST', `/v1/companies/${id}/impersonate`)).status).toBe(200);

    const logs = await t.call(sari, 'GET', '/v1/logs?search=Invited%20Sari%20Admin');
    expect(logs.body.data[0]).toMatchObject({ resource: 'companies', action: 'update' });
  });

  it("picks one of the company's people as its admin, and refuses another company's", async () => {
    const cj = await companyByCode('CJ');
    const candidates = await t.call(developer, 'GET', `/v1/companies/${cj._id}/admin-candidates`);
    expect(candidates.status).toBe(200);
    const pick = (candidates.body.data as Json[]).find((c) => c.level !== 'admin');
    expect(pick).toBeDefined();
    const assigned = await t.call(developer, 'PUT', `/v1/companies/${cj._id}/admin`, { user: pick.user });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect((await companyByCode('CJ')).admin._id).toBe(pick.user);
    const found = await t.call(
      developer,
      'GET',
      `/v1/companies/${cj._id}/admin-candidates?search=${encodeURIComponent(pick.fullname)}`,
    );
    expect((found.body.data as Json[]).find((c) => c.user === pick.user)?.level).toBe('admin');

    const demo = await companyByCode('DEMO');
    const theirs = (await t.call(developer, 'GET', `/v1/companies/${demo._id}/admin-candidates`)).body.data as Json[];
    const refused = await t.call(developer, 'PUT', `/v1/companies/${cj._id}/admin`, { user: theirs[0].user });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.user.code).toBe('not_found');
  });

  it('refuses a used email, an unknown company and a company user', async () => {
    const cj = await companyByCode('CJ');
    const used = await t.call(developer, 'PUT', `/v1/companies/${cj._id}/admin`, {
      invite: { fullname: 'X', email: 'developer@demo.test' },
    });
    expect(used.status).toBe(400);
    const unknown = await t.call(developer, 'PUT', '/v1/companies/00000000-0000-4000-8000-000000000000/admin', {
      invite: { fullname: 'X', email: 'x@nowhere.test' },
    });
    expect(unknown.status).toBe(404);
    const admin = await t.login('admin');
    expect((await t.call(admin, 'PUT', `/v1/companies/${cj._id}/admin`, { user: cj.admin._id })).status).toBe(403);
  });
});
