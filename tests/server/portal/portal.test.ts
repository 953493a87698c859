/**
 * The portal (issue 28): announcements reach exactly their audience (home's card, the one notification, read
 * receipts), rich text is sanitised, useful links are http(s) and targeted, warning letters are valid at most six
 * months, propose the next level, are private like salary data and print on the letterhead, and ID cards print as a
 * job.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { pdfText } from '../../support/pdf.ts';

let t: TestApp;
let admin: string;
let employee: string;
let cj: string;
let me: Json;
let departments: Json[];

const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 3 } });
  [admin, employee, cj] = [await t.login('admin'), await t.login('employee'), await t.login('admin.cj')];
  const portal = await t.call(employee, 'GET', '/v1/portal');
  if (portal.status !== 200) throw new Error(JSON.stringify(portal.body));
  me = portal.body.data.employee;
  departments = (await t.call(admin, 'GET', '/v1/refs/employees/orgs/departments?limit=100')).body.data;
});
afterAll(() => t?.close());

describe('announcements', () => {
  it('stores rich text sanitised and refuses an end before the start', async () => {
    const created = await t.call(admin, 'POST', '/v1/announcements', {
      title: 'Town hall',
      content: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><b>all</b></p>',
      start_date: today,
      end_date: plusDays(today, 3),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.content).toBe('<p>Hi <a target="_blank" rel="noopener noreferrer">x</a><b>all</b></p>');
    const bulk = await t.call(admin, 'POST', '/v1/announcements/bulk', {
      rows: [
        { _id: created.body.data._id, version: created.body.data.version, content: '<img src=x onerror=alert(1)>ok' },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const again = await t.call(admin, 'GET', `/v1/announcements/${created.body.data._id}`);
    expect(again.body.data.content).toBe('ok');
    const bad = await t.call(admin, 'POST', '/v1/announcements', {
      title: 'Backwards',
      start_date: today,
      end_date: plusDays(today, -1),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.end_date.code).toBe('before_start');
    // Another company's announcement is theirs alone.
    expect((await t.call(cj, 'GET', `/v1/announcements/${created.body.data._id}`)).status).toBe(404);
    await t.call(admin, 'DELETE', `/v1/announcements/${created.body.data._id}`);
  });

  it("reaches one department's members and no one else, notifies once and counts reads", async () => {
    const sales = departments.find((d) => d.code === 'SLS');
    const finance = departments.find((d) => d.code === 'FIN');
    const created = await t.call(admin, 'POST', '/v1/announcements', {
      title: 'Sales only',
      content: '<p>Targets</p>',
      start_date: today,
      end_date: today,
      departments: [sales._id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;

    const first = (await t.call(employee, 'GET', '/v1/portal')).body.data;
    const mine = first.announcements.find((a: Json) => a._id === id);
    expect(mine).toMatchObject({ title: 'Sales only', new: true, read_at: null });
    const second = (await t.call(employee, 'GET', '/v1/portal')).body.data;
    expect(second.announcements.find((a: Json) => a._id === id).new).toBe(false);

    // The finance department admin is not in Sales: not reached.
    const deptadmin = await t.login('deptadmin');
    const theirs = (await t.call(deptadmin, 'GET', '/v1/portal')).body.data;
    expect(theirs.employee).not.toBeNull();
    expect(theirs.announcements.some((a: Json) => a._id === id)).toBe(false);
    expect((await t.call(deptadmin, 'POST', `/v1/portal/announcements/${id}/read`)).status).toBe(404);
    expect(finance).toBeTruthy();

    const read = await t.call(employee, 'POST', `/v1/portal/announcements/${id}/read`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const counts = await t.call(admin, 'GET', `/v1/announcements/read-counts?ids=${id}`);
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    const salesCount = (await t.call(admin, 'GET', `/v1/employees?limit=1000&department=${sales._id}`)).body.meta.total;
    expect(counts.body.data[0]).toMatchObject({ _id: id, read: 1 });
    expect(counts.body.data[0].audience).toBeGreaterThan(0);
    expect(counts.body.data[0].audience).toBeLessThanOrEqual(salesCount);
    const readers = (await t.call(admin, 'GET', `/v1/announcements/${id}/readers`)).body.data;
    expect(readers[0]).toMatchObject({ _id: me._id });
    expect(readers[0].read_at).toBeTruthy();
    expect(readers.length).toBe(counts.body.data[0].audience);

    // Named employees reach exactly them.
    const named = await t.call(admin, 'POST', '/v1/announcements', {
      title: 'For Budi',
      start_date: today,
      end_date: today,
      employees: [me._id],
    });
    expect(
      (await t.call(admin, 'GET', `/v1/announcements/read-counts?ids=${named.body.data._id}`)).body.data[0].audience,
    ).toBe(1);
    // An employee reads no list of announcements: the menu is the admins'.
    expect((await t.call(employee, 'GET', '/v1/announcements')).status).toBe(403);
  });
});

describe('useful links', () => {
  it('takes http(s) links only and shows each to its audience', async () => {
    for (const link of ['javascript:alert(1)', 'ftp://x.example', 'www.example.com']) {
      const bad = await t.call(admin, 'POST', '/v1/useful-links', { display: `Bad ${link}`, link });
      expect(bad.status, link).toBe(400);
      expect(Object.keys(bad.body.fields)).toContain('link');
    }
    // The department admin's own department (their list holds its employees only); the plain employee is in Sales.
    const deptadmin = await t.login('deptadmin');
    const department = (await t.call(deptadmin, 'GET', '/v1/employees?limit=1')).body.data[0].department;
    const ok = await t.call(admin, 'POST', '/v1/useful-links', {
      display: 'Finance wiki',
      link: 'https://wiki.example.co.id/finance',
      departments: [department],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const links = (await t.call(employee, 'GET', '/v1/portal')).body.data.links as Json[];
    expect(links.some((l) => l.display === 'Finance wiki')).toBe(false);
    expect(links.some((l) => l.display === 'Employee handbook')).toBe(true);
    const theirs = (await t.call(deptadmin, 'GET', '/v1/portal')).body.data.links as Json[];
    expect(theirs.some((l) => l.display === 'Finance wiki')).toBe(true);
    // Admin only (spec 6).
    expect((await t.call(await t.login('subadmin'), 'GET', '/v1/useful-links')).status).toBe(403);
  });
});

describe('warning letters', () => {
  it('are valid at most six months, propose the next level, print on the letterhead and reach the employee', async () => {
    const path = '/v1/employees/surat-peringatan';
    const start = today;
    const tooLong = await t.call(admin, 'POST', path, {
      employee: me._id,
      type: 'sp_1',
      start_date: start,
      end_date: plusDays(start, 200),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.end_date.code).toBe('too_long');

    const before = (await t.call(admin, 'GET', `${path}/status?employee=${me._id}`)).body.data;
    const created = await t.call(admin, 'POST', path, {
      employee: me._id,
      type: before.proposed,
      start_date: start,
      end_date: plusDays(start, 90),
      description: 'Repeatedly late',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = (await t.call(admin, 'GET', `${path}/status?employee=${me._id}`)).body.data;
    expect(after.valid.map((l: Json) => l._id)).toContain(created.body.data._id);
    expect(after.proposed).toBe(before.proposed === 'sp_1' ? 'sp_2' : 'sp_3');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `${path}/${created.body.data._id}/pdf?lang=id`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('PT Demo Nusantara');
    expect(text).toContain('SURAT PERINGATAN');
    expect(text).toContain('Repeatedly late');

    const own = (await t.call(employee, 'GET', '/v1/portal')).body.data.warning_letters as Json[];
    expect(own.map((l) => l._id)).toContain(created.body.data._id);
    const ownPdf = await t.app.inject({
      method: 'GET',
      url: `/v1/portal/warning-letters/${created.body.data._id}/pdf?lang=en`,
      headers: { authorization: `Bearer ${employee}` },
    });
    expect(ownPdf.statusCode).toBe(200);
    expect(await pdfText(ownPdf.rawPayload)).toContain('WARNING LETTER');
    // Someone else's letter is not the employee's.
    const others = (await t.call(admin, 'GET', `${path}?limit=100`)).body.data as Json[];
    const other = others.find((l) => l.employee !== me._id);
    expect(other).toBeTruthy();
    expect((await t.call(employee, 'GET', `/v1/portal/warning-letters/${other._id}/pdf`)).status).toBe(404);
    // Private like salary data: the custom level without payroll permission sees no letter's content.
    expect((await t.call(employee, 'GET', path)).status).toBe(403);
    expect((await t.call(cj, 'GET', `${path}/${created.body.data._id}`)).status).toBe(404);
  });

  it('are history: the PDF issued stays as issued when the letterhead, signature or employee change', async () => {
    const path = '/v1/employees/surat-peringatan';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'signboundary';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/v1/files?accept=image',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sign.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const sign = await t.call(admin, 'POST', '/v1/company/digital-sign', {
      name: 'Sri Wahyuni',
      title: 'HR Director',
      selected: true,
      file: JSON.parse(uploaded.body).data.url,
    });
    expect(sign.status, JSON.stringify(sign.body)).toBe(201);
    const profile = (await t.call(admin, 'GET', '/v1/company/profile')).body.data;
    expect(profile.kop_template).toBe('letterhead');
    const company = await t.database.pool.query(
      'select address from companies where id = (select company_id from employees where id = $1)',
      [me._id],
    );
    const address = company.rows[0].address as string;
    expect(address).toBeTruthy();
    const people = (await t.call(admin, 'GET', '/v1/employees?limit=100')).body.data as Json[];
    const person = people.find((e) => e._id !== me._id)!;

    const created = await t.call(admin, 'POST', path, {
      employee: person._id,
      type: 'sp_1',
      start_date: today,
      end_date: plusDays(today, 60),
      description: 'Left the site unattended',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    // Issued on save: a PDF stored per language.
    const issued = await t.database.pool.query(
      'select language, letter_version from warning_letter_documents where letter_id = $1 order by language',
      [id],
    );
    expect(issued.rows).toEqual([
      { language: 'en', letter_version: 1 },
      { language: 'id', letter_version: 1 },
      { language: 'zh', letter_version: 1 },
    ]);
    const print = async (token = admin, url = `${path}/${id}/pdf?lang=en`) => {
      const reply = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
      return { bytes: reply.rawPayload, text: await pdfText(reply.rawPayload) };
    };
    const first = await print();
    expect(first.text).toContain('Sri Wahyuni');
    expect(first.text).toContain(person.fullname);
    expect(first.text).toContain(address.slice(0, 20));

    // Later: another letterhead, the signature renamed, the employee renamed.
    const changed = await t.call(admin, 'PUT', '/v1/company/profile', { ...profile, kop_template: 'default' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await t.database.pool.query("update companies set address = 'Jl. Baru No. 99, Surabaya' where address = $1", [
      address,
    ]);
    const renamed = await t.call(admin, 'PATCH', `/v1/company/digital-sign/${sign.body.data._id}`, {
      name: 'Budi Hartono',
    });
    expect(renamed.status).toBe(200);
    await t.database.pool.query("update employees set fullname = 'Renamed Person' where id = $1", [person._id]);

    const again = await print();
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    expect(again.text).toContain('Sri Wahyuni');
    expect(again.text).not.toContain('Budi Hartono');
    expect(again.text).not.toContain('Renamed Person');
    expect(again.text).not.toContain('Jl. Baru No. 99');
    // The other languages were issued with the first: the Indonesian one is as issued too.
    const indonesian = await print(admin, `${path}/${id}/pdf?lang=id`);
    expect(indonesian.text).toContain('SURAT PERINGATAN');
    expect(indonesian.text).toContain('Sri Wahyuni');

    // An edit of the letter's own fields reissues it: a new file, the earlier one kept, logged.
    const edited = await t.call(admin, 'PUT', `${path}/${id}`, {
      description: 'Left the site unattended twice',
      version: created.body.data.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const reissued = await print();
    expect(reissued.text).toContain('Left the site unattended twice');
    expect(reissued.text).toContain('Budi Hartono');
    expect(reissued.text).toContain('Renamed Person');
    expect(reissued.text).not.toContain('Jl. Baru No. 99'); // the letterhead template is now the plain one
    const files = await t.database.pool.query(
      'select count(*)::int as n from warning_letter_documents where letter_id = $1',
      [id],
    );
    expect(files.rows[0].n).toBe(6);
    const logs = await t.database.pool.query(
      "select detail from activity_logs where record_id = $1 and detail like '%reissued%'",
      [id],
    );
    expect(logs.rows.length).toBe(3);
    // The letter's file is not a download of its own: only the letter's routes serve it.
    const stored = await t.database.pool.query('select file from warning_letter_documents where letter_id = $1', [id]);
    const direct = await t.call(admin, 'GET', `/v1/files/${stored.rows[0].file}`);
    expect(direct.status).toBe(404);
    // Nor another record's attachment (which a later release could delete).
    const borrowed = await t.call(admin, 'POST', path, {
      employee: person._id,
      type: 'sp_2',
      start_date: today,
      end_date: plusDays(today, 30),
      attachment: stored.rows[0].file,
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.fields.attachment.code).toBe('taken');
  });

  it('takes a PDF attachment only, checked by its content', async () => {
    const boundary = 'letterboundary';
    const upload = (name: string, bytes: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/files?accept=attachment',
        headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const image = JSON.parse((await upload('letter.png', png)).body).data;
    const bad = await t.call(admin, 'POST', '/v1/employees/surat-peringatan', {
      employee: me._id,
      type: 'sp_1',
      start_date: today,
      end_date: today,
      attachment: image.name,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.attachment.code).toBe('not_pdf');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const file = JSON.parse((await upload('letter.pdf', pdf)).body).data;
    const ok = await t.call(admin, 'POST', '/v1/employees/surat-peringatan', {
      employee: me._id,
      type: 'sp_1',
      start_date: today,
      end_date: today,
      attachment: file.name,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const back = await t.app.inject({
      method: 'GET',
      url: `/v1/employees/surat-peringatan/${ok.body.data._id}/attachment`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('a deleted warning letter (decision 0217)', () => {
  it('takes its issued PDFs and its attachment off the disk once deleted, and a refused delete keeps them', async () => {
    const path = '/v1/employees/surat-peringatan';
    const boundary = 'deleteboundary';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/v1/files?accept=attachment',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const attachment = JSON.parse(uploaded.body).data.name as string;
    const created = await t.call(admin, 'POST', path, {
      employee: me._id,
      type: 'sp_1',
      start_date: today,
      end_date: plusDays(today, 30),
      description: 'To be deleted',
      attachment,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    const issued = await t.database.pool.query(
      'select company_id, file from warning_letter_documents where letter_id = $1',
      [id],
    );
    expect(issued.rows.length).toBe(3);
    const companyId = issued.rows[0].company_id as string;
    const names = [...issued.rows.map((row) => row.file as string), attachment];
    const onDisk = () => names.filter((name) => existsSync(join(t.config.filesDir, companyId, name)));
    const fileRows = async () =>
      (await t.database.pool.query('select count(*)::int as n from files where name = any($1)', [names])).rows[0].n;
    expect(onDisk()).toEqual(names);

    // Refused: a bulk delete naming an unknown id writes nothing, and the files stay.
    const refused = await t.call(admin, 'POST', `${path}/bulk`, {
      delete: [id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(refused.status).toBe(404);
    expect((await t.call(admin, 'GET', `${path}/${id}`)).status).toBe(200);
    expect(onDisk()).toEqual(names);
    expect(await fileRows()).toBe(names.length);

    // Deleted: the letter, then its files, rows and bytes.
    const deleted = await t.call(admin, 'DELETE', `${path}/${id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(onDisk()).toEqual([]);
    expect(await fileRows()).toBe(0);
  });
});

describe('ID cards', () => {
  it('saves a design and prints a sheet of cards as a job', async () => {
    const design = (await t.call(admin, 'GET', '/v1/id-card/design')).body.data;
    expect(design.front).toContain('name');
    const saved = await t.call(admin, 'PUT', '/v1/id-card/design', {
      front: ['logo', 'name', 'employee_id'],
      back: ['qr'],
      background: '#ffffff',
      accent: '#0f766e',
      text: '#111827',
      note: 'If found, please return to HRD',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.accent).toBe('#0f766e');
    const bad = await t.call(admin, 'PUT', '/v1/id-card/design', {
      ...saved.body.data,
      version: undefined,
      accent: 'red',
    });
    expect(bad.status).toBe(400);

    const start = await t.call(admin, 'POST', '/v1/id-card/print', {});
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    let job: Json = { status: 'queued' };
    for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await t.call(admin, 'GET', `/v1/jobs/${start.body.data.job_id}`)).body.data;
    }
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job.result.count).toBeGreaterThan(0);
    const file = await t.app.inject({
      method: 'GET',
      url: job.result.url,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('If found, please return to HRD');
    expect((await t.call(await t.login('subadmin'), 'POST', '/v1/id-card/print', {})).status).toBe(403);
  }, 60_000);
});
