/**
 * Record attachments (issues 13 and 15, docs/decisions/0076): uploaded with `accept=attachment` (PDF, PNG, JPEG by
 * content), held by a leave request or a loan, read only through the record by who may read it, deleted with it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

function multipart(filename: string, content: Buffer) {
  const boundary = `----hrw${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
const tokens: Record<string, string> = {};
let sickLeave = '';

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as Json[];
const upload = async (who: string, filename: string, content: Buffer) => {
  const body = multipart(filename, content);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/v1/files?accept=attachment',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${tokens[who]}` },
  });
  return { status: reply.statusCode, body: reply.json() as Json };
};
const download = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });

/** A Monday `weeks` weeks ahead (Asia/Jakarta). */
function mondayAhead(weeks: number): string {
  const now = new Date(Date.now() + 7 * 3_600_000);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + weeks * 7));
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
const leave = (who: string, start: string, attachment?: string, days = 1) =>
  t.call(tokens[who]!, 'POST', '/v1/approvals', {
    context: 'leave',
    content: {
      leave_type: sickLeave,
      start_date: start,
      end_date: new Date(Date.parse(`${start}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10),
      unit: 'day',
      attachment,
    },
  });

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 40, CJ: 10 } });
  for (const who of ['admin', 'approver', 'employee', 'admin.cj']) tokens[who] = await t.login(who);
  const [employee] = await rows(sql`select e.id from employees e join users u on u.id = e.user_id
    where u.username = 'employee'`);
  const [approver] = await rows(sql`select e.id from employees e join users u on u.id = e.user_id
    where u.username = 'approver'`);
  await t.database.db.execute(sql`update employees set supervisor_id = ${approver.id} where id = ${employee.id}`);
  // The approver works the employee's weekly pattern (a roster group has no future days to take leave on).
  await t.database.db.execute(sql`delete from attendance_group_members where employee_id = ${approver.id}`);
  await t.database.db.execute(sql`insert into attendance_group_members (company_id, group_id, employee_id)
    select company_id, group_id, ${approver.id} from attendance_group_members where employee_id = ${employee.id}`);
  // Sick leave: an unlimited rule, so the balance never refuses the test's requests.
  const [rule] = await rows(sql`select r.id from leave_rules r join companies c on c.id = r.company_id
    where c.code = 'DEMO' order by (r.quota_type = 'unlimited') desc, r.type limit 1`);
  sickLeave = rule.id;
  await t.database.db.execute(sql`update leave_rules set quota_type = 'unlimited' where id = ${sickLeave}`);
}, 300_000);
afterAll(() => t?.close());

describe('attachment uploads', () => {
  it('accepts a PDF, PNG or JPEG by content and refuses anything else', async () => {
    const pdf = await upload('employee', 'note.pdf', PDF);
    expect(pdf.status).toBe(201);
    expect(pdf.body.data.name).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect((await upload('employee', 'scan.png', PNG)).status).toBe(201);
    const gif = await upload('employee', 'cat.gif', GIF);
    expect(gif.status).toBe(415);
    expect(gif.body.code).toBe('file_type_not_allowed');
    // A text file named .pdf is refused by its content.
    const fake = await upload('employee', 'fake.pdf', Buffer.from('just text, not a PDF'));
    expect(fake.status).toBe(415);
    // An attachment is never served by the plain file route, even to its uploader.
    expect((await download('employee', pdf.body.data.url)).statusCode).toBe(404);
  });
});

describe('a leave request attachment', () => {
  it('is read by the requester, the approver and the admin only, and refused to anyone else', async () => {
    const file = (await upload('employee', 'surat dokter.pdf', PDF)).body.data;
    const created = await leave('employee', mondayAhead(5), file.name);
    expect(created.status).toBe(201);
    const approval = created.body.data;
    expect(approval.content.attachment).toMatchObject({ name: file.name, original_name: 'surat dokter.pdf' });
    const url = `/v1/approvals/${approval._id}/attachment`;
    for (const who of ['employee', 'approver', 'admin']) {
      const reply = await download(who, url);
      expect(reply.statusCode, who).toBe(200);
      expect(reply.headers['content-type']).toBe('application/pdf');
      expect(reply.rawPayload.equals(PDF)).toBe(true);
    }
    // Another company's admin: 404, as the request itself.
    expect((await download('admin.cj', url)).statusCode).toBe(404);
    // The same file cannot be held by a second request.
    const again = await leave('employee', mondayAhead(7), file.name);
    expect(again.status).toBe(400);
    expect(again.body.fields.attachment.code).toBe('taken');
    // Another company's upload, or a name never uploaded, is refused.
    const theirs = (await upload('admin.cj', 'x.pdf', PDF)).body.data;
    expect((await leave('employee', mondayAhead(7), theirs.name)).body.fields.attachment.code).toBe('not_found');
    expect((await leave('employee', mondayAhead(7), 'not a file')).body.fields.attachment.code).toBe('format');
  });

  it("is not readable by another employee (the approver's own request, read by the employee)", async () => {
    const file = (await upload('approver', 'mine.png', PNG)).body.data;
    const created = await leave('approver', mondayAhead(9), file.name, 7);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const url = `/v1/approvals/${created.body.data._id}/attachment`;
    expect((await download('employee', url)).statusCode).toBe(404);
    expect((await download('approver', url)).statusCode).toBe(200);
  });
});

describe('a loan attachment', () => {
  it('is read by who may read the loan and deleted with it', async () => {
    const file = (await upload('admin', 'perjanjian.pdf', PDF)).body.data;
    const [staff] = await rows(sql`select e.id from employees e join companies c on c.id = e.company_id
      where c.code = 'DEMO' order by e.employee_id limit 1`);
    const created = await t.call(tokens.admin!, 'POST', '/v1/loans', {
      name: 'Laptop',
      employee: staff.id,
      effective_date: '2099-01-01',
      amount: 1_200_000,
      installment: 3,
      interest_rate: 0,
      attachment: file.name,
    });
    expect(created.status).toBe(201);
    const loan = created.body.data;
    expect(loan.attachment).toBe(file.name);
    const url = `/v1/loans/${loan._id}/attachment`;
    const read = await download('admin', url);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);
    expect((await download('admin.cj', url)).statusCode).toBe(404);
    expect((await download('employee', url)).statusCode).toBe(403);
    // A second loan cannot hold the same file; a name that is not an upload is refused.
    const twin = await t.call(tokens.admin!, 'POST', '/v1/loans', {
      name: 'Twin',
      employee: staff.id,
      effective_date: '2099-01-01',
      amount: 1_000_000,
      installment: 1,
      attachment: file.name,
    });
    expect(twin.status).toBe(400);
    expect(twin.body.fields.attachment.code).toBe('taken');

    // Replacing the file releases the old one; deleting the loan deletes the new one.
    const next = (await upload('admin', 'perjanjian-2.pdf', PDF)).body.data;
    const updated = await t.call(tokens.admin!, 'PUT', `/v1/loans/${loan._id}`, {
      attachment: next.name,
      version: loan.version,
    });
    expect(updated.status).toBe(200);
    const stored = async (name: string) => (await rows(sql`select 1 from files where name = ${name}`)).length;
    expect(await stored(file.name)).toBe(0);
    expect(await stored(next.name)).toBe(1);
    const [company] = await rows(sql`select company_id from files where name = ${next.name}`);
    expect(existsSync(join(t.config.filesDir, company.company_id, next.name))).toBe(true);
    expect((await t.call(tokens.admin!, 'DELETE', `/v1/loans/${loan._id}`)).status).toBe(200);
    expect(await stored(next.name)).toBe(0);
    expect(existsSync(join(t.config.filesDir, company.company_id, next.name))).toBe(false);
    expect((await download('admin', url)).statusCode).toBe(404);
  });
});
