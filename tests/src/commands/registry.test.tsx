// @vitest-environment happy-dom
import { act, type DependencyList } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Contributions,
  contributions,
  useCommandSelection,
  useCommands,
  useContributions,
} from '../../../src/commands/registry.ts';
import type { Command, Selection } from '../../../src/commands/types.ts';
import { makeCommand } from './fixtures.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let root: Root;
let seen: Contributions = { commands: [], selection: null };

function Screen({ commands, deps, selection }: { commands: Command[]; deps: DependencyList; selection?: Selection }) {
  useCommands(commands, deps);
  useCommandSelection(selection ?? null);
  return null;
}

function Palette() {
  seen = useContributions();
  return null;
}

const render = (node: React.ReactNode) => act(() => root.render(node));

beforeEach(() => {
  root = createRoot(document.createElement('div'));
});
afterEach(() => {
  act(() => root.unmount());
});

describe('useCommands: screens contribute commands while mounted', () => {
  it('registers on mount and unregisters on unmount', () => {
    const approve = makeCommand('approvals:approve');
    render(
      <>
        <Palette />
        <Screen commands={[approve]} deps={[]} />
      </>,
    );
    expect(seen.commands).toEqual([approve]);
    render(<Palette />);
    expect(seen.commands).toEqual([]);
    expect(contributions.get().commands).toEqual([]);
  });

  it('re-registers when a dependency changes, and keeps other screens’ commands', () => {
    const grid = makeCommand('grid:export');
    const first = makeCommand('screen:new', { keywords: ['one'] });
    const second = makeCommand('screen:new', { keywords: ['two'] });
    const tree = (command: Command, dep: number) => (
      <>
        <Palette />
        <Screen commands={[grid]} deps={[]} />
        <Screen commands={[command]} deps={[dep]} />
      </>
    );
    render(tree(first, 1));
    expect(seen.commands).toEqual([grid, first]);
    render(tree(second, 1));
    expect(seen.commands).toEqual([grid, first]);
    render(tree(second, 2));
    expect(seen.commands).toEqual([grid, second]);
  });

  it('publishes the selection, newest first, and restores the previous one on unmount', () => {
    const rows: Selection = { resource: 'approvals', ids: ['a', 'b'] };
    const detail: Selection = { resource: 'employees', ids: ['e'] };
    render(
      <>
        <Palette />
        <Screen commands={[]} deps={[]} selection={rows} />
      </>,
    );
    expect(seen.selection).toEqual(rows);
    render(
      <>
        <Palette />
        <Screen commands={[]} deps={[]} selection={rows} />
        <Screen commands={[]} deps={[]} selection={detail} />
      </>,
    );
    expect(seen.selection).toEqual(detail);
    render(
      <>
        <Palette />
        <Screen commands={[]} deps={[]} selection={rows} />
      </>,
    );
    expect(seen.selection).toEqual(rows);
    render(<Palette />);
    expect(seen.selection).toBeNull();
  });

  it('works outside React too', () => {
    const command = makeCommand('x');
    const remove = contributions.register([command]);
    expect(contributions.get().commands).toEqual([command]);
    remove();
    remove();
    expect(contributions.get().commands).toEqual([]);
  });
});
