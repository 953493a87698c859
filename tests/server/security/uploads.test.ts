/**
 * Issue 10 section 7: uploads are inspected in worker threads with a concurrency limit, and each user has a limit on
 * uploads in progress and per minute.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { createInspector } from '../../../server/files/inspector.ts';
import { inspectZip } from '../../../server/files/zip.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

const xlsx = (extra: Record<string, Uint8Array> = {}) =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'xl/workbook.xml': strToU8('<?xml version="1.0"?><workbook/>'),
      ...extra,
    }),
  );

/** An xlsx whose zip entries lie about their size: it declares 1,000 bytes and inflates to 12 MB. */
function lyingXlsx() {
  const zip = xlsx({ 'xl/worksheets/sheet1.xml': new Uint8Array(12 * 1024 * 1024) });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i < zip.length - 4; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 1000, true);
  }
  return zip;
}

const dir = mkdtempSync(join(tmpdir(), 'hrw-uploads-'));
const bomb = join(dir, 'bomb.xlsx');
const fine = join(dir, 'fine.xlsx');
writeFileSync(bomb, lyingXlsx());
writeFileSync(fine, xlsx());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the inspector', () => {
  it('V5.2.3 compressed files are checked against their unpacked size, in a worker thread, off the event loop', async () => {
    const inspector = createInspector({ workers: 1, queue: 4, timeoutMs: 60_000 });
    try {
      let ticks = 0;
      const count = () => {
        ticks++;
        if (!settled) setImmediate(count);
      };
      let settled = false;
      const inspecting = inspector.inspect(bomb, 5 * 1024 * 1024).finally(() => {
        settled = true;
      });
      setImmediate(count);
      const report = await inspecting;
      // Work done on the event loop would have finished before any of these turns of the loop.
      expect(ticks).toBeGreaterThan(0);
      expect(report).toMatchObject({ ok: false, reason: 'unpacked_too_large' });
      const { ok, reason, entries } = inspectZip(new Uint8Array(lyingXlsx()), 5 * 1024 * 1024);
      expect({ ok, reason, entries }).toEqual({ ok: report.ok, reason: report.reason, entries: report.entries });
      expect(await inspector.inspect(fine, 5 * 1024 * 1024)).toMatchObject({ ok: true });
    } finally {
      await inspector.close();
    }
  });

  it('V2.4.1 anti-automation: a few inspections at once, a bounded queue, and the rest refused with 429', async () => {
    const inspector = createInspector({ workers: 1, queue: 1, timeoutMs: 60_000 });
    try {
      const running = inspector.inspect(bomb, 5 * 1024 * 1024);
      const waiting = inspector.inspect(fine, 5 * 1024 * 1024);
      await expect(inspector.inspect(fine, 5 * 1024 * 1024)).rejects.toMatchObject({
        status: 429,
        code: 'too_many_uploads',
      });
      expect(await running).toMatchObject({ reason: 'unpacked_too_large' });
      expect(await waiting).toMatchObject({ ok: true });
    } finally {
      await inspector.close();
    }
  });

  it('V5.2.1 an inspection that runs too long is stopped and its worker replaced', async () => {
    const inspector = createInspector({ workers: 1, queue: 4, timeoutMs: 1 });
    try {
      await expect(inspector.inspect(bomb, 100 * 1024 * 1024)).rejects.toMatchObject({ status: 413 });
    } finally {
      await inspector.close();
    }
  });
});

describe('uploads per user', () => {
  let t: TestApp;
  let admin: string;
  let subadmin: string;
  beforeAll(async () => {
    const limits = { ...loadConfig({}).limits, uploadsPerUser: { inProgress: 2, perMinute: 4 } };
    t = await startTestApp({ employees: { DEMO: 2, CJ: 1 }, config: { limits } });
    admin = await t.login('admin');
    subadmin = await t.login('subadmin');
  });
  afterAll(() => t?.close());

  const boundary = 'uploadsboundary';
  const head = (name: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  const upload = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/files',
      headers: headers(token),
      payload: Buffer.concat([head('book.xlsx'), xlsx(), tail]),
    });
  /** An upload whose body is still arriving: in progress until `finish()`. */
  const slowUpload = (token: string) => {
    const body = new PassThrough();
    body.write(head('slow.xlsx'));
    const reply = t.app.inject({ method: 'POST', url: '/v1/files', headers: headers(token), payload: body });
    return {
      reply,
      /** The handler has begun reading the body: its upload holds a slot. */
      started: () => vi.waitFor(() => expect(body.readableLength).toBe(0), { timeout: 30_000, interval: 5 }),
      finish: () => {
        body.end(Buffer.concat([xlsx(), tail]));
        return reply;
      },
    };
  };

  it('V2.4.1 anti-automation: a user has at most a few uploads in progress and a few a minute', async () => {
    const first = slowUpload(admin);
    const second = slowUpload(admin);
    // Both are in their handlers, reading their bodies, before the third arrives.
    await first.started();
    await second.started();
    const third = await upload(admin);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('too_many_uploads');
    // Another user is not held up by this one.
    expect((await upload(subadmin)).statusCode).toBe(201);
    expect((await first.finish()).statusCode).toBe(201);
    expect((await second.finish()).statusCode).toBe(201);
    // Two of admin's four a minute are used: two more, then 429.
    expect((await upload(admin)).statusCode).toBe(201);
    expect((await upload(admin)).statusCode).toBe(201);
    const overLimit = await upload(admin);
    expect(overLimit.statusCode).toBe(429);
    expect(overLimit.json().code).toBe('too_many_uploads');
  });
});
