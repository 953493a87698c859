/**
 * Demo daily payroll (issue 15): the daily payroll components' per-day amounts (220,000 a day: wage, meal, transport)
 * and the four weeks before this one for the demo's daily workers, from their seeded attendance: the three older
 * completed, the latest pending. One worker in four earns a weekly incentive of 1,500,000, so some weeks cross the
 * 450,000-a-day threshold and the PPh 21 column is not all zero. Computed by server/payroll/weekly.ts (a handful of
 * queries a week, the edits only for the few with an incentive).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { payrollSummaries, payslips } from '../db/schema.ts';
import type { Scope } from '../http/access.ts';
import { createRun, editPayslip } from '../payroll/run.ts';

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function seedWeeklyPayrolls(db: Db, companyId: string, adminId: string, now: Date) {
  await db.execute(sql`
    update daily_payroll_components set amount = case upper(code)
      when 'DAILY-WAGE' then 175000 when 'MEAL' then 25000 when 'TRANSPORT' then 20000 else 0 end
    where company_id = ${companyId}`);
  const scope: Scope = {
    companyId,
    actor: {
      userId: adminId,
      sessionId: '',
      level: 'admin',
      username: '',
      fullname: '',
      companyId,
      companyCode: null,
      features: {},
      permissions: [],
      impersonatorId: null,
      departmentId: null,
    },
  };
  const today = Date.parse(`${iso(now.getTime())}T00:00:00Z`);
  const thisMonday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  for (let week = 4; week >= 1; week--) {
    const start = thisMonday - week * 7 * DAY;
    const summary = await createRun(db, scope, {
      type: 'weekly',
      period_start: iso(start),
      period_end: iso(start + 6 * DAY),
    });
    const slips = await db
      .select({ id: payslips.id })
      .from(payslips)
      .where(and(eq(payslips.summary, summary.id), sql`abs(hashtext(${payslips.employee_number})) % 4 = ${week % 4}`));
    for (const slip of slips) {
      await editPayslip(db, scope, summary.id, slip.id, { incentive: 1_500_000 });
    }
    if (week > 1) {
      await db
        .update(payrollSummaries)
        .set({ status: 'completed', completed_at: new Date(start + 7 * DAY).toISOString(), completed_by: adminId })
        .where(eq(payrollSummaries.id, summary.id));
    }
  }
}
