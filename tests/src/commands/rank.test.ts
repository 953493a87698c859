// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { commandLists } from '../../../src/commands/index.ts';
import { match, rank, Tier } from '../../../src/commands/rank.ts';
import { arrange, buildEntries, type Entry, normalize } from '../../../src/commands/search.ts';
import type { Command, CommandContext } from '../../../src/commands/types.ts';
import { fixedT, makeCommand, makeContext, makeUser } from './fixtures.ts';

const admin = makeUser('admin');
const also = [fixedT('en'), fixedT('id')];

/** What the employee detail adds while it is open (src/screens/employee/commands.ts): 'Go to section: …'. */
const detailSections = ['personal', 'employment', 'salary', 'legality', 'bpjs', 'address', 'family'];
const detailCommands: Command[] = detailSections.map((section) =>
  makeCommand(`employee-detail:section:${section}`, {
    label: 'employeeDetail.commands.goToSection',
    labelValues: (ctx) => ({ section: ctx.t(`employeeDetail.sections.${section}` as never) }),
    keywords: ['section', 'go to', 'jump', 'bagian', section],
    group: 'context',
  }),
);

function firstResults(query: string, ctx: CommandContext, page: readonly Command[] = []): string[] {
  const entries = buildEntries([...page, ...commandLists.flat()], ctx, also);
  return arrange(entries, query, []).flatMap((section) => section.entries.map((entry) => entry.command.id));
}

describe('palette ranking: the first result of a query', () => {
  const home = makeContext(admin);
  // The examples first, then names in Indonesian, abbreviations and fuzzy matches.
  const table: [query: string, first: string][] = [
    ['depart', 'go:list:departments'],
    ['dept', 'go:list:departments'],
    ['departemen', 'go:list:departments'],
    ['departments', 'go:list:departments'],
    ['resigned', 'go:resigned-employees'],
    ['karyawan keluar', 'go:resigned-employees'],
    // Overtime approval (issue 13) is a screen now: it outranks the overtime rules list, still first by its name.
    ['ot', 'go:approval-overtime'],
    ['lembur', 'go:approval-overtime'],
    ['thr', 'go:list:bonuses'],
    ['job', 'go:list:job-titles'],
    ['attrep', 'go:attendance-report'],
    ['emplyee', 'employee:open'],
    ['bahasa indonesia', 'language:id'],
    ['log out', 'session:logout'],
  ];
  it.each(table)('%s → %s', (query, first) => {
    expect(firstResults(query, home)[0]).toBe(first);
  });

  it('ranks a screen not available yet below an available one of the same tier', () => {
    // 'depart' starts both 'Departments' and 'Department Admins' (not available yet).
    const found = firstResults('depart', home);
    expect(found.indexOf('go:list:departments')).toBeLessThan(found.indexOf('go:admin-department'));
  });

  it("puts the current page's commands first: 'personal' and 'salary' on an employee detail", () => {
    const detail = makeContext(admin, {
      screen: { pathname: '/dashboard/edit/active-employees/u1', section: 'edit' },
    });
    expect(firstResults('personal', detail, detailCommands)[0]).toBe('employee-detail:section:personal');
    expect(firstResults('salary', detail, detailCommands)[0]).toBe('employee-detail:section:salary');
    expect(firstResults('bpjs', detail, detailCommands)[0]).toBe('employee-detail:section:bpjs');
    // Without a match on the page, the screens rank as anywhere else.
    expect(firstResults('dept', detail, detailCommands)[0]).toBe('go:list:departments');
  });

  it('finds screens by their names in the active language, in Indonesian and in Chinese', () => {
    const indonesian = makeContext(admin, { t: fixedT('id'), language: 'id' });
    expect(firstResults('depart', indonesian)[0]).toBe('go:list:departments');
    expect(firstResults('karyawan keluar', indonesian)[0]).toBe('go:resigned-employees');
    const chinese = makeContext(admin, { t: fixedT('zh'), language: 'zh' });
    expect(firstResults('部门', chinese)[0]).toBe('go:list:departments');
    expect(firstResults('dept', chinese)[0]).toBe('go:list:departments');
  });

  it("an employee's name offers no command (the palette looks the name up as an employee)", () => {
    for (const name of ['agus', 'budi santoso', 'sari dewi', 'bambang']) {
      expect(firstResults(name, home), name).toEqual([]);
    }
  });
});

describe('rank', () => {
  const item = (labels: string[], extra: Partial<Entry> = {}) => ({
    labels: labels.map(normalize),
    keywords: [],
    page: false,
    enabled: true,
    comingSoon: false,
    ...extra,
  });
  const tierOf = (labels: string[], query: string, extra: Partial<Entry> = {}) =>
    match(item(labels, extra), normalize(query), normalize(query).split(' '))?.tier;

  it('sorts by tier: name, words and abbreviations, fuzzy', () => {
    expect(tierOf(['Departments'], 'departments')).toBe(Tier.name);
    expect(tierOf(['Departments'], 'depa')).toBe(Tier.name);
    expect(tierOf(['Sub Departments'], 'depa')).toBe(Tier.words);
    expect(tierOf(['Departments'], 'dept', { keywords: ['dept'] })).toBe(Tier.words);
    expect(tierOf(['Attendance Report'], 'attrep')).toBe(Tier.fuzzy);
    expect(tierOf(['Attendance Report'], 'dept')).toBeUndefined();
    expect(tierOf(['Go to section: Salary'], 'salary', { page: true })).toBe(Tier.page);
  });

  it('inside a tier: enabled, then available, then the closer match, then recently used', () => {
    const items = [
      { id: 'soon', ...item(['Payroll Run'], { comingSoon: true }) },
      { id: 'off', ...item(['Payroll Types'], { enabled: false }) },
      { id: 'long', ...item(['Payroll Components List']) },
      { id: 'short', ...item(['Payroll Rules']) },
    ];
    const order = (recent: string[] = []) =>
      rank(items, 'payroll', (entry) => recent.indexOf(entry.id)).map(({ item }) => item.id);
    expect(order()).toEqual(['short', 'long', 'soon', 'off']);
    expect(order(['long'])).toEqual(['short', 'long', 'soon', 'off']);
    expect(
      rank([items[2]!, items[3]!, { id: 'same', ...item(['Payroll Rules']) }], 'payroll', (entry) =>
        entry.id === 'same' ? 0 : -1,
      ).map(({ item }) => item.id),
    ).toEqual(['same', 'short', 'long']);
  });
});

describe('the words typed rank the command that has them all first (issue 25)', () => {
  const item = (labels: string[], keywords: string[]) => ({
    labels: labels.map(normalize),
    keywords: keywords.map(normalize),
    page: true,
    enabled: true,
    comingSoon: false,
  });
  // A grid's palette commands on the Departments list (src/grids/commands.ts), in English and Indonesian.
  const template = item(
    ['Download the Departments import template', 'Unduh templat impor Departemen'],
    ['template', 'download', 'xlsx', 'excel', 'templat', 'unduh'],
  );
  const importCommand = item(
    ['Import xlsx into Departments…', 'Impor xlsx ke Departemen…'],
    ['import', 'upload', 'xlsx', 'excel', 'csv', 'impor', 'unggah'],
  );

  it.each(['import xlsx', 'impor xlsx', 'xlsx import'])('%s: the import before the template', (query) => {
    const ranked = rank([template, importCommand], normalize(query), () => -1).map((found) => found.item);
    expect(ranked).toEqual([importCommand, template]);
  });

  it('a page command named by the query still comes before one found by a keyword', () => {
    const byName = match(importCommand, 'import xlsx', ['import', 'xlsx'])!;
    const byKeyword = match(template, 'import xlsx', ['import', 'xlsx'])!;
    expect(byName.tier).toBe(Tier.page);
    expect(byKeyword.tier).toBe(Tier.page);
    expect(byName.closeness).toBeLessThan(byKeyword.closeness);
  });
});
