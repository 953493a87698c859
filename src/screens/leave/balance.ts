/**
 * The leave balance screen's data: the API calls, the columns (labels `resources.leave-balance.fields.<field>`, also
 * the export's and the import's headers), and the import's row checks. Pure except for the calls.
 */
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';
import type { AnyColumn, AnyGridSpec } from '../../grids/types.ts';

export type Balance = Schemas['LeaveBalance'];
export type BalanceFilters = { year: number; leave_rule?: string; department?: string; search?: string };

/** A balance as a flat row: what the grid shows and the export writes. */
export type BalanceRow = {
  _id: string;
  employee_id: string;
  fullname: string;
  department: string;
  leave_type: string;
  year: number;
  entitled: number | null;
  used: number;
  pending: number;
  adjusted: number;
  remaining: number | null;
  expires_on: string | null;
  source: Balance;
};

export const flatten = (balance: Balance): BalanceRow => ({
  _id: balance._id,
  employee_id: balance.employee.employee_id,
  fullname: balance.employee.fullname,
  department: balance.department?.name ?? '',
  leave_type: balance.leave_rule.type,
  year: balance.year,
  entitled: balance.entitled,
  used: balance.used,
  pending: balance.pending,
  adjusted: balance.adjusted,
  remaining: balance.remaining,
  expires_on: balance.expires_on,
  source: balance,
});

/** The label and export spec: only its resource name is read (labels `resources.leave-balance.fields.*`). */
export const balanceSpec = { resource: 'leave-balance' } as AnyGridSpec;

const number = (field: string, width = 110): AnyColumn => ({ field, kind: 'number', width });
export const balanceColumns: readonly AnyColumn[] = [
  { field: 'employee_id', kind: 'text', width: 130, pinned: 'left' },
  { field: 'fullname', kind: 'text', width: 220, pinned: 'left' },
  { field: 'department', kind: 'text', width: 180 },
  { field: 'leave_type', kind: 'text', width: 190 },
  { field: 'year', kind: 'number', width: 90, grouping: false },
  number('entitled'),
  number('used'),
  number('pending'),
  number('adjusted'),
  number('remaining', 120),
  { field: 'expires_on', kind: 'date', width: 140 },
];

export async function loadBalances(filters: BalanceFilters, signal?: AbortSignal): Promise<Balance[]> {
  const query = {
    year: filters.year,
    ...(filters.leave_rule ? { leave_rule: filters.leave_rule } : {}),
    ...(filters.department ? { department: filters.department } : {}),
    ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
  };
  const reply = await call(api.GET('/v1/leave-balance', { params: { query }, signal }));
  return reply.data;
}

export interface Option {
  _id: string;
  label: string;
  unlimited?: boolean;
}

export async function loadRules(): Promise<Option[]> {
  const reply = await call(api.GET('/v1/leave-rules', { params: { query: { limit: 1000, sort: 'type' } } }));
  return reply.data.map((rule) => ({ _id: rule._id, label: rule.type, unlimited: rule.quota_type === 'unlimited' }));
}

export async function loadDepartments(): Promise<Option[]> {
  const reply = await call(
    api.GET('/v1/refs/employees/orgs/departments', { params: { query: { limit: 1000, sort: 'name' } } }),
  );
  return reply.data.map((department) => ({ _id: department._id, label: department.name }));
}

export async function adjust(body: {
  employee: string;
  leave_rule: string;
  year: number;
  amount: number;
  note: string | null;
}): Promise<Balance> {
  const reply = await call(api.POST('/v1/leave-balance', { body, headers: { [INLINE_ERRORS_HEADER]: '1' } }));
  return reply.data;
}

// The import

export const importFields = ['employee_id', 'leave_type', 'year', 'remaining', 'note'] as const;
export type ImportField = (typeof importFields)[number];
export const requiredImportFields: readonly ImportField[] = ['employee_id', 'leave_type', 'year', 'remaining'];

export type ImportProblem = 'required' | 'year' | 'number' | 'unknownType' | 'unlimited' | 'duplicate' | 'server';

export interface ImportRow {
  key: string;
  line: number;
  excluded: boolean;
  employee_id: string;
  leave_type: string;
  year: string;
  remaining: string;
  note: string;
  /** The first problem found, or null; `server`: the server's reason in `detail`. */
  problem: { field: ImportField; code: ImportProblem; detail?: string } | null;
}

/** A number as people write it in a spreadsheet: '2.5' or '2,5'. */
const readNumber = (text: string): number | null => {
  const clean = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
};

/** The row's first problem, against the company's leave rules (by type, case-insensitive). */
export function checkImportRow(
  row: Omit<ImportRow, 'problem' | 'excluded'>,
  rules: readonly Option[],
  seen: Map<string, number>,
): ImportRow['problem'] {
  for (const field of requiredImportFields) if (!row[field].trim()) return { field, code: 'required' };
  const year = readNumber(row.year);
  if (year === null || !Number.isInteger(year) || year < 2000 || year > 2100) return { field: 'year', code: 'year' };
  const remaining = readNumber(row.remaining);
  if (remaining === null || Math.abs(remaining) > 9999) return { field: 'remaining', code: 'number' };
  const rule = rules.find((candidate) => candidate.label.toLowerCase() === row.leave_type.trim().toLowerCase());
  if (!rule) return { field: 'leave_type', code: 'unknownType' };
  if (rule.unlimited) return { field: 'leave_type', code: 'unlimited' };
  const key = `${row.employee_id.trim().toLowerCase()}|${rule._id}|${year}`;
  if (seen.has(key)) return { field: 'employee_id', code: 'duplicate' };
  seen.set(key, row.line);
  return null;
}

export const importBody = (rows: readonly ImportRow[]) => ({
  rows: rows.map((row) => ({
    employee_id: row.employee_id.trim(),
    leave_type: row.leave_type.trim(),
    year: Number(readNumber(row.year)),
    remaining: Number(readNumber(row.remaining)),
    ...(row.note.trim() ? { note: row.note.trim() } : {}),
  })),
});

export async function sendImport(rows: readonly ImportRow[]) {
  const reply = await call(
    api.POST('/v1/leave-balance/import', { body: importBody(rows), headers: { [INLINE_ERRORS_HEADER]: '1' } }),
  );
  return reply.data.rows;
}
