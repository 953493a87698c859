import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('job queue', () => {
  it('runs a job on pg-boss over the app database and reports it on /v1/jobs/{id}', async () => {
    const token = await t.login('admin');
    const me = await t.call(token, 'GET', '/v1/auth/me');
    const companyId = me.body.data.company._id as string;
    t.app.jobs.register('payroll-run', async (context) => {
      await context.progress(1, 2);
      return { echo: context.data };
    });
    const id = await t.app.jobs.enqueue(
      'payroll-run',
      { userId: me.body.data._id, reach: { companyId } },
      'payroll-run',
      {
        x: 1,
      },
    );
    let job: { status: string } = { status: 'queued' };
    for (let i = 0; i < 200 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await t.call(token, 'GET', `/v1/jobs/${id}`)).body.data;
    }
    expect(job).toMatchObject({ status: 'completed', result: { echo: { x: 1 } } });
  }, 60_000);
});
