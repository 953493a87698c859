/**
 * Attendance import (a fingerprint machine's export): rows of employee code, date and HH:mm times, all or nothing.
 * Every row is checked before anything is written; any bad row refuses the whole import (400 `bulk_invalid`, a report
 * per row with translated field codes). A clock-out before the clock-in on a shift across midnight is the next morning.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { AppError, type FieldError } from '../http/errors.ts';
import { loadHolidays } from '../leave/calendar.ts';
import { employeesInReachSql, type Reach } from '../scope/scope.ts';
import { loadShiftResolver } from './schedule.ts';
import { minutesOf } from './status.ts';
import { type ComputedDay, computeDay, upsertDays } from './times.ts';

export interface ImportRow {
  employee_id?: unknown;
  date?: unknown;
  clock_in?: unknown;
  clock_out?: unknown;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  DATE.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value &&
  value >= '1900-01-01' &&
  value <= '2100-12-31';
const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());
/** Accepts 8:05 and 08:05 (and seconds, dropped). */
function time(value: unknown): string | null | false {
  if (blank(value)) return null;
  if (typeof value !== 'string') return false;
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match) return false;
  const text = `${match[1]!.padStart(2, '0')}:${match[2]}`;
  return minutesOf(text) === null ? false : text;
}

/** Who writes: the reach of the caller (a department admin reaches their own department's employees only). */
export type Writer = Reach & { userId: string };

export async function importAttendance(
  db: Db,
  caller: Writer,
  rows: readonly ImportRow[],
): Promise<{ created: number; updated: number }> {
  const report: { index: number; status: 'invalid'; fields: Record<string, FieldError> }[] = [];
  const codes = [
    ...new Set(rows.map((row) => (typeof row.employee_id === 'string' ? row.employee_id.trim().toLowerCase() : ''))),
  ].filter(Boolean);
  const found = codes.length
    ? ((
        await db.execute(sql`
          select e.id, lower(e.employee_id) as code, e.join_date::text as join_date, e.exit_date::text as exit_date
          from employees e where ${employeesInReachSql(caller, 'e')}
            and lower(e.employee_id) in (select value from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`)
      ).rows as { id: string; code: string; join_date: string | null; exit_date: string | null }[])
    : [];
  const byCode = new Map(found.map((row) => [row.code, row]));
  const parsed: { index: number; employee: string; date: string; clock_in: string | null; clock_out: string | null }[] =
    [];
  const seen = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    const fields: Record<string, FieldError> = {};
    const code = typeof row.employee_id === 'string' ? row.employee_id.trim().toLowerCase() : '';
    const employee = code ? byCode.get(code) : undefined;
    if (!code) fields.employee_id = { code: 'required', message: 'is required' };
    else if (!employee) fields.employee_id = { code: 'not_found', message: 'No employee has this id' };
    if (blank(row.date)) fields.date = { code: 'required', message: 'is required' };
    else if (!validDate(row.date)) fields.date = { code: 'date', message: 'is not a date (YYYY-MM-DD)' };
    const clockIn = time(row.clock_in);
    const clockOut = time(row.clock_out);
    if (clockIn === false) fields.clock_in = { code: 'time', message: 'is not a time (HH:mm)' };
    if (clockOut === false) fields.clock_out = { code: 'time', message: 'is not a time (HH:mm)' };
    if (clockIn === null && clockOut === null) fields.clock_in = { code: 'required', message: 'is required' };
    if (employee && validDate(row.date)) {
      if (
        (employee.join_date && row.date < employee.join_date) ||
        (employee.exit_date && row.date > employee.exit_date)
      )
        fields.date = { code: 'not_employed', message: 'is outside the employment' };
      const key = `${employee.id}|${row.date}`;
      const first = seen.get(key);
      if (first !== undefined)
        fields.date = { code: 'duplicate', message: `repeats row ${first + 1}`, params: { row: first + 1 } };
      else seen.set(key, index);
    }
    if (Object.keys(fields).length) report.push({ index, status: 'invalid', fields });
    else
      parsed.push({
        index,
        employee: employee!.id,
        date: row.date as string,
        clock_in: clockIn || null,
        clock_out: clockOut || null,
      });
  }
  const computed: ComputedDay[] = [];
  if (parsed.length) {
    const dates = parsed.map((row) => row.date).sort();
    const range = { from: dates[0]!, to: dates.at(-1)! };
    const [resolver, holidays] = await Promise.all([
      loadShiftResolver(db, caller.companyId, { ...range, employeeIds: [...new Set(parsed.map((r) => r.employee))] }),
      loadHolidays(db, caller.companyId, range.from, range.to),
    ]);
    for (const row of parsed) {
      const shift = resolver(row.employee, row.date);
      const day = computeDay({ ...row, shift, holiday: holidays.has(row.date) });
      if ('error' in day)
        report.push({
          index: row.index,
          status: 'invalid',
          fields: { clock_out: { code: 'before_clock_in', message: 'is before the clock-in' } },
        });
      else computed.push(day);
    }
  }
  if (report.length) {
    report.sort((a, b) => a.index - b.index);
    throw new AppError(
      400,
      'bulk_invalid',
      `${report.length} of ${rows.length} rows are invalid; nothing was saved`,
      undefined,
      { rows: report },
    );
  }
  return db.transaction(async (tx) => {
    const before = await tx.execute(sql`
      select count(*)::int as n from attendances a
      join json_to_recordset(${JSON.stringify(computed.map((d) => ({ employee: d.employee, date: d.date })))}::json)
        as r(employee uuid, date date) on a.employee_id = r.employee and a.date = r.date`);
    const existing = (before.rows[0] as { n: number }).n;
    await upsertDays(tx, caller.companyId, caller.userId, computed);
    return { created: computed.length - existing, updated: existing };
  });
}
