/**
 * Issue 10 section 1, account takeover through links: no reply carries a reset, verification or activation token;
 * mail goes through the one mailer (the outbox here, no SMTP_URL); the replies say the same whoever asks; links come
 * from PUBLIC_URL; the outbox is the main developer's to read. Each test is named after the OWASP ASVS 5.0
 * requirement it checks.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { outbox } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { lastLink, lastMail, tokenOf } from '../../support/outbox.ts';

const PUBLIC_URL = 'https://hr.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 1 }, config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t?.close());

/** A public request from its own address, so each test has its own throttle budget. */
async function post(url: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
  const reply = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip, headers });
  return { status: reply.statusCode, text: reply.body, body: JSON.parse(reply.body) as Json };
}
/** A one-time token in a reply: ours start with `hrw_`; any `token=` or `activation=` parameter counts too. */
const carriesToken = (text: string) => /hrw_|token=|activation=/.test(text);

const registration = {
  fullname: 'Rina Kusuma',
  username: 'rina.k',
  email: 'rina@majubersama.co.id',
  password: 'Sangat-rahasia-1',
  company: { name: 'PT Maju Bersama', code: 'MAJU' },
};

describe('links go by mail only', () => {
  it('V6.4.3 a forgot-password reply never carries the reset link: it is in the outbox, and it works', async () => {
    const reply = await post('/v1/auth/forgot-password', { username: 'custom' }, '10.10.0.1');
    expect(reply.status).toBe(200);
    expect(carriesToken(reply.text)).toBe(false);
    const link = await lastLink(t, 'custom@demo.test');
    expect(link.startsWith(`${PUBLIC_URL}/forgot-password?token=`)).toBe(true);
    const reset = await post(
      '/v1/auth/reset-password',
      { token: tokenOf(link), password: 'Kopi-tubruk-2026' },
      '10.10.0.1',
    );
    expect(reset.status).toBe(200);
    const signedIn = await post('/v1/auth/login', { username: 'custom', password: 'Kopi-tubruk-2026' }, '10.10.0.1');
    expect(signedIn.status).toBe(200);
  });

  it('V6.4.1 a registration reply never carries the verification link; an import reply never carries activation links', async () => {
    const reply = await post('/v1/auth/register', registration, '10.10.1.1');
    expect(reply.status).toBe(200);
    expect(carriesToken(reply.text)).toBe(false);
    expect(await lastLink(t, registration.email)).toMatch(`${PUBLIC_URL}/verification?token=`);

    const admin = await t.login('admin');
    const imported = await t.call(admin, 'POST', '/v1/employees/import', {
      rows: [{ employee_id: 'SEC-001', fullname: 'Imported One', email: 'imported1@example.test' }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(carriesToken(JSON.stringify(imported.body))).toBe(false);
    expect(await lastLink(t, 'imported1@example.test')).toMatch(`${PUBLIC_URL}/verification?activation=`);
  });

  it("V6.4.1 a bulk invite gives the inviter their own new accounts' activation links, and mails each one", async () => {
    const admin = await t.login('admin');
    const invited = await t.call(admin, 'POST', '/v1/employees/import-invitation', {
      rows: [{ employee_id: 'SEC-010', fullname: 'Invited One', email: 'invited1@example.test' }],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const [row] = invited.body.data.rows;
    expect(row.link.startsWith(`${PUBLIC_URL}/verification?activation=`)).toBe(true);
    const mailed = await lastLink(t, 'invited1@example.test');
    expect(mailed.startsWith(`${PUBLIC_URL}/verification?activation=`)).toBe(true);
    // Either link activates the account once it is used; the mailed one does here.
    const activated = await post(
      '/v1/auth/activate',
      { token: tokenOf(mailed), password: 'Teh-manis-hangat-7' },
      '10.10.2.1',
    );
    expect(activated.status, activated.text).toBe(200);
  });

  it('V6.4.3 links are built from PUBLIC_URL, never from the Host header of the request', async () => {
    const reply = await post('/v1/auth/forgot-password', { username: 'subadmin' }, '10.10.3.1', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(reply.status).toBe(200);
    const mail = await lastMail(t, 'subadmin@demo.test');
    expect(mail?.link?.startsWith(`${PUBLIC_URL}/forgot-password?token=`)).toBe(true);
    expect(mail?.body).not.toContain('evil.example');
    // Unconfigured, the base is the local port, never a request's.
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://hr.example.test/' }).publicUrl).toBe('https://hr.example.test');
  });

  it('V13.4.5 the embedded demo listens on the loopback address unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('the same answer whoever asks', () => {
  it('V6.3.8 forgot-password answers a real and an unknown account alike', async () => {
    const real = await post('/v1/auth/forgot-password', { username: 'approver' }, '10.11.0.1');
    const email = await post('/v1/auth/forgot-password', { username: 'approver@demo.test' }, '10.11.0.1');
    const unknown = await post('/v1/auth/forgot-password', { username: 'nobody-at-all' }, '10.11.0.1');
    expect(real.status).toBe(200);
    expect(email).toEqual(real);
    expect(unknown).toEqual(real);
  });

  it('V6.3.8 register answers a taken email, username or company code like a fresh registration', async () => {
    const fresh = await post(
      '/v1/auth/register',
      {
        ...registration,
        username: 'fresh.one',
        email: 'fresh@example.test',
        company: { name: 'Fresh', code: 'FRESH' },
      },
      '10.11.1.1',
    );
    const takenEmail = await post(
      '/v1/auth/register',
      { ...registration, username: 'other.one', email: 'admin@demo.test', company: { name: 'X', code: 'XONE' } },
      '10.11.1.1',
    );
    const takenUsername = await post(
      '/v1/auth/register',
      { ...registration, username: 'admin', email: 'x2@example.test', company: { name: 'X', code: 'XTWO' } },
      '10.11.1.1',
    );
    const takenCode = await post(
      '/v1/auth/register',
      { ...registration, username: 'x3.one', email: 'x3@example.test', company: { name: 'X', code: 'DEMO' } },
      '10.11.1.1',
    );
    for (const reply of [takenEmail, takenUsername, takenCode]) {
      expect(reply.status, reply.text).toBe(fresh.status);
      expect(Object.keys(reply.body.data)).toEqual(Object.keys(fresh.body.data));
    }
    // Only the mailbox learns why: the admin's mailbox is told it already has an account, with no link to use.
    const told = await lastMail(t, 'admin@demo.test');
    expect(told?.body).toContain('already has an account');
    expect(told?.link).toBeNull();
  });

  it('V2.4.1 register and forgot-password are throttled per address before any lookup', async () => {
    for (let i = 0; i < 20; i++) {
      const taken = await post(
        '/v1/auth/register',
        { ...registration, username: 'admin', email: `spray${i}@example.test`, company: { name: 'X', code: 'DEMO' } },
        '10.11.2.1',
      );
      expect(taken.status).toBe(200);
    }
    const over = await post(
      '/v1/auth/register',
      { ...registration, username: 'new.person', email: 'new.person@example.test' },
      '10.11.2.1',
    );
    expect(over.status).toBe(429);
    for (let i = 0; i < 20; i++) await post('/v1/auth/forgot-password', { username: `guess${i}` }, '10.11.2.2');
    expect((await post('/v1/auth/forgot-password', { username: 'employee' }, '10.11.2.2')).status).toBe(429);
  });
});

describe('the outbox', () => {
  it('V8.2.1 only the main developer reads the outbox, and nobody changes it', async () => {
    const developer = await t.login('developer');
    const list = await t.call(developer, 'GET', '/v1/outbox?limit=5');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ recipient: expect.any(String), subject: expect.any(String) });
    const [first] = list.body.data;
    expect((await t.call(developer, 'PUT', `/v1/outbox/${first._id}`, { version: first.version })).status).toBe(403);
    expect((await t.call(developer, 'DELETE', `/v1/outbox/${first._id}`)).status).toBe(404);

    // Another developer account, and every company level, may not read it.
    const created = await t.call(developer, 'POST', '/v1/auth/register', {
      fullname: 'Dimas Dev',
      username: 'dimas.dev',
      email: 'dimas@platform.test',
      password: 'Rahasia-dev-1',
      developer: true,
    });
    expect(created.status).toBe(201);
    expect((await t.call(await t.login('dimas.dev', 'Rahasia-dev-1'), 'GET', '/v1/outbox')).status).toBe(403);
    expect((await t.call(await t.login('admin'), 'GET', '/v1/outbox')).status).toBe(403);
    expect((await t.call(null, 'GET', '/v1/outbox')).status).toBe(401);
    expect((await t.database.db.select().from(outbox)).length).toBeGreaterThan(0);
  });
});

describe("the inviter copies an invitation's activation link later", () => {
  /** Invites one employee as `inviter` and returns the new employee's id. */
  async function invite(inviter: string, n: string) {
    const session = await t.login(inviter);
    const invited = await t.call(session, 'POST', '/v1/employees/import-invitation', {
      rows: [{ employee_id: `LNK-${n}`, fullname: `Link ${n}`, email: `link${n}@example.test` }],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    return { session, id: invited.body.data.rows[0]._id as string, email: `link${n}@example.test` };
  }
  const reissue = (session: string, id: string) => t.call(session, 'POST', `/v1/employees/${id}/activation-link`);

  it('V6.4.1 the inviter gets a fresh activation link of their own invitation, mailed too, and it works', async () => {
    const { session, id, email } = await invite('admin', '001');
    const account = await t.call(session, 'GET', `/v1/employees/${id}/account`);
    expect(account.body.data.activated).toBe(false);
    const reply = await reissue(session, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { link } = reply.body.data;
    expect(link.startsWith(`${PUBLIC_URL}/verification?activation=`)).toBe(true);
    expect(await lastLink(t, email)).toBe(link);
    const activated = await post(
      '/v1/auth/activate',
      { token: tokenOf(link), password: 'Nasi-goreng-pedas-3' },
      '10.12.0.1',
    );
    expect(activated.status, activated.text).toBe(200);
    expect((await t.call(session, 'GET', `/v1/employees/${id}/account`)).body.data.activated).toBe(true);
  });

  it('V6.4.1 an older unused activation link no longer works once a fresh one is issued', async () => {
    const { session, id, email } = await invite('admin', '002');
    const older = await lastLink(t, email);
    const fresh = (await reissue(session, id)).body.data.link as string;
    const refused = await post(
      '/v1/auth/activate',
      { token: tokenOf(older), password: 'Sate-ayam-manis-4' },
      '10.12.1.1',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_token');
    const taken = await post(
      '/v1/auth/activate',
      { token: tokenOf(fresh), password: 'Sate-ayam-manis-4' },
      '10.12.1.1',
    );
    expect(taken.status, taken.text).toBe(200);
  });

  it('V8.2.2 an activated account gets no activation link', async () => {
    const { session, id, email } = await invite('admin', '003');
    await post(
      '/v1/auth/activate',
      { token: tokenOf(await lastLink(t, email)), password: 'Es-teh-manis-55' },
      '10.12.2.1',
    );
    const reply = await reissue(session, id);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('already_activated');
    expect(carriesToken(JSON.stringify(reply.body))).toBe(false);
  });

  it("V8.4.1 another company's employee is not found", async () => {
    const admin = await t.login('admin');
    const other = await t.database.db.execute(
      sql`select e.id from employees e join companies c on c.id = e.company_id where c.code = 'CJ' limit 1`,
    );
    const otherId = (other.rows[0] as { id: string }).id;
    const reply = await reissue(admin, otherId);
    expect(reply.status).toBe(404);
    expect(carriesToken(JSON.stringify(reply.body))).toBe(false);
  });

  it('V8.2.1 an employee-level caller, and a caller who neither invited nor is a company admin, get no link', async () => {
    const { id } = await invite('admin', '004');
    const employee = await reissue(await t.login('employee'), id);
    expect(employee.status).toBe(403);
    expect(carriesToken(JSON.stringify(employee.body))).toBe(false);
    const subadmin = await reissue(await t.login('subadmin'), id);
    expect(subadmin.status).toBe(403);
    expect(carriesToken(JSON.stringify(subadmin.body))).toBe(false);
  });
});
