/**
 * A monthly run is not saved while a payslip's take-home pay is below zero (decision 0075): the statutory amounts
 * (BPJS, PPh 21, zakat) alone exceed the month's earnings, which the engine does not cap (decision 0065). The run grid
 * flags the rows; the admin resolves each (an allowance the company bears, corrected data, or a re-created run) and
 * saves again. The refusal names the employees.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { payslips } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/** How many employees the refusal names (the grid shows them all). */
const NAMED = 20;

export async function assertNoNegativeTakeHome(tx: Executor, summaryId: string) {
  const rows = await tx
    .select({
      _id: payslips.employee,
      fullname: payslips.fullname,
      employee_id: payslips.employee_number,
      thp: payslips.thp,
    })
    .from(payslips)
    .where(and(eq(payslips.summary, summaryId), lt(payslips.thp, 0)))
    .orderBy(asc(payslips.employee_number))
    .limit(NAMED);
  if (rows.length === 0) return;
  throw new AppError(
    409,
    'payroll_negative_thp',
    `Take-home pay is below zero for ${rows.map((row) => row.fullname).join(', ')}: resolve it before saving`,
    undefined,
    { employees: rows },
  );
}
