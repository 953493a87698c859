/**
 * What the employee detail adds to the Cmd-K palette while it is open: 'Go to section: <Section>' for each section on
 * screen, 'Save section' (Ctrl+S / Cmd+S), 'Exit employee', 'Rehire', and 'Next employee' / 'Previous employee'
 * (Alt+↓ / Alt+↑) through the list the detail was opened from. Plain command objects.
 */
import type { Command, Shortcut } from '../../commands/types.ts';
import type { Section, SectionId } from '../../employeeForm/sections.ts';

export interface DetailActions {
  goToSection(id: SectionId): void;
  /** Saves the section that has (or last had) the focus. */
  saveSection(): void;
  exit(): void;
  rehire(): void;
  next(): void;
  previous(): void;
}

export interface DetailState {
  sections: readonly Section[];
  canWrite: boolean;
  /** The employee has an exit date (the resigned list, or leaving on a later day). */
  exited: boolean;
  /** A form or the account holds the focus, or held it last. */
  canSave: boolean;
}

export const saveShortcut: Shortcut = { key: 's', mod: true };
export const nextShortcut: Shortcut = { key: 'ArrowDown', alt: true };
export const previousShortcut: Shortcut = { key: 'ArrowUp', alt: true };

const always = () => true;

/**
 * Runs an action once the palette has closed and given the focus back (its modal makes the page inert while open):
 * moving the focus to a section must come after that.
 */
const afterPalette = (action: () => void) => () => {
  setTimeout(action, 0);
};

export function detailCommands(state: DetailState, actions: DetailActions): Command[] {
  const goTo: Command[] = state.sections.map((section) => ({
    id: `employee-detail:section:${section.id}`,
    label: 'employeeDetail.commands.goToSection',
    labelValues: (ctx) => ({ section: ctx.t(section.label as never) }),
    keywords: ['section', 'go to', 'jump', 'bagian', 'ke', '转到', section.id],
    group: 'context',
    isVisible: always,
    isEnabled: always,
    run: afterPalette(() => actions.goToSection(section.id)),
  }));
  return [
    ...goTo,
    {
      id: 'employee-detail:save',
      label: 'employeeDetail.commands.saveSection',
      keywords: ['save', 'section', 'simpan', 'bagian', '保存'],
      group: 'context',
      shortcut: saveShortcut,
      isVisible: () => state.canWrite,
      isEnabled: () => state.canSave,
      run: afterPalette(actions.saveSection),
    },
    {
      id: 'employee-detail:exit',
      label: 'employeeDetail.commands.exit',
      keywords: ['exit', 'resign', 'terminate', 'phk', 'keluar', 'berhenti', '离职'],
      group: 'context',
      isVisible: () => state.canWrite && !state.exited,
      isEnabled: always,
      run: afterPalette(actions.exit),
    },
    {
      id: 'employee-detail:rehire',
      label: 'employeeDetail.commands.rehire',
      keywords: ['rehire', 'reinstate', 'return', 'rekrut ulang', 'kembali', '重新雇用'],
      group: 'context',
      isVisible: () => state.canWrite && state.exited,
      isEnabled: always,
      run: afterPalette(actions.rehire),
    },
    {
      id: 'employee-detail:next',
      label: 'employeeDetail.commands.next',
      keywords: ['next', 'employee', 'berikutnya', 'karyawan', '下一个'],
      group: 'context',
      shortcut: nextShortcut,
      isVisible: always,
      isEnabled: always,
      run: afterPalette(actions.next),
    },
    {
      id: 'employee-detail:previous',
      label: 'employeeDetail.commands.previous',
      keywords: ['previous', 'employee', 'sebelumnya', 'karyawan', '上一个'],
      group: 'context',
      shortcut: previousShortcut,
      isVisible: always,
      isEnabled: always,
      run: afterPalette(actions.previous),
    },
  ];
}
