/**
 * What a request does to the records it is about, per context, in an exhaustive table:
 * - `request`: in the request's insert transaction (checks that need the database; holds: a leave's pending row);
 * - `approve`: in the final approval's transaction, once, set-based over every request approved in a batch;
 * - `release`: on rejection or withdrawal, what `request` held is let go.
 */
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import {
  type ApprovalContext,
  type OvertimeDayType,
  overtimeLimits,
  overtimeLimitWarnings,
  profileRequestFields,
} from '../../common/approvals.ts';
import { correctAttendanceIn } from '../attendance/corrections.ts';
import { loadShiftResolver, loadWorkingDays } from '../attendance/schedule.ts';
import type { Executor } from '../db/connect.ts';
import { employeesResource } from '../employees/resource.ts';
import { AppError, type FieldError, invalid } from '../http/errors.ts';
import { compileCheck } from '../http/validation.ts';
import { listBalances } from '../leave/balance.ts';
import { loadHolidays } from '../leave/calendar.ts';
import { completeWeeklyApproved } from '../payroll/weekly.ts';
import { guardUnique } from '../resources/repository.ts';
import { inCompanySql, type Scope } from '../scope/scope.ts';

export interface EffectRow {
  id: string;
  employee: string;
  content: Record<string, unknown>;
  start_date: string;
  end_date: string;
  approval_number: string;
}

export interface Effect {
  request(tx: Executor, scope: Scope, row: EffectRow): Promise<void>;
  approve(tx: Executor, scope: Scope, rows: EffectRow[]): Promise<void>;
  release(tx: Executor, scope: Scope, rows: EffectRow[], status: 'rejected' | 'withdrawn'): Promise<void>;
}

const nothing = async () => {};
const ids = (rows: EffectRow[]) =>
  sql`array[${sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  )}]::uuid[]`;

/** The year a leave counts in (the year it starts, decision 0037). */
const yearOf = (date: string) => Number(date.slice(0, 4));

async function checkLeaveBalance(tx: Executor, scope: Scope, row: EffectRow, extraPending: number) {
  const leaveType = row.content.leave_type as string;
  const total = Number(row.content.total_days);
  const [balance] = await listBalances(tx, scope, {
    year: yearOf(row.start_date),
    employee: row.employee,
    leave_rule: leaveType,
  });
  if (!balance) throw new AppError(409, 'leave_not_applicable', 'This leave type does not apply to the employee');
  if (balance.unlimited) return balance;
  const remaining = (balance.remaining ?? 0) + extraPending;
  if (balance.expired || remaining < total) {
    throw new AppError(409, 'insufficient_balance', `Only ${remaining} left of this leave`, undefined, {
      remaining,
    });
  }
  return balance;
}

const leave: Effect = {
  async request(tx, scope, row) {
    const overlap = await tx.execute(sql`
      select 1 from leaves where employee_id = ${row.employee} and status in ('pending', 'approved')
        and start_date <= ${row.end_date} and end_date >= ${row.start_date} limit 1`);
    if (overlap.rows.length > 0) {
      throw new AppError(409, 'overlapping_leave', 'Another leave already covers some of these days');
    }
    await checkLeaveBalance(tx, scope, row, 0);
    await tx.execute(sql`
      insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status, reason,
        approval_id, created_by)
      values (${scope.companyId}, ${row.employee}, ${row.content.leave_type as string}, ${row.start_date},
        ${row.end_date}, ${row.content.unit as string}::leave_unit, ${Number(row.content.total_days)}, 'pending',
        ${(row.content.reason as string | null) ?? null}, ${row.id}, ${scope.actor.userId})`);
  },
  async approve(tx, _scope, rows) {
    await tx.execute(sql`
      update leaves set status = 'approved', updated_at = now(), version = version + 1
      where approval_id = any(${ids(rows)}) and status = 'pending'`);
  },
  async release(tx, _scope, rows, status) {
    await tx.execute(sql`
      update leaves set status = ${status}::leave_status, updated_at = now(), version = version + 1
      where approval_id = any(${ids(rows)}) and status = 'pending'`);
  },
};

/** Monday of the ISO week of a date. */
const mondayOf = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
};
const plusDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

const overtime: Effect = {
  /**
   * The statutory limits (4 h a day, 18 h a week, counting open and approved requests) and the rule's maximum: hours
   * past them are stored on the request as `limit_warnings` (decision 0205).
   */
  async request(tx, scope, row) {
    const hours = Number(row.content.total_hours);
    const monday = mondayOf(row.start_date);
    const taken = (
      await tx.execute(sql`
        select coalesce(sum((content->>'total_hours')::numeric) filter (where start_date = ${row.start_date}), 0)::float8 as day,
          coalesce(sum((content->>'total_hours')::numeric), 0)::float8 as week
        from approvals a where ${inCompanySql(scope, 'a')} and employee_id = ${row.employee} and context = 'overtime'
          and status in ('pending', 'partial', 'approved') and id <> ${row.id}
          and start_date between ${monday} and ${plusDays(monday, 6)}`)
    ).rows[0] as { day: number; week: number };
    const rule = (
      await tx.execute(sql`select maximum_hour from overtime_rules r where ${inCompanySql(scope, 'r')}
        order by code limit 1`)
    ).rows[0] as { maximum_hour: number | null } | undefined;
    const dayLimit = Math.min(overtimeLimits.day, rule?.maximum_hour ?? overtimeLimits.day);
    // Past a limit is a warning the request keeps and its approver acknowledges (decision 0205), never a refusal.
    const warnings = overtimeLimitWarnings(hours, taken, dayLimit);
    if (warnings.length > 0) {
      row.content.limit_warnings = warnings;
      await tx.execute(sql`
        update approvals set content = content || ${JSON.stringify({ limit_warnings: warnings })}::jsonb
        where id = ${row.id}`);
    }
  },
  /** An overtime record per request, its day type from the schedule and the holidays of that day. */
  async approve(tx, scope, rows) {
    const dates = rows.map((row) => row.start_date).sort();
    const from = dates[0] as string;
    const to = dates[dates.length - 1] as string;
    const holidays = await loadHolidays(tx, scope.companyId, from, to);
    const working = await loadWorkingDays(tx, scope.companyId, {
      from,
      to,
      employeeIds: [...new Set(rows.map((row) => row.employee))],
    });
    const dayType = (row: EffectRow): OvertimeDayType =>
      holidays.has(row.start_date) ? 'holiday' : working(row.employee, row.start_date) ? 'working_day' : 'rest_day';
    await tx.execute(sql`
      insert into overtimes (company_id, employee_id, date, hours, day_type, start_time, end_time, reason, approval_id,
        created_by)
      values ${sql.join(
        rows.map(
          (row) => sql`(${scope.companyId}, ${row.employee}, ${row.start_date}, ${Number(row.content.total_hours)},
            ${dayType(row)}::overtime_day_type, ${(row.content.start_time as string | null) ?? null},
            ${(row.content.end_time as string | null) ?? null}, ${(row.content.reason as string | null) ?? null},
            ${row.id}, ${scope.actor.userId})`,
        ),
        sql`, `,
      )}`);
  },
  release: nothing,
};

const clockCorrection: Effect = {
  request: nothing,
  /** The attendance path of admin corrections: the original times kept, each change logged with the approval. */
  async approve(tx, scope, rows) {
    for (const row of rows) {
      await correctAttendanceIn(
        tx,
        { companyId: scope.companyId, userId: scope.actor.userId },
        {
          employee: row.employee,
          date: row.start_date,
          ...(row.content.clock_in ? { clock_in: row.content.clock_in as string } : {}),
          ...(row.content.clock_out ? { clock_out: row.content.clock_out as string } : {}),
          reason: `${row.approval_number}: ${(row.content.reason as string | null) ?? ''}`,
          approval: row.id,
        },
      );
    }
  },
  release: nothing,
};

async function writeOverrides(
  tx: Executor,
  scope: Scope,
  overrides: { employee: string; date: string; shift: string; reason: string }[],
) {
  if (overrides.length === 0) return;
  await tx.execute(sql`
    insert into shift_overrides (company_id, employee_id, date, shift_id, reason, created_by)
    values ${sql.join(
      overrides.map(
        (o) => sql`(${scope.companyId}, ${o.employee}, ${o.date}, ${o.shift}, ${o.reason}, ${scope.actor.userId})`,
      ),
      sql`, `,
    )}
    on conflict (employee_id, date) do update set shift_id = excluded.shift_id, reason = excluded.reason,
      updated_at = now(), version = shift_overrides.version + 1`);
}

const changeShift: Effect = {
  request: nothing,
  /** A shift override on the day; a swap gives each of the two employees the other's shift. */
  async approve(tx, scope, rows) {
    const overrides: { employee: string; date: string; shift: string; reason: string }[] = [];
    const swaps = rows.filter((row) => row.content.swap_with);
    const dates = swaps.map((row) => row.start_date).sort();
    const resolve =
      swaps.length > 0
        ? await loadShiftResolver(tx, scope.companyId, {
            from: dates[0] as string,
            to: dates[dates.length - 1] as string,
            employeeIds: [...new Set(swaps.flatMap((row) => [row.employee, row.content.swap_with as string]))],
          })
        : null;
    for (const row of rows) {
      const reason = `${row.approval_number}: ${(row.content.reason as string | null) ?? ''}`;
      if (row.content.shift) {
        overrides.push({ employee: row.employee, date: row.start_date, shift: row.content.shift as string, reason });
        continue;
      }
      const other = row.content.swap_with as string;
      const mine = resolve?.(row.employee, row.start_date) ?? null;
      const theirs = resolve?.(other, row.start_date) ?? null;
      if (!mine?.id || !theirs?.id) {
        throw new AppError(409, 'no_shift_to_swap', `${row.approval_number}: one of the two has no shift that day`);
      }
      overrides.push({ employee: row.employee, date: row.start_date, shift: theirs.id, reason });
      overrides.push({ employee: other, date: row.start_date, shift: mine.id, reason });
    }
    await writeOverrides(tx, scope, overrides);
  },
  release: nothing,
};

const businessTrip: Effect = {
  request: nothing,
  async approve(tx, scope, rows) {
    await tx.execute(sql`
      insert into business_trips (company_id, employee_id, start_date, end_date, days, destination, purpose, approval_id,
        created_by, duty_type_id)
      values ${sql.join(
        rows.map(
          (row) => sql`(${scope.companyId}, ${row.employee}, ${row.start_date}, ${row.end_date},
            ${Number(row.content.total_days)}, ${row.content.destination as string},
            ${(row.content.purpose as string | null) ?? null}, ${row.id}, ${scope.actor.userId},
            ${(row.content.duty_type as string | null | undefined) ?? null}::uuid)`,
        ),
        sql`, `,
      )}`);
  },
  release: nothing,
};

const resignation: Effect = {
  /** One open resignation at a time. */
  async request(tx, scope, row) {
    const open = await tx.execute(sql`
      select 1 from approvals a where ${inCompanySql(scope, 'a')} and employee_id = ${row.employee}
        and context = 'resignation' and status in ('pending', 'partial') and id <> ${row.id} limit 1`);
    if (open.rows.length > 0) throw new AppError(409, 'already_requested', 'A resignation is already waiting');
  },
  /** The exit flow of the employee record: exit reason resign, exit date the last working day. */
  async approve(tx, scope, rows) {
    for (const row of rows) {
      await tx.execute(sql`
        update employees e set exit_reason = 'resign', exit_date = ${row.content.last_working_day as string},
          updated_at = now(), version = e.version + 1
        where e.id = ${row.employee} and ${inCompanySql(scope, 'e')}`);
    }
  },
  release: nothing,
};

/** Each employee field's check of a direct edit (the employees resource's update schema), compiled on first use. */
const fieldChecks = new Map<string, (value: unknown) => Record<string, FieldError> | null>();
function checkField(field: string, value: unknown): Record<string, FieldError> | null {
  const schema = employeesResource.updateSchema.properties[field];
  if (!schema) return null;
  let check = fieldChecks.get(field);
  if (!check) {
    check = compileCheck(Type.Object({ [field]: schema }));
    fieldChecks.set(field, check);
  }
  return check({ [field]: value });
}

/** Account fields kept the same on the user as on the employee record (as an account change keeps them). */
const accountFields = ['fullname', 'email', 'phone'] as const;

/**
 * A profile change written as a direct edit would be (issue 24): the employees resource's field checks, then the
 * record and its account's name, email and phone under the same unique constraints (`guardUnique`: a taken email is a
 * field error `unique` on `email`). Runs in a savepoint of the caller's.
 */
async function writeProfile(tx: Executor, scope: Scope, employeeId: string, content: Record<string, unknown>) {
  const changes = Object.entries((content.changes ?? {}) as Record<string, unknown>).filter(([field]) =>
    (profileRequestFields as readonly string[]).includes(field),
  );
  if (changes.length === 0) return;
  const errors = Object.assign({}, ...changes.map(([field, value]) => checkField(field, value) ?? {}));
  if (Object.keys(errors).length > 0) throw invalid(errors, `This ${Object.keys(errors)[0]} is not accepted`);
  await guardUnique(employeesResource, async () => {
    const updated = await tx.execute(sql`
      update employees e set ${sql.join(
        changes.map(([field, value]) => sql`${sql.identifier(field)} = ${value}`),
        sql`, `,
      )}, updated_at = now(), version = e.version + 1
      where e.id = ${employeeId} and ${inCompanySql(scope, 'e')}
      returning e.user_id`);
    const user = (updated.rows[0] as { user_id: string | null } | undefined)?.user_id;
    const account = changes.filter(([field]) => (accountFields as readonly string[]).includes(field));
    if (!user || account.length === 0) return;
    await tx.execute(sql`
      update users u set ${sql.join(
        account.map(([field, value]) => sql`${sql.identifier(field)} = ${value}`),
        sql`, `,
      )}, updated_at = now()
      where u.id = ${user} and ${inCompanySql(scope, 'u')}`);
  });
}

/** Thrown to undo a trial write: the checks ran, nothing stays. */
class TrialDone extends Error {}

const employeeProfile: Effect = {
  /** The change must pass a direct edit's checks when asked for (tried in a savepoint, undone)... */
  async request(tx, scope, row) {
    try {
      await tx.transaction(async (trial) => {
        await writeProfile(trial, scope, row.employee, row.content);
        throw new TrialDone();
      });
    } catch (error) {
      if (error instanceof TrialDone) return;
      if (error instanceof AppError && error.fields) {
        const fields = Object.fromEntries(Object.entries(error.fields).map(([f, e]) => [`changes.${f}`, e]));
        throw new AppError(error.status, error.code, error.message, fields);
      }
      throw error;
    }
  },
  /** ...and again when approved (the record or another's email may have changed since): refused per request. */
  async approve(tx, scope, rows) {
    for (const row of rows) await writeProfile(tx, scope, row.employee, row.content);
  },
  release: nothing,
};

const contract: Effect = {
  request: nothing,
  async approve(tx, scope, rows) {
    for (const row of rows) {
      await tx.execute(sql`
        update employees e set status = ${row.content.employee_status as string}::employment_status,
          end_of_contract = ${(row.content.end_of_contract as string | null) ?? null}, updated_at = now(),
          version = e.version + 1
        where e.id = ${row.employee} and ${inCompanySql(scope, 'e')}`);
    }
  },
  release: nothing,
};

/** The final approval completes the daily payrolls (their tax settled with the month as it is then). */
const dailyPayroll: Effect = {
  request: nothing,
  async approve(tx, scope, rows) {
    for (const row of rows) await completeWeeklyApproved(tx, scope, row.content.summary_id as string);
  },
  release: nothing,
};

export const effects = {
  leave,
  overtime,
  clock_correction: clockCorrection,
  change_shift: changeShift,
  business_trip: businessTrip,
  resignation,
  employee_profile: employeeProfile,
  contract,
  daily_payroll: dailyPayroll,
} as const satisfies Record<ApprovalContext, Effect>;
