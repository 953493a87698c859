/** The approvals screens' API calls (the contract in docs: /v1/approvals, /v1/approval-flow, /v1/notifications). */

import type { NotificationKind } from '../../../common/approvals.ts';
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';
import type { Approval, ApprovalContext, ApprovalStatus, DecisionResult } from './model.ts';

export const inline = { [INLINE_ERRORS_HEADER]: '1' };

/**
 * Paging (docs/decisions/0068): the first page is small so the grid shows rows and takes keys at once; the rest
 * comes behind it in larger pages (10,000 pending in one reply was seconds of server work and ~8 MB).
 */
export const FIRST_PAGE = 200;
export const NEXT_PAGE = 2_000;
/** One call without a page (a person's own requests), and the most rows a review screen loads per context (the
 * newest): the "all" tab of a company with years of requests stays a bounded load. */
const LIST_LIMIT = 10_000;

export interface ApprovalQuery {
  box: 'mine' | 'inbox' | 'all';
  context?: ApprovalContext;
  status?: ApprovalStatus;
  search?: string;
  from?: string;
  to?: string;
}

export async function listApprovals(
  query: ApprovalQuery & { limit?: number; skip?: number },
  signal?: AbortSignal,
): Promise<{ data: Approval[]; total: number }> {
  const reply = await call(
    api.GET('/v1/approvals', { params: { query: { limit: LIST_LIMIT, ...query } }, signal, headers: inline }),
  );
  return { data: reply.data as Approval[], total: reply.total };
}

/**
 * What is loaded so far: the rows (newest first, each once), how many there are in all, whether the load is over
 * (complete with fewer rows than `total`: the newest 10,000 of each context).
 */
export interface Loaded {
  rows: Approval[];
  total: number;
  complete: boolean;
}

/**
 * Every request of the contexts (employment: profile changes and contracts, one query each, merged newest first),
 * page by page: `onPage` gets the rows so far after the first page of every context, then after each further page.
 * Rows are keyed by id, so a request that moves between pages (a new one arriving meanwhile) is not shown twice.
 */
export async function loadForContexts(
  contexts: readonly ApprovalContext[],
  query: Omit<ApprovalQuery, 'context'>,
  onPage: (loaded: Loaded) => void,
  signal?: AbortSignal,
): Promise<void> {
  const queries = (contexts.length ? contexts : [undefined]).map((context) => ({
    ...query,
    ...(context ? { context } : {}),
  }));
  const byId = new Map<string, Approval>();
  const add = (data: Approval[]) => {
    for (const row of data) byId.set(row._id, row);
  };
  const emit = (complete: boolean) => {
    const rows = [...byId.values()];
    if (queries.length > 1) rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
    onPage({
      rows,
      total: Math.max(
        totals.reduce((sum, n) => sum + n, 0),
        rows.length,
      ),
      complete,
    });
  };
  const firsts = await Promise.all(queries.map((q) => listApprovals({ ...q, limit: FIRST_PAGE }, signal)));
  const totals = firsts.map((reply) => reply.total);
  for (const reply of firsts) add(reply.data);
  const rest = queries.flatMap((q, i) =>
    Array.from(
      { length: Math.ceil(Math.max(0, Math.min(totals[i]!, LIST_LIMIT) - FIRST_PAGE) / NEXT_PAGE) },
      (_, page) => ({
        ...q,
        skip: FIRST_PAGE + page * NEXT_PAGE,
        limit: Math.min(NEXT_PAGE, LIST_LIMIT - FIRST_PAGE - page * NEXT_PAGE),
      }),
    ),
  );
  emit(rest.length === 0);
  for (const [index, q] of rest.entries()) {
    if (signal?.aborted) return;
    add((await listApprovals(q, signal)).data);
    emit(index === rest.length - 1);
  }
}

export async function getApproval(id: string): Promise<Approval> {
  const reply = await call(api.GET('/v1/approvals/{id}', { params: { path: { id } }, headers: inline }));
  return reply.data as Approval;
}

export async function decide(
  ids: readonly string[],
  decision: 'approve' | 'reject',
  note: string,
  acknowledge = false,
): Promise<DecisionResult[]> {
  const reply = await call(
    api.POST('/v1/approvals/decisions', {
      body: {
        ids: [...ids],
        decision,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(acknowledge ? { acknowledge_warnings: true } : {}),
      },
      headers: inline,
    }),
  );
  return reply.data as DecisionResult[];
}

export async function withdraw(id: string): Promise<Approval> {
  const reply = await call(api.POST('/v1/approvals/{id}/withdraw', { params: { path: { id } }, headers: inline }));
  return reply.data as Approval;
}

/** The contract takes at most 1,000 ids a call: larger selections go in turns, their results joined. */
export async function decideInBatches(
  ids: readonly string[],
  decision: 'approve' | 'reject',
  note: string,
  acknowledge = false,
): Promise<DecisionResult[]> {
  const results: DecisionResult[] = [];
  for (let start = 0; start < ids.length; start += 1000) {
    results.push(...(await decide(ids.slice(start, start + 1000), decision, note, acknowledge)));
  }
  return results;
}

/** `employee`: whom it is for when an admin asks on their behalf (a contract change); else the caller. */
export async function createRequest(
  context: ApprovalContext,
  content: Record<string, unknown>,
  employee?: string,
): Promise<Approval> {
  const reply = await call(
    api.POST('/v1/approvals', { body: { context, content, ...(employee ? { employee } : {}) }, headers: inline }),
  );
  return reply.data as Approval;
}

// ---- what the request form offers -----------------------------------------------------------------------------------

export interface RequestOptions {
  leaveTypes: { _id: string; type: string; remaining: number | null }[];
  shifts: { _id: string; name: string; code: string | null }[];
  colleagues: { _id: string; fullname: string }[];
  /** The company's duty types (`duty/category`), a business trip's duty type. */
  dutyTypes: { _id: string; code: string; name: string }[];
}

export async function loadRequestOptions(): Promise<RequestOptions> {
  const [{ data }, duty] = await Promise.all([
    call(api.GET('/v1/approvals/options', { headers: inline })),
    call(api.GET('/v1/duty/category', { headers: inline })),
  ]);
  return { leaveTypes: data.leave_types, shifts: data.shifts, colleagues: data.colleagues, dutyTypes: duty.data };
}

/** A leave's days as the request will count them, and the type's balance left. */
export async function leavePreview(query: {
  leave_type: string;
  start_date: string;
  end_date: string;
  unit: 'day' | 'half_day' | 'hour';
  hours?: number;
}): Promise<{ days: number | null; remaining: number | null }> {
  const { data } = await call(api.GET('/v1/approvals/leave-days', { params: { query }, headers: inline }));
  return { days: data.total_days, remaining: data.remaining };
}

// ---- notifications ----------------------------------------------------------------------------------------------------

export interface Notification {
  _id: string;
  kind: NotificationKind;
  approval: { _id: string; approval_number: string; context: ApprovalContext; status: ApprovalStatus } | null;
  announcement: { _id: string; title: string } | null;
  company_announcement: { _id: string; title: string } | null;
  created_at: string;
  read_at: string | null;
}

export async function listNotifications(): Promise<{ data: Notification[]; unread: number }> {
  const reply = await call(api.GET('/v1/notifications', { params: { query: {} } }));
  return { data: reply.data as Notification[], unread: reply.unread };
}

export async function markRead(ids?: string[]): Promise<number> {
  const reply = await call(api.POST('/v1/notifications/read', { body: ids ? { ids } : {} }));
  return reply.data.unread;
}

// ---- history ------------------------------------------------------------------------------------------------------------

export interface HistoryRecord {
  _id: string;
  approval: {
    _id: string;
    approval_number: string;
    context: ApprovalContext;
    employee: { _id: string; employee_id: string; fullname: string } | null;
  };
  level: number;
  decision: 'approve' | 'reject' | 'withdraw';
  by: { _id: string; fullname: string } | null;
  at: string;
  note: string | null;
  as_admin: boolean;
}

export async function listHistory(
  query: { context?: ApprovalContext; from?: string; to?: string },
  signal?: AbortSignal,
): Promise<HistoryRecord[]> {
  const reply = await call(
    api.GET('/v1/approvals/history', { params: { query: { ...query, limit: LIST_LIMIT } }, signal, headers: inline }),
  );
  return reply.data as HistoryRecord[];
}

// ---- flows -----------------------------------------------------------------------------------------------------------------

export type Flow = Schemas['ApprovalFlow'];
export type FlowBody = Schemas['ApprovalFlowInput'];
export type FlowLevel = FlowBody['levels'][number];
export type FlowApprover = FlowLevel['approvers'][number];
export interface FlowOptions {
  employees: { _id: string; label: string }[];
  departments: { _id: string; label: string }[];
  leaveTypes: { _id: string; label: string }[];
}

export async function listFlows(signal?: AbortSignal): Promise<Flow[]> {
  const reply = await call(api.GET('/v1/approval-flow', { signal, headers: inline }));
  return reply.data;
}

export async function saveFlow(id: string | null, body: FlowBody): Promise<Flow> {
  const reply = id
    ? await call(api.PUT('/v1/approval-flow/{id}', { params: { path: { id } }, body, headers: inline }))
    : await call(api.POST('/v1/approval-flow', { body, headers: inline }));
  return reply.data;
}

export async function deleteFlow(id: string): Promise<void> {
  await call(api.DELETE('/v1/approval-flow/{id}', { params: { path: { id } }, headers: inline }));
}

/** The editor's choices: active employees, departments and leave types, by name. */
export async function loadFlowOptions(): Promise<FlowOptions> {
  const [employees, departments, rules] = await Promise.all([
    call(api.GET('/v1/employees', { params: { query: { limit: 10000, sort: 'fullname' } } })),
    call(api.GET('/v1/refs/employees/orgs/departments', { params: { query: { limit: 1000, sort: 'name' } } })),
    call(api.GET('/v1/leave-rules', { params: { query: { limit: 1000, sort: 'type' } } })),
  ]);
  return {
    employees: employees.data.map((row) => ({ _id: row._id, label: `${row.fullname} · ${row.employee_id}` })),
    departments: departments.data.map((row) => ({ _id: row._id, label: row.name })),
    leaveTypes: rules.data.map((row) => ({ _id: row._id, label: row.type })),
  };
}
