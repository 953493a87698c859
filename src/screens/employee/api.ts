/**
 * The employee detail's calls (the employee API contract): the record by user id, section saves with the row's
 * version on the list it belongs to, exit and rehire, the BPJS figures, the account, the photo upload and the list
 * order for 'Next/Previous employee'. Errors of saves and dialogs are shown where they happen (inline).
 */
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';
import { userIdOf } from '../../grids/employeeColumns.ts';
import { type EmployeeMenuId, employeeLists } from './lists.ts';
import type { Employee } from './sections.ts';

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

// biome-ignore lint/suspicious/noExplicitAny: multipart and binary bodies are outside the generated JSON types.
const raw = api as any;

/**
 * `POST /v1/files`: the server checks the content (an image only, with `accept: 'image'`; a record's PDF, PNG or JPEG
 * attachment with `accept: 'attachment'`, read back only through its record).
 */
export async function storeFile(file: File, accept?: 'image' | 'attachment'): Promise<Schemas['StoredFile']> {
  const form = new FormData();
  form.append('file', file);
  const reply = await call<{ data: Schemas['StoredFile'] }>(
    raw.POST('/v1/files', {
      params: { query: accept ? { accept } : {} },
      body: form,
      bodySerializer: (body: FormData) => body,
      headers: inline,
    }),
  );
  return reply.data;
}

export const uploadPhoto = (file: File) => storeFile(file, 'image');

/** A stored file's content by its name or URL (files are read with the bearer token). */
export async function readStoredFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const name = url.replace(/^.*\/v1\/files\//, '');
  return call<Blob>(
    raw.GET('/v1/files/{name}', { params: { path: { name } }, parseAs: 'blob', signal, headers: inline }),
  );
}

/** A stored file as an object URL (an <img src> cannot send the bearer token). */
export async function fileObjectUrl(url: string, signal?: AbortSignal): Promise<string> {
  return URL.createObjectURL(await readStoredFile(url, signal));
}

/** The user ids of a list in its default order (fullname), for 'Next/Previous employee'. */
export async function listOrder(menu: EmployeeMenuId, signal?: AbortSignal): Promise<string[]> {
  const reply = await call<{ data: Pick<Employee, 'user'>[] }>(
    raw.GET(employeeLists[menu], { params: { query: { sort: 'fullname', limit: 10000 } }, signal }),
  );
  return reply.data.map((row) => userIdOf(row.user));
}
