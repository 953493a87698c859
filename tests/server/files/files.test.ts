import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = `----hrw${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function xlsx(extra: Record<string, Uint8Array> = {}) {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'xl/workbook.xml': strToU8('<?xml version="1.0"?><workbook/>'),
      ...extra,
    }),
  );
}

/** Declares small sizes in its central directory but inflates far past the limit. */
function lyingBomb() {
  const zip = xlsx({ 'xl/worksheets/sheet1.xml': new Uint8Array(12 * 1024 * 1024) });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i < zip.length - 4; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 1000, true);
  }
  return zip;
}

let t: TestApp;
let admin: string;
let cjAdmin: string;
beforeAll(async () => {
  t = await startTestApp({
    employees: { DEMO: 3, CJ: 2 },
    config: {
      limits: {
        bodyBytes: 1 << 20,
        bulkBodyBytes: 32 << 20,
        fileBytes: 2 * 1024 * 1024,
        unpackedBytes: 5 * 1024 * 1024,
        maxListLimit: 10_000,
        uploadsPerUser: { inProgress: 2, perMinute: 30 },
      },
    },
  });
  admin = await t.login('admin');
  cjAdmin = await t.login('admin.cj');
});
afterAll(() => t?.close());

const upload = (token: string, filename: string, content: Buffer, query = '') =>
  t.app.inject({ method: 'POST', url: `/v1/files${query}`, ...withAuth(token, multipart(filename, content)) });
const withAuth = (token: string, body: { payload: Buffer; headers: Record<string, string> }) => ({
  payload: body.payload,
  headers: { ...body.headers, authorization: `Bearer ${token}` },
});

describe('files', () => {
  it('stores an image and serves it back to its company only', async () => {
    const reply = await upload(admin, 'logo.png', PNG);
    expect(reply.statusCode).toBe(201);
    const file = reply.json().data;
    expect(file).toMatchObject({
      mime: 'image/png',
      size: PNG.length,
      original_name: 'logo.png',
      url: `/v1/files/${file.name}`,
    });
    const back = await t.app.inject({ method: 'GET', url: file.url, headers: { authorization: `Bearer ${admin}` } });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    const foreign = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { authorization: `Bearer ${cjAdmin}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);
    const logs = await t.call(admin, 'GET', '/v1/logs?search=logo.png');
    expect(logs.body.data[0]).toMatchObject({ action: 'create', resource: 'files', record_id: expect.any(String) });
  });

  it('accepts pdf and a real xlsx', async () => {
    expect((await upload(admin, 'letter.pdf', PDF)).statusCode).toBe(201);
    expect((await upload(admin, 'invite.xlsx', xlsx(), '?accept=xlsx')).statusCode).toBe(201);
  });

  it('refuses a type it does not take', async () => {
    const reply = await upload(admin, 'notes.txt', Buffer.from('just text'));
    expect(reply.statusCode).toBe(415);
    expect(reply.json().code).toBe('file_type_not_allowed');
    const pdfAsImage = await upload(admin, 'letter.pdf', PDF, '?accept=image');
    expect(pdfAsImage.json().code).toBe('file_type_not_allowed');
  });

  it('refuses a renamed file: the content decides', async () => {
    const reply = await upload(admin, 'photo.png', PDF);
    expect(reply.statusCode).toBe(415);
    expect(reply.json().code).toBe('file_type_mismatch');
    const zipAsXlsx = await upload(admin, 'data.xlsx', Buffer.from(zipSync({ 'readme.txt': strToU8('hello') })));
    expect(zipAsXlsx.json().code).toBe('file_type_not_allowed');
  });

  it('refuses an oversize file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const reply = await upload(admin, 'big.png', big);
    expect(reply.statusCode).toBe(413);
    expect(reply.json().code).toBe('file_too_large');
  });

  it('refuses a zip bomb disguised as xlsx before parsing it, whether its sizes are honest or not', async () => {
    const honest = xlsx({ 'xl/worksheets/sheet1.xml': new Uint8Array(40 * 1024 * 1024) });
    expect(honest.length).toBeLessThan(2 * 1024 * 1024);
    const reply = await upload(admin, 'payroll.xlsx', honest);
    expect(reply.statusCode).toBe(413);
    expect(reply.json().code).toBe('file_unpacks_too_large');
    const lying = await upload(admin, 'payroll.xlsx', lyingBomb());
    expect(lying.statusCode).toBe(413);
    expect(lying.json().code).toBe('file_unpacks_too_large');
  });

  it('asks for a file when none is sent, and for multipart', async () => {
    const json = await t.call(admin, 'POST', '/v1/files', { file: 'x' });
    expect(json.status).toBe(415);
  });
});
