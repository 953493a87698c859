/**
 * Issue 11 section 7: a one-row read is answered while a 10,000-row bulk write runs on the embedded database, and the
 * bulk write stays all or nothing: written in short transactions with an undo journal, taken back on a failure, a row
 * changed meanwhile, or (at start-up) after a crash (docs/decisions/0024). The journal's cases run on both databases.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorForToken } from '../../../server/auth/repository.ts';
import { activityLogs, bulkUndo, departments as departmentsTable } from '../../../server/db/schema.ts';
import { AppError } from '../../../server/http/errors.ts';
import { departmentsResource } from '../../../server/organization/resources.ts';
import { recoverBulkWrites } from '../../../server/resources/journal.ts';
import * as repo from '../../../server/resources/repository.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let caller: repo.Caller;
const departments = '/v1/refs/employees/orgs/departments';

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  admin = await t.login('admin');
  const actor = await actorForToken(t.database.db, t.config, admin);
  caller = { actor: actor!, companyId: actor!.companyId };
});
afterAll(() => t?.close());

const db = () => t.database.db;
const counts = async () => {
  const [{ n: departmentsN } = { n: 0 }] = await db().select({ n: count() }).from(departmentsTable);
  const [{ n: logsN } = { n: 0 }] = await db().select({ n: count() }).from(activityLogs);
  const [{ n: journalN } = { n: 0 }] = await db().select({ n: count() }).from(bulkUndo);
  return { departments: Number(departmentsN), logs: Number(logsN), journal: Number(journalN) };
};
const noCheck = () => null;

/** 300 stored departments, then a write of 600 new ones and an update of those 300: 3 chunks of creates, 2 of updates. */
async function mixedWork(prefix: string) {
  const stored = await t.call(admin, 'POST', `${departments}/bulk`, {
    rows: Array.from({ length: 300 }, (_, i) => ({ code: `${prefix}-OLD-${i}`, name: `Old ${i}` })),
  });
  expect(stored.status).toBe(200);
  const old = stored.body.data.rows as { _id: string; version: number }[];
  const rows = [
    ...Array.from({ length: 600 }, (_, i) => ({ code: `${prefix}-NEW-${i}`, name: `New ${i}` })),
    ...old.map((row, i) => ({ _id: row._id, version: row.version, name: `Renamed ${i}` })),
  ];
  return { old, rows };
}

async function expectUnchanged(old: readonly { _id: string; version: number }[], prefix: string) {
  const stored = await db()
    .select({ name: departmentsTable.name, version: departmentsTable.version })
    .from(departmentsTable)
    .where(
      inArray(
        departmentsTable.id,
        old.map((row) => row._id),
      ),
    );
  expect(stored).toHaveLength(old.length);
  expect(stored.every((row) => row.name.startsWith('Old ') && row.version === 1)).toBe(true);
  const [{ n } = { n: 0 }] = await db()
    .select({ n: count() })
    .from(departmentsTable)
    .where(sql`${departmentsTable.code} like ${`${prefix}-NEW-%`}`);
  expect(Number(n)).toBe(0);
}

describe('reads during a bulk write', () => {
  it('answers one-row reads between the chunks of a 10,000-row bulk write', { timeout: 300_000 }, async () => {
    const employee = (await t.call(admin, 'GET', '/v1/employees?limit=1&fields=fullname')).body.data[0] as Json;
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ code: `RD-${i}`, name: `Read during ${i}` }));
    let finished = false;
    const bulk = t.call(admin, 'POST', `${departments}/bulk`, { rows }).finally(() => {
      finished = true;
    });
    // One user reading one employee again and again: each read counts if it is answered before the write is.
    let answeredDuring = 0;
    while (!finished) {
      const read = await t.call(admin, 'GET', `/v1/employees/${employee._id}`);
      expect(read.status).toBe(200);
      if (!finished) answeredDuring++;
    }
    const written = await bulk;
    expect(written.status).toBe(200);
    expect(written.body.data.created).toBe(10_000);
    // One transaction held the one connection to the embedded database for the whole write: reads were answered
    // only after it. In chunks, a read goes between two of the 40.
    expect(answeredDuring).toBeGreaterThanOrEqual(10);
  });
});

describe('a bulk write in chunks is all or nothing', () => {
  it('takes back every committed chunk when a later one fails', async () => {
    const { old, rows } = await mixedWork('FAIL');
    const before = await counts();
    const failure = new Error('the database went away');
    await expect(
      repo.bulkUpsert(db(), departmentsResource, caller, { rows, delete: [] }, noCheck, {
        chunked: true,
        afterChunk: (chunk) => {
          // After the three chunks of creates and the first chunk of updates.
          if (chunk === 4) throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(await counts()).toEqual(before);
    await expectUnchanged(old, 'FAIL');
  });

  it('refuses a row someone changed after the check, names it, and writes nothing', async () => {
    const { old, rows } = await mixedWork('STALE');
    const before = await counts();
    const target = old[123]!;
    let error: unknown;
    try {
      await repo.bulkUpsert(db(), departmentsResource, caller, { rows, delete: [] }, noCheck, {
        chunked: true,
        afterChunk: async (chunk) => {
          if (chunk !== 1) return;
          const edit = await t.call(admin, 'PUT', `${departments}/${target._id}`, {
            version: target.version,
            name: 'Edited meanwhile',
          });
          expect(edit.status).toBe(200);
        },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('bulk_invalid');
    expect((error as AppError).extra?.rows).toEqual([
      {
        index: 600 + 123,
        status: 'invalid',
        fields: { version: expect.objectContaining({ code: 'conflict', params: { current: 2 } }) },
      },
    ]);
    // The edit made meanwhile stays (and its log entry); the bulk write's rows and log entries are gone.
    expect(await counts()).toEqual({ ...before, logs: before.logs + 1 });
    const [edited] = await db().select().from(departmentsTable).where(eq(departmentsTable.id, target._id));
    expect(edited).toMatchObject({ name: 'Edited meanwhile', version: 2 });
    await expectUnchanged(
      old.filter((row) => row !== target),
      'STALE',
    );
  });

  it('takes back at start-up a write that a crash cut short', async () => {
    const { old, rows } = await mixedWork('CRASH');
    const before = await counts();
    let reached: () => void = () => {};
    const halfWay = new Promise<void>((resolve) => {
      reached = resolve;
    });
    // The write stops for good after its fourth chunk, as if the process had died there.
    void repo.bulkUpsert(db(), departmentsResource, caller, { rows, delete: [] }, noCheck, {
      chunked: true,
      afterChunk: (chunk) => {
        if (chunk !== 4) return;
        reached();
        return new Promise<void>(() => {});
      },
    });
    await halfWay;
    expect((await counts()).departments).toBe(before.departments + 600);
    expect(await recoverBulkWrites(db(), 'start-up')).toBe(1);
    expect(await counts()).toEqual(before);
    await expectUnchanged(old, 'CRASH');
  });

  it('writes every row and empties its journal when nothing fails', async () => {
    const { rows } = await mixedWork('OK');
    const before = await counts();
    const result = await repo.bulkUpsert(db(), departmentsResource, caller, { rows, delete: [] }, noCheck, {
      chunked: true,
    });
    expect(result).toMatchObject({ created: 600, updated: 300, unchanged: 0 });
    expect(await counts()).toEqual({ ...before, departments: before.departments + 600, logs: before.logs + 900 });
  });
});
