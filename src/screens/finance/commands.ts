/**
 * What finance → loan and the loan detail add to the Cmd-K palette while they are on screen (plain command objects;
 * the grid adds its own: new row, import, export, delete, open the schedule).
 */
import type { Command } from '../../commands/types.ts';

const afterPalette = (action: () => void): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(() => {
      action();
      resolve();
    }, 0);
  });
const always = () => true;

export type FinanceView = 'loans' | 'deposits';

export function loanListCommands(view: FinanceView, show: (view: FinanceView) => void): Command[] {
  return [
    {
      id: 'finance-loan:loans',
      label: 'loans.commands.showLoans',
      keywords: ['loans', 'installments', 'pinjaman', 'cicilan', '贷款'],
      group: 'context',
      isVisible: () => view !== 'loans',
      isEnabled: always,
      run: () => afterPalette(() => show('loans')),
    },
    {
      id: 'finance-loan:deposits',
      label: 'loans.commands.showDeposits',
      keywords: ['deposits', 'uniform', 'equipment', 'deposit', 'seragam', '押金'],
      group: 'context',
      isVisible: () => view !== 'deposits',
      isEnabled: always,
      run: () => afterPalette(() => show('deposits')),
    },
  ];
}

export interface LoanDetailActions {
  canWrite: boolean;
  active: boolean;
  settle(): void;
  skip(): void;
  back(): void;
}

export function loanDetailCommands(actions: LoanDetailActions): Command[] {
  return [
    {
      id: 'loan-detail:settle',
      label: 'loans.commands.settle',
      keywords: ['settle', 'early', 'pay off', 'lunasi', 'pelunasan', '提前还款'],
      group: 'context',
      isVisible: () => actions.canWrite,
      isEnabled: () => actions.active,
      run: () => afterPalette(actions.settle),
    },
    {
      id: 'loan-detail:skip',
      label: 'loans.commands.skip',
      keywords: ['skip', 'postpone', 'month', 'lewati', 'tunda', '跳过'],
      group: 'context',
      isVisible: () => actions.canWrite,
      isEnabled: () => actions.active,
      run: () => afterPalette(actions.skip),
    },
    {
      id: 'loan-detail:back',
      label: 'loans.commands.back',
      keywords: ['back', 'loans', 'list', 'kembali', '返回'],
      group: 'context',
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(actions.back),
    },
  ];
}
