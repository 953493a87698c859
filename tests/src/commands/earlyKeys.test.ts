import { describe, expect, it } from 'vitest';
import { type EarlyKey, planReplay } from '../../../src/commands/earlyKeys.ts';

const key = (k: string, mods: Partial<EarlyKey> = {}): EarlyKey => ({
  key: k,
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('keys typed while the shell loads', () => {
  it('opens the palette on Ctrl+K or Cmd+K, with what was typed after it as the search', () => {
    expect(planReplay([key('k', { ctrlKey: true }), key('r'), key('e'), key('Enter'), key('s')])).toEqual({
      before: [],
      open: true,
      search: 'res',
    });
    expect(planReplay([key('?'), key('k', { metaKey: true })])).toMatchObject({ before: [key('?')], open: true });
  });

  it('replays other keys as they were', () => {
    expect(planReplay([key('?')])).toEqual({ before: [key('?')], open: false, search: '' });
    expect(planReplay([])).toEqual({ before: [], open: false, search: '' });
  });
});
