import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, oneTimeTokens } from '../../../server/db/schema.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { lastLink, lastMail, tokenOf } from '../../support/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 5, CJ: 2 } });
});
afterAll(() => t?.close());

const registration = {
  fullname: 'Rina Kusuma',
  username: 'rina.k',
  email: 'rina@majubersama.co.id',
  password: 'Sangat-rahasia-1',
  company: { name: 'PT Maju Bersama', code: 'MAJU' },
};

describe('registering a company', () => {
  it('creates nothing until the emailed link is used, then the company and its admin, signed in', async () => {
    const reply = await t.call(null, 'POST', '/v1/auth/register', registration);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ email: 'rina@majubersama.co.id' });
    expect(await t.database.db.select().from(companies).where(eq(companies.code, 'MAJU'))).toEqual([]);

    const link = await lastLink(t, 'rina@majubersama.co.id');
    expect(link).toContain('/verification?token=');
    const token = tokenOf(link);
    const verified = await t.call(null, 'POST', '/v1/auth/verify', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user).toMatchObject({
      username: 'rina.k',
      level: 'admin',
      company: { code: 'MAJU', name: 'PT Maju Bersama' },
    });
    const [company] = await t.database.db.select().from(companies).where(eq(companies.code, 'MAJU'));
    expect(company!.admin).toBe(verified.body.data.user._id);

    // The link works once; the password chosen at registration signs in.
    expect((await t.call(null, 'POST', '/v1/auth/verify', { token })).body.code).toBe('invalid_token');
    expect(
      (await t.call(null, 'POST', '/v1/auth/login', { username: 'rina.k', password: 'Sangat-rahasia-1' })).status,
    ).toBe(200);
    const logs = await t.call(verified.body.data.token, 'GET', '/v1/logs');
    expect(logs.body.data[0].detail).toContain('Registered PT Maju Bersama');
  });

  it('starts the registered company with the lists it cannot add to: banks, payroll references and rules', async () => {
    const reply = await t.call(null, 'POST', '/v1/auth/register', {
      ...registration,
      username: 'budi.s',
      email: 'budi@sentosa.co.id',
      company: { name: 'PT Sentosa Abadi', code: 'SENTOSA' },
    });
    expect(reply.status).toBe(200);
    const verified = await t.call(null, 'POST', '/v1/auth/verify', {
      token: tokenOf(await lastLink(t, 'budi@sentosa.co.id')),
    });
    expect(verified.status).toBe(200);
    const admin = verified.body.data.token;
    const list = async (path: string) => {
      const listed = await t.call(admin, 'GET', `${path}?limit=1000`);
      expect(listed.status, path).toBe(200);
      return listed.body.data as { code: string; _id: string }[];
    };
    const banks = await list('/v1/refs/employees/legalities/banks');
    expect(banks.map((bank) => bank.code)).toEqual(expect.arrayContaining(['BCA', 'BRI', 'BNI', 'MANDIRI']));
    const overtime = await list('/v1/refs/payrolls/overtimes');
    expect(overtime.map((rule) => rule.code).sort()).toEqual(['FIELD', 'GOV', 'STAFF']);
    expect((await list('/v1/refs/payrolls/late-deductions')).length).toBe(4);
    expect((await list('/v1/refs/payrolls/salary-grades')).length).toBe(8);
    expect((await list('/v1/refs/employees/personal/religions')).length).toBe(7);
    // Company-wide roles only: the new company has no departments yet.
    const roles = (await t.call(admin, 'GET', '/v1/refs/employees/assigns/roles?limit=100')).body.data;
    expect(roles.map((role: { code: string }) => role.code)).toEqual(
      expect.arrayContaining(['DIR', 'GM', 'MGR', 'STF']),
    );
    expect(roles.every((role: { department: string | null }) => role.department === null)).toBe(true);
    // Its own rows, not another company's.
    const demoBanks = (await t.call(await t.login('admin'), 'GET', '/v1/refs/employees/legalities/banks?limit=1000'))
      .body.data as { _id: string }[];
    expect(banks.some((bank) => demoBanks.some((other) => other._id === bank._id))).toBe(false);
  });

  it('tells only the mailbox why a taken username or company code stops it, and refuses weak passwords', async () => {
    const reply = await t.call(null, 'POST', '/v1/auth/register', {
      ...registration,
      username: 'ADMIN',
      email: 'fresh@example.com',
      company: { name: 'Again', code: 'DEMO' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ email: 'fresh@example.com' });
    const mail = await lastMail(t, 'fresh@example.com');
    expect(mail?.link).toBeNull();
    expect(mail?.body).toContain('the username ADMIN is taken');
    expect(mail?.body).toContain('the company code DEMO is taken');
    const weak = await t.call(null, 'POST', '/v1/auth/register', {
      ...registration,
      username: 'other1',
      email: 'o@example.com',
      password: 'short',
    });
    expect(weak.body.fields.password.code).toBe('minLength');
    const noCompany = await t.call(null, 'POST', '/v1/auth/register', {
      ...registration,
      company: undefined,
      username: 'x1x',
      email: 'x1@example.com',
    });
    expect(noCompany.body.fields.company.code).toBe('required');
  });

  it('creates a developer only for a signed-in developer', async () => {
    const body = {
      fullname: 'Dimas Dev',
      username: 'dimas.dev',
      email: 'dimas@platform.test',
      password: 'Rahasia-dev-1',
      developer: true,
    };
    expect((await t.call(null, 'POST', '/v1/auth/register', body)).status).toBe(403);
    expect((await t.call(await t.login('admin'), 'POST', '/v1/auth/register', body)).status).toBe(403);
    const created = await t.call(await t.login('developer'), 'POST', '/v1/auth/register', body);
    expect(created.status).toBe(201);
    const me = await t.call(await t.login('dimas.dev', 'Rahasia-dev-1'), 'GET', '/v1/auth/me');
    expect(me.body.data).toMatchObject({ level: 'developer', company: null });
  });

  it('rejects a made-up or expired verification link', async () => {
    expect((await t.call(null, 'POST', '/v1/auth/verify', { token: 'hrw_not-a-real-token' })).status).toBe(400);
    const reply = await t.call(null, 'POST', '/v1/auth/register', {
      ...registration,
      username: 'late.one',
      email: 'late@example.com',
      company: { name: 'Late', code: 'LATE' },
    });
    await t.database.db.update(oneTimeTokens).set({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(reply.status).toBe(200);
    const token = tokenOf(await lastLink(t, 'late@example.com'));
    expect((await t.call(null, 'POST', '/v1/auth/verify', { token })).body.code).toBe('invalid_token');
  });
});

describe('forgot password', () => {
  it('resets through a one-time link, ends old sessions, and answers the same for unknown accounts', async () => {
    const old = await t.login('approver');
    const unknown = await t.call(null, 'POST', '/v1/auth/forgot-password', { username: 'nobody-at-all' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ email: null });

    const reply = await t.call(null, 'POST', '/v1/auth/forgot-password', { username: 'approver' });
    expect(reply.body.data).toEqual({ email: null });
    const link = await lastLink(t, 'approver@demo.test');
    expect(link).toContain('/forgot-password?token=');
    const token = tokenOf(link);
    const weak = await t.call(null, 'POST', '/v1/auth/reset-password', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect((await t.call(null, 'POST', '/v1/auth/reset-password', { token, password: 'Baru-sekali-9' })).status).toBe(
      200,
    );

    expect((await t.call(old, 'GET', '/v1/auth/me')).status).toBe(401);
    expect((await t.call(null, 'POST', '/v1/auth/login', { username: 'approver', password: 'demo12345' })).status).toBe(
      401,
    );
    expect(
      (await t.call(null, 'POST', '/v1/auth/login', { username: 'approver', password: 'Baru-sekali-9' })).status,
    ).toBe(200);
    expect((await t.call(null, 'POST', '/v1/auth/reset-password', { token, password: 'Lagi-lagi-99' })).body.code).toBe(
      'invalid_token',
    );
  });
});
