/**
 * The developer's banners and company-level announcements (issue 26, spec 2.2): the developer writes them through
 * the generic routes; company users meet them on their home (`GET /v1/dashboard`): current banners for everyone
 * until they dismiss one (kept on the server, per user), current announcements for the admins of the companies
 * addressed. Images are checked by content (png, jpg, gif only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { lastLink, tokenOf } from '../../support/outbox.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 0)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

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
let today = '';
const day = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 2 } });
  for (const who of ['developer', 'admin', 'subadmin', 'employee', 'admin.cj']) tokens[who] = await t.login(who);
  today = (await t.call(tokens.admin!, 'GET', '/v1/dashboard')).body.data.date;
}, 300_000);
afterAll(() => t?.close());

const home = async (who: string): Promise<Json> => {
  const reply = await t.call(tokens[who]!, 'GET', '/v1/dashboard');
  expect(reply.status).toBe(200);
  return reply.body.data;
};
const upload = async (filename: string, content: Buffer, accept: 'image' | 'photo' = 'image') => {
  const body = multipart(filename, content);
  const reply = await t.app.inject({
    method: 'POST',
    url: `/v1/files?accept=${accept}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${tokens.developer}` },
  });
  return { status: reply.statusCode, body: JSON.parse(reply.body) };
};

describe('banners', () => {
  it('the demo opens on banners, current and past', async () => {
    const list = await t.call(tokens.developer!, 'GET', '/v1/banner');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(3);
  });

  it('takes a PNG by its content and refuses a PDF named .png', async () => {
    const fake = await upload('banner.png', PDF);
    expect(fake.status).toBe(415);
    expect(fake.body.code).toBe('file_type_not_allowed');
    const png = await upload('banner.png', PNG);
    expect(png.status).toBe(201);
    const created = await t.call(tokens.developer!, 'POST', '/v1/banner', {
      title: 'Payroll closes on the 25th',
      description: 'Lock attendance before running payroll.',
      link: 'https://example.com/close',
      image_url: png.body.data.url,
      start_date: day(-1),
      end_date: day(3),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.image_url).toBe(png.body.data.url);
    // Any company user reads a platform image (the home shows it).
    const image = await t.app.inject({
      method: 'GET',
      url: png.body.data.url,
      headers: { authorization: `Bearer ${tokens.employee}` },
    });
    expect(image.statusCode).toBe(200);
  });

  it('refuses an image that is not an uploaded png, jpg or gif, a bad link and an end before the start', async () => {
    const bad = await t.call(tokens.developer!, 'POST', '/v1/banner', {
      title: 'x',
      image_url: '/v1/files/0123456789abcdef0123456789abcdef.pdf',
      link: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(expect.arrayContaining(['image_url', 'link']));
    const dates = await t.call(tokens.developer!, 'POST', '/v1/banner', {
      title: 'x',
      start_date: day(2),
      end_date: day(1),
    });
    expect(dates.status).toBe(400);
    expect(dates.body.fields.end_date.code).toBe('after_start');
  });

  it('shows current banners on company homes until each user dismisses them', async () => {
    const created = await t.call(tokens.developer!, 'POST', '/v1/banner', { title: 'Dismiss me', start_date: today });
    const past = await t.call(tokens.developer!, 'POST', '/v1/banner', {
      title: 'Over',
      start_date: day(-10),
      end_date: day(-1),
    });
    const future = await t.call(tokens.developer!, 'POST', '/v1/banner', { title: 'Later', start_date: day(5) });
    const id = created.body.data._id as string;
    const titles = (data: Json) => (data.banners as Json[]).map((b) => b.title);
    for (const who of ['employee', 'admin', 'admin.cj']) {
      const shown = titles(await home(who));
      expect(shown).toContain('Dismiss me');
      expect(shown).not.toContain(past.body.data.title);
      expect(shown).not.toContain(future.body.data.title);
    }
    const dismissed = await t.call(tokens.employee!, 'POST', `/v1/banner/${id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect((await t.call(tokens.employee!, 'POST', `/v1/banner/${id}/dismiss`)).status).toBe(200);
    expect(titles(await home('employee'))).not.toContain('Dismiss me');
    expect(titles(await home('admin'))).toContain('Dismiss me');
    const unknown = await t.call(tokens.employee!, 'POST', '/v1/banner/00000000-0000-4000-8000-000000000000/dismiss');
    expect(unknown.status).toBe(404);
  });

  it('is the developer’s list only', async () => {
    for (const who of ['admin', 'employee']) {
      expect((await t.call(tokens[who]!, 'GET', '/v1/banner')).status).toBe(403);
      expect((await t.call(tokens[who]!, 'POST', '/v1/banner', { title: 'x' })).status).toBe(403);
    }
  });
});

describe('company announcements', () => {
  it('shows a current announcement to the admins of its companies only', async () => {
    const companies = await t.call(tokens.developer!, 'GET', '/v1/companies?limit=100');
    const demo = (companies.body.data as Json[]).find((c) => c.code === 'DEMO');
    const created = await t.call(tokens.developer!, 'POST', '/v1/dev/announcement-company', {
      title: 'Only for DEMO',
      content: 'Maintenance tonight.',
      start_date: day(-1),
      end_date: day(1),
      companies: [demo._id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const future = await t.call(tokens.developer!, 'POST', '/v1/dev/announcement-company', {
      title: 'Not yet',
      content: 'Later.',
      start_date: day(3),
      end_date: day(4),
      companies: [demo._id],
    });
    expect(future.status).toBe(201);
    const notices = async (who: string) => ((await home(who)).notices as Json[] | undefined)?.map((n) => n.title);
    expect(await notices('admin')).toContain('Only for DEMO');
    expect(await notices('subadmin')).toContain('Only for DEMO');
    expect(await notices('admin')).not.toContain('Not yet');
    expect(await notices('admin.cj')).not.toContain('Only for DEMO');
    expect(await notices('employee')).toBeUndefined();
  });

  it('filters by start and end date, and refuses an end before the start or a bad company id', async () => {
    const list = await t.call(
      tokens.developer!,
      'GET',
      `/v1/dev/announcement-company?start_date=${day(-400)}&start_date=${day(0)}`,
    );
    expect(list.status).toBe(200);
    for (const row of list.body.data as Json[]) expect(row.start_date <= day(0)).toBe(true);
    // The screen's two filters together: starting on or after one day, ending on or before another.
    const within = await t.call(
      tokens.developer!,
      'GET',
      `/v1/dev/announcement-company?start_date=${day(2)}&start_date=2100-12-31&end_date=1900-01-01&end_date=${day(5)}`,
    );
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    const titles = (within.body.data as Json[]).map((row) => row.title);
    expect(titles).toContain('Not yet');
    expect(titles).not.toContain('Only for DEMO');
    for (const row of within.body.data as Json[]) {
      expect(row.start_date >= day(2)).toBe(true);
      expect(row.end_date <= day(5)).toBe(true);
    }
    const bad = await t.call(tokens.developer!, 'POST', '/v1/dev/announcement-company', {
      title: 'x',
      content: 'y',
      start_date: day(2),
      end_date: day(1),
      companies: ['not-a-uuid'],
    });
    expect(bad.status).toBe(400);
    expect((await t.call(tokens.admin!, 'GET', '/v1/dev/announcement-company')).status).toBe(403);
  });
});

describe('developers', () => {
  it('lists the developers and invites one, who chooses their own password at /register?developer=1', async () => {
    const before = await t.call(tokens.developer!, 'GET', '/v1/developers');
    expect(before.status).toBe(200);
    expect((before.body.data as Json[]).map((d) => d.username)).toContain('developer');
    const invited = await t.call(tokens.developer!, 'POST', '/v1/developers', {
      fullname: 'Rina Pengembang',
      email: 'rina.dev@platform.test',
      phone: '081234567890',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data).toMatchObject({ fullname: 'Rina Pengembang', activated: false, username: 'rina.dev' });
    // No password was typed by anyone: the invitation's link is the way in.
    expect((await t.call(null, 'POST', '/v1/auth/login', { username: 'rina.dev', password: 'anything1' })).status).toBe(
      401,
    );
    const link = await lastLink(t, 'rina.dev@platform.test');
    const url = new URL(link);
    expect(url.pathname).toBe('/register');
    expect(url.searchParams.get('developer')).toBe('1');
    const activated = await t.call(null, 'POST', '/v1/auth/activate', {
      token: tokenOf(link),
      password: 'rina-chooses-this',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const rina = await t.login('rina.dev', 'rina-chooses-this');
    const me = await t.call(rina, 'GET', '/v1/auth/me');
    expect(me.body.data.level).toBe('developer');
    const after = (await t.call(tokens.developer!, 'GET', '/v1/developers')).body.data as Json[];
    expect(after.find((d) => d.username === 'rina.dev')?.activated).toBe(true);
  });

  it('takes a PNG or JPEG photo, checked by content, with the invitation', async () => {
    const gif = await upload('me.gif', GIF, 'photo');
    expect(gif.status).toBe(415);
    expect(gif.body.code).toBe('file_type_not_allowed');
    const fake = await upload('me.jpg', PDF, 'photo');
    expect(fake.status).toBe(415);
    const png = await upload('me.png', PNG, 'photo');
    expect(png.status, JSON.stringify(png.body)).toBe(201);
    const invited = await t.call(tokens.developer!, 'POST', '/v1/developers', {
      fullname: 'Bayu Foto',
      email: 'bayu.photo@platform.test',
      photo_url: png.body.data.url,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data.photo_url).toBe(png.body.data.url);
    const listed = (await t.call(tokens.developer!, 'GET', '/v1/developers')).body.data as Json[];
    expect(listed.find((d) => d.email === 'bayu.photo@platform.test')?.photo_url).toBe(png.body.data.url);
    const banner = await upload('banner.gif', GIF, 'image');
    expect(banner.status).toBe(201);
    const gifPhoto = await t.call(tokens.developer!, 'POST', '/v1/developers', {
      fullname: 'Gif',
      email: 'gif.photo@platform.test',
      photo_url: banner.body.data.url,
    });
    expect(gifPhoto.status).toBe(400);
  });

  it('refuses a used email, a bad phone, and anyone but a developer', async () => {
    const used = await t.call(tokens.developer!, 'POST', '/v1/developers', {
      fullname: 'Again',
      email: 'developer@demo.test',
    });
    expect(used.status).toBe(400);
    expect(used.body.fields.email.code).toBe('unique');
    const phone = await t.call(tokens.developer!, 'POST', '/v1/developers', {
      fullname: 'X',
      email: 'x@platform.test',
      phone: 'call me',
    });
    expect(phone.status).toBe(400);
    for (const who of ['admin', 'employee']) {
      expect((await t.call(tokens[who]!, 'GET', '/v1/developers')).status).toBe(403);
      expect(
        (await t.call(tokens[who]!, 'POST', '/v1/developers', { fullname: 'X', email: 'y@platform.test' })).status,
      ).toBe(403);
    }
  });
});
