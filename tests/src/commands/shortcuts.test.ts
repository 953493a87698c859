// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { inModalDialog } from '../../../src/commands/shortcuts.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('inModalDialog', () => {
  it('is false on a page without an open dialog', () => {
    document.body.innerHTML = '<main><button id="b">x</button></main><dialog><button id="c">y</button></dialog>';
    expect(inModalDialog(document.getElementById('b'))).toBe(false);
    expect(inModalDialog(null)).toBe(false);
  });

  it("is true for a key typed in an open dialog's button or field", () => {
    document.body.innerHTML = '<main></main><dialog open><form><button id="c">y</button><input id="i"></form></dialog>';
    expect(inModalDialog(document.getElementById('c'))).toBe(true);
    expect(inModalDialog(document.getElementById('i'))).toBe(true);
  });
});
