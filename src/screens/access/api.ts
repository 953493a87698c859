/** The access-level screens' calls (issue 26): level lists, custom levels and their users, access requests. */
import { api, call, type Schemas } from '../../api/client.ts';

export type Holder = Schemas['AccessHolder'];
export type PermissionOption = Schemas['PermissionOption'];
export type AccessRequest = Schemas['AccessRequest'];
export type AccessRequestStatus = AccessRequest['status'];
export type HolderList = 'sub-admin' | 'admin-department' | 'approver';
export interface Option {
  _id: string;
  label: string;
}

export async function listHolders(list: HolderList, signal?: AbortSignal): Promise<Holder[]> {
  const reply =
    list === 'sub-admin'
      ? await call(api.GET('/v1/sub-admins', { signal }))
      : list === 'admin-department'
        ? await call(api.GET('/v1/admin-department', { signal }))
        : await call(api.GET('/v1/approver', { signal }));
  return reply.data;
}

export async function addHolder(list: HolderList, employee: string, department?: string | null): Promise<Holder> {
  const body = { employee, ...(department !== undefined ? { department } : {}) };
  const reply =
    list === 'sub-admin'
      ? await call(api.POST('/v1/sub-admins', { body }))
      : list === 'admin-department'
        ? await call(api.POST('/v1/admin-department', { body }))
        : await call(api.POST('/v1/approver', { body }));
  return reply.data;
}

export async function removeHolder(list: HolderList | 'custom', id: string): Promise<void> {
  const params = { path: { id } };
  if (list === 'sub-admin') await call(api.DELETE('/v1/sub-admins/{id}', { params }));
  else if (list === 'admin-department') await call(api.DELETE('/v1/admin-department/{id}', { params }));
  else if (list === 'approver') await call(api.DELETE('/v1/approver/{id}', { params }));
  else await call(api.DELETE('/v1/custom-users/{id}', { params }));
}

export async function setDepartment(id: string, department: string | null): Promise<Holder> {
  return (await call(api.PUT('/v1/admin-department/{id}', { params: { path: { id } }, body: { department } }))).data;
}

/** Active employees and departments, for the pickers. */
export async function loadPeople(): Promise<{
  employees: (Option & { department: string | null })[];
  departments: Option[];
}> {
  const [employees, departments] = await Promise.all([
    call(api.GET('/v1/employees', { params: { query: { limit: 10000, sort: 'fullname' } } })),
    call(api.GET('/v1/refs/employees/orgs/departments', { params: { query: { limit: 1000, sort: 'name' } } })),
  ]);
  const names = new Map(departments.data.map((row) => [row._id, row.name]));
  return {
    employees: employees.data.map((row) => ({
      _id: row._id,
      label: `${row.fullname} · ${row.employee_id}`,
      department: (row.department ? names.get(row.department as string) : null) ?? null,
    })),
    departments: departments.data.map((row) => ({ _id: row._id, label: row.name })),
  };
}

export async function listPermissions(): Promise<PermissionOption[]> {
  return (await call(api.GET('/v1/permission-list'))).data;
}

export async function listCustomUsers(signal?: AbortSignal): Promise<Holder[]> {
  return (await call(api.GET('/v1/custom-users', { signal }))).data;
}

export async function listRoleOptions(): Promise<{ _id: string; code: string; access_level: string }[]> {
  return (await call(api.GET('/v1/custom-users/roles'))).data;
}

export async function assignCustom(employees: string[], role: string): Promise<Holder[]> {
  return (await call(api.POST('/v1/custom-users', { body: { employees, access_role: role } }))).data;
}

export async function changeCustomRole(id: string, role: string): Promise<Holder> {
  return (await call(api.PUT('/v1/custom-users/{id}', { params: { path: { id } }, body: { access_role: role } }))).data;
}

export async function listRequests(
  query: { company?: string; status?: AccessRequestStatus } = {},
  signal?: AbortSignal,
): Promise<AccessRequest[]> {
  return (await call(api.GET('/v1/requests', { params: { query }, signal }))).data;
}

export async function createRequest(purpose: string): Promise<AccessRequest> {
  return (await call(api.POST('/v1/requests', { body: { purpose } }))).data;
}

export async function setRequestStatus(id: string, status: AccessRequestStatus): Promise<AccessRequest> {
  return (await call(api.PUT('/v1/requests/{id}', { params: { path: { id } }, body: { status } }))).data;
}

export async function listCompanies(): Promise<Option[]> {
  const reply = await call(api.GET('/v1/companies', { params: { query: { limit: 1000, sort: 'name' } } }));
  return reply.data.map((row) => ({ _id: row._id, label: row.name }));
}
