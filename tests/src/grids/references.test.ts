import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyColumn, RefValue } from '../../../src/grids/types.ts';

const listRows = vi.hoisted(() => vi.fn());
vi.mock('../../../src/grids/api.ts', () => ({ listRows }));

const { createReferenceIndex, loadReferenceIndex } = await import('../../../src/grids/references.ts');

const employees: RefValue[] = [
  { _id: 'e1', fullname: 'Budi Santoso', employee_id: 'E-001' },
  { _id: 'e2', fullname: 'Siti  Rahayu', employee_id: 'E-002' },
  { _id: 'e3', fullname: 'Budi Santoso', employee_id: 'E-003' },
  { _id: 'e4', fullname: 'E-002', employee_id: 'E-004' },
  { _id: 'e5', fullname: null, employee_id: 'E-005' },
];
const departments: RefValue[] = [
  { _id: 'd1', name: 'Finance', code: 'FIN' },
  { _id: 'd2', name: 'Human Resources', code: 'HR' },
];

const head: AnyColumn = {
  field: 'head',
  kind: 'reference',
  reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
};
const department: AnyColumn = {
  field: 'department',
  kind: 'reference',
  reference: { path: '/v1/refs/employees/orgs/departments', label: 'name', code: 'code' },
};
const labelOnly: AnyColumn = { field: 'x', kind: 'reference', reference: { path: '/v1/employees', label: 'fullname' } };

describe('createReferenceIndex', () => {
  const index = createReferenceIndex({
    '/v1/employees': employees,
    '/v1/refs/employees/orgs/departments': departments,
  });
  const ids = (column: AnyColumn, text: string) => index.find(column, text).map((record) => record._id);

  it('finds by code and by label, ignoring case and extra whitespace', () => {
    expect(ids(head, 'E-001')).toEqual(['e1']);
    expect(ids(head, ' e-001 ')).toEqual(['e1']);
    expect(ids(head, 'siti rahayu')).toEqual(['e2']);
    expect(ids(department, 'human resources')).toEqual(['d2']);
    expect(ids(department, 'hr')).toEqual(['d2']);
  });

  it('finds by id too, so a copied id pastes back', () => {
    expect(ids(head, 'e3')).toEqual(['e3']);
  });

  it('returns every match: shared names, and a code that is another record’s name', () => {
    expect(ids(head, 'budi santoso')).toEqual(['e1', 'e3']);
    expect(ids(head, 'E-002')).toEqual(['e4', 'e2']);
  });

  it('matches only the fields the column names', () => {
    expect(ids(labelOnly, 'E-001')).toEqual([]);
    expect(ids(labelOnly, 'Budi Santoso')).toEqual(['e1', 'e3']);
  });

  it('finds nothing for blank text, unknown text, or a list it was not given', () => {
    expect(ids(head, '  ')).toEqual([]);
    expect(ids(head, 'Nobody')).toEqual([]);
    const other: AnyColumn = { field: 'y', kind: 'reference', reference: { path: '/v1/companies', label: 'name' } };
    expect(ids(other, 'PT Demo')).toEqual([]);
    expect(ids({ field: 'z', kind: 'text' }, 'E-001')).toEqual([]);
  });

  it('hands out its records', () => {
    expect(index.records['/v1/employees']).toBe(employees);
  });
});

describe('loadReferenceIndex', () => {
  beforeEach(() => {
    listRows.mockReset();
  });

  it('loads each referenced list once, whole, and indexes it', async () => {
    listRows.mockImplementation(async (path: string) => {
      const data = path === '/v1/employees' ? employees : departments;
      return { data, meta: { total: data.length, limit: 10_000, skip: 0 } };
    });
    const index = await loadReferenceIndex([head, labelOnly, department, { field: 'name', kind: 'text' }]);
    expect(listRows.mock.calls.map((call) => [call[0], call[1]])).toEqual([
      ['/v1/employees', { limit: 10_000, skip: 0 }],
      ['/v1/refs/employees/orgs/departments', { limit: 10_000, skip: 0 }],
    ]);
    expect(index.find(head, 'E-003').map((record) => record._id)).toEqual(['e3']);
    expect(index.find(department, 'fin').map((record) => record._id)).toEqual(['d1']);
  });

  it('does not fetch lists it already has', async () => {
    const index = await loadReferenceIndex([head], { '/v1/employees': employees });
    expect(listRows).not.toHaveBeenCalled();
    expect(index.find(head, 'E-001')).toHaveLength(1);
  });

  it('reads a list longer than one page page by page', async () => {
    const many = Array.from({ length: 10_002 }, (_, n) => ({
      _id: `e${n}`,
      fullname: `Person ${n}`,
      employee_id: `${n}`,
    }));
    listRows.mockImplementation(async (_path: string, query: { limit: number; skip: number }) => ({
      data: many.slice(query.skip, query.skip + query.limit),
      meta: { total: many.length, limit: query.limit, skip: query.skip },
    }));
    const index = await loadReferenceIndex([head]);
    expect(listRows).toHaveBeenCalledTimes(2);
    expect(listRows.mock.calls[1]![1]).toEqual({ limit: 10_000, skip: 10_000 });
    expect(index.find(head, 'person 10001').map((record) => record._id)).toEqual(['e10001']);
  });

  it('leaves out a list that fails to load; the others still work', async () => {
    listRows.mockImplementation(async (path: string) => {
      if (path === '/v1/employees') throw new Error('forbidden');
      return { data: departments, meta: { total: departments.length, limit: 10_000, skip: 0 } };
    });
    const index = await loadReferenceIndex([head, department]);
    expect(index.find(head, 'E-001')).toEqual([]);
    expect(index.find(department, 'HR')).toHaveLength(1);
  });

  it('rejects when aborted', async () => {
    const controller = new AbortController();
    listRows.mockImplementation(async () => {
      controller.abort(new Error('left the screen'));
      throw new Error('aborted');
    });
    await expect(loadReferenceIndex([head], {}, controller.signal)).rejects.toThrow('left the screen');
    expect(listRows.mock.calls[0]![2]).toBe(controller.signal);
  });
});
