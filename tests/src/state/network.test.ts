import { describe, expect, it } from 'vitest';
import { canPrefetch } from '../../../src/state/network.ts';

describe('link prefetch (spec 8): skipped offline, on 2g and with data saver', () => {
  it.each([
    [true, undefined, true],
    [true, {}, true],
    [true, { effectiveType: '4g' }, true],
    [true, { effectiveType: '3g' }, true],
    [true, { effectiveType: '2g' }, false],
    [true, { effectiveType: 'slow-2g' }, false],
    [true, { effectiveType: '4g', saveData: true }, false],
    [false, { effectiveType: '4g' }, false],
    [false, undefined, false],
  ])('online %j, connection %j → %j', (online, connection, expected) => {
    expect(canPrefetch({ online, connection })).toBe(expected);
  });
});
