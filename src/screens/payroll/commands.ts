/** What the run sheet (payroll-run, weekly-payroll) adds to the Cmd-K palette while it is on screen. */
import type { Command, LabelKey } from '../../commands/types.ts';
import type { SheetScreen } from './runKinds.ts';

export interface PayrollRunActions {
  canWrite: boolean;
  hasPending: boolean;
  /** The open run's completion label (its kind's): 'Save payroll', 'Complete payroll'. */
  saveLabel: LabelKey;
  /** Whether the open run compares with the previous month and explains its figures (its kind's). */
  canCompare: boolean;
  canExplain: boolean;
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

/** Words the palette also finds a screen's new run by. */
const newKeywords = {
  'payroll-run': ['run', 'payroll', 'gaji', 'jalankan', 'thr', '工资'],
  'weekly-payroll': ['daily', 'weekly', 'harian', 'mingguan', '日薪'],
} as const satisfies Record<SheetScreen['menu'], readonly string[]>;

export function payrollRunCommands(screen: SheetScreen, actions: PayrollRunActions): Command[] {
  const base = { group: 'context' as const, isVisible: () => true };
  const id = (name: string) => `${screen.menu}:${name}`;
  return [
    {
      ...base,
      id: id('new'),
      label: screen.labels.newRun,
      keywords: [...newKeywords[screen.menu]],
      isEnabled: () => actions.canWrite,
      run: () => afterPalette(actions.newRun),
    },
    {
      ...base,
      id: id('save'),
      label: actions.saveLabel,
      keywords: ['save', 'complete', 'simpan', 'selesai', '保存', '完成'],
      isEnabled: () => actions.canWrite && actions.hasPending,
      run: () => afterPalette(actions.save),
    },
    {
      ...base,
      id: id('compare'),
      label: 'payrollRun.compare',
      keywords: ['compare', 'previous', 'bandingkan', '比较'],
      isEnabled: () => actions.canCompare,
      run: () => afterPalette(actions.compare),
    },
    {
      ...base,
      id: id('explain'),
      label: 'payrollRun.explainToggle',
      keywords: ['explain', 'why', 'jelaskan', 'penjelasan', '解释'],
      shortcut: { key: 'i', mod: true },
      isEnabled: () => actions.canExplain,
      // No palette round trip: the focus stays in the grid. Closed by default, so the first press opens it.
      run: () => actions.explain(),
    },
    {
      ...base,
      id: id('employee'),
      label: 'payrollRun.openEmployee',
      keywords: ['employee', 'payroll', 'karyawan', 'detail', '员工'],
      shortcut: { key: 'o', mod: true, shift: true },
      isEnabled: () => actions.openEmployee !== null,
      run: () => actions.openEmployee?.(),
    },
    {
      ...base,
      id: id('bank-file'),
      label: 'bankFile.open',
      keywords: ['bank', 'transfer', 'file', 'BCA', 'Mandiri', 'BNI', 'BRI', 'transfer gaji', '银行'],
      isEnabled: () => Boolean(actions.bankFile),
      run: () => afterPalette(() => actions.bankFile?.()),
    },
    {
      ...base,
      id: id('grid'),
      label: screen.labels.focusGrid,
      keywords: ['grid', 'sheet', 'tabel', '表格'],
      isEnabled: () => true,
      run: () => afterPalette(actions.focusGrid),
    },
  ];
}
