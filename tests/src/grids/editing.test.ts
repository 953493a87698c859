import { describe, expect, it } from 'vitest';
import { inSentence, matchLoadedRecords, upsertTransaction } from '../../../src/grids/editing.ts';

type Row = { _id: string; code?: string; name?: string; version?: number };

describe('server results into the grid, each record once', () => {
  const grid = new Map<string, Row>([
    ['a', { _id: 'a', code: 'FIN', name: 'Finance', version: 1 }],
    ['b', { _id: 'b', code: 'HR', name: 'People', version: 4 }],
  ]);
  const existing = (id: string) => grid.get(id);

  it('updates a row the grid holds (a pasted new row the server matched by code) instead of adding it again', () => {
    const { add, update } = upsertTransaction<Row>(
      [
        { _id: 'a', code: 'FIN', name: 'Finance and tax', version: 2 },
        { _id: 'c', code: 'OPS', name: 'Operations', version: 1 },
      ],
      existing,
    );
    expect(update).toEqual([{ _id: 'a', code: 'FIN', name: 'Finance and tax', version: 2 }]);
    expect(add).toEqual([{ _id: 'c', code: 'OPS', name: 'Operations', version: 1 }]);
  });

  it('keeps the fields the reply did not carry', () => {
    const { update } = upsertTransaction<Row>([{ _id: 'b', version: 5 }], existing);
    expect(update).toEqual([{ _id: 'b', code: 'HR', name: 'People', version: 5 }]);
  });

  it('makes one row of an id that comes twice, in the grid or not', () => {
    const { add, update } = upsertTransaction<Row>(
      [
        { _id: 'c', name: 'Ops' },
        { _id: 'c', name: 'Operations', version: 2 },
        { _id: 'a', name: 'X' },
        { _id: 'a', version: 3 },
      ],
      existing,
    );
    expect(add).toEqual([{ _id: 'c', name: 'Operations', version: 2 }]);
    expect(update).toEqual([{ _id: 'a', code: 'FIN', name: 'X', version: 3 }]);
    const ids = [...add, ...update].map((row) => row._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('adds nothing and updates nothing for an empty reply', () => {
    expect(upsertTransaction<Row>([], existing)).toEqual({ add: [], update: [] });
  });
});

describe('new rows whose code names a loaded record', () => {
  const loaded: Row[] = [
    { _id: 'a', code: 'FIN', name: 'Finance', version: 1 },
    { _id: 'b', code: 'HR', name: 'People', version: 4 },
  ];

  it('go as updates of that record with its id and version, the code compared as the server does', () => {
    const body = matchLoadedRecords(
      [
        { code: 'fin', name: 'Finance and tax' },
        { code: ' HR ', name: 'Human resources' },
        { code: 'OPS', name: 'Operations' },
      ],
      'code',
      loaded,
    );
    expect(body).toEqual([
      { _id: 'a', version: 1, code: 'fin', name: 'Finance and tax' },
      { _id: 'b', version: 4, code: ' HR ', name: 'Human resources' },
      { code: 'OPS', name: 'Operations' },
    ]);
  });

  it('claim a record once, and stay creations without a natural key or a loaded version', () => {
    expect(
      matchLoadedRecords(
        [
          { code: 'FIN', name: 'One' },
          { code: 'FIN', name: 'Two' },
        ],
        'code',
        loaded,
      ),
    ).toEqual([
      { _id: 'a', version: 1, code: 'FIN', name: 'One' },
      { code: 'FIN', name: 'Two' },
    ]);
    expect(matchLoadedRecords([{ code: 'FIN' }], undefined, loaded)).toEqual([{ code: 'FIN' }]);
    expect(matchLoadedRecords([{ code: 'FIN' }], 'code', [{ _id: 'a', code: 'FIN' }])).toEqual([{ code: 'FIN' }]);
  });
});

describe('labels inside a sentence', () => {
  it('lower-cases a word label and keeps acronyms', () => {
    expect(inSentence('Name')).toBe('name');
    expect(inSentence('Employee ID')).toBe('employee ID');
    expect(inSentence('NIK')).toBe('NIK');
    expect(inSentence('名称')).toBe('名称');
  });
});
