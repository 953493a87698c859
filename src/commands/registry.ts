import { type DependencyList, useEffect, useSyncExternalStore } from 'react';
import type { Command, Selection } from './types.ts';

/** What screens contribute while they are mounted: their commands and the current selection. */
export interface Contributions {
  commands: readonly Command[];
  selection: Selection | null;
}

const lists = new Map<symbol, readonly Command[]>();
const selections: { token: symbol; selection: Selection }[] = [];
const listeners = new Set<() => void>();
let snapshot: Contributions = { commands: [], selection: null };

function publish() {
  snapshot = { commands: [...lists.values()].flat(), selection: selections.at(-1)?.selection ?? null };
  for (const listener of listeners) listener();
}

/** The store behind `useCommands`; usable outside React (tests, non-component modules). */
export const contributions = {
  /** Adds a list of commands; the returned function removes it again. */
  register(commands: readonly Command[]): () => void {
    const token = Symbol('commands');
    lists.set(token, commands);
    publish();
    return () => {
      if (lists.delete(token)) publish();
    };
  },
  /** Publishes a selection; the newest one wins, and removing it brings the previous one back. */
  select(selection: Selection): () => void {
    const token = Symbol('selection');
    selections.push({ token, selection });
    publish();
    return () => {
      const index = selections.findIndex((entry) => entry.token === token);
      if (index === -1) return;
      selections.splice(index, 1);
      publish();
    };
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): Contributions {
    return snapshot;
  },
};

/**
 * Registers a screen's or grid's commands in the palette while the calling component is mounted, e.g.
 * 'Approve selected (12)', 'Import xlsx…', 'Export', 'New employee' (group 'context'). The list is registered again
 * when a value in `deps` changes, like `useMemo`.
 * @example useCommands([{ id: 'employees:new', label: 'commands.newEmployee', group: 'context', ... }], [])
 */
export function useCommands(commands: readonly Command[], deps: DependencyList): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names the dependencies, as with useMemo.
  useEffect(() => contributions.register(commands), deps);
}

/** Publishes what a screen or grid has selected, for the context commands (`ctx.selection`); null publishes nothing. */
export function useCommandSelection(selection: Selection | null): void {
  const resource = selection?.resource;
  const ids = selection?.ids;
  useEffect(() => {
    if (resource === undefined || ids === undefined) return;
    return contributions.select({ resource, ids });
  }, [resource, ids]);
}

/** The contributed commands and selection, live. */
export function useContributions(): Contributions {
  return useSyncExternalStore(contributions.subscribe, contributions.get, contributions.get);
}
