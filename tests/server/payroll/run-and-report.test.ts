/**
 * Issue 27 section 6: "Absence deduction 1 × Rp 150.000" with 0 absences in the attendance report of the same month.
 * Over every month of the demo's runs, each payslip's attendance (absent days and the days it names, late arrivals,
 * early leaves, missed clock times) equals the attendance report's totals of the employee's month; the absence line's
 * explanation names the days it counted.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceTotals, PayslipInput, PayslipLine } from '../../../common/payroll/types.ts';
import { attendanceTotals, loadAttendanceGrid, monthRange } from '../../../server/attendance/report.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let demo: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 2 } });
  demo = ((await t.database.db.execute(sql`select id from companies where code = 'DEMO'`)).rows as { id: string }[])[0]!
    .id;
}, 900_000);
afterAll(async () => t?.close());

describe("the run and the attendance report agree over the demo's months", () => {
  it('absent days (and the days named), late, early and missed equal the report for every payslip', async () => {
    const slips = (
      await t.database.db.execute(sql`
        select s.year, s.month, p.employee_id as employee, p.fullname, p.input, p.lines
        from payroll_summaries s join payslips p on p.summary_id = s.id
        where s.company_id = ${demo} and s.type = 'payroll_run'
        order by s.year, s.month`)
    ).rows as {
      year: number;
      month: number;
      employee: string;
      fullname: string;
      input: PayslipInput;
      lines: PayslipLine[];
    }[];
    const months = [...new Set(slips.map((s) => `${s.year}-${s.month}`))];
    expect(months.length).toBeGreaterThan(1);
    let compared = 0;
    let absences = 0;
    for (const key of months) {
      const [year, month] = key.split('-').map(Number) as [number, number];
      const ofMonth = slips.filter((s) => s.year === year && s.month === month);
      const ids = ofMonth.map((s) => s.employee);
      const report = await attendanceTotals(t.database.db, demo, { year, month, employeeIds: ids });
      const grid = await loadAttendanceGrid(t.database.db, demo, monthRange(year, month), { employeeIds: ids });
      for (const slip of ofMonth) {
        const mine: AttendanceTotals = slip.input.attendance ?? {};
        const theirs = report.get(slip.employee);
        if (!theirs) {
          // Not on the report (not employed that month): the run counts nothing either.
          expect(mine.absent_days ?? 0, `${slip.fullname} ${key}`).toBe(0);
          continue;
        }
        const at = grid.employees.findIndex((e) => e._id === slip.employee);
        const absentDays = grid.days.filter((_, day) => grid.cell(at, day)?.kind === 'absent');
        expect(
          {
            absent: mine.absent_days ?? 0,
            absent_dates: mine.absent_dates ?? [],
            late: mine.late?.length ?? 0,
            early: mine.early ?? 0,
            missed: mine.missed ?? 0,
          },
          `${slip.fullname} ${key}`,
        ).toEqual({
          absent: theirs.absent,
          absent_dates: absentDays,
          late: theirs.late,
          early: theirs.early,
          missed: theirs.missed,
        });
        const absence = slip.lines.find((line) => line.code === 'absent_deduction');
        if (absence) {
          expect(absence.explain.count).toBe(theirs.absent);
          absences += 1;
        }
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
    console.info(`compared ${compared} payslips over ${months.length} months; ${absences} with an absence deduction`);
  });
});
