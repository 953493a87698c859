/**
 * The employee detail's calls (the employee API contract): the record by user id, section saves with the row's
 * version on the list it belongs to, exit and rehire, the BPJS figures, the account, the photo upload and the list
 * order for 'Next/Previous employee'. Errors of saves and dialogs are shown where they happen (inline).
 */
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';
import { storeFile } from '../../api/files.ts';
import { type EmployeeMenuId, employeeLists } from '../../employeeForm/lists.ts';
import type { Employee } from '../../employeeForm/sections.ts';
import { userIdOf } from '../../grids/specs/employee-columns.ts';

/** The relations the detail shows by name. */
const POPULATE = 'department,sub_department,job_title,role,location,supervisor,poa,pcho,user,assigned_by';

const inline = { [INLINE_ERRORS_HEADER]: '1' };

/** The employee whose account is `userId`, on whichever list (404 when the caller may not see them). */
export async function findByUser(userId: string, signal?: AbortSignal): Promise<Employee> {
  const reply = await call(
    api.GET('/v1/employees/by-user/{userId}', {
      params: { path: { userId }, query: { populate: POPULATE } },
      signal,
      headers: inline,
    }),
  );
  return reply.data;
}

/**
 * The record as the server has it now, populated as the detail shows it (after a conflict or an account save): by its
 * account, since `/v1/employees/{id}` holds only the active list's rows.
 */
export function getEmployee(row: Pick<Employee, 'user'>): Promise<Employee> {
  return findByUser(userIdOf(row.user));
}

/**
 * A section save: only its changed fields, with the row's version, through the list the detail is open on (its
 * menu's write permission). Returns the saved row, references as ids.
 */
export async function saveEmployee(
  menu: EmployeeMenuId,
  id: string,
  version: number,
  changes: Record<string, unknown>,
): Promise<Employee> {
  const body = { version, ...changes };
  const params = { path: { id } };
  const paths = {
    'active-employees': () => api.PUT('/v1/employees/{id}', { params, body, headers: inline }),
    'resigned-employees': () => api.PUT('/v1/employees/exit-employee/{id}', { params, body, headers: inline }),
    'daily-worker': () => api.PUT('/v1/employees/freelance/{id}', { params, body, headers: inline }),
  } satisfies Record<EmployeeMenuId, () => Promise<unknown>>;
  const reply = await call<{ data: Employee }>(paths[menu]() as never);
  return reply.data;
}

export type ExitReason = Schemas['EmployeeExit']['exit_reason'];

export async function exitEmployee(id: string, body: Schemas['EmployeeExit']): Promise<Employee> {
  const reply = await call(api.POST('/v1/employees/{id}/exit', { params: { path: { id } }, body, headers: inline }));
  return reply.data;
}

export async function rehireEmployee(id: string, version: number): Promise<Employee> {
  const reply = await call(
    api.POST('/v1/employees/{id}/rehire', { params: { path: { id } }, body: { version }, headers: inline }),
  );
  return reply.data;
}

/** The company's figures the contributions are computed with (UMK, the company's JKK rate), and the server's result. */
export type BpjsInfo = Schemas['EmployeeBpjs'];

export async function getBpjs(id: string, signal?: AbortSignal): Promise<BpjsInfo> {
  const reply = await call(api.GET('/v1/employees/{id}/bpjs', { params: { path: { id } }, signal, headers: inline }));
  return reply.data;
}

export type Account = Schemas['EmployeeAccount'];
export type AccountChanges = Schemas['EmployeeAccountUpdate'];

export async function getAccount(id: string, signal?: AbortSignal): Promise<Account> {
  const reply = await call(
    api.GET('/v1/employees/{id}/account', { params: { path: { id } }, signal, headers: inline }),
  );
  return reply.data;
}

export async function saveAccount(id: string, changes: AccountChanges): Promise<Account> {
  const reply = await call(
    api.PUT('/v1/employees/{id}/account', { params: { path: { id } }, body: changes, headers: inline }),
  );
  return reply.data;
}

/** A fresh activation link of an account not activated yet (mailed too; older links stop working). */
export async function reissueActivationLink(id: string): Promise<string> {
  const reply = await call(api.POST('/v1/employees/{id}/activation-link', { params: { path: { id } } }));
  return reply.data.link;
}

export const uploadPhoto = (file: File) => storeFile(file, 'image');

// biome-ignore lint/suspicious/noExplicitAny: the list path is one of several, outside one generated type.
const raw = api as any;

/** The user ids of a list in its default order (fullname), for 'Next/Previous employee'. */
export async function listOrder(menu: EmployeeMenuId, signal?: AbortSignal): Promise<string[]> {
  const reply = await call<{ data: Pick<Employee, 'user'>[] }>(
    raw.GET(employeeLists[menu], { params: { query: { sort: 'fullname', limit: 10000 } }, signal }),
  );
  return reply.data.map((row) => userIdOf(row.user));
}

export type ExitCause = NonNullable<Schemas['EmployeeExit']['exit_cause']>;
export type ExitPay = Schemas['ExitPay'];
export type ExitPayEdit = Schemas['ExitPayEdit'];

/** What an exit would owe (decision 0170); 403 for a caller who may not read payroll figures. */
export async function previewExitPay(
  id: string,
  body: Schemas['ExitPayRequest'],
  signal?: AbortSignal,
): Promise<ExitPay> {
  const reply = await call(
    api.POST('/v1/employees/{id}/exit-pay/preview', { params: { path: { id } }, body, signal, headers: inline }),
  );
  return reply.data;
}

/** The stored exit pay with its final tax slip (404: none). */
export async function getExitPay(id: string, signal?: AbortSignal): Promise<ExitPay> {
  const reply = await call(
    api.GET('/v1/employees/{id}/exit-pay', { params: { path: { id } }, signal, headers: inline }),
  );
  return reply.data;
}
