/**
 * A Vite plugin: `import('public-labels:en')` is `locales/en.json`'s public groups only (`publicGroups` in
 * src/labels/public.ts), the labels of the pages before sign-in, as a module of its own, so that the sign-in page
 * loads about 5 KB of labels instead of 28 KB (docs/decisions/0100). Vitest has it too (vitest.config.ts).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const SCHEME = 'public-labels:';
/** A virtual id (that Vite's JSON plugin does not take for JSON). */
const PREFIX = '\0public-labels:';

export function publicLabels(groups: readonly string[]): Plugin {
  return {
    name: 'public-labels',
    enforce: 'pre',
    resolveId(source) {
      if (!source.startsWith(SCHEME)) return null;
      const language = source.slice(SCHEME.length);
      if (!/^[a-z]{2}$/.test(language)) return null;
      return `${PREFIX}${resolve(import.meta.dirname, '..', 'locales', `${language}.json`)}.js`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(groups.filter((group) => group in all).map((group) => [group, all[group]]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
