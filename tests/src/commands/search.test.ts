// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { globalCommands, MY_PROFILE_PATH, PAYSLIPS_HASH } from '../../../src/commands/global.ts';
import { navigationCommands } from '../../../src/commands/navigation.ts';
import { pushRecent, RECENT_CAP, readRecent } from '../../../src/commands/recent.ts';
import { requestCommands } from '../../../src/commands/requests.ts';
import { arrange, buildEntries, type Entry } from '../../../src/commands/search.ts';
import { fixedT, makeCommand, makeContext, makeUser } from './fixtures.ts';

const ids = (entries: readonly Entry[]) => entries.map((entry) => entry.command.id);
const results = (entries: readonly Entry[], query: string, recent: readonly string[] = []) =>
  ids(arrange(entries, query, recent).flatMap((section) => section.entries));

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

describe('palette search', () => {
  const admin = makeUser('admin');

  it('finds a language by its name in every language, the one named first', () => {
    const expected = [
      ['en', 'bahasa', 'language:id'],
      ['en', 'indonesia', 'language:id'],
      ['en', 'indonesian', 'language:id'],
      ['en', '中文', 'language:zh'],
      ['en', 'chinese', 'language:zh'],
      ['en', 'mandarin', 'language:zh'],
      ['id', 'english', 'language:en'],
      ['id', 'inggris', 'language:en'],
      ['id', 'chinese', 'language:zh'],
      ['zh', 'english', 'language:en'],
      ['zh', 'bahasa', 'language:id'],
      ['zh', 'indonesia', 'language:id'],
    ] as const;
    for (const [language, query, id] of expected) {
      const ctx = makeContext(admin, { t: fixedT(language), language });
      const entries = buildEntries([...globalCommands, ...navigationCommands], ctx, [fixedT('en'), fixedT('id')]);
      expect(results(entries, query)[0], `${language}: ${query}`).toBe(id);
    }
  });

  it("'payslip' finds an employee's own payslips, which land on My Profile's payslips", () => {
    for (const language of ['en', 'id', 'zh'] as const) {
      const visited: string[] = [];
      const ctx = makeContext(makeUser('employee'), {
        t: fixedT(language),
        language,
        navigate: (to) => visited.push(to),
      });
      const entries = buildEntries([...globalCommands, ...navigationCommands, ...requestCommands], ctx, [
        fixedT('en'),
        fixedT('id'),
      ]);
      for (const query of ['payslip', 'slip gaji', 'my payslips']) {
        const [first] = arrange(entries, query, []).flatMap((section) => section.entries);
        expect(first?.command.id, `${language}: ${query}`).toBe('profile:payslips');
        void first?.command.run(ctx);
      }
      expect(visited[0]).toBe(`${MY_PROFILE_PATH}${PAYSLIPS_HASH}`);
    }
    const developer = makeContext(makeUser('developer'));
    expect(globalCommands.find((command) => command.id === 'profile:payslips')?.isVisible(developer)).toBe(false);
  });

  it('finds a screen by its English words in any active language', () => {
    for (const language of ['en', 'id', 'zh'] as const) {
      const ctx = makeContext(admin, { t: fixedT(language), language });
      const entries = buildEntries(navigationCommands, ctx, [fixedT('en'), fixedT('id')]);
      expect(results(entries, 'resigned')[0], language).toBe('go:resigned-employees');
    }
  });

  it('finds a screen by its Indonesian words in any active language', () => {
    for (const language of ['en', 'id', 'zh'] as const) {
      const ctx = makeContext(admin, { t: fixedT(language), language });
      const entries = buildEntries(navigationCommands, ctx, [fixedT('en'), fixedT('id')]);
      const found = results(entries, 'karyawan keluar');
      expect(found[0], language).toBe('go:resigned-employees');
      expect(results(entries, 'karyawan'), language).toEqual(
        expect.arrayContaining(['go:active-employees', 'go:resigned-employees']),
      );
    }
  });

  it('shows labels in the active language', () => {
    const ctx = makeContext(admin, { t: fixedT('id'), language: 'id' });
    const entries = buildEntries(navigationCommands, ctx, [fixedT('en'), fixedT('id')]);
    expect(entries.find((entry) => entry.command.id === 'go:resigned-employees')?.label).toBe(
      fixedT('id')('menu.resigned-employees'),
    );
  });

  it('leaves out invisible commands and keeps disabled ones, after the enabled', () => {
    const ctx = makeContext(admin);
    const entries = buildEntries(
      [
        makeCommand('hidden', { keywords: ['report'], isVisible: () => false }),
        makeCommand('off', { keywords: ['report'], isEnabled: () => false }),
        makeCommand('on', { keywords: ['report'] }),
      ],
      ctx,
      [],
    );
    expect(results(entries, 'report')).toEqual(['on', 'off']);
  });

  it('every word of the query must match; a label match beats a keyword match', () => {
    const ctx = makeContext(admin);
    const entries = buildEntries(
      [
        makeCommand('keyword', { label: 'commands.goBack', keywords: ['logout'] }),
        makeCommand('label', { label: 'commands.logout' }),
      ],
      ctx,
      [],
    );
    expect(results(entries, 'log out')).toEqual(['label', 'keyword']);
    expect(results(entries, 'log nothing')).toEqual([]);
  });

  it('with an empty query lists recently used commands first, then the groups in order', () => {
    const ctx = makeContext(admin);
    const entries = buildEntries(
      [
        makeCommand('nav', { group: 'navigation' }),
        makeCommand('action', { group: 'actions' }),
        makeCommand('screen', { group: 'context' }),
        makeCommand('help', { group: 'help' }),
      ],
      ctx,
      [],
    );
    const sections = arrange(entries, '', ['help', 'nav', 'gone']);
    expect(sections.map((section) => [section.id, ids(section.entries)])).toEqual([
      ['recent', ['help', 'nav']],
      ['context', ['screen']],
      ['actions', ['action']],
    ]);
  });

  it('orders equal matches by recency', () => {
    const ctx = makeContext(admin);
    const entries = buildEntries(
      ['a', 'b', 'c'].map((id) => makeCommand(id, { keywords: ['payroll'] })),
      ctx,
      [],
    );
    expect(results(entries, 'payroll')).toEqual(['a', 'b', 'c']);
    expect(results(entries, 'payroll', ['c', 'b'])).toEqual(['c', 'b', 'a']);
  });

  it('keeps the recently used list newest first, without duplicates, capped', () => {
    const storage = memoryStorage();
    expect(readRecent(storage)).toEqual([]);
    pushRecent('a', storage);
    pushRecent('b', storage);
    expect(pushRecent('a', storage)).toEqual(['a', 'b']);
    for (let i = 0; i < 20; i++) pushRecent(`x${i}`, storage);
    expect(readRecent(storage)).toHaveLength(RECENT_CAP);
    expect(readRecent(storage)[0]).toBe('x19');
    storage.setItem('palette-recent', '{not json');
    expect(readRecent(storage)).toEqual([]);
  });

  it('filters 500 commands keystroke by keystroke', () => {
    // How fast is measured in bench/units.ts (a frame per keystroke), not asserted here.
    const ctx = makeContext(admin);
    const many = Array.from({ length: 500 }, (_, i) =>
      makeCommand(`command-${i}`, {
        label: navigationCommands[i % navigationCommands.length]!.label,
        keywords: [`keyword ${i}`, 'employee payroll attendance'],
      }),
    );
    const entries = buildEntries(many, ctx, [fixedT('en'), fixedT('id')]);
    const query = 'resigned employees';
    for (let length = 1; length <= query.length; length++) {
      expect(arrange(entries, query.slice(0, length), ['command-3']).length).toBeGreaterThan(0);
    }
    expect(results(entries, 'resigned').length).toBeGreaterThan(0);
  });
});
