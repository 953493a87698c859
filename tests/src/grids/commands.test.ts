import { describe, expect, it, vi } from 'vitest';
import { type BatchAction, type GridActions, gridCommands } from '../../../src/grids/commands.ts';
import { resignedEmployeesGrid } from '../../../src/grids/specs/resigned-employees.ts';
import type { AnyGridSpec } from '../../../src/grids/types.ts';
import { fixedT, makeContext, makeUser } from '../commands/fixtures.ts';

const spec: AnyGridSpec = resignedEmployeesGrid;
const noop = () => undefined;
const actions = (batch: GridActions['batch']): GridActions => ({
  newRow: noop,
  saveAll: async () => undefined,
  undo: async () => undefined,
  redo: async () => undefined,
  remove: noop,
  setValue: noop,
  import: noop,
  template: async () => undefined,
  export: async () => undefined,
  focusSearch: noop,
  clearFilters: noop,
  openDetail: noop,
  batch,
});
const rehire: BatchAction = { id: 'rehire', label: 'employeeLists.rehire', keywords: ['rehire'], run: noop };
const flags = { canCreate: false, canRemove: false, undo: { canUndo: false, canRedo: false, busy: false } };

describe("a screen's batch actions in the palette", () => {
  it('are commands of writers, enabled while rows are selected, labelled with the count', async () => {
    const batch = vi.fn();
    const commands = gridCommands(spec, actions(batch), { ...flags, canWrite: true, batchActions: [rehire] });
    const command = commands.find((entry) => entry.id === 'grid:resigned-employees:rehire')!;
    const ctx = makeContext(makeUser('admin'), {
      t: fixedT('en'),
      selection: { resource: 'resigned-employees', ids: ['a', 'b'] },
    });
    expect(command.isEnabled(ctx)).toBe(true);
    expect(ctx.t(command.label as never, command.labelValues!(ctx))).toBe('Rehire selected (2)');
    expect(command.isEnabled({ ...ctx, selection: null })).toBe(false);
    await command.run(ctx);
    expect(batch).toHaveBeenCalledWith(rehire);

    const readers = gridCommands(spec, actions(batch), { ...flags, canWrite: false, batchActions: [rehire] });
    expect(readers.some((entry) => entry.id === 'grid:resigned-employees:rehire')).toBe(false);
  });

  it('offers an action that only reads (a download) to readers too', () => {
    const download = { id: 'download', label: rehire.label, keywords: ['download'], readOnly: true, run: () => {} };
    const readers = gridCommands(spec, actions(vi.fn()), {
      ...flags,
      canWrite: false,
      batchActions: [rehire, download],
    });
    expect(readers.map((entry) => entry.id)).toContain('grid:resigned-employees:download');
    expect(readers.map((entry) => entry.id)).not.toContain('grid:resigned-employees:rehire');
  });
});
