/**
 * Data access of the finance routes (loans' own actions, the developer's lists, the man-fee reports). The company
 * conditions come from the scope module (server/scope/scope.ts); the route files hold schemas and thin handlers.
 * The payroll side of loans and deposits is `payments.ts`, the generic `/v1/loans` and `/v1/deposits` rows go through
 * the generic repository (`resource.ts`).
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { loanMonth } from '../../common/loans.ts';
import type { ManFeeCalculation } from '../../common/man-fee.ts';
import type { PayslipLine } from '../../common/payroll/types.ts';
import { writeLog } from '../activity/log.ts';
import type { Db } from '../db/connect.ts';
import { companies, employees, loanPayments, loans, payrollSummaries, payslips } from '../db/schema.ts';
import { AppError, invalid } from '../http/errors.ts';
import { inCompany, platformCompany, type Reach, type Scope, sameCompany } from '../scope/scope.ts';
import { refreshLoans, scheduleOf } from './payments.ts';

const MENU = 'finance-loan';

// ---- Loans --------------------------------------------------------------------------------------------------------

/** The stored terms of the caller's company's loans among `ids` (what a write may no longer change). */
export async function loanTerms(db: Db, scope: Scope | Reach, ids: string[]) {
  return db
    .select({
      id: loans.id,
      employee: loans.employee,
      amount: loans.amount,
      installment: loans.installment,
      interest_rate: loans.interest_rate,
      effective_date: loans.effective_date,
      amount_paid: loans.amount_paid,
    })
    .from(loans)
    .where(and(inCompany(scope, loans), inArray(loans.id, ids)));
}

/** The attachments the caller's company's loans among `ids` hold. */
export async function loanAttachments(db: Db, scope: Scope | Reach, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ attachment: loans.attachment })
    .from(loans)
    .where(and(inCompany(scope, loans), inArray(loans.id, ids), isNotNull(loans.attachment)));
  return rows.map((row) => row.attachment as string);
}

/**
 * A loan's schedule with each installment's run, payslip line and status (the caller's read access to the loan is
 * checked before, through the generic repository).
 */
export async function loanSchedule(db: Db, id: string) {
  const [row] = await db.select().from(loans).where(eq(loans.id, id));
  if (!row) throw new AppError(404, 'not_found', 'Loan not found');
  const schedule = scheduleOf(row);
  const payments = await db
    .select({
      id: loanPayments.id,
      kind: loanPayments.kind,
      year: loanPayments.year,
      month: loanPayments.month,
      amount: loanPayments.amount,
      paid_on: loanPayments.paid_on,
      note: loanPayments.note,
      summary: loanPayments.summary,
      payslip: loanPayments.payslip,
      title: payrollSummaries.title,
      run_status: payrollSummaries.status,
    })
    .from(loanPayments)
    .leftJoin(payrollSummaries, eq(payrollSummaries.id, loanPayments.summary))
    .where(eq(loanPayments.loan, id))
    .orderBy(asc(loanPayments.year), asc(loanPayments.month), asc(loanPayments.created_at));
  // The payslip lines of those runs: the month's loan line as the payslip shows it (capped, carried).
  const payslipIds = payments.flatMap((p) => (p.payslip ? [p.payslip] : []));
  const lines = payslipIds.length
    ? await db.select({ id: payslips.id, lines: payslips.lines }).from(payslips).where(inArray(payslips.id, payslipIds))
    : [];
  const lineOf = new Map(
    lines.map((p) => [p.id, (p.lines as PayslipLine[]).find((line) => line.code === 'loan_installment') ?? null]),
  );
  const byMonth = new Map(payments.filter((p) => p.kind === 'payroll').map((p) => [loanMonth(p.year, p.month), p]));
  const totalPaid = payments.reduce((sum, p) => sum + p.amount, 0);
  const now = new Date(Date.now() + 7 * 3600_000);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  let before = 0;
  const installments = schedule.installments.map((item) => {
    const paid = Math.max(0, Math.min(item.amount, totalPaid - before));
    before += item.amount;
    const payment = byMonth.get(loanMonth(item.year, item.month));
    const line = payment?.payslip ? lineOf.get(payment.payslip) : null;
    const status =
      paid >= item.amount ? 'paid' : paid > 0 ? 'partial' : item.year * 12 + item.month <= current ? 'due' : 'upcoming';
    return {
      ...item,
      paid,
      status: status as 'paid' | 'partial' | 'due' | 'upcoming',
      run: payment?.summary
        ? {
            _id: payment.summary,
            title: payment.title ?? '',
            status: payment.run_status ?? 'completed',
            payslip: payment.payslip,
            deducted: payment.amount,
            line: line
              ? {
                  amount: line.amount,
                  due: typeof line.explain.due === 'number' ? line.explain.due : null,
                  carried: typeof line.explain.carried === 'number' ? line.explain.carried : null,
                }
              : null,
          }
        : null,
    };
  });
  return {
    interest_total: schedule.interest_total,
    total: schedule.total,
    remaining: Math.max(0, schedule.total - totalPaid),
    installments,
    payments: payments.map((p) => ({
      _id: p.id,
      kind: p.kind,
      year: p.year,
      month: p.month,
      amount: p.amount,
      paid_on: p.paid_on,
      note: p.note,
      run: p.summary ? { _id: p.summary, title: p.title ?? '' } : null,
    })),
  };
}

/** Early settlement: the remaining balance paid outside payroll (logged). The caller's access is checked before. */
export async function settleLoan(db: Db, scope: Scope, id: string, body: { paid_on: string; note?: string | null }) {
  await db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
    if (!loan) throw new AppError(404, 'not_found', 'Loan not found');
    const remaining = scheduleOf(loan).total - loan.amount_paid;
    if (loan.status === 'settled' || remaining <= 0) {
      throw new AppError(409, 'loan_settled', 'This loan is already settled');
    }
    await tx.insert(loanPayments).values({
      company_id: loan.company_id,
      loan: id,
      employee: loan.employee,
      kind: 'settlement',
      year: Number(body.paid_on.slice(0, 4)),
      month: Number(body.paid_on.slice(5, 7)),
      amount: remaining,
      paid_on: body.paid_on,
      note: body.note ?? null,
      created_by: scope.actor.userId,
    });
    await refreshLoans(tx, [id]);
    await writeLog(tx, {
      actor: { userId: scope.actor.userId, impersonatorId: scope.actor.impersonatorId },
      companyId: loan.company_id,
      action: 'update',
      menu: MENU,
      resource: 'loans',
      recordId: id,
      detail: `Settled ${loan.name} early on ${body.paid_on}: ${remaining} paid outside payroll`,
      changes: { status: { from: 'active', to: 'settled' } },
    });
  });
}

/** A month without installment: the rest of the schedule moves one month (logged). Access is checked before. */
export async function skipLoanMonth(db: Db, scope: Scope, id: string, month: string) {
  await db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
    if (!loan) throw new AppError(404, 'not_found', 'Loan not found');
    if (loan.status === 'settled') throw new AppError(409, 'loan_settled', 'This loan is already settled');
    const schedule = scheduleOf(loan);
    const target = schedule.installments.find((item) => loanMonth(item.year, item.month) === month);
    if (!target) {
      throw invalid({ month: { code: 'not_scheduled', message: 'No installment falls in this month' } });
    }
    // A month a completed run already deducted, or an installment already covered, cannot be skipped.
    const [paidRun] = await tx
      .select({ id: loanPayments.id })
      .from(loanPayments)
      .where(and(eq(loanPayments.loan, id), eq(loanPayments.year, target.year), eq(loanPayments.month, target.month)))
      .limit(1);
    if (paidRun || target.number <= loan.installments_paid) {
      throw invalid({ month: { code: 'already_paid', message: 'This month was already deducted' } });
    }
    await tx
      .update(loans)
      .set({
        skipped_months: [...loan.skipped_months, month].sort(),
        updated_at: sql`now()`,
        version: sql`${loans.version} + 1`,
      })
      .where(eq(loans.id, id));
    await writeLog(tx, {
      actor: { userId: scope.actor.userId, impersonatorId: scope.actor.impersonatorId },
      companyId: loan.company_id,
      action: 'update',
      menu: MENU,
      resource: 'loans',
      recordId: id,
      detail: `Skipped ${month} of ${loan.name}: the schedule moves one month`,
      changes: { skipped_months: { from: loan.skipped_months, to: [...loan.skipped_months, month].sort() } },
    });
  });
}

/** The developer's read-only list of every company's loans (or the filtered company's). */
export async function listPlatformLoans(
  db: Db,
  q: { company?: string; status?: 'active' | 'settled'; search?: string; limit: number },
) {
  const where = and(
    platformCompany(loans, q.company),
    q.status ? eq(loans.status, q.status) : undefined,
    q.search
      ? or(
          ilike(loans.name, `%${q.search}%`),
          ilike(employees.fullname, `%${q.search}%`),
          ilike(companies.name, `%${q.search}%`),
        )
      : undefined,
  );
  const rows = await db
    .select({
      id: loans.id,
      company_id: companies.id,
      company_name: companies.name,
      company_code: companies.code,
      employee_id: employees.id,
      fullname: employees.fullname,
      employee_number: employees.employee_id,
      name: loans.name,
      effective_date: loans.effective_date,
      amount: loans.amount,
      total_amount: loans.total_amount,
      amount_paid: loans.amount_paid,
      installment: loans.installment,
      remaining_installment: loans.remaining_installment,
      interest_rate: loans.interest_rate,
      status: loans.status,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(loans)
    .innerJoin(companies, sameCompany(loans, companies.id))
    .innerJoin(employees, eq(employees.id, loans.employee))
    .where(where)
    .orderBy(asc(companies.name), desc(loans.effective_date), asc(loans.id))
    .limit(q.limit);
  return {
    data: rows.map((r) => ({
      _id: r.id,
      company: { _id: r.company_id, name: r.company_name, code: r.company_code },
      employee: { _id: r.employee_id, fullname: r.fullname, employee_id: r.employee_number },
      name: r.name,
      effective_date: r.effective_date,
      amount: r.amount,
      total_amount: r.total_amount,
      amount_paid: r.amount_paid,
      installment: r.installment,
      remaining_installment: r.remaining_installment,
      interest_rate: Number(r.interest_rate),
      status: r.status,
    })),
    meta: { total: rows[0]?.total ?? 0 },
  };
}

// ---- Man-fee reports (developer area, every company) --------------------------------------------------------------

const feeOf = (calculation: unknown) => Number((calculation as ManFeeCalculation | null)?.fee ?? 0);

/** A month's man-fee per company, from the completed monthly runs (the stored figures only). */
export async function manFeeMonthly(db: Db, year: number, month: number) {
  const runs = await db
    .select({
      id: payrollSummaries.id,
      status: payrollSummaries.status,
      title: payrollSummaries.title,
      completed_at: payrollSummaries.completed_at,
      employee_count: payrollSummaries.employee_count,
      total_bruto: payrollSummaries.total_bruto,
      calculation: payrollSummaries.man_fee_calculation,
      company_id: companies.id,
      company_name: companies.name,
      company_code: companies.code,
    })
    .from(payrollSummaries)
    .innerJoin(companies, sameCompany(payrollSummaries, companies.id))
    .where(
      and(eq(payrollSummaries.type, 'payroll_run'), eq(payrollSummaries.year, year), eq(payrollSummaries.month, month)),
    )
    .orderBy(asc(companies.name), asc(payrollSummaries.id));
  const completed = runs.filter((run) => run.status === 'completed');
  const rows = completed.map((run) => {
    const calc = run.calculation as ManFeeCalculation | null;
    return {
      _id: run.id,
      company: { _id: run.company_id, name: run.company_name, code: run.company_code },
      title: run.title,
      completed_at: run.completed_at,
      employee_count: run.employee_count,
      total_bruto: run.total_bruto,
      method: calc?.method ?? null,
      percentage: calc?.percentage ?? null,
      amount_per_employee: calc?.amount_per_employee ?? null,
      fee: feeOf(calc),
    };
  });
  return {
    year,
    month,
    rows,
    totals: {
      companies: rows.length,
      employees: rows.reduce((sum, row) => sum + row.employee_count, 0),
      bruto: rows.reduce((sum, row) => sum + row.total_bruto, 0),
      fee: rows.reduce((sum, row) => sum + row.fee, 0),
    },
    pending: runs.length - completed.length,
  };
}

/** A year's man-fee per company and month, from the completed monthly runs. */
export async function manFeeAnnual(db: Db, year: number) {
  const runs = await db
    .select({
      month: payrollSummaries.month,
      total_bruto: payrollSummaries.total_bruto,
      calculation: payrollSummaries.man_fee_calculation,
      company_id: companies.id,
      company_name: companies.name,
      company_code: companies.code,
    })
    .from(payrollSummaries)
    .innerJoin(companies, sameCompany(payrollSummaries, companies.id))
    .where(
      and(
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.status, 'completed'),
        eq(payrollSummaries.year, year),
      ),
    )
    .orderBy(asc(companies.name), asc(payrollSummaries.month));
  const byCompany = new Map<
    string,
    {
      _id: string;
      company: { _id: string; name: string; code: string };
      months: (number | null)[];
      total_bruto: number;
      fee: number;
    }
  >();
  const totals = { months: Array.from({ length: 12 }, () => 0), bruto: 0, fee: 0 };
  for (const run of runs) {
    let row = byCompany.get(run.company_id);
    if (!row) {
      row = {
        _id: run.company_id,
        company: { _id: run.company_id, name: run.company_name, code: run.company_code },
        months: Array.from({ length: 12 }, () => null),
        total_bruto: 0,
        fee: 0,
      };
      byCompany.set(run.company_id, row);
    }
    const fee = feeOf(run.calculation);
    row.months[run.month - 1] = fee;
    row.total_bruto += run.total_bruto;
    row.fee += fee;
    totals.months[run.month - 1] = (totals.months[run.month - 1] ?? 0) + fee;
    totals.bruto += run.total_bruto;
    totals.fee += fee;
  }
  return { year, rows: [...byCompany.values()], totals };
}
