import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  buildForest,
  detailPath,
  expandableIds,
  type Forest,
  findByPrefix,
  type HierarchyInput,
  type HierarchyNode,
  isActive,
  jakartaToday,
  searchForest,
  treeKeyAction,
  visibleRows,
} from '../../../../src/screens/hierarchy/tree.ts';

const TODAY = '2025-06-15';

/** An employee row as the API returns it; the id doubles as the name's lower case unless given. */
function employee(id: string, supervisor: string | null, extra: Partial<HierarchyInput> = {}): HierarchyInput {
  return {
    _id: id,
    user: `user-${id}`,
    fullname: id.toUpperCase(),
    employee_id: `E-${id}`,
    supervisor,
    job_title: null,
    department: null,
    exit_date: null,
    ...extra,
  };
}

const names = (nodes: readonly HierarchyNode[]) => nodes.map((node) => node.fullname);
const node = (forest: Forest, id: string) => forest.byId.get(id)!;

describe('buildForest', () => {
  it('links reports under their supervisors and counts direct reports and everyone below', () => {
    const forest = buildForest(
      [
        employee('ceo', null),
        employee('cfo', 'ceo'),
        employee('cto', 'ceo'),
        employee('dev1', 'cto'),
        employee('dev2', 'cto'),
        employee('acc', 'cfo'),
      ],
      TODAY,
    );
    expect(names(forest.roots)).toEqual(['CEO']);
    const ceo = node(forest, 'ceo');
    expect(names(ceo.children)).toEqual(['CFO', 'CTO']);
    expect([ceo.reports, ceo.descendants]).toEqual([2, 5]);
    expect([node(forest, 'cto').reports, node(forest, 'cto').descendants]).toEqual([2, 2]);
    expect([node(forest, 'dev1').reports, node(forest, 'dev1').descendants]).toEqual([0, 0]);
    expect(node(forest, 'dev1').parent).toBe('cto');
    expect(ceo.rootReason).toBe('top');
    expect(node(forest, 'cfo').rootReason).toBeNull();
  });

  it('sorts roots and siblings by name (case and accents aside, numbers in order), then by employee id', () => {
    const forest = buildForest(
      [
        employee('boss', null, { fullname: 'Zainal' }),
        employee('a', 'boss', { fullname: 'dewi' }),
        employee('b', 'boss', { fullname: 'Budi 10' }),
        employee('c', 'boss', { fullname: 'Budi 9' }),
        employee('d', 'boss', { fullname: 'Ádi' }),
        employee('e', 'boss', { fullname: 'Citra', employee_id: 'E-2' }),
        employee('f', 'boss', { fullname: 'Citra', employee_id: 'E-1' }),
        employee('root2', null, { fullname: 'Andi' }),
      ],
      TODAY,
    );
    expect(names(forest.roots)).toEqual(['Andi', 'Zainal']);
    expect(node(forest, 'boss').children.map((child) => `${child.fullname}/${child.employeeId}`)).toEqual([
      'Ádi/E-d',
      'Budi 9/E-c',
      'Budi 10/E-b',
      'Citra/E-1',
      'Citra/E-2',
      'dewi/E-a',
    ]);
  });

  it('gives the same tree whatever the order of the rows', () => {
    const rows = [
      employee('a', null),
      employee('b', 'a'),
      employee('c', 'a'),
      employee('d', 'b'),
      employee('e', 'd'),
      employee('x', 'y'),
      employee('y', 'x'),
    ];
    const shape = (forest: Forest) => visibleRows(forest.roots, expandableIds(forest)).map((row) => row.node.id);
    const reference = shape(buildForest(rows, TODAY));
    expect(shape(buildForest([...rows].reverse(), TODAY))).toEqual(reference);
    expect(shape(buildForest([rows[4]!, rows[0]!, rows[6]!, rows[2]!, rows[5]!, rows[1]!, rows[3]!], TODAY))).toEqual(
      reference,
    );
  });

  it('makes an employee whose supervisor is missing or has left a root', () => {
    const forest = buildForest(
      [
        employee('gone', null, { exit_date: '2025-01-31' }),
        employee('a', 'gone'),
        employee('b', 'never-loaded'),
        employee('c', 'a'),
      ],
      TODAY,
    );
    expect(forest.byId.has('gone')).toBe(false);
    expect(names(forest.roots)).toEqual(['A', 'B']);
    expect(node(forest, 'a').rootReason).toBe('missing');
    expect(node(forest, 'b').rootReason).toBe('missing');
    expect(node(forest, 'a').parent).toBeNull();
    expect(node(forest, 'c').parent).toBe('a');
  });

  it('leaves out employees who exited today or before (Asia/Jakarta), keeps a future exit date', () => {
    const forest = buildForest(
      [
        employee('boss', null),
        employee('yesterday', 'boss', { exit_date: '2025-06-14' }),
        employee('today', 'boss', { exit_date: TODAY }),
        employee('tomorrow', 'boss', { exit_date: '2025-06-16' }),
      ],
      TODAY,
    );
    expect([...forest.byId.keys()].sort()).toEqual(['boss', 'tomorrow']);
    expect(node(forest, 'boss').reports).toBe(1);
    expect(isActive({ exit_date: null }, TODAY)).toBe(true);
    expect(isActive({ exit_date: TODAY }, TODAY)).toBe(false);
  });

  it('breaks cycles: everyone on the cycle is a root, those reporting into it keep their supervisor', () => {
    const forest = buildForest(
      [
        employee('a', 'c'),
        employee('b', 'a'),
        employee('c', 'b'),
        employee('d', 'b'),
        employee('e', 'd'),
        employee('self', 'self'),
        employee('top', null),
        employee('f', 'top'),
      ],
      TODAY,
    );
    expect(names(forest.roots)).toEqual(['A', 'B', 'C', 'SELF', 'TOP']);
    for (const id of ['a', 'b', 'c', 'self']) {
      expect(node(forest, id).rootReason, id).toBe('cycle');
      expect(node(forest, id).parent, id).toBeNull();
    }
    expect(node(forest, 'd').parent).toBe('b');
    expect(node(forest, 'e').parent).toBe('d');
    expect(node(forest, 'b').descendants).toBe(2);
    expect(node(forest, 'top').rootReason).toBe('top');
    // Every active employee appears exactly once.
    const all = visibleRows(forest.roots, expandableIds(forest)).map((row) => row.node.id);
    expect(all.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'self', 'top']);
  });

  it('copes with a long chain without recursion', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => employee(`n${i}`, i === 0 ? null : `n${i - 1}`));
    const forest = buildForest(rows, TODAY);
    expect(forest.roots).toHaveLength(1);
    expect(node(forest, 'n0').descendants).toBe(19_999);
    expect(ancestorsOf(forest, 'n19999')).toHaveLength(19_999);
  });

  it('reads populated references and ignores a repeated row', () => {
    const forest = buildForest(
      [
        employee('a', null, {
          user: { _id: 'u-a' },
          job_title: { name: 'Manager' },
          department: { name: 'Finance' },
        }),
        employee('b', null, { supervisor: { _id: 'a' }, job_title: 'not-populated-id' }),
        employee('b', null),
      ],
      TODAY,
    );
    expect(node(forest, 'a')).toMatchObject({ user: 'u-a', jobTitle: 'Manager', department: 'Finance', reports: 1 });
    expect(node(forest, 'b')).toMatchObject({ parent: 'a', jobTitle: null });
    expect(detailPath(node(forest, 'a'))).toBe('/dashboard/edit/active-employees/u-a');
  });
});

describe('jakartaToday', () => {
  it('is the day in Asia/Jakarta (UTC+7)', () => {
    expect(jakartaToday(new Date('2025-06-14T16:59:59Z'))).toBe('2025-06-14');
    expect(jakartaToday(new Date('2025-06-14T17:00:00Z'))).toBe('2025-06-15');
  });
});

const org = () =>
  buildForest(
    [
      employee('ceo', null, { fullname: 'Ratna Wulandari' }),
      employee('cfo', 'ceo', { fullname: 'Budi Santoso' }),
      employee('cto', 'ceo', { fullname: 'Siti Rahayu' }),
      employee('dev1', 'cto', { fullname: 'Agus Salim' }),
      employee('dev2', 'cto', { fullname: 'Bayu Pratama' }),
      employee('acc', 'cfo', { fullname: 'Dewi Lestari' }),
      employee('ops', null, { fullname: 'Wahyu Hidayat' }),
    ],
    TODAY,
  );

describe('visibleRows', () => {
  it('shows roots and the children of open nodes, with level, position and set size', () => {
    const forest = org();
    const rows = visibleRows(forest.roots, new Set(['ceo', 'cto']));
    expect(rows.map((row) => [row.node.fullname, row.level, row.posinset, row.setsize, row.expanded])).toEqual([
      ['Ratna Wulandari', 1, 1, 2, true],
      ['Budi Santoso', 2, 1, 2, false],
      ['Siti Rahayu', 2, 2, 2, true],
      ['Agus Salim', 3, 1, 2, false],
      ['Bayu Pratama', 3, 2, 2, false],
      ['Wahyu Hidayat', 1, 2, 2, false],
    ]);
  });

  it('ignores an open leaf', () => {
    const forest = org();
    expect(visibleRows(forest.roots, new Set(['ops'])).at(-1)?.expanded).toBe(false);
  });
});

describe('searchForest', () => {
  it('keeps the matching names and their ancestors, opened', () => {
    const forest = org();
    const search = searchForest(forest, '  bayu ')!;
    expect([...search.matches]).toEqual(['dev2']);
    expect([...search.expanded].sort()).toEqual(['ceo', 'cto']);
    const rows = visibleRows(forest.roots, search.expanded, search.visible);
    expect(rows.map((row) => row.node.fullname)).toEqual(['Ratna Wulandari', 'Siti Rahayu', 'Bayu Pratama']);
    expect(rows.map((row) => [row.posinset, row.setsize])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  it('ignores case and accents, matches inside names, and returns null for a blank query', () => {
    const forest = buildForest([employee('a', null, { fullname: 'Séna Putri' })], TODAY);
    expect([...searchForest(forest, 'SENA')!.matches]).toEqual(['a']);
    expect([...searchForest(forest, 'putri')!.matches]).toEqual(['a']);
    expect(searchForest(forest, 'nobody')!.visible.size).toBe(0);
    expect(searchForest(forest, '   ')).toBeNull();
  });
});

describe('treeKeyAction', () => {
  const forest = org();
  // Ratna (open) > Budi (closed, 1 report), Siti (open) > Agus, Bayu; Wahyu.
  const rows = visibleRows(forest.roots, new Set(['ceo', 'cto']));
  const at = (name: string) => rows.findIndex((row) => row.node.fullname === name);

  it('moves up and down, to the first and the last row', () => {
    expect(treeKeyAction(rows, 0, 'ArrowDown')).toEqual({ type: 'focus', id: 'cfo' });
    expect(treeKeyAction(rows, 1, 'ArrowUp')).toEqual({ type: 'focus', id: 'ceo' });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toBeNull();
    expect(treeKeyAction(rows, rows.length - 1, 'ArrowDown')).toBeNull();
    expect(treeKeyAction(rows, 3, 'Home')).toEqual({ type: 'focus', id: 'ceo' });
    expect(treeKeyAction(rows, 0, 'End')).toEqual({ type: 'focus', id: 'ops' });
  });

  it('Right opens a closed node, then moves to its first child; nothing on a leaf', () => {
    expect(treeKeyAction(rows, at('Budi Santoso'), 'ArrowRight')).toEqual({ type: 'expand', ids: ['cfo'] });
    expect(treeKeyAction(rows, at('Siti Rahayu'), 'ArrowRight')).toEqual({ type: 'focus', id: 'dev1' });
    expect(treeKeyAction(rows, at('Agus Salim'), 'ArrowRight')).toBeNull();
  });

  it('Left closes an open node, or moves to the parent; nothing on a closed root', () => {
    expect(treeKeyAction(rows, at('Siti Rahayu'), 'ArrowLeft')).toEqual({ type: 'collapse', id: 'cto' });
    expect(treeKeyAction(rows, at('Bayu Pratama'), 'ArrowLeft')).toEqual({ type: 'focus', id: 'cto' });
    expect(treeKeyAction(rows, at('Budi Santoso'), 'ArrowLeft')).toEqual({ type: 'focus', id: 'ceo' });
    expect(treeKeyAction(rows, at('Wahyu Hidayat'), 'ArrowLeft')).toBeNull();
  });

  it('Enter opens the detail; * opens the closed siblings that have reports; other keys do nothing', () => {
    expect(treeKeyAction(rows, at('Agus Salim'), 'Enter')).toEqual({ type: 'open', id: 'dev1' });
    expect(treeKeyAction(rows, at('Siti Rahayu'), '*')).toEqual({ type: 'expand', ids: ['cfo'] });
    expect(treeKeyAction(rows, at('Agus Salim'), '*')).toBeNull();
    expect(treeKeyAction(rows, 0, 'x')).toBeNull();
    expect(treeKeyAction([], 0, 'ArrowDown')).toBeNull();
  });
});

describe('findByPrefix', () => {
  const forest = org();
  const rows = visibleRows(forest.roots, expandableIds(forest));
  const name = (index: number) => rows[index]?.node.fullname;

  it('finds the next name after the focused row starting with the letter, wrapping around', () => {
    // Ratna, Budi, Dewi, Siti, Agus, Bayu, Wahyu
    expect(name(findByPrefix(rows, 0, 'b'))).toBe('Budi Santoso');
    expect(name(findByPrefix(rows, 1, 'b'))).toBe('Bayu Pratama');
    expect(name(findByPrefix(rows, 5, 'B'))).toBe('Budi Santoso');
    expect(findByPrefix(rows, 0, 'q')).toBe(-1);
  });

  it('a longer prefix may stay on the focused row', () => {
    expect(name(findByPrefix(rows, 1, 'bu'))).toBe('Budi Santoso');
    expect(name(findByPrefix(rows, 1, 'ba'))).toBe('Bayu Pratama');
  });
});
