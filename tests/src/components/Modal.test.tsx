// @vitest-environment happy-dom
import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Modal, useUnsentGuard } from '../../../src/components/Modal.tsx';
import { guardedNavigate, setLeaveGuard } from '../../../src/leaveGuard.ts';

/** Issue 25: a filled, unsent form asks before it is dropped, by one hook that every dialog form has through Modal. */

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function render(node: React.ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(createElement(MemoryRouter, null, node)));
}

const asking = () => document.querySelector('[role="alertdialog"]');
const navigateTo = (to: string) => {
  const went: string[] = [];
  act(() => guardedNavigate(to, (path) => went.push(path)));
  return went;
};

function Form({ unsent }: { unsent: boolean }) {
  return <>{useUnsentGuard(unsent)}</>;
}

describe('useUnsentGuard', () => {
  it('asks only while the form holds unsent input, and Keep editing stays', () => {
    render(<Form unsent={false} />);
    expect(navigateTo('/elsewhere')).toEqual(['/elsewhere']);
    expect(asking()).toBeNull();

    act(() => root!.render(createElement(MemoryRouter, null, <Form unsent />)));
    expect(navigateTo('/elsewhere')).toEqual([]);
    expect(asking()).not.toBeNull();
    // The default button (Enter) keeps editing.
    act(() => asking()!.querySelector<HTMLButtonElement>('[data-default]')!.click());
    expect(asking()).toBeNull();

    // Sent: the guard is gone.
    act(() => root!.render(createElement(MemoryRouter, null, <Form unsent={false} />)));
    expect(navigateTo('/elsewhere')).toEqual(['/elsewhere']);
  });

  it('a Modal asks once something was typed in it, and not before', () => {
    function Dialog() {
      const [value, setValue] = useState('');
      return (
        <Modal title="Adjust" onCancel={() => {}}>
          <input aria-label="amount" value={value} onChange={(event) => setValue(event.target.value)} />
        </Modal>
      );
    }
    render(<Dialog />);
    expect(navigateTo('/elsewhere')).toEqual(['/elsewhere']);
    const input = document.querySelector('input')!;
    act(() => {
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(navigateTo('/elsewhere')).toEqual([]);
    expect(asking()).not.toBeNull();
  });

  it('a Modal told what it holds (`unsent`) follows that, not the typing', () => {
    render(
      <Modal title="Request" onCancel={() => {}} unsent={false}>
        <input aria-label="note" />
      </Modal>,
    );
    act(() => {
      document.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(navigateTo('/elsewhere')).toEqual(['/elsewhere']);
  });
});

describe('leave guards nest', () => {
  it('the last guard set answers, and the one below is back when it goes', () => {
    const record: string[] = [];
    const dialog: string[] = [];
    const unsetRecord = setLeaveGuard((to) => record.push(to));
    const unsetDialog = setLeaveGuard((to) => dialog.push(to));
    guardedNavigate('/a', () => {});
    expect(dialog).toEqual(['/a']);
    unsetDialog();
    guardedNavigate('/b', () => {});
    expect(record).toEqual(['/b']);
    unsetRecord();
    const went: string[] = [];
    guardedNavigate('/c', (to) => went.push(to));
    expect(went).toEqual(['/c']);
  });
});
