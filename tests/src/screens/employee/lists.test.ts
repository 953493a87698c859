import { describe, expect, it } from 'vitest';
import { listOf } from '../../../../src/employeeForm/lists.ts';
import { sections } from '../../../../src/employeeForm/sections.ts';
import { detailCommands } from '../../../../src/screens/employee/commands.ts';
import { neighbour } from '../../../../src/screens/employee/neighbours.ts';

describe('the list an employee is on', () => {
  it('follows the server’s list rules', () => {
    expect(listOf({ exit_date: null, status: 'pkwt' }, '2025-06-15')).toBe('active-employees');
    expect(listOf({ exit_date: '2025-06-16', status: 'pkwt' }, '2025-06-15')).toBe('active-employees');
    expect(listOf({ exit_date: '2025-06-15', status: 'pkwt' }, '2025-06-15')).toBe('resigned-employees');
    expect(listOf({ exit_date: '2025-01-01', status: 'freelance' }, '2025-06-15')).toBe('daily-worker');
  });
});

describe('next and previous employee', () => {
  const order = ['a', 'b', 'c'];
  it('walks the list order and stops at its ends', () => {
    expect(neighbour(order, 'b', 1)).toBe('c');
    expect(neighbour(order, 'b', -1)).toBe('a');
    expect(neighbour(order, 'c', 1)).toBeNull();
    expect(neighbour(order, 'a', -1)).toBeNull();
  });
  it('starts at an end when the employee is not in the list', () => {
    expect(neighbour(order, 'x', 1)).toBe('a');
    expect(neighbour(order, 'x', -1)).toBe('c');
    expect(neighbour([], 'x', 1)).toBeNull();
  });
});

describe('the detail’s palette commands', () => {
  const actions = {
    goToSection: () => {},
    saveSection: () => {},
    exit: () => {},
    rehire: () => {},
    next: () => {},
    previous: () => {},
  };
  const ctx = {} as never;

  it('offers a "Go to section" per section shown, and unique ids', () => {
    const commands = detailCommands({ sections, canWrite: true, exited: false, canSave: true }, actions);
    const ids = commands.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('employee-detail:section:'))).toHaveLength(sections.length);
  });

  it('offers exit to active employees and rehire to exited ones, for writers only', () => {
    const visible = (state: { canWrite: boolean; exited: boolean }) =>
      detailCommands({ sections: [], canSave: false, ...state }, actions)
        .filter((command) => command.isVisible(ctx))
        .map((command) => command.id);
    expect(visible({ canWrite: true, exited: false })).toContain('employee-detail:exit');
    expect(visible({ canWrite: true, exited: false })).not.toContain('employee-detail:rehire');
    expect(visible({ canWrite: true, exited: true })).toContain('employee-detail:rehire');
    expect(visible({ canWrite: false, exited: false })).not.toContain('employee-detail:exit');
    expect(visible({ canWrite: false, exited: false })).not.toContain('employee-detail:save');
  });

  it('binds Ctrl/Cmd+S to saving and Alt+arrows to the neighbours', () => {
    const commands = detailCommands({ sections: [], canWrite: true, exited: false, canSave: true }, actions);
    const shortcut = (id: string) => commands.find((command) => command.id === id)?.shortcut;
    expect(shortcut('employee-detail:save')).toEqual({ key: 's', mod: true });
    expect(shortcut('employee-detail:next')).toEqual({ key: 'ArrowDown', alt: true });
    expect(shortcut('employee-detail:previous')).toEqual({ key: 'ArrowUp', alt: true });
  });
});
