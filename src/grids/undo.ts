/**
 * The grid's app-level undo stack. AG Grid's own undo only knows cell edits made in the grid, not what the server
 * stored, so every change (cell edit, paste, set value, delete, new row) is recorded here as an entry that can undo
 * and redo itself on the server. Steps run one at a time; a step that fails stays where it was, so the user can
 * retry it, and nothing is half-undone in the stack.
 */
export interface UndoEntry {
  /** What the entry did, for the toast: a label key and its values. */
  label: string;
  values?: Record<string, string | number>;
  undo(): Promise<void>;
  redo(): Promise<void>;
}

export type UndoState = { canUndo: boolean; canRedo: boolean; busy: boolean };

export class UndoStack {
  private done: UndoEntry[] = [];
  private undone: UndoEntry[] = [];
  private running = false;
  private readonly listeners = new Set<() => void>();
  private state: UndoState = { canUndo: false, canRedo: false, busy: false };

  private readonly limit: number;

  constructor(limit = 100) {
    this.limit = limit;
  }

  /** Records a change that already happened; it clears the redo side, as in every editor. */
  push(entry: UndoEntry): void {
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
    this.publish();
  }

  /** Undoes the newest change. Resolves to the entry, or null when there was nothing to do or a step is running. */
  undo(): Promise<UndoEntry | null> {
    return this.step(this.done, this.undone, (entry) => entry.undo());
  }

  redo(): Promise<UndoEntry | null> {
    return this.step(this.undone, this.done, (entry) => entry.redo());
  }

  clear(): void {
    this.done = [];
    this.undone = [];
    this.publish();
  }

  get snapshot(): UndoState {
    return this.state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private async step(
    from: UndoEntry[],
    to: UndoEntry[],
    run: (entry: UndoEntry) => Promise<void>,
  ): Promise<UndoEntry | null> {
    const entry = from.at(-1);
    if (!entry || this.running) return null;
    this.running = true;
    this.publish();
    try {
      await run(entry);
      // Remove this very entry: a save that finished meanwhile may have pushed a newer one.
      const at = from.lastIndexOf(entry);
      if (at !== -1) from.splice(at, 1);
      to.push(entry);
      return entry;
    } finally {
      this.running = false;
      this.publish();
    }
  }

  private publish() {
    this.state = { canUndo: this.done.length > 0, canRedo: this.undone.length > 0, busy: this.running };
    for (const listener of this.listeners) listener();
  }
}
