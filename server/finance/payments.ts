/**
 * Loans and deposits through the payroll runs (issue 15; decisions 0064, 0065):
 * - `loadFinanceDues`: what each employee's loans and deposits ask of a month's run (the engine's `loan_installment`,
 *   `deposit` and `deposit_return` inputs), set-based: one query a table for the company.
 * - `recordRunFinance`: completing a run records what its payslips actually deducted (the engine caps it by the
 *   take-home pay) as `loan_payments` / `deposit_payments`, spread over the employee's loans oldest first.
 * - `reverseRunFinance`: re-opening a run removes them. The loans' and deposits' kept figures follow both.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { depositDue, flatSchedule, installmentsPaid, type LoanSchedule, loanDue } from '../../common/loans.ts';
import type { PayslipInput, PayslipLine } from '../../common/payroll/types.ts';
import type { Executor } from '../db/connect.ts';
import { depositPayments, deposits, loanPayments, loans, type payrollSummaries, payslips } from '../db/schema.ts';
import { inIds, loadTogether } from '../db/sql.ts';
import { companyReach, inCompany } from '../scope/scope.ts';

export interface Period {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = ({ year, month }: Period) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

export interface LoanTermsRow {
  id: string;
  employee: string;
  amount: number;
  installment: number;
  interest_rate: number;
  effective_date: string;
  skipped_months: string[];
  amount_paid: number;
}

export const scheduleOf = (loan: Omit<LoanTermsRow, 'id' | 'employee' | 'amount_paid'>): LoanSchedule =>
  flatSchedule({
    amount: loan.amount,
    installment: loan.installment,
    interest_rate: Number(loan.interest_rate),
    effective_date: loan.effective_date,
    skipped_months: loan.skipped_months,
  });

export interface FinanceDues {
  loan_installment: number;
  deposit: number;
  deposit_return: number;
  /** Each loan's share of `loan_installment`, oldest first: how a deducted amount is spread. */
  loans: { loan: string; due: number }[];
  deposits: { deposit: string; due: number; balance: number }[];
}

/** A person of the run: its id and exit date (the last run of a leaver takes the whole balance). */
export interface DuePerson {
  id: string;
  exit_date: string | null;
}

/** Whether this month's run is the employee's last: they leave in or before the month. */
const isLastRun = (person: DuePerson, period: Period) =>
  person.exit_date !== null && person.exit_date <= lastDay(period);

export async function loadFinanceDues(
  db: Executor,
  companyId: string,
  period: Period,
  people: readonly DuePerson[],
): Promise<Map<string, FinanceDues>> {
  const result = new Map<string, FinanceDues>();
  if (people.length === 0) return result;
  const byId = new Map(people.map((p) => [p.id, p]));
  const ids = people.map((p) => p.id);
  const end = lastDay(period);
  const [loanRows, depositRows] = await loadTogether(db, [
    () =>
      db
        .select({
          id: loans.id,
          employee: loans.employee,
          amount: loans.amount,
          installment: loans.installment,
          interest_rate: loans.interest_rate,
          effective_date: loans.effective_date,
          skipped_months: loans.skipped_months,
          amount_paid: loans.amount_paid,
        })
        .from(loans)
        .where(
          and(
            inCompany(companyReach(companyId), loans),
            eq(loans.status, 'active'),
            lte(loans.effective_date, end),
            inIds(loans.employee, ids),
          ),
        )
        .orderBy(asc(loans.effective_date), asc(loans.created_at), asc(loans.id)),
    () =>
      db
        .select({
          id: deposits.id,
          employee: deposits.employee,
          amount: deposits.amount,
          target: deposits.target,
          balance: deposits.balance,
        })
        .from(deposits)
        .where(
          and(
            inCompany(companyReach(companyId), deposits),
            lte(deposits.start_date, end),
            inIds(deposits.employee, ids),
          ),
        )
        .orderBy(asc(deposits.start_date), asc(deposits.created_at), asc(deposits.id)),
  ]);
  const entry = (employee: string) => {
    let dues = result.get(employee);
    if (!dues) {
      dues = { loan_installment: 0, deposit: 0, deposit_return: 0, loans: [], deposits: [] };
      result.set(employee, dues);
    }
    return dues;
  };
  for (const loan of loanRows) {
    const person = byId.get(loan.employee);
    if (!person) continue;
    const due = loanDue(scheduleOf(loan), loan.amount_paid, period, isLastRun(person, period));
    if (due <= 0) continue;
    const dues = entry(loan.employee);
    dues.loans.push({ loan: loan.id, due });
    dues.loan_installment += due;
  }
  for (const deposit of depositRows) {
    const person = byId.get(deposit.employee);
    if (!person) continue;
    if (isLastRun(person, period)) {
      if (deposit.balance > 0) entry(deposit.employee).deposit_return += deposit.balance;
      entry(deposit.employee).deposits.push({ deposit: deposit.id, due: 0, balance: deposit.balance });
      continue;
    }
    const due = depositDue(deposit.amount, deposit.target, deposit.balance);
    if (due <= 0) continue;
    const dues = entry(deposit.employee);
    dues.deposits.push({ deposit: deposit.id, due, balance: deposit.balance });
    dues.deposit += due;
  }
  return result;
}

/** The engine inputs of the dues (zero when none). */
export const duesInput = (dues: FinanceDues | undefined) => ({
  loan_installment: dues?.loan_installment ?? 0,
  deposit: dues?.deposit ?? 0,
  deposit_return: dues?.deposit_return ?? 0,
});

const lineAmount = (lines: readonly PayslipLine[], code: PayslipLine['code']) =>
  lines.filter((line) => line.code === code).reduce((sum, line) => sum + line.amount, 0);

/** Spreads `amount` over the dues in order, each up to its due. */
function spread<T extends { due: number }>(amount: number, dues: readonly T[]): [T, number][] {
  const parts: [T, number][] = [];
  let left = amount;
  for (const due of dues) {
    if (left <= 0) break;
    const part = Math.min(left, due.due);
    if (part > 0) parts.push([due, part]);
    left -= part;
  }
  return parts;
}

type SummaryRow = typeof payrollSummaries.$inferSelect;

/** Completing a run: what each payslip deducted becomes loan and deposit payments; the kept figures follow. */
export async function recordRunFinance(tx: Executor, companyId: string, summary: SummaryRow) {
  const rows = await tx
    .select({ id: payslips.id, employee: payslips.employee, input: payslips.input, lines: payslips.lines })
    .from(payslips)
    .where(eq(payslips.summary, summary.id));
  const relevant = rows.filter((row) => {
    const lines = row.lines as PayslipLine[];
    return lines.some((l) => l.code === 'loan_installment' || l.code === 'deposit' || l.code === 'deposit_return');
  });
  if (relevant.length === 0) return;
  const dues = await loadFinanceDues(
    tx,
    companyId,
    summary,
    relevant.map((row) => ({ id: row.employee, exit_date: (row.input as PayslipInput).employee?.exit_date ?? null })),
  );
  const loanRows: (typeof loanPayments.$inferInsert)[] = [];
  const depositRows: (typeof depositPayments.$inferInsert)[] = [];
  const at = { company_id: companyId, summary: summary.id, year: summary.year, month: summary.month };
  for (const row of relevant) {
    const lines = row.lines as PayslipLine[];
    const owed = dues.get(row.employee);
    if (!owed) continue;
    for (const [due, amount] of spread(lineAmount(lines, 'loan_installment'), owed.loans)) {
      loanRows.push({ ...at, loan: due.loan, employee: row.employee, kind: 'payroll', payslip: row.id, amount });
    }
    for (const [due, amount] of spread(lineAmount(lines, 'deposit'), owed.deposits)) {
      depositRows.push({ ...at, deposit: due.deposit, employee: row.employee, kind: 'withheld', amount });
    }
    const returned = owed.deposits.map((d) => ({ ...d, due: d.balance }));
    for (const [due, amount] of spread(lineAmount(lines, 'deposit_return'), returned)) {
      depositRows.push({ ...at, deposit: due.deposit, employee: row.employee, kind: 'returned', amount });
    }
  }
  if (loanRows.length) await tx.insert(loanPayments).values(loanRows);
  if (depositRows.length) await tx.insert(depositPayments).values(depositRows);
  await refreshLoans(tx, [...new Set(loanRows.map((r) => r.loan))]);
  await refreshDeposits(tx, [...new Set(depositRows.map((r) => r.deposit))]);
}

/** Re-opening a run: its payments are removed and the loans and deposits they touched recomputed. */
export async function reverseRunFinance(tx: Executor, summaryId: string) {
  const removedLoans = await tx
    .delete(loanPayments)
    .where(eq(loanPayments.summary, summaryId))
    .returning({ loan: loanPayments.loan });
  const removedDeposits = await tx
    .delete(depositPayments)
    .where(eq(depositPayments.summary, summaryId))
    .returning({ deposit: depositPayments.deposit });
  await refreshLoans(tx, [...new Set(removedLoans.map((r) => r.loan))]);
  await refreshDeposits(tx, [...new Set(removedDeposits.map((r) => r.deposit))]);
}

/** Recomputes the kept figures of loans from their payments: paid, installments covered, status, settled date. */
export async function refreshLoans(tx: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  const [rows, sums] = await loadTogether(tx, [
    () =>
      tx
        .select({
          id: loans.id,
          amount: loans.amount,
          installment: loans.installment,
          interest_rate: loans.interest_rate,
          effective_date: loans.effective_date,
          skipped_months: loans.skipped_months,
        })
        .from(loans)
        .where(inArray(loans.id, [...ids])),
    () =>
      tx
        .select({
          loan: loanPayments.loan,
          paid: sql<string>`coalesce(sum(${loanPayments.amount}), 0)`,
          settled_on: sql<string | null>`max(${loanPayments.paid_on})::text`,
        })
        .from(loanPayments)
        .where(inArray(loanPayments.loan, [...ids]))
        .groupBy(loanPayments.loan),
  ]);
  const sumOf = new Map(sums.map((row) => [row.loan, row]));
  const values = rows.map((row) => {
    const schedule = scheduleOf(row);
    const paid = Number(sumOf.get(row.id)?.paid ?? 0);
    return {
      id: row.id,
      amount_paid: paid,
      installments_paid: installmentsPaid(schedule, paid),
      status: paid >= schedule.total ? 'settled' : 'active',
      // paid_on is set on settlements only.
      settled_on: sumOf.get(row.id)?.settled_on ?? null,
    };
  });
  await tx.execute(sql`
    update loans l set amount_paid = v.amount_paid, installments_paid = v.installments_paid,
      status = v.status::loan_status, settled_on = v.settled_on::date, updated_at = now(), version = l.version + 1
    from json_to_recordset(${JSON.stringify(values)}::json)
      as v(id uuid, amount_paid bigint, installments_paid smallint, status text, settled_on text)
    where l.id = v.id`);
}

export async function refreshDeposits(tx: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update deposits d set
      balance = coalesce((select sum(case when p.kind = 'withheld' then p.amount else -p.amount end)
                 from deposit_payments p where p.deposit_id = d.id), 0),
      returned_amount = coalesce((select sum(p.amount) from deposit_payments p
                 where p.deposit_id = d.id and p.kind = 'returned'), 0),
      updated_at = now(), version = d.version + 1
    where d.id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))`);
}
