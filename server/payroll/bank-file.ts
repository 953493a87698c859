/**
 * The bank transfers of a completed payroll (issue 27 section 5, decision 0176): one transfer per payslip with a
 * take-home pay above zero, into the employee's account, for the stored take-home pay. An employee with pay to receive
 * and no bank account refuses the file, naming them; the transfers' total is the run's total take-home pay (a run
 * never completes with a negative one, decision 0075).
 */
import { type BankTransfer, type PayingBank, payingBankFacts, transferReference } from '../../common/bank-file.ts';
import type { Db } from '../db/connect.ts';
import type { payrollSummaries } from '../db/schema.ts';
import type { Scope } from '../http/access.ts';
import { AppError } from '../http/errors.ts';
import { bankTransferRows } from './repository.ts';
import { kindOf } from './run.ts';

type Summary = typeof payrollSummaries.$inferSelect;

export interface BankTransferFile {
  paying_bank: PayingBank;
  /** The bank's own layout when verified; null: the generic file (decision 0176). */
  layout: null;
  transfers: (BankTransfer & { employee: { _id: string; employee_id: string; fullname: string } })[];
  /** Per receiving bank: how many transfers and their total. */
  banks: { bank: string; count: number; total: number }[];
  count: number;
  total: number;
}

export async function bankTransferFile(
  db: Db,
  scope: Scope,
  summary: Summary,
  payingBank: PayingBank,
  recipients: 'all' | 'same_bank',
): Promise<BankTransferFile> {
  if (summary.status !== 'completed') {
    throw new AppError(409, 'bank_file_run_pending', 'Only a completed payroll is paid: complete it first');
  }
  if (!kindOf(summary.type).exports.includes('bank_transfers')) {
    throw new AppError(409, 'bank_file_thr', "A THR run is paid in its month's monthly run: make the file there");
  }
  const rows = await bankTransferRows(db, scope, summary.id);
  const paid = rows.filter((row) => row.thp > 0);
  const missing = paid.filter((row) => !row.bank?.trim() || !row.account_number?.trim());
  if (missing.length) {
    const names = missing.map((row) => `${row.fullname} (${row.employee_number})`);
    throw new AppError(
      409,
      'bank_account_missing',
      `No bank account for ${names.join(', ')}: add it on the employee's salary section`,
      undefined,
      { names },
    );
  }
  const chosen =
    recipients === 'same_bank'
      ? paid.filter((row) => (row.bank ?? '').trim().toLowerCase() === payingBank.toLowerCase())
      : paid;
  const transfers = chosen.map((row) => ({
    employee: { _id: row.employee, employee_id: row.employee_number, fullname: row.fullname },
    account: (row.account_number ?? '').replace(/[\s.-]/g, ''),
    name: row.account_name?.trim() || row.fullname,
    bank: (row.bank ?? '').trim(),
    amount: row.thp,
    reference: transferReference(summary.title, row.employee_number),
  }));
  const banks = new Map<string, { bank: string; count: number; total: number }>();
  for (const transfer of transfers) {
    const entry = banks.get(transfer.bank) ?? { bank: transfer.bank, count: 0, total: 0 };
    entry.count += 1;
    entry.total += transfer.amount;
    banks.set(transfer.bank, entry);
  }
  const total = transfers.reduce((sum, transfer) => sum + transfer.amount, 0);
  return {
    paying_bank: payingBank,
    layout: payingBankFacts[payingBank].layout,
    transfers,
    banks: [...banks.values()].sort((a, b) => a.bank.localeCompare(b.bank)),
    count: transfers.length,
    total,
  };
}
