// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFormKey } from '../../../src/components/formKeys.ts';

/** Sends a key to `target` and gives it to the app's form keys, as the document listener does. */
function press(target: Element, key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  onFormKey(event);
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('forms and dialogs finish from the keyboard (issue 25)', () => {
  it('submits a form with Ctrl+Enter through its submit event, from any field, a textarea too', () => {
    document.body.innerHTML = `<form><input id="a"><textarea id="b"></textarea><select id="c"><option>x</option></select>
      <button type="submit">Send</button></form>`;
    const form = document.querySelector('form')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    expect(press(document.getElementById('a')!, 'Enter', { ctrlKey: true }).defaultPrevented).toBe(true);
    press(document.getElementById('b')!, 'Enter', { metaKey: true });
    expect(submitted).toHaveBeenCalledTimes(2);
    // Enter in a select submits; in a textarea it stays a new line.
    press(document.getElementById('c')!, 'Enter');
    expect(submitted).toHaveBeenCalledTimes(3);
    expect(press(document.getElementById('b')!, 'Enter').defaultPrevented).toBe(false);
    expect(submitted).toHaveBeenCalledTimes(3);
  });

  it('does not submit a busy form (its button disabled), nor a key already handled', () => {
    document.body.innerHTML = `<form><input id="a"><button type="submit" disabled>Send</button></form>`;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submitted);
    press(document.getElementById('a')!, 'Enter', { ctrlKey: true });
    expect(submitted).not.toHaveBeenCalled();
  });

  it("presses a dialog's default button when it has no form", () => {
    document.body.innerHTML = `<dialog open><p id="p" tabindex="-1">Sure?</p><button id="no">No</button>
      <button id="yes" data-default>Delete</button></dialog>`;
    const yes = vi.fn();
    const no = vi.fn();
    document.getElementById('yes')!.addEventListener('click', yes);
    document.getElementById('no')!.addEventListener('click', no);
    press(document.getElementById('no')!, 'Enter', { ctrlKey: true });
    expect(yes).toHaveBeenCalledTimes(1);
    expect(no).not.toHaveBeenCalled();
    // A plain Enter is the focused button's own.
    press(document.getElementById('p')!, 'Enter');
    expect(yes).toHaveBeenCalledTimes(1);
  });
});
