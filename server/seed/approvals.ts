/**
 * Demo approvals (issue 13) for PT Demo Nusantara: two flows for Operations (leave: supervisor then HR admin;
 * overtime: supervisor), and ~150 requests over the last months in every context and status, ~40 of them waiting
 * for the `approver` login (Operations supervisor) and so for the `admin`. Approved requests carry their effects
 * (leaves rows, overtimes, business trips); contexts whose effect rewrites a record (clock corrections, shift
 * changes, profile, resignation) are seeded open or refused only, so the demo records stay as seeded. Set-based:
 * a handful of multi-row inserts.
 */
import { sql } from 'drizzle-orm';
import {
  type ApprovalContext,
  type ApprovalStatus,
  approvalContexts,
  formatApprovalNumber,
} from '../../common/approvals.ts';
import type { Executor } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';

const plus = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** The weekday on or before a date. */
const weekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

/** Employees' requests: a daily payroll's approval is made by completing it (server/seed/weekly.ts seeds one). */
type SeededContext = Exclude<ApprovalContext, 'daily_payroll'>;
const seededContexts = approvalContexts.filter((context): context is SeededContext => context !== 'daily_payroll');

const decidedStatuses: ApprovalStatus[] = ['approved', 'approved', 'rejected', 'withdrawn', 'partial'];
/** Contexts whose approval would rewrite a demo record: never approved here. */
const rewriting = new Set<ApprovalContext>(['clock_correction', 'change_shift', 'employee_profile', 'resignation']);
const reasons = ['Family matters', 'Medical check-up', 'Stock count', 'Client visit', 'Traffic jam', 'Wedding'];
const cities = ['Surabaya', 'Medan', 'Makassar', 'Semarang', 'Balikpapan', 'Denpasar'];

export async function seedApprovals(tx: Executor, today: string) {
  const company = (await tx.execute(sql`select id from companies where code = 'DEMO'`)).rows[0] as
    | { id: string }
    | undefined;
  if (!company) return;
  const people = (
    await tx.execute(sql`
      select e.id, e.user_id, u.username, d.code as department, to_char(e.end_of_contract, 'YYYY-MM-DD') as end_of_contract,
        e.status, exists (select 1 from employees r where r.supervisor_id = e.id) as has_reports
      from employees e join users u on u.id = e.user_id left join departments d on d.id = e.department_id
      where e.company_id = ${company.id} and e.exit_date is null order by e.employee_id`)
  ).rows as {
    id: string;
    user_id: string;
    username: string;
    department: string | null;
    end_of_contract: string | null;
    status: string;
    has_reports: boolean;
  }[];
  const approver = people.find((p) => p.username === 'approver');
  const admin = people.find((p) => p.username === 'admin');
  const ops = (await tx.execute(sql`select id from departments where company_id = ${company.id} and code = 'OPS'`))
    .rows[0] as { id: string } | undefined;
  if (!approver || !admin || !ops) return;
  const logins = new Set(['admin', 'subadmin', 'deptadmin', 'approver', 'custom', 'employee']);
  // Staff only: re-parenting someone who supervises others would bend the demo's hierarchy (cycles, new roots).
  const requesters = people
    .filter((p) => p.department === 'OPS' && !logins.has(p.username) && !p.has_reports)
    .slice(0, 30);
  if (requesters.length === 0) return;
  // Operations reports to the approver (the demo's Operations supervisor).
  await tx.execute(sql`update employees set supervisor_id = ${approver.id}
    where id = any(${uuidArray(requesters.map((r) => r.id))})`);
  // Their open KPI quarter (server/seed/kpi.ts, decision 0215) waits for the approver, their supervisor now: no
  // earlier supervisor's scores.
  await tx.execute(sql`delete from kpi_entries k using kpi_assessments a
    where a.id = k.assessment_id and a.status = 'open' and a.company_id = ${company.id}
      and k.employee_id = any(${uuidArray(requesters.map((r) => r.id))})`);
  const rules = (
    await tx.execute(
      sql`select id, type from leave_rules where company_id = ${company.id} and type in ('Sick Leave', 'Unpaid Leave')`,
    )
  ).rows as { id: string; type: string }[];
  const sick = rules.find((r) => r.type === 'Sick Leave')?.id;
  const shift = (await tx.execute(sql`select id from shifts where company_id = ${company.id} order by code limit 1`))
    .rows[0] as { id: string } | undefined;
  if (!sick || !shift) return;
  const leaveLevels = [
    { approvers: [{ type: 'supervisor' }], mode: 'any' },
    { approvers: [{ type: 'employee', employee: admin.id }], mode: 'any' },
  ];
  await tx.execute(sql`
    insert into approval_flows (company_id, name, context, leave_type, members, levels)
    values (${company.id}, 'Operations leave: supervisor, then HR', array['leave']::approval_context[], '{}'::uuid[],
        ${JSON.stringify({ employees: [], departments: [ops.id] })}::jsonb, ${JSON.stringify(leaveLevels)}::jsonb),
      (${company.id}, 'Operations overtime: supervisor', array['overtime']::approval_context[], '{}'::uuid[],
        ${JSON.stringify({ employees: [], departments: [ops.id] })}::jsonb,
        ${JSON.stringify([{ approvers: [{ type: 'supervisor' }], mode: 'any' }])}::jsonb)`);

  // The demo `employee` (Sales) is covered by a flow whose approver is the `approver` login (issue 26): `approver`
  // decides `employee`'s requests out of the box, two of them already waiting.
  const employee = people.find((p) => p.username === 'employee');
  const employeeFlowName = 'Sales, Budi Santoso: Wahyu Nugroho approves';
  const employeeFlow = employee
    ? ((
        await tx.execute(sql`
          insert into approval_flows (company_id, name, context, leave_type, members, levels)
          values (${company.id}, ${employeeFlowName},
            ${`{${seededContexts.join(',')}}`}::approval_context[], '{}'::uuid[],
            ${JSON.stringify({ employees: [employee.id], departments: [] })}::jsonb,
            ${JSON.stringify([{ approvers: [{ type: 'employee', employee: approver.id }], mode: 'any' }])}::jsonb)
          returning id`)
      ).rows[0] as { id: string })
    : null;

  const counters = new Map<string, number>();
  const approvals: Record<string, unknown>[] = [];
  const decisions: unknown[] = [];
  const leaves: unknown[] = [];
  const overtimes: unknown[] = [];
  const trips: unknown[] = [];
  for (let i = 0; i < 150; i++) {
    const person = requesters[i % requesters.length]!;
    const context = seededContexts[i % seededContexts.length]!;
    const pending = i < 40;
    let status: ApprovalStatus = pending ? 'pending' : decidedStatuses[i % decidedStatuses.length]!;
    if (status === 'approved' && rewriting.has(context)) status = 'rejected';
    // Open requests are about the coming weeks; decided ones about the last four months.
    const date = weekday(pending ? plus(today, 3 + (i % 20)) : plus(today, -7 - ((i * 13) % 120)));
    // Asked before today: open ones in the last days (never in the future), decided ones five days before their date.
    const created = `${pending ? plus(today, -(1 + (i % 5))) : plus(date, -5)}T0${1 + (i % 8)}:15:00+07:00`;
    const year = Number(created.slice(0, 4));
    const key = `${context}|${year}`;
    const sequence = (counters.get(key) ?? 0) + 1;
    counters.set(key, sequence);
    const reason = reasons[i % reasons.length]!;
    const levels = context === 'leave' ? 2 : 1;
    const flowLevels =
      context === 'leave'
        ? [
            { approvers: [approver.id], mode: 'any' },
            { approvers: [admin.id], mode: 'any' },
          ]
        : [{ approvers: [approver.id], mode: 'any' }];
    const flow = {
      flow: context === 'leave' || context === 'overtime' ? null : null,
      levels: flowLevels,
    };
    const hours = 1 + (i % 3);
    const content = (
      {
        leave: {
          leave_type: sick,
          start_date: date,
          end_date: date,
          unit: 'day',
          hours: null,
          reason,
          attachment: null,
          total_days: 1,
        },
        overtime: { date, start_time: '17:00', end_time: `${17 + hours}:00`, hours, reason, total_hours: hours },
        clock_correction: { date, clock_in: '08:00', clock_out: null, reason },
        change_shift: { date, shift: shift.id, swap_with: null, reason },
        business_trip: {
          destination: cities[i % cities.length],
          start_date: date,
          end_date: plus(date, 1),
          purpose: reason,
          total_days: 2,
        },
        resignation: { last_working_day: plus(today, 30), reason: 'Continuing my studies' },
        employee_profile: {
          changes: { phone: `0812${String(10_000_000 + i * 7919).slice(0, 8)}` },
          before: { phone: null },
        },
        contract: {
          employee_status: person.status,
          end_of_contract: person.end_of_contract,
          reason: 'Renewal',
          before: { employee_status: person.status, end_of_contract: person.end_of_contract },
        },
      } satisfies Record<SeededContext, Record<string, unknown>>
    )[context];
    const level = status === 'partial' ? 2 : 1;
    const statusOfRow: ApprovalStatus = status === 'partial' && levels === 1 ? 'pending' : status;
    const open = statusOfRow === 'pending' || statusOfRow === 'partial';
    const id = crypto.randomUUID();
    const start = context === 'resignation' ? plus(today, 30) : date;
    const end = context === 'business_trip' ? plus(date, 1) : start;
    approvals.push({
      id,
      context,
      status: statusOfRow,
      number: formatApprovalNumber(context, year, sequence),
      content,
      start,
      end,
      level: statusOfRow === 'partial' ? 2 : 1,
      levels,
      flow,
      approvers: open ? (flowLevels[(statusOfRow === 'partial' ? 2 : level) - 1]?.approvers ?? []) : [],
      participants: [...new Set(flowLevels.flatMap((l) => l.approvers))],
      employee: person.id,
      created_by: context === 'contract' ? admin.user_id : person.user_id,
      created,
    });
    const decidedAt = `${plus(created.slice(0, 10), 1)}T10:00:00+07:00`;
    if (statusOfRow === 'partial' || statusOfRow === 'approved' || statusOfRow === 'rejected') {
      decisions.push(
        sql`(${company.id}::uuid, ${id}::uuid, 1::smallint, ${statusOfRow === 'rejected' && levels === 1 ? 'reject' : 'approve'}::approval_decision, ${approver.user_id}::uuid, null, false, ${decidedAt}::timestamptz)`,
      );
      if (levels === 2 && statusOfRow !== 'partial') {
        decisions.push(
          sql`(${company.id}::uuid, ${id}::uuid, 2::smallint, ${statusOfRow === 'rejected' ? 'reject' : 'approve'}::approval_decision, ${admin.user_id}::uuid, ${statusOfRow === 'rejected' ? 'Short-staffed that day' : null}, false, ${`${plus(created.slice(0, 10), 2)}T10:00:00+07:00`}::timestamptz)`,
        );
      }
    }
    if (statusOfRow === 'withdrawn') {
      decisions.push(
        sql`(${company.id}::uuid, ${id}::uuid, 1::smallint, 'withdraw'::approval_decision, ${person.user_id}::uuid, null, false, ${decidedAt}::timestamptz)`,
      );
    }
    if (context === 'leave') {
      const leaveStatus = open ? 'pending' : statusOfRow;
      leaves.push(
        sql`(${company.id}::uuid, ${person.id}::uuid, ${sick}::uuid, ${date}::date, ${date}::date, 'day'::leave_unit, 1, ${leaveStatus}::leave_status, ${reason}, ${id}::uuid)`,
      );
    }
    if (context === 'overtime' && statusOfRow === 'approved') {
      overtimes.push(
        sql`(${company.id}::uuid, ${person.id}::uuid, ${date}::date, ${hours}, 'working_day'::overtime_day_type, '17:00', ${`${17 + hours}:00`}, ${reason}, ${id}::uuid)`,
      );
    }
    if (context === 'business_trip' && statusOfRow === 'approved') {
      trips.push(
        sql`(${company.id}::uuid, ${person.id}::uuid, ${date}::date, ${plus(date, 1)}::date, 2, ${cities[i % cities.length]!}, ${reason}, ${id}::uuid)`,
      );
    }
  }
  if (employee && employeeFlow) {
    const waiting: { context: SeededContext; content: Record<string, unknown>; start: string; end: string }[] = [
      {
        context: 'overtime',
        content: {
          date: weekday(plus(today, 4)),
          start_time: '17:00',
          end_time: '19:00',
          hours: 2,
          reason: 'Quarter-end sales report',
          total_hours: 2,
        },
        start: weekday(plus(today, 4)),
        end: weekday(plus(today, 4)),
      },
      {
        context: 'business_trip',
        content: {
          destination: 'Bandung',
          start_date: weekday(plus(today, 10)),
          end_date: plus(weekday(plus(today, 10)), 1),
          purpose: 'Client visit',
          total_days: 2,
        },
        start: weekday(plus(today, 10)),
        end: plus(weekday(plus(today, 10)), 1),
      },
    ];
    for (const [n, request] of waiting.entries()) {
      const created = `${plus(today, -1)}T0${8 + n}:30:00+07:00`;
      const year = Number(created.slice(0, 4));
      const key = `${request.context}|${year}`;
      const sequence = (counters.get(key) ?? 0) + 1;
      counters.set(key, sequence);
      approvals.push({
        id: crypto.randomUUID(),
        context: request.context,
        status: 'pending',
        number: formatApprovalNumber(request.context, year, sequence),
        content: request.content,
        start: request.start,
        end: request.end,
        level: 1,
        levels: 1,
        flow: {
          flow: { id: employeeFlow.id, name: employeeFlowName },
          levels: [{ approvers: [approver.id], mode: 'any' }],
        },
        approvers: [approver.id],
        participants: [approver.id],
        employee: employee.id,
        created_by: employee.user_id,
        created,
      });
    }
  }
  await tx.execute(sql`
    insert into approvals (id, company_id, employee_id, context, status, approval_number, content, start_date, end_date,
      level, levels, flow, approvers, participants, created_by, created_at, updated_at)
    values ${sql.join(
      approvals.map(
        (a) => sql`(${a.id as string}::uuid, ${company.id}::uuid, ${a.employee as string}::uuid,
          ${a.context as string}::approval_context, ${a.status as string}::approval_status, ${a.number as string},
          ${JSON.stringify(a.content)}::jsonb, ${a.start as string}::date, ${a.end as string}::date,
          ${a.level as number}::smallint, ${a.levels as number}::smallint, ${JSON.stringify(a.flow)}::jsonb,
          ${uuidArray(a.approvers as string[])}, ${uuidArray(a.participants as string[])}, ${a.created_by as string}::uuid,
          ${a.created as string}::timestamptz, ${a.created as string}::timestamptz)`,
      ),
      sql`, `,
    )}`);
  if (decisions.length) {
    await tx.execute(sql`insert into approval_decisions (company_id, approval_id, level, decision, decided_by, note, as_admin,
      created_at) values ${sql.join(decisions as ReturnType<typeof sql>[], sql`, `)}`);
  }
  if (leaves.length) {
    await tx.execute(sql`insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status,
      reason, approval_id) values ${sql.join(leaves as ReturnType<typeof sql>[], sql`, `)}`);
  }
  if (overtimes.length) {
    await tx.execute(sql`insert into overtimes (company_id, employee_id, date, hours, day_type, start_time, end_time, reason,
      approval_id) values ${sql.join(overtimes as ReturnType<typeof sql>[], sql`, `)}`);
  }
  if (trips.length) {
    await tx.execute(sql`insert into business_trips (company_id, employee_id, start_date, end_date, days, destination, purpose,
      approval_id) values ${sql.join(trips as ReturnType<typeof sql>[], sql`, `)}`);
  }
  await tx.execute(sql`
    insert into approval_counters (company_id, context, year, last)
    values ${sql.join(
      [...counters].map(([key, last]) => {
        const [context, year] = key.split('|') as [string, string];
        return sql`(${company.id}::uuid, ${context}::approval_context, ${Number(year)}::smallint, ${last})`;
      }),
      sql`, `,
    )}`);
  // The approver is told of what waits for them.
  await tx.execute(sql`
    insert into notifications (company_id, user_id, kind, approval_id, created_at)
    select company_id, ${approver.user_id}::uuid, 'approval_waiting', id, created_at from approvals
    where company_id = ${company.id} and status = 'pending' and ${approver.id}::uuid = any(approvers)`);
}
