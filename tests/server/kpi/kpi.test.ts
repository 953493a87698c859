/**
 * KPI end to end through the API (decision 0185): the demo's set-up, last quarter's completed assessment and this
 * quarter's, open and scored part way (decision 0215); a new
 * flow and rule assessed through two steps in order to a locked, ranked and logged period; tenancy and the
 * department admin's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodBounds, periodName } from '../../../common/kpi.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 24, CJ: 8 } });
  for (const who of ['admin', 'employee', 'approver', 'deptadmin', 'admin.cj']) tokens[who] = await t.login(who);
}, 120_000);
afterAll(() => t?.close());

const query = async <T>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

describe('KPI', () => {
  it('seeds indicators, flows, rules and last quarter’s completed, ranked assessment', async () => {
    const indicators = await t.call(tokens.admin!, 'GET', '/v1/kpi/indicator-component?limit=100');
    expect(indicators.status).toBe(200);
    expect(indicators.body.data.length).toBe(8);
    const flows = await t.call(tokens.admin!, 'GET', '/v1/kpi/assessor-flow');
    expect(flows.body.data.map((f: { name: string }) => f.name)).toContain('Supervisor, then department head');
    const rules = await t.call(tokens.admin!, 'GET', '/v1/kpi/rules');
    expect(rules.body.total).toBe(2);
    expect(rules.body.data[0].names.flow.name).toBeTruthy();
    const periods = (await t.call(tokens.admin!, 'GET', '/v1/kpi/assessments')).body.data as {
      _id: string;
      status: string;
    }[];
    // Last quarter completed for both rules (this quarter's open periods: the next test).
    const completed = periods.filter((p) => p.status === 'completed');
    expect(completed.length).toBe(2);
    const results = await t.call(tokens.admin!, 'GET', `/v1/kpi/assessments/${completed[0]!._id}/results`);
    expect(results.body.data.length).toBeGreaterThan(0);
    expect(results.body.data[0].rank).toBe(1);
    expect(results.body.data[0].formula).toMatch(/÷ \d+ = /);
    // The employee sees their own final scores.
    const mine = await t.call(tokens.employee!, 'GET', '/v1/kpi/me');
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data[0].name).toMatch(/^\d{4}-Q\d$/);
  });

  it('opens this quarter part way: handed in, drafts and untouched, people waiting for the demo assessors', async () => {
    type Period = { _id: string; rule: { name: string }; status: string; period_type: string; start_date: string };
    type Row = {
      employee: { _id: string };
      current_step: number | null;
      steps: {
        type: string;
        assessor: { _id: string } | null;
        values: Record<string, number>;
        submitted_at: string | null;
      }[];
    };
    const { start, end } = periodBounds('quarter', new Date().toISOString().slice(0, 10));
    const periods = (await t.call(tokens.admin!, 'GET', '/v1/kpi/assessments')).body.data as Period[];
    const open = periods.filter((p) => p.status === 'open');
    expect(open.map((p) => p.rule.name).sort()).toEqual(['Office and operations staff', 'Sales team']);
    for (const p of open) {
      expect(p).toMatchObject({ period_type: 'quarter', start_date: start, name: periodName('quarter', start) });
    }
    // The KPI assessment screen opens on the list's first open period: this quarter's.
    expect(periods.find((p) => p.status === 'open')?.start_date).toBe(start);
    const office = open.find((p) => p.rule.name === 'Office and operations staff')!;
    const sales = open.find((p) => p.rule.name === 'Sales team')!;

    // A mix, as mid-quarter: steps handed in (some rows already at a later step), drafts, people not started.
    const sheets = await Promise.all(open.map((p) => t.call(tokens.admin!, 'GET', `/v1/kpi/assessments/${p._id}`)));
    const rows = sheets.flatMap((sheet) => sheet.body.data.rows as Row[]);
    const at = (row: Row) => (row.current_step === null ? undefined : row.steps[row.current_step]);
    expect(rows.filter((row) => row.steps[0]!.submitted_at !== null).length).toBeGreaterThan(0);
    expect(rows.filter((row) => (row.current_step ?? 0) > 0).length).toBeGreaterThan(0);
    expect(rows.filter((row) => Object.keys(at(row)?.values ?? {}).length > 0).length).toBeGreaterThan(0);
    expect(
      rows.filter((row) => row.current_step === 0 && !Object.keys(row.steps[0]!.values).length).length,
    ).toBeGreaterThan(0);
    for (const row of rows) {
      for (const step of row.steps) {
        if (step.submitted_at) expect(step.submitted_at.slice(0, 10) >= start && step.submitted_at <= end).toBe(true);
      }
    }
    // Not everyone is in: the quarter cannot be completed yet.
    expect((await t.call(tokens.admin!, 'POST', `/v1/kpi/assessments/${office._id}/complete`)).status).toBe(409);

    const ownId = async (username: string) =>
      (
        await query<{ id: string }>(
          'select e.id from employees e join users u on u.id = e.user_id where u.username = $1',
          [username],
        )
      )[0]!.id;
    // The approver (a supervisor; in this small demo also a head): people wait for them in My assessments.
    const approverList = (await t.call(tokens.approver!, 'GET', '/v1/kpi/my-assessments')).body.data as {
      _id: string;
      waiting: number;
    }[];
    const waiting = approverList.find((p) => p._id === office._id)?.waiting ?? 0;
    expect(waiting).toBeGreaterThan(0);
    const approverSheet = (await t.call(tokens.approver!, 'GET', `/v1/kpi/my-assessments/${office._id}`)).body.data;
    expect(approverSheet.rows.length).toBe(waiting);
    const approver = await ownId('approver');
    for (const row of approverSheet.rows as Row[]) expect(at(row)?.assessor?._id).toBe(approver);

    // The employee (Sales) assesses themself first: their own sheet waits for them.
    const self = await ownId('employee');
    expect(
      ((await t.call(tokens.employee!, 'GET', '/v1/kpi/my-assessments')).body.data as { _id: string }[]).map(
        (p) => p._id,
      ),
    ).toContain(sales._id);
    const own = (await t.call(tokens.employee!, 'GET', `/v1/kpi/my-assessments/${sales._id}`)).body.data.rows as Row[];
    expect(own.map((row) => [row.employee._id, at(row)?.type])).toEqual([[self, 'self']]);
    // Their final scores of completed periods are unchanged.
    expect(((await t.call(tokens.employee!, 'GET', '/v1/kpi/me')).body.data as unknown[]).length).toBe(1);
  });

  it('takes a two-step flow in order to a locked, ranked and logged result', async () => {
    const people = await query<{ id: string }>(
      `select e.id from employees e join companies c on c.id = e.company_id join departments d on d.id = e.department_id
        where c.code = 'DEMO' and e.supervisor_id is not null and d.head_id is not null and e.exit_date is null
        order by e.employee_id limit 2`,
    );
    expect(people.length).toBe(2);
    const indicators = (await t.call(tokens.admin!, 'GET', '/v1/kpi/indicator-component?limit=100')).body.data as {
      _id: string;
      target_type: string;
    }[];
    const higher = indicators.find((i) => i.target_type === 'higher_better')!;
    const yesNo = indicators.find((i) => i.target_type === 'yes_no')!;
    const flow = await t.call(tokens.admin!, 'POST', '/v1/kpi/assessor-flow', {
      name: 'Two steps',
      assessors: [{ type: 'supervisor' }, { type: 'department_head' }],
    });
    expect(flow.status).toBe(201);
    const rule = await t.call(tokens.admin!, 'POST', '/v1/kpi/rules', {
      name: 'Pilot',
      departments: [],
      job_titles: [],
      employees: people.map((p) => p.id),
      flow: flow.body.data._id,
      indicators: [higher._id, yesNo._id],
    });
    expect(rule.status).toBe(201);
    expect(rule.body.data.names.employees.length).toBe(2);
    const opened = await t.call(tokens.admin!, 'POST', '/v1/kpi/assessments', {
      rule: rule.body.data._id,
      period_type: 'month',
      date: '2026-10-15',
    });
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({ name: '2026-10', start_date: '2026-10-01', end_date: '2026-10-31' });
    const again = await t.call(tokens.admin!, 'POST', '/v1/kpi/assessments', {
      rule: rule.body.data._id,
      period_type: 'month',
      date: '2026-10-01',
    });
    expect(again.status).toBe(400);
    const id = opened.body.data._id as string;
    const sheet = await t.call(tokens.admin!, 'GET', `/v1/kpi/assessments/${id}`);
    expect(sheet.body.data.rows.length).toBe(2);
    expect(sheet.body.data.rows[0].current_step).toBe(0);
    expect(sheet.body.data.rows[0].steps[0].assessor).not.toBeNull();

    const [a, b] = people.map((p) => p.id) as [string, string];
    const save = (entries: unknown[], submit = false) =>
      t.call(tokens.admin!, 'PUT', `/v1/kpi/assessments/${id}/scores`, { entries, submit });
    // Step 2 waits for step 1; a step is handed in complete; yes/no is 1 or 0.
    expect(
      (await save([{ employee: a, step: 1, values: { [higher._id]: 90 } }])).body.fields['entries.0.step'].code,
    ).toBe('out_of_order');
    expect(
      (await save([{ employee: a, step: 0, values: { [higher._id]: 90 } }], true)).body.fields['entries.0.values'].code,
    ).toBe('incomplete');
    expect((await save([{ employee: a, step: 0, values: { [yesNo._id]: 5 } }])).status).toBe(400);
    const draft = await save([{ employee: a, step: 0, values: { [higher._id]: 90 } }]);
    expect(draft.body.data).toEqual({ saved: 1, submitted: 0 });
    // Not every step is in: the period cannot be completed yet.
    expect((await t.call(tokens.admin!, 'POST', `/v1/kpi/assessments/${id}/complete`)).status).toBe(409);
    const target = Number((indicators.find((i) => i._id === higher._id) as { target?: number }).target ?? 100);
    expect(
      (
        await save(
          [
            { employee: a, step: 0, values: { [yesNo._id]: 1 } },
            { employee: b, step: 0, values: { [higher._id]: target / 2, [yesNo._id]: 0 } },
          ],
          true,
        )
      ).body.data.submitted,
    ).toBe(2);
    expect(
      (
        await save(
          [
            { employee: a, step: 1, values: { [higher._id]: target, [yesNo._id]: 1 } },
            { employee: b, step: 1, values: { [higher._id]: target / 2, [yesNo._id]: 1 } },
          ],
          true,
        )
      ).status,
    ).toBe(200);
    const done = await t.call(tokens.admin!, 'POST', `/v1/kpi/assessments/${id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('completed');
    const results = (await t.call(tokens.admin!, 'GET', `/v1/kpi/assessments/${id}/results`)).body.data as {
      employee: string;
      score: number;
      rank: number;
      formula: string;
    }[];
    expect(results.length).toBe(2);
    const best = results.find((r) => r.employee === a)!;
    expect(best.formula).toContain('÷');
    expect(best.score).toBeGreaterThan(results.find((r) => r.employee === b)!.score);
    // Locked: no more scores, no second completion; the completion is logged.
    expect((await save([{ employee: a, step: 1, values: { [higher._id]: 1 } }])).status).toBe(409);
    expect((await t.call(tokens.admin!, 'POST', `/v1/kpi/assessments/${id}/complete`)).status).toBe(409);
    const logs = await t.call(tokens.admin!, 'GET', '/v1/logs?search=completed and locked');
    expect(logs.body.data.length).toBeGreaterThan(0);
    // A rule with assessments stays.
    expect((await t.call(tokens.admin!, 'DELETE', `/v1/kpi/rules/${rule.body.data._id}`)).status).toBe(409);
    expect((await t.call(tokens.admin!, 'DELETE', `/v1/kpi/assessor-flow/${flow.body.data._id}`)).status).toBe(409);
  });

  it('gives assessors who are not admins their own sheets, steps in order, reaching exactly their people', async () => {
    const own = async (username: string) =>
      (
        await query<{ id: string }>(
          'select e.id from employees e join users u on u.id = e.user_id where u.username = $1',
          [username],
        )
      )[0]!.id;
    const [supervisor, head] = [await own('approver'), await own('employee')];
    // Two people of one department supervised by the approver, whose department head is the plain employee; a third
    // supervised by someone else.
    const people = await query<{ id: string; department_id: string }>(
      `select e.id, e.department_id from employees e join companies c on c.id = e.company_id
        where c.code = 'DEMO' and e.exit_date is null and e.department_id is not null
          and e.id not in ($1, $2) and e.user_id not in (select id from users where username in
            ('admin', 'subadmin', 'deptadmin', 'approver', 'custom', 'employee'))
        order by e.employee_id`,
      [supervisor, head],
    );
    const department = people[0]!.department_id;
    const [a, b] = people.filter((p) => p.department_id === department).map((p) => p.id) as [string, string];
    const outsider = people.find((p) => p.department_id !== department)!.id;
    await query('update employees set supervisor_id = $1 where id = any($2)', [supervisor, [a, b]]);
    await query('update employees set supervisor_id = $1 where id = $2', [head, outsider]);
    await query('update departments set head_id = $1 where id = $2', [head, department]);

    const indicators = (await t.call(tokens.admin!, 'GET', '/v1/kpi/indicator-component?limit=100')).body.data as {
      _id: string;
      target_type: string;
    }[];
    const higher = indicators.find((i) => i.target_type === 'higher_better')!;
    const flow = await t.call(tokens.admin!, 'POST', '/v1/kpi/assessor-flow', {
      name: 'Supervisor then head (own sheets)',
      assessors: [{ type: 'supervisor' }, { type: 'department_head' }],
    });
    const rule = await t.call(tokens.admin!, 'POST', '/v1/kpi/rules', {
      name: 'Own sheets',
      departments: [],
      job_titles: [],
      employees: [a, b, outsider],
      flow: flow.body.data._id,
      indicators: [higher._id],
    });
    expect(rule.status).toBe(201);
    const opened = await t.call(tokens.admin!, 'POST', '/v1/kpi/assessments', {
      rule: rule.body.data._id,
      period_type: 'month',
      date: '2026-09-10',
    });
    expect(opened.status).toBe(201);
    const id = opened.body.data._id as string;

    // The KPI admin menu stays closed to them; My assessments is theirs.
    expect((await t.call(tokens.approver!, 'GET', `/v1/kpi/assessments/${id}`)).status).toBe(403);
    const listed = (await t.call(tokens.approver!, 'GET', '/v1/kpi/my-assessments')).body.data as {
      _id: string;
      waiting: number;
      assessed: number;
    }[];
    expect(listed.find((p) => p._id === id)).toMatchObject({ waiting: 2, assessed: 2 });
    const first = (await t.call(tokens.approver!, 'GET', `/v1/kpi/my-assessments/${id}`)).body.data;
    expect(first.rows.map((r: { employee: { _id: string } }) => r.employee._id).sort()).toEqual([a, b].sort());
    // The head's step waits for the supervisor's: listed, nothing to fill yet.
    expect(
      ((await t.call(tokens.employee!, 'GET', '/v1/kpi/my-assessments')).body.data as { _id: string }[]).find(
        (p) => p._id === id,
      ),
    ).toMatchObject({ waiting: 1, assessed: 3 }); // the outsider's supervisor is the head: step 1 is theirs
    expect(
      (await t.call(tokens.employee!, 'GET', `/v1/kpi/my-assessments/${id}`)).body.data.rows.map(
        (r: { employee: { _id: string } }) => r.employee._id,
      ),
    ).toEqual([outsider]);

    const save = (token: string, entries: unknown[], submit = false) =>
      t.call(token, 'PUT', `/v1/kpi/my-assessments/${id}/scores`, { entries, submit });
    const probe = await save(tokens.approver!, [{ employee: outsider, step: 0, values: { [higher._id]: 80 } }]);
    expect(probe.status, JSON.stringify(probe.body)).toBe(400);
    // Not theirs: someone else's person, someone else's step, a step before its turn.
    expect(
      (await save(tokens.approver!, [{ employee: outsider, step: 0, values: { [higher._id]: 80 } }])).body.fields[
        'entries.0.employee'
      ].code,
    ).toBe('not_found');
    expect(
      (await save(tokens.employee!, [{ employee: a, step: 0, values: { [higher._id]: 80 } }])).body.fields[
        'entries.0.step'
      ].code,
    ).toBe('not_yours');
    expect(
      (await save(tokens.employee!, [{ employee: a, step: 1, values: { [higher._id]: 80 } }])).body.fields[
        'entries.0.step'
      ].code,
    ).toBe('out_of_order');
    const cj = (await t.call(tokens['admin.cj']!, 'GET', '/v1/kpi/my-assessments')).status;
    expect(cj).toBe(403);

    // The supervisor hands in step 1; then the head sees both and hands in step 2.
    const step1 = await save(
      tokens.approver!,
      [
        { employee: a, step: 0, values: { [higher._id]: 95 } },
        { employee: b, step: 0, values: { [higher._id]: 70 } },
      ],
      true,
    );
    expect(step1.status, JSON.stringify(step1.body)).toBe(200);
    expect(step1.body.data).toEqual({ saved: 2, submitted: 2 });
    expect((await t.call(tokens.approver!, 'GET', `/v1/kpi/my-assessments/${id}`)).body.data.rows).toEqual([]);
    const headSheet = (await t.call(tokens.employee!, 'GET', `/v1/kpi/my-assessments/${id}`)).body.data;
    expect(headSheet.rows.map((r: { employee: { _id: string } }) => r.employee._id).sort()).toEqual(
      [a, b, outsider].sort(),
    );
    // The supervisor's scores are not shown to the next assessor.
    const rowA = headSheet.rows.find((r: { employee: { _id: string } }) => r.employee._id === a);
    expect(rowA.steps[0].values).toEqual({});
    const step2 = await save(
      tokens.employee!,
      [
        { employee: a, step: 1, values: { [higher._id]: 100 } },
        { employee: b, step: 1, values: { [higher._id]: 60 } },
      ],
      true,
    );
    expect(step2.status, JSON.stringify(step2.body)).toBe(200);
    const submitted = await query<{ step: number; assessor_id: string; submitted_by: string; username: string }>(
      `select k.step, k.assessor_id, u.username from kpi_entries k join users u on u.id = k.submitted_by
        where k.assessment_id = $1 and k.employee_id = $2 order by k.step`,
      [id, a],
    );
    expect(submitted.map((row) => [row.assessor_id, row.username])).toEqual([
      [supervisor, 'approver'],
      [head, 'employee'],
    ]);
    // The admin's ranking has both people finished.
    const results = (await t.call(tokens.admin!, 'GET', `/v1/kpi/assessments/${id}/results`)).body.data as {
      employee: string;
      rank: number;
    }[];
    expect(results.find((r) => r.employee === a)?.rank).toBe(1);
    expect(results.find((r) => r.employee === b)?.rank).toBe(2);
  });

  it('keeps to the company and the department admin’s reach', async () => {
    const [foreign] = await query<{ id: string }>(
      `select d.id from departments d join companies c on c.id = d.company_id where c.code = 'CJ' limit 1`,
    );
    const flows = (await t.call(tokens.admin!, 'GET', '/v1/kpi/assessor-flow')).body.data;
    const indicators = (await t.call(tokens.admin!, 'GET', '/v1/kpi/indicator-component')).body.data;
    const bad = await t.call(tokens.admin!, 'POST', '/v1/kpi/rules', {
      name: 'Foreign',
      departments: [foreign!.id],
      job_titles: [],
      employees: [],
      flow: flows[0]._id,
      indicators: [indicators[0]._id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.departments.code).toBe('not_found');
    const periods = (await t.call(tokens.admin!, 'GET', '/v1/kpi/assessments')).body.data;
    expect((await t.call(tokens['admin.cj']!, 'GET', `/v1/kpi/assessments/${periods[0]._id}`)).status).toBe(404);
    expect((await t.call(tokens['admin.cj']!, 'GET', `/v1/kpi/rules/${flows[0]._id}`)).status).toBe(404);
    // A department admin fills their department's sheets, and sets up nothing company-wide.
    expect(
      (
        await t.call(tokens.deptadmin!, 'POST', '/v1/kpi/assessor-flow', {
          name: 'Mine',
          assessors: [{ type: 'self' }],
        })
      ).status,
    ).toBe(403);
    const [own] = await query<{ department_id: string }>(
      `select e.department_id from employees e join users u on u.id = e.user_id where u.username = 'deptadmin'`,
    );
    for (const period of periods) {
      const sheet = await t.call(tokens.deptadmin!, 'GET', `/v1/kpi/assessments/${period._id}`);
      expect(sheet.status).toBe(200);
      for (const row of sheet.body.data.rows) expect(row.department?._id).toBe(own!.department_id);
    }
  });

  it('feeds a payroll bonus from a completed period: previewed, then written once as bonus items', async () => {
    const periods = (await t.call(tokens.admin!, 'GET', '/v1/kpi/assessments')).body.data as {
      _id: string;
      rule: { name: string };
      status: string;
    }[];
    const office = periods.find((p) => p.rule.name === 'Office and operations staff' && p.status === 'completed')!;
    const bonuses = (await t.call(tokens.admin!, 'GET', '/v1/refs/payrolls/bonuses?limit=10')).body.data;
    expect(bonuses.length).toBeGreaterThan(0);
    const [closed] = await query<{ year: number; month: number }>(
      `select s.year, s.month from payroll_summaries s join companies c on c.id = s.company_id
        where c.code = 'DEMO' and s.type = 'payroll_run' and s.status = 'completed' order by s.year, s.month limit 1`,
    );
    const body = { bonus: bonuses[0]._id, month: '2031-01', amount: 1_000_000, minimum_score: 80 };
    const url = `/v1/kpi/assessments/${office._id}/bonus`;
    const preview = await t.call(tokens.admin!, 'POST', `${url}/preview`, body);
    expect(preview.status).toBe(200);
    const results = (await t.call(tokens.admin!, 'GET', `/v1/kpi/assessments/${office._id}/results`)).body.data;
    expect(preview.body.data.rows.length).toBe(results.length);
    for (const row of preview.body.data.rows) {
      expect(row.amount).toBe(row.score >= 80 ? Math.round((1_000_000 * row.score) / 100) : 0);
    }
    expect(preview.body.data.written_at).toBeNull();
    expect((await t.call(tokens.deptadmin!, 'POST', `${url}/preview`, body)).status).toBe(403);
    if (closed) {
      const month = `${closed.year}-${String(closed.month).padStart(2, '0')}`;
      const refused = await t.call(tokens.admin!, 'POST', url, { ...body, month });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('payroll_completed');
    }
    const written = await t.call(tokens.admin!, 'POST', url, body);
    expect(written.status).toBe(200);
    expect(written.body.data.written).toBe(preview.body.data.paid);
    const [stored] = await query<{ n: number; total: string }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::text as total from employee_bonuses
        where year = 2031 and month = 1 and description like 'KPI Office and operations staff%'`,
    );
    expect(stored!.n).toBe(preview.body.data.paid);
    expect(Number(stored!.total)).toBe(preview.body.data.total);
    expect((await t.call(tokens.admin!, 'POST', url, body)).body.code).toBe('already_written');
  });
});
