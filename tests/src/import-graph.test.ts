/**
 * The client's import graph (.dependency-cruiser.cjs): no import circles in src/, no src/ → server/, no feature folder
 * importing another's, no generic code importing a feature. The imports that break the last two rules today are
 * listed here; the list may only shrink (a new one fails, and so does a listed one that is gone).
 */
import { createRequire } from 'node:module';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/** `rule: from → to`, to be moved out (issue 25, section 6). */
const KNOWN: string[] = [];

async function violations(): Promise<string[]> {
  const config = require('../../.dependency-cruiser.cjs');
  const result: IReporterOutput = await cruise(['src'], {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the import graph of src/', () => {
  it('has no circles, no server import, and no cross-feature import beyond the listed ones', async () => {
    const found = await violations();
    expect(found.filter((line) => line.startsWith('no-circular'))).toEqual([]);
    expect(found.filter((line) => line.startsWith('src-not-server'))).toEqual([]);
    expect(found).toEqual([...KNOWN].sort());
  }, 60_000);
});
