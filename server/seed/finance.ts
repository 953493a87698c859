/**
 * Demo loans and deposits (issue 15): on the larger demo companies, a dozen loans in every state over the year's
 * completed runs (paid down, settled by payroll, settled early, a skipped month, one capped by the take-home pay, a
 * leaver's) and a few deposits, so finance → loan opens on realistic data. Bulk inserts; the runs then deduct them
 * (server/seed/demo.ts `seedPayrollRuns` records each completed month through server/finance/payments.ts).
 */
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { deposits, employees, loanPayments, loans } from '../db/schema.ts';
import { refreshLoans } from '../finance/payments.ts';

/** Companies smaller than this (the test seeds) get no demo loans: their payroll figures stay plain. */
const MIN_EMPLOYEES = 50;

const pad = (n: number) => String(n).padStart(2, '0');
const round100k = (n: number) => Math.max(100_000, Math.round(n / 100_000) * 100_000);

export async function seedFinance(db: Db, companyId: string, adminId: string, today: Date) {
  const year = today.getUTCFullYear();
  const current = today.getUTCMonth() + 1;
  const people = await db
    .select({
      id: employees.id,
      basic: employees.basic_salary,
      exit_date: employees.exit_date,
      join_date: employees.join_date,
    })
    .from(employees)
    .where(
      and(eq(employees.company_id, companyId), eq(employees.payroll_active, true), ne(employees.status, 'freelance')),
    )
    .orderBy(asc(employees.employee_id));
  if (people.length < MIN_EMPLOYEES) return { loans: [] as string[] };
  const staying = people.filter((p) => !p.exit_date && (!p.join_date || p.join_date < `${year}-01-01`));
  const month = (m: number) => `${year}-${pad(Math.max(1, Math.min(12, m)))}-01`;
  // name, person index, months, rate, multiple of basic salary, effective month
  const plans: [string, number, number, number, number, number][] = [
    ['Motorbike', 20, 12, 6, 2, 1],
    ['Medical', 45, 3, 0, 1, 1],
    ['School fees', 70, 6, 4.5, 1.5, 3],
    ['Housing renovation', 95, 12, 7.5, 3, Math.max(1, current - 4)],
    ['Wedding', 120, 10, 5, 2, 2],
    ['Laptop', 145, 6, 0, 1, Math.max(1, current - 1)],
    ['Emergency', 170, 1, 0, 3.5, Math.max(1, current - 1)],
    ['Family event', 195, 4, 3, 1, current],
  ];
  const rows: (typeof loans.$inferInsert)[] = [];
  for (const [name, index, installment, rate, multiple, effective] of plans) {
    const person = staying[index % staying.length];
    if (!person) continue;
    rows.push({
      company_id: companyId,
      created_by: adminId,
      employee: person.id,
      name,
      effective_date: month(effective),
      amount: round100k(person.basic * multiple),
      installment,
      interest_rate: rate,
      description: installment === 1 ? 'One installment: more than a month of pay, so the rest carries over' : null,
      // The school-fees loan skipped the month after its start (a logged action in the app).
      skipped_months: name === 'School fees' ? [`${year}-${pad(4)}`] : [],
    });
  }
  // A leaver of this year with a loan: the last run deducts what the pay allows.
  const leaver = people.find(
    (p) =>
      p.exit_date &&
      p.exit_date >= `${year}-03-01` &&
      p.exit_date < month(current) &&
      (p.join_date ?? '') < `${year}-01-01`,
  );
  if (leaver) {
    rows.push({
      company_id: companyId,
      created_by: adminId,
      employee: leaver.id,
      name: 'Salary advance',
      effective_date: month(1),
      amount: round100k(leaver.basic * 2.5),
      installment: 12,
      interest_rate: 0,
      description: 'Left before the end of the schedule: the rest came out of the final pay',
    });
  }
  const inserted = rows.length ? await db.insert(loans).values(rows).returning({ id: loans.id, name: loans.name }) : [];
  const depositPeople = [30, 60, 90, 130].map((i) => staying[i % staying.length]).filter((p) => p !== undefined);
  const depositRows: (typeof deposits.$inferInsert)[] = depositPeople.map((person, i) => ({
    company_id: companyId,
    created_by: adminId,
    employee: person.id,
    name: i % 2 === 0 ? 'Uniform' : 'Equipment (laptop)',
    amount: i % 2 === 0 ? 100_000 : 250_000,
    target: i % 2 === 0 ? 300_000 : 1_500_000,
    start_date: month(i === 3 ? Math.max(1, current - 1) : 1),
    description: null,
  }));
  if (leaver) {
    depositRows.push({
      company_id: companyId,
      created_by: adminId,
      employee: leaver.id,
      name: 'Uniform',
      amount: 100_000,
      target: 200_000,
      start_date: month(1),
      description: 'Paid back in the final pay',
    });
  }
  if (depositRows.length) await db.insert(deposits).values(depositRows);
  return { loans: inserted.map((l) => ({ id: l.id, name: l.name })) };
}

/** After the runs: one loan settled early by the employee (a logged action in the app). */
export async function seedEarlySettlement(db: Db, companyId: string, adminId: string, today: Date) {
  const [loan] = await db
    .select({ id: loans.id, employee: loans.employee, total: loans.total_amount, paid: loans.amount_paid })
    .from(loans)
    .where(and(eq(loans.company_id, companyId), eq(loans.name, 'Wedding'), isNotNull(loans.id)))
    .limit(1);
  if (!loan || loan.paid >= loan.total || loan.paid === 0) return;
  const paidOn = today.toISOString().slice(0, 10);
  await db.insert(loanPayments).values({
    company_id: companyId,
    created_by: adminId,
    loan: loan.id,
    employee: loan.employee,
    kind: 'settlement',
    year: Number(paidOn.slice(0, 4)),
    month: Number(paidOn.slice(5, 7)),
    amount: loan.total - loan.paid,
    paid_on: paidOn,
    note: 'Paid by bank transfer',
  });
  await refreshLoans(db, [loan.id]);
}
