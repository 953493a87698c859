import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 5, CJ: 2 } });
});
afterAll(() => t?.close());

describe('health', () => {
  it('answers 200 ok when the database answers', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('keeps answering during a large bulk upsert, without disturbing it', async () => {
    const admin = await t.login('admin');
    const rows = Array.from({ length: 4000 }, (_, i) => ({ code: `H${i}`, name: `Health check ${i}` }));
    let done = false;
    const statuses: number[] = [];
    const poll = (async () => {
      while (!done) {
        statuses.push((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const bulk = await t.call(admin, 'POST', '/v1/refs/employees/orgs/departments/bulk', { rows });
    done = true;
    await poll;
    expect(bulk.status, JSON.stringify(bulk.body).slice(0, 300)).toBe(200);
    expect(bulk.body.data.created).toBe(4000);
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
