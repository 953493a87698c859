import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 5, CJ: 2 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const raw = (payload: string | Buffer, contentType: string, url = '/v1/refs/employees/orgs/departments') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
  });

describe('bad requests get 4xx and the server keeps serving', () => {
  it('malformed JSON is a 400', async () => {
    const reply = await raw('{"code": "X", ', 'application/json');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('a huge body is a 413', async () => {
    const reply = await raw(JSON.stringify({ code: 'X', name: 'y'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(reply.statusCode).toBe(413);
    expect(reply.json().code).toBe('body_too_large');
  });

  it('a wrong content type is a 415', async () => {
    const reply = await raw('code=X', 'text/plain');
    expect(reply.statusCode).toBe(415);
    expect(reply.json().code).toBe('unsupported_media_type');
  });

  it('unknown API routes are JSON 404s', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 'not_found' });
  });

  it('an invalid id is a 400, not a database error', async () => {
    const reply = await t.call(admin, 'GET', '/v1/employees/not-a-uuid');
    expect(reply.status).toBe(400);
  });

  it('still answers health afterwards', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a strict CSP', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBeDefined();
  });
});
