import { describe, expect, it } from 'vitest';
import { menuIndex } from '../../../common/menu.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import id from '../../../locales/id.json' with { type: 'json' };
import zh from '../../../locales/zh.json' with { type: 'json' };
import { grids, menuGrids } from '../../../src/grids/index.ts';
import type { AnyGridSpec } from '../../../src/grids/types.ts';

type Tree = { [key: string]: string | Tree };
const text = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
const languages = { en, id, zh } as Record<string, Tree>;
const specs = Object.entries(grids as Record<string, AnyGridSpec>);

describe('the grid registry', () => {
  it('keys every spec by its resource name', () => {
    for (const [name, spec] of specs) expect(spec.resource).toBe(name);
  });

  it('shows every grid in exactly one reference-list menu or on its own screen, and only known menus', () => {
    // Grids a feature screen mounts itself (attendance, tracking, finance → loan), not a reference-list menu.
    const onOwnScreen = [
      'shifts',
      'attendance-groups',
      'shift-overrides',
      'live-tracking-group',
      'loans',
      'deposits',
      'man-fee-rules',
      'banners',
      'announcements-company',
      // The portal's screens (issue 28): each list beside its panel.
      'announcements',
      'useful-links',
      'warning-letters',
      // Sales (issue 29): the stores beside their map.
      'store-location',
      // Sales (issue 29): the job recap's categories and the objectives' month grid.
      'job-report-categories',
      'sales-objectives',
    ];
    const listed = [...Object.values(menuGrids).flat(), ...onOwnScreen];
    expect([...listed].sort()).toEqual(Object.keys(grids).sort());
    for (const menu of Object.keys(menuGrids)) expect(menuIndex.has(menu), menu).toBe(true);
    expect(menuGrids['payroll-rules']).toEqual([
      'business-trip-rules',
      'overtime-rules',
      'early-deductions',
      'late-deductions',
      'absent-deductions',
      'missed-deductions',
    ]);
  });

  it.each(Object.keys(languages))('has a %s title, field label and enum label for every grid', (language) => {
    const tree = languages[language]!;
    const missing: string[] = [];
    for (const [name, spec] of specs) {
      const keys = [
        `resources.${name}.name`,
        ...spec.columns.map((column) => `resources.${name}.fields.${column.field}`),
      ];
      for (const column of spec.columns) {
        for (const value of column.enum?.values ?? []) keys.push(`enums.${column.enum!.key}.${value}`);
      }
      for (const key of keys) if (typeof text(tree, key) !== 'string') missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it('offers no create (nor delete) on the lists the spec edits in place', () => {
    const inPlace = [...menuGrids['payroll-references'], ...menuGrids['payroll-rules'], 'banks'];
    for (const [name, spec] of specs) {
      expect(spec.create, name).toBe(!inPlace.includes(name));
      expect(spec.remove, name).toBe(!inPlace.includes(name));
    }
  });
});

describe('conditional payroll rule cells', () => {
  const editable = (name: string, field: string, row: Record<string, unknown>) => {
    const column = (grids as Record<string, AnyGridSpec>)[name]!.columns.find((c) => c.field === field)!;
    return typeof column.editable === 'function' ? column.editable({ _id: 'x', ...row }) : column.editable !== false;
  };

  it('locks the hourly rate and the maximum hours of a government-rule overtime', () => {
    expect(editable('overtime-rules', 'hourly_overtime', { method: 'hourly' })).toBe(true);
    expect(editable('overtime-rules', 'maximum_hour', { method: 'hourly' })).toBe(true);
    expect(editable('overtime-rules', 'hourly_overtime', { method: 'government_rule' })).toBe(false);
    expect(editable('overtime-rules', 'maximum_hour', { method: 'government_rule' })).toBe(false);
    expect(editable('overtime-rules', 'name', { method: 'government_rule' })).toBe(true);
  });

  it.each(['early-deductions', 'absent-deductions'])('%s: opens only the chosen method’s field', (name) => {
    const open = (method: string) =>
      ['nominal', 'pro_rate_day', 'percentage'].filter((field) => editable(name, field, { method }));
    expect(open('daily')).toEqual(['nominal']);
    expect(open('prorate')).toEqual(['pro_rate_day']);
    expect(open('percentage')).toEqual(['percentage']);
  });

  it('offers only prorate for a missed deduction', () => {
    const method = grids['missed-deductions'].columns.find((column) => column.field === 'method');
    expect(method?.enum?.values).toEqual(['prorate']);
    expect(editable('missed-deductions', 'pro_rate_day', { method: 'prorate' })).toBe(true);
  });
});
