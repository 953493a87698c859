// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickerOption } from '../../../src/picker/options.ts';

const { PickerField, PICKER_POSITION_DELAY_MS } = await import('../../../src/picker/PickerField.tsx');
const { loopOptions } = await import('../../../src/picker/options.ts');
const { default: i18n } = await import('../../../src/i18n.ts');

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let root: Root;
let container: HTMLElement;
const changes: unknown[] = [];

const children = loopOptions(0, 20);

function Form(props: { initial?: number | null; clearable?: boolean }) {
  const [value, setValue] = useState<number | null>(props.initial ?? null);
  return (
    <>
      <PickerField
        label="Children"
        value={value}
        source={{ kind: 'local', options: children }}
        clearable={props.clearable}
        onChange={(next, option) => {
          changes.push([next, option]);
          setValue(next);
        }}
      />
      <input aria-label="Next field" />
    </>
  );
}

const button = () => container.querySelector<HTMLButtonElement>('.picker-field-button')!;
const popover = () => container.querySelector<HTMLElement>('.picker-popover');
const search = () => container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const accessibleName = () =>
  button()
    .getAttribute('aria-labelledby')!
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

async function key(target: Element, name: string) {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  await act(async () => {
    target.dispatchEvent(event);
  });
  return event;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  changes.length = 0;
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('PickerField', () => {
  it('shows the label and value, and places the list below the field 150 ms after it opens', async () => {
    expect(PICKER_POSITION_DELAY_MS).toBe(150);
    await act(async () => root.render(<Form />));
    expect(accessibleName()).toBe('Children Choose…');
    expect(button().getAttribute('aria-expanded')).toBe('false');

    await act(async () => button().click());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(popover()!.dataset.positioned).toBe('false');
    // Already focused and typing goes to the search while it is being placed.
    expect(document.activeElement).toBe(search());
    await wait(PICKER_POSITION_DELAY_MS - 1);
    expect(popover()!.dataset.positioned).toBe('false');
    await wait(1);
    expect(popover()!.dataset.positioned).toBe('true');
    const anchor = button().getBoundingClientRect();
    expect(popover()!.style.top).toBe(`${anchor.bottom + 4}px`);
  });

  it('chooses with the keyboard, closes, returns the focus to the button and shows the choice', async () => {
    await act(async () => root.render(<Form />));
    await act(async () => button().click());
    await act(async () => {
      const field = search();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, '12');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await key(search(), 'Enter');
    expect(changes).toEqual([[12, { key: '12', label: '12', value: 12 } satisfies PickerOption<number>]]);
    expect(popover()).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(accessibleName()).toBe('Children 12');
  });

  it('opens with the typed character searched, and Clear Selection empties it', async () => {
    await act(async () => root.render(<Form initial={3} />));
    expect(accessibleName()).toBe('Children 3');
    await key(button(), '7');
    expect(search().value).toBe('7');
    await key(search(), 'Escape');
    expect(popover()).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(changes).toEqual([]);

    await key(button(), 'ArrowDown');
    await key(search(), 'Home');
    await key(search(), 'Enter');
    expect(changes).toEqual([[null, null]]);
    expect(accessibleName()).toBe('Children Choose…');
  });

  it('closes on a press outside, without a change', async () => {
    await act(async () => root.render(<Form initial={2} />));
    await act(async () => button().click());
    await act(async () => {
      search().dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(popover()).not.toBeNull();
    await act(async () => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(popover()).toBeNull();
    expect(changes).toEqual([]);
  });

  it('Tab chooses the active option and leaves the focus free to move on', async () => {
    await act(async () => root.render(<Form initial={4} />));
    await act(async () => button().click());
    await key(search(), 'ArrowDown');
    const tab = await key(search(), 'Tab');
    expect(changes).toEqual([[5, { key: '5', label: '5', value: 5 }]]);
    expect(tab.defaultPrevented).toBe(false);
    expect(popover()).toBeNull();
    expect(document.activeElement).toBe(button());
  });
});
