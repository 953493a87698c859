import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../server/db/schema.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 20, CJ: 5 } });
});
afterAll(() => t?.close());

describe('auth', () => {
  it('logs in by username, answers me, logs out, and refuses the revoked token', async () => {
    const login = await t.call(null, 'POST', '/v1/auth/login', { username: 'admin', password: 'demo12345' });
    expect(login.status).toBe(200);
    const { token, user } = login.body.data;
    expect(token).toMatch(/^hrw_[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ username: 'admin', level: 'admin', company: { code: 'DEMO' } });
    expect(user).not.toHaveProperty('password_hash');

    const me = await t.call(token, 'GET', '/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ _id: user._id, fullname: user.fullname, username: 'admin', level: 'admin' });
    expect(me.body.data.access_role.permissions).toEqual([]);

    expect((await t.call(token, 'DELETE', '/v1/auth/logout')).status).toBe(200);
    const after = await t.call(token, 'GET', '/v1/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthorized');
  });

  it('logs in by email, case-insensitively', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const login = await t.call(null, 'POST', '/v1/auth/login', {
      username: admin!.email!.toUpperCase(),
      password: 'demo12345',
    });
    expect(login.status).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('approver');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const wrong = await t.call(null, 'POST', '/v1/auth/login', { username: 'subadmin', password: 'wrong-password' });
    const unknown = await t.call(null, 'POST', '/v1/auth/login', {
      username: 'nobody-here',
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ code: 'invalid_credentials', message: 'Invalid username or password' });
  });

  it('throttles an account after repeated failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.call(null, 'POST', '/v1/auth/login', { username: 'deptadmin', password: `nope-${i}` })).status,
      ).toBe(401);
    }
    const locked = await t.call(null, 'POST', '/v1/auth/login', { username: 'deptadmin', password: 'demo12345' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    // Another account from the same address still works: the IP limit is higher.
    expect((await t.call(null, 'POST', '/v1/auth/login', { username: 'employee', password: 'demo12345' })).status).toBe(
      200,
    );
  });

  it('rejects malformed login bodies with field errors', async () => {
    const reply = await t.call(null, 'POST', '/v1/auth/login', { username: '' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation_failed');
    expect(Object.keys(reply.body.fields)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it("ends a blocked user's sessions at once, and a deleted user's too", async () => {
    const token = await t.login('custom');
    expect((await t.call(token, 'GET', '/v1/auth/me')).status).toBe(200);
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.username, 'custom'));
    expect((await t.call(token, 'GET', '/v1/auth/me')).status).toBe(401);
    expect((await t.call(null, 'POST', '/v1/auth/login', { username: 'custom', password: 'demo12345' })).status).toBe(
      401,
    );
    await t.database.db.update(users).set({ blocked: false }).where(eq(users.username, 'custom'));

    expect((await t.call(await t.login('custom'), 'GET', '/v1/auth/me')).status).toBe(200);
    // A user with no employee history (an employee's history keeps their record, issue 24): a second developer,
    // copied from the first with its password.
    const [developer] = await t.database.db.select().from(users).where(eq(users.username, 'developer'));
    const { id: _id, ...fields } = developer!;
    const [copy] = await t.database.db
      .insert(users)
      .values({ ...fields, username: 'developer2', email: 'developer2@demo.test', phone: null })
      .returning({ id: users.id });
    const again = await t.login('developer2');
    expect((await t.call(again, 'GET', '/v1/auth/me')).status).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, copy!.id));
    expect((await t.call(again, 'GET', '/v1/auth/me')).status).toBe(401);
  });

  it('refuses missing, malformed and made-up tokens', async () => {
    expect((await t.call(null, 'GET', '/v1/auth/me')).status).toBe(401);
    expect((await t.call('hrw_made-up', 'GET', '/v1/auth/me')).status).toBe(401);
    const reply = await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: 'Basic abc' } });
    expect(reply.statusCode).toBe(401);
  });
});

describe('developer impersonation', () => {
  it("issues a token acting as a company's admin, logs it, and the developer's own token stays valid", async () => {
    const developer = await t.login('developer');
    const companies = await t.call(developer, 'GET', '/v1/companies?code=DEMO&populate=admin');
    expect(companies.status).toBe(200);
    const demo = companies.body.data[0];
    expect(demo.admin).toMatchObject({ username: 'admin' });

    const reply = await t.call(developer, 'POST', `/v1/companies/${demo._id}/impersonate`);
    expect(reply.status).toBe(200);
    const acting = reply.body.data.token;
    expect(reply.body.data.user).toMatchObject({ username: 'admin', impersonator: { fullname: expect.any(String) } });

    const me = await t.call(acting, 'GET', '/v1/auth/me');
    expect(me.body.data).toMatchObject({ username: 'admin', company: { code: 'DEMO' } });
    expect(me.body.data.impersonator).not.toBeNull();

    const admin = await t.login('admin');
    const logs = await t.call(admin, 'GET', '/v1/logs?search=logged in as');
    expect(logs.body.data[0]).toMatchObject({
      resource: 'impersonation',
      detail: expect.stringContaining('PT Demo Nusantara'),
    });

    // Logging out of the company leaves the developer signed in (the client restores that token).
    expect((await t.call(acting, 'DELETE', '/v1/auth/logout')).status).toBe(200);
    expect((await t.call(developer, 'GET', '/v1/auth/me')).body.data.username).toBe('developer');
  });

  it("ends the acting session when the developer's account is blocked", async () => {
    const developer = await t.login('developer');
    const id = (await t.call(developer, 'GET', '/v1/companies?code=CJ')).body.data[0]._id;
    const acting = (await t.call(developer, 'POST', `/v1/companies/${id}/impersonate`)).body.data.token;
    expect((await t.call(acting, 'GET', '/v1/auth/me')).status).toBe(200);
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.username, 'developer'));
    expect((await t.call(acting, 'GET', '/v1/auth/me')).status).toBe(401);
    await t.database.db.update(users).set({ blocked: false }).where(eq(users.username, 'developer'));
  });

  it('is for developers only', async () => {
    const admin = await t.login('admin');
    const developer = await t.login('developer');
    const id = (await t.call(developer, 'GET', '/v1/companies?code=CJ')).body.data[0]._id;
    expect((await t.call(admin, 'POST', `/v1/companies/${id}/impersonate`)).status).toBe(403);
  });
});
