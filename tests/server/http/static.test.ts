/**
 * The built app as a browser gets it (issue 11 section 7, issue 10 section 7): text assets precompressed at build
 * time and sent as built, hashed assets cached for a year, the page and every client route revalidated each time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/precompress.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/connect.ts';
import { openTestDatabase } from '../../support/database.ts';

const script = `export const answer = ${JSON.stringify('forty two '.repeat(400))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head>${'<!-- shell -->'.repeat(100)}</html>`;

let spaDir: string;
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'hrw-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), page);
  writeFileSync(join(spaDir, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'// worker\n'.repeat(200)}`);
  writeFileSync(join(spaDir, 'assets', 'index-AbC123.js'), script);
  await precompressFolder(spaDir);
  database = await openTestDatabase();
  app = await buildApp({ config: { ...loadConfig({}), serveSpa: true }, database, logger: false, spaDir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built app', () => {
  it('sends a hashed script as built with brotli or gzip, cached for a year', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates the page on every load, at / and at every client route', async () => {
    for (const url of ['/', '/index.html', '/employees', '/refs/employees/orgs/departments?x=1']) {
      const reply = await get(url, 'br, gzip');
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
      expect(reply.headers['content-type'], url).toMatch(/text\/html/);
      expect(reply.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(reply.rawPayload).toString(), url).toBe(page);
    }
  });

  it('revalidates the service worker, and does not serve the compressed copies as files', async () => {
    const worker = await get('/sw.js', 'gzip');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect((await get('/assets/index-AbC123.js.br')).headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps unknown API paths JSON 404s', async () => {
    const reply = await get('/v1/nothing-here');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().code).toBe('not_found');
  });
});
