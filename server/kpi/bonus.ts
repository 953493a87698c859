/**
 * A completed KPI period feeding a payroll bonus (beyond the spec, decision 0185): by the company's rule for it, a
 * base amount paid in proportion to the final score (amount × score ÷ 100, rounded to the rupiah) to everyone at or
 * above a minimum score, as one bonus component for one month. Previewed first; written once as the employees' bonus
 * payroll items (`employee_bonuses`, what the monthly run reads), never into a month whose payroll run is completed.
 */
import { sql } from 'drizzle-orm';
import { writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import { AppError, forbidden, invalid } from '../http/errors.ts';
import { inCompanySql, isDepartmentLimited, ownedBy, type Scope } from '../scope/scope.ts';
import { getAssessment, loadResults } from './assessment.ts';

export interface BonusInput {
  bonus: string;
  month: string;
  amount: number;
  minimum_score: number;
}

async function prepare(db: Executor, scope: Scope, id: string, input: BonusInput) {
  const period = await getAssessment(db, scope, id);
  if (period.status !== 'completed') {
    throw new AppError(409, 'not_completed', 'Complete the assessment before it feeds a bonus');
  }
  const bonus = await db.execute(
    sql`select b.name from bonuses b where ${inCompanySql(scope, 'b')} and b.id = ${input.bonus}`,
  );
  if (bonus.rows.length === 0)
    throw invalid({ bonus: { code: 'not_found', message: 'names a record that does not exist' } });
  const [year, month] = input.month.split('-').map(Number) as [number, number];
  const closed = await db.execute(sql`
    select 1 from payroll_summaries s where ${inCompanySql(scope, 's')} and s.type = 'payroll_run'
      and s.status = 'completed' and s.year = ${year} and s.month = ${month} limit 1`);
  const written = await db.execute(sql`
    select to_json(a.bonus_written_at) #>> '{}' as written_at, a.bonus_month
    from kpi_assessments a where ${inCompanySql(scope, 'a')} and a.id = ${id}`);
  const state = written.rows[0] as { written_at: string | null; bonus_month: string | null };
  const results = await loadResults(db, scope, id);
  const rows = results.map((r) => ({
    employee: r.employee,
    employee_name: r.employee_name,
    employee_number: r.employee_number,
    department_name: r.department_name,
    score: r.score,
    amount: r.score >= input.minimum_score ? Math.round((input.amount * r.score) / 100) : 0,
  }));
  return {
    period,
    bonusName: (bonus.rows[0] as { name: string }).name,
    year,
    month,
    preview: {
      rows,
      total: rows.reduce((sum, row) => sum + row.amount, 0),
      paid: rows.filter((row) => row.amount > 0).length,
      payroll_completed: closed.rows.length > 0,
      written_at: state.written_at,
      written_month: state.bonus_month,
    },
  };
}

export async function previewBonus(db: Db, scope: Scope, id: string, input: BonusInput) {
  if (isDepartmentLimited(scope)) throw forbidden();
  return (await prepare(db, scope, id, input)).preview;
}

export async function writeBonus(db: Db, scope: Scope, id: string, input: BonusInput) {
  if (isDepartmentLimited(scope)) throw forbidden();
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from kpi_assessments a where ${inCompanySql(scope, 'a')} and a.id = ${id} for update`,
    );
    const { period, bonusName, year, month, preview } = await prepare(tx, scope, id, input);
    if (preview.written_at) throw new AppError(409, 'already_written', 'This assessment’s bonus was already written');
    if (preview.payroll_completed) {
      throw new AppError(409, 'payroll_completed', 'The payroll run of that month is completed');
    }
    const paid = preview.rows.filter((row) => row.amount > 0);
    for (let i = 0; i < paid.length; i += 500) {
      await tx.execute(sql`
        insert into employee_bonuses (company_id, employee_id, year, month, amount, reference_id, description, created_by)
        values ${sql.join(
          paid.slice(i, i + 500).map(
            (
              row,
            ) => sql`(${ownedBy(scope).company_id}, ${row.employee}, ${year}, ${month}, ${row.amount}, ${input.bonus},
                ${`KPI ${period.rule.name} ${period.name} · ${row.score}`}, ${scope.actor.userId})`,
          ),
          sql`, `,
        )}`);
    }
    await tx.execute(sql`
      update kpi_assessments a set bonus_written_at = now(), bonus_month = ${input.month}, updated_at = now(),
        version = a.version + 1
      where ${inCompanySql(scope, 'a')} and a.id = ${id}`);
    await writeLog(tx, {
      actor: scope.actor,
      companyId: scope.companyId,
      action: 'create',
      menu: 'kpi-assessment',
      resource: 'employee-bonuses',
      recordId: id,
      detail: `KPI ${period.rule.name} ${period.name}: ${bonusName} for ${input.month} written for ${paid.length} employees, Rp ${preview.total}`,
    });
    return { ...preview, written: paid.length };
  });
}
