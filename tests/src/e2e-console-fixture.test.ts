/**
 * Every browser spec runs with the console-error fixture (tests/e2e/fixtures.ts): it takes `test` from there, never
 * from '@playwright/test' directly, so a page that logs an error fails its spec.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, '..', 'e2e');
const specs = readdirSync(folder).filter((name) => name.endsWith('.spec.ts'));

describe('the e2e suite and the console-error fixture', () => {
  it.each(specs)('%s takes test from ./fixtures.ts', (name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    expect(text).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\/fixtures\.ts';/);
    const direct = /import \{([^}]*)\} from '@playwright\/test';/.exec(text)?.[1] ?? '';
    const values = direct
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    expect(values).toEqual([]);
  });
});
