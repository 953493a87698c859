/**
 * Optimistic concurrency when two writes of the same version arrive at once (not one after the other): on
 * PostgreSQL they run on two connections in two overlapping transactions, and exactly one may win.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

const departments = '/v1/refs/employees/orgs/departments';
const ROUNDS = 5;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 2 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const updateLogs = async (recordId: string) =>
  (await t.call(admin, 'GET', '/v1/logs?limit=1000&action=update')).body.data.filter(
    (log: Json) => log.record_id === recordId,
  );

describe('V15.4.2 two writes of the same version at once', () => {
  it('V15.4.2 PUT: exactly one wins, the other is a 409 with the winner’s row, and only the winner is logged', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const row = (await t.call(admin, 'POST', departments, { code: `RACE${round}`, name: 'Start' })).body.data;
      const names = [`First ${round}`, `Second ${round}`];
      const replies = await Promise.all(
        names.map((name) => t.call(admin, 'PUT', `${departments}/${row._id}`, { name, version: row.version })),
      );
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses, `round ${round}: ${JSON.stringify(replies.map((r) => r.body))}`).toEqual([200, 409]);
      const winner = replies.find((reply) => reply.status === 200)!.body.data;
      const loser = replies.find((reply) => reply.status === 409)!.body;
      expect(winner.version).toBe(row.version + 1);
      expect(loser).toMatchObject({ code: 'conflict', current: { name: winner.name, version: winner.version } });
      const stored = (await t.call(admin, 'GET', `${departments}/${row._id}`)).body.data;
      expect(stored).toMatchObject({ name: winner.name, version: row.version + 1 });
      expect(await updateLogs(row._id)).toHaveLength(1);
    }
  });

  it('V15.4.2 PUT of an employee: exactly one wins', async () => {
    const employees = (await t.call(admin, 'GET', `/v1/employees?limit=${ROUNDS}&sort=employee_id`)).body.data;
    expect(employees).toHaveLength(ROUNDS);
    for (const employee of employees) {
      const replies = await Promise.all(
        ['Alpha', 'Beta'].map((nickname) =>
          t.call(admin, 'PUT', `/v1/employees/${employee._id}`, { nickname, version: employee.version }),
        ),
      );
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
      const winner = replies.find((reply) => reply.status === 200)!.body.data;
      const stored = (await t.call(admin, 'GET', `/v1/employees/${employee._id}`)).body.data;
      expect(stored).toMatchObject({ nickname: winner.nickname, version: employee.version + 1 });
    }
  });

  it('V15.4.2 bulk rows naming the same version: exactly one request wins, the other reports a conflict', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const row = (await t.call(admin, 'POST', departments, { code: `BRACE${round}`, name: 'Start' })).body.data;
      const replies = await Promise.all(
        ['One', 'Two'].map((name) =>
          t.call(admin, 'POST', `${departments}/bulk`, { rows: [{ _id: row._id, name, version: row.version }] }),
        ),
      );
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
      const loser = replies.find((reply) => reply.status === 400)!.body;
      expect(loser.rows[0].fields.version.code).toBe('conflict');
      const stored = (await t.call(admin, 'GET', `${departments}/${row._id}`)).body.data;
      expect(stored.version).toBe(row.version + 1);
      expect(await updateLogs(row._id)).toHaveLength(1);
    }
  });
});
