/**
 * Issue 10 section 6, sign-in: throttling keyed by the account a login resolves to, with a separate and high limit per
 * address; passwords of at least 8 characters and not on the common-password list, wherever one is set. Each test is
 * named after the OWASP ASVS 5.0 requirement it checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/seed/demo.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { lastLink, tokenOf } from '../../support/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 1 } });
});
afterAll(() => t?.close());

async function post(url: string, body: unknown, ip: string) {
  const reply = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });
  return { status: reply.statusCode, body: JSON.parse(reply.body) as Json };
}
const login = (username: string, password: string, ip: string) => post('/v1/auth/login', { username, password }, ip);

describe('sign-in throttling', () => {
  it('V6.3.1 five failures lock the account itself, whether it is named by username or by email', async () => {
    // From five different addresses: the per-address limit plays no part.
    for (let i = 1; i <= 5; i++) expect((await login('approver', 'wrong-password', `10.20.0.${i}`)).status).toBe(401);
    const byEmail = await login('approver@demo.test', DEMO_PASSWORD, '10.20.0.9');
    expect(byEmail.status).toBe(429);
    expect(byEmail.body.code).toBe('too_many_attempts');
    expect((await login('APPROVER', DEMO_PASSWORD, '10.20.0.10')).status).toBe(429);
    // Another account is untouched.
    expect((await login('employee', DEMO_PASSWORD, '10.20.0.9')).status).toBe(200);
  });

  it('V6.3.1 one address behind a NAT: others’ failures do not lock out a correct password until the high limit', async () => {
    const office = '10.21.0.1';
    // 35 failures on as many different (unknown) logins from one office address: more than a small per-address limit.
    for (let i = 0; i < 35; i++) expect((await login(`colleague${i}`, 'wrong-password', office)).status).toBe(401);
    expect((await login('admin', DEMO_PASSWORD, office)).status).toBe(200);

    // Past the per-address limit (lowered here, 200 by default), the address itself is refused, correct or not.
    const { ipFailures } = t.config.throttle;
    t.config.throttle.ipFailures = 40;
    try {
      for (let i = 35; i < 40; i++) await login(`colleague${i}`, 'wrong-password', office);
      expect((await login('subadmin', DEMO_PASSWORD, office)).status).toBe(429);
      expect((await login('subadmin', DEMO_PASSWORD, '10.21.0.2')).status).toBe(200);
    } finally {
      t.config.throttle.ipFailures = ipFailures;
    }
  });
});

describe('password rules wherever a password is set', () => {
  const common = ['password', '12345678', 'Password1', 'qwerty123'];

  it('V6.2.1 V6.2.4 registration refuses a short or common password with a reason', async () => {
    const body = {
      fullname: 'Rina Kusuma',
      username: 'rina.k',
      email: 'rina@majubersama.co.id',
      company: { name: 'PT Maju Bersama', code: 'MAJU' },
    };
    const short = await post('/v1/auth/register', { ...body, password: 'Ab1-xyz' }, '10.22.0.1');
    expect(short.status).toBe(400);
    expect(short.body.fields.password.code).toBe('minLength');
    for (const password of common) {
      const reply = await post('/v1/auth/register', { ...body, password }, '10.22.0.1');
      expect(reply.status, password).toBe(400);
      expect(reply.body.fields.password.code).toBe('common_password');
    }
  });

  it('V6.2.4 a password reset refuses a common password and leaves the link usable', async () => {
    await post('/v1/auth/forgot-password', { username: 'employee' }, '10.22.1.1');
    const token = tokenOf(await lastLink(t, 'employee@demo.test'));
    for (const password of common) {
      const reply = await post('/v1/auth/reset-password', { token, password }, '10.22.1.1');
      expect(reply.status, password).toBe(400);
      expect(reply.body.fields.password.code).toBe('common_password');
    }
    expect(
      (await post('/v1/auth/reset-password', { token, password: 'Nasi-goreng-pedas-3' }, '10.22.1.1')).status,
    ).toBe(200);
  });

  it('V6.2.4 activating an invitation refuses a common password and leaves the link usable', async () => {
    const admin = await t.login('admin');
    const invited = await t.call(admin, 'POST', '/v1/employees/import-invitation', {
      rows: [{ employee_id: 'PW-001', fullname: 'Pw Invitee', email: 'pw.invitee@example.test' }],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const token = tokenOf(await lastLink(t, 'pw.invitee@example.test'));
    const weak = await post('/v1/auth/activate', { token, password: 'password1' }, '10.22.2.1');
    expect(weak.status).toBe(400);
    expect(weak.body.fields.password.code).toBe('common_password');
    expect((await post('/v1/auth/activate', { token, password: 'Es-cendol-dingin-5' }, '10.22.2.1')).status).toBe(200);
  });

  it("V6.2.4 an admin setting an employee's password is refused a common one", async () => {
    const admin = await t.login('admin');
    const list = await t.call(admin, 'GET', '/v1/employees?limit=1&sort=employee_id');
    const [employee] = list.body.data;
    const reply = await t.call(admin, 'PUT', `/v1/employees/${employee._id}/account`, { password: '12345678' });
    expect(reply.status).toBe(400);
    expect(reply.body.fields.password.code).toBe('common_password');
    const fine = await t.call(admin, 'PUT', `/v1/employees/${employee._id}/account`, {
      password: 'Sate-ayam-madura-8',
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it('issue 24: a pattern ("aaaaaaaa") is refused wherever a password is set, the admin’s set included', async () => {
    const patterns = ['aaaaaaaa', 'abababab', 'abcdabcd', 'abcdefgh', '98765432', 'zzzzzzzzzzzz'];
    // The test before set the first employee's password, and that employee may be the admin.
    const admin = await t.login('admin').catch(() => t.login('admin', 'Sate-ayam-madura-8'));
    const list = await t.call(admin, 'GET', '/v1/employees?limit=1&sort=employee_id');
    const [employee] = list.body.data;
    for (const [i, password] of patterns.entries()) {
      const set = await t.call(admin, 'PUT', `/v1/employees/${employee._id}/account`, { password });
      expect(set.status, password).toBe(400);
      expect(set.body.fields.password.code, password).toBe('weak_password');
      const registered = await post(
        '/v1/auth/register',
        {
          fullname: 'Weak Pattern',
          username: 'weak.pattern',
          email: 'weak@pattern.example',
          company: { name: 'PT Pola', code: 'POLA' },
          password,
        },
        `10.22.3.${i + 1}`,
      );
      expect(registered.status, password).toBe(400);
      expect(registered.body.fields.password.code, password).toBe('weak_password');
    }
    await post('/v1/auth/forgot-password', { username: 'employee' }, '10.22.4.1');
    const token = tokenOf(await lastLink(t, 'employee@demo.test'));
    const reset = await post('/v1/auth/reset-password', { token, password: 'aaaaaaaa' }, '10.22.4.1');
    expect(reset.body.fields.password.code).toBe('weak_password');
  });
});
