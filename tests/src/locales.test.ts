import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import id from '../../locales/id.json' with { type: 'json' };
import zh from '../../locales/zh.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

/** Every leaf key, dotted: { a: { b: 'x' } } → ['a.b']. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** i18next's plural and context forms share their base key: 'items_one' is used as 'items'. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/**
 * Keys built at run time from a prefix: menu labels (`menu.<id>`, checked against the registry in menu.test.ts),
 * resource titles and field labels (`resources.<name>.fields.<field>`) and enum labels (`enums.<key>.<value>`), both
 * checked against the grid specs in grids/index.test.ts.
 */
const dynamicPrefixes = ['menu.', 'resources.', 'enums.'];

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));
const sources = readdirSync(srcDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
  .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
  .join('\n');

const enKeys = keys(en as Tree);

describe('locales', () => {
  it.each([
    ['id', id],
    ['zh', zh],
  ] as const)('%s has exactly the keys of en', (_, other) => {
    const otherKeys = keys(other as Tree);
    expect(
      enKeys.filter((key) => !otherKeys.includes(key)),
      'missing',
    ).toEqual([]);
    expect(
      otherKeys.filter((key) => !enKeys.includes(key)),
      'extra',
    ).toEqual([]);
  });

  it.each([
    ['en', en],
    ['id', id],
    ['zh', zh],
  ] as const)('%s has no empty texts', (_, tree) => {
    const empty = keys(tree as Tree).filter((key) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
      return typeof value !== 'string' || !value.trim();
    });
    expect(empty).toEqual([]);
  });

  it('every en key is used in src/', () => {
    const unused = enKeys.filter(
      (key) =>
        !dynamicPrefixes.some((prefix) => key.startsWith(prefix)) &&
        !sources.includes(`'${baseKey(key)}'`) &&
        !sources.includes(`"${baseKey(key)}"`) &&
        !sources.includes(`\`${baseKey(key)}\``),
    );
    expect(unused).toEqual([]);
  });
});
