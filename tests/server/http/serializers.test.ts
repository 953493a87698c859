import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 1 } });
});
afterAll(() => t?.close());

// Route schemas compile on first use (docs/decisions/0081): a broken one would only show when its route is called.
describe('route schemas compiled on first use', () => {
  it('all compile when warmed, and a route still validates and serializes afterwards', async () => {
    await t.app.warmSchemas();
    const reply = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(reply.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: '' } });
    expect(refused.statusCode).toBe(400);
    // Every route's schemas at once: several hundred compilations, a minute or more on a busy 2-core machine.
  }, 180_000);
});
