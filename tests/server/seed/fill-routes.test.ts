/**
 * GET /v1/demo-history (docs/decisions/0080): the progress of the demo history's fill, for the signed-in user's
 * progress card. A seeded test database has its whole history written; steps not done count as not done.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  token = await t.login('employee');
}, 300_000);
afterAll(() => t?.close());

it('answers the steps done and planned, to any signed-in user', async () => {
  const reply = await t.call(token, 'GET', '/v1/demo-history');
  expect(reply.status).toBe(200);
  expect(reply.body.data.total).toBeGreaterThan(10);
  expect(reply.body.data.done).toBe(reply.body.data.total);
  expect((await t.call(null, 'GET', '/v1/demo-history')).status).toBe(401);
});

it('counts the steps still to write', async () => {
  const { done, total } = (await t.call(token, 'GET', '/v1/demo-history')).body.data;
  await t.database.db.execute(
    sql`update demo_fill_steps set done_at = null where step in (select step from demo_fill_steps order by position desc limit 3)`,
  );
  const reply = await t.call(token, 'GET', '/v1/demo-history');
  expect(reply.body.data).toEqual({ done: done - 3, total });
});
