/** What the payroll-run screen adds to the Cmd-K palette while it is on screen. */
import type { Command } from '../../commands/types.ts';

export interface PayrollRunActions {
  canWrite: boolean;
  hasPending: boolean;
  newRun(): void;
  save(): void;
  compare(): void;
  focusGrid(): void;
  /** Shows or hides the explain panel; the focus stays where it is. */
  explain(): void;
  /** Opens the focused row's employee payroll for the run's month (null: no row focused). */
  openEmployee: (() => void) | null;
  /** The bank transfer file of the open completed run (null: none open). */
  bankFile?: (() => void) | null;
}

/** After the palette closed and gave the focus back (a dialog makes the page inert while it is open). */
const afterPalette = (action: () => void): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(() => {
      action();
      resolve();
    }, 0);
  });

export function payrollRunCommands(actions: PayrollRunActions): Command[] {
  const base = { group: 'context' as const, isVisible: () => true };
  return [
    {
      ...base,
      id: 'payroll-run:new',
      label: 'payrollRun.newRun',
      keywords: ['run', 'payroll', 'gaji', 'jalankan', 'thr', '工资'],
      isEnabled: () => actions.canWrite,
      run: () => afterPalette(actions.newRun),
    },
    {
      ...base,
      id: 'payroll-run:save',
      label: 'payrollRun.save',
      keywords: ['save', 'complete', 'simpan', '保存'],
      isEnabled: () => actions.canWrite && actions.hasPending,
      run: () => afterPalette(actions.save),
    },
    {
      ...base,
      id: 'payroll-run:compare',
      label: 'payrollRun.compare',
      keywords: ['compare', 'previous', 'bandingkan', '比较'],
      isEnabled: () => true,
      run: () => afterPalette(actions.compare),
    },
    {
      ...base,
      id: 'payroll-run:explain',
      label: 'payrollRun.explainToggle',
      keywords: ['explain', 'why', 'jelaskan', 'penjelasan', '解释'],
      shortcut: { key: 'i', mod: true },
      isEnabled: () => true,
      // No palette round trip: the focus stays in the grid. Closed by default, so the first press opens it.
      run: () => actions.explain(),
    },
    {
      ...base,
      id: 'payroll-run:employee',
      label: 'payrollRun.openEmployee',
      keywords: ['employee', 'payroll', 'karyawan', 'detail', '员工'],
      shortcut: { key: 'o', mod: true, shift: true },
      isEnabled: () => actions.openEmployee !== null,
      run: () => actions.openEmployee?.(),
    },
    {
      ...base,
      id: 'payroll-run:bank-file',
      label: 'bankFile.open',
      keywords: ['bank', 'transfer', 'file', 'BCA', 'Mandiri', 'BNI', 'BRI', 'transfer gaji', '银行'],
      isEnabled: () => Boolean(actions.bankFile),
      run: () => afterPalette(() => actions.bankFile?.()),
    },
    {
      ...base,
      id: 'payroll-run:grid',
      label: 'payrollRun.focusGrid',
      keywords: ['grid', 'sheet', 'tabel', '表格'],
      isEnabled: () => true,
      run: () => afterPalette(actions.focusGrid),
    },
  ];
}
