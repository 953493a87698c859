/**
 * KPI assessments (decision 0185): a period of the company (month, quarter, year); each employee covered by a rule is
 * assessed by the rule's flow, step by step (a step is open only once the steps before it are submitted); a step's
 * scores are saved as a draft, then submitted by or for its assessor. Completing the period needs every step of every
 * covered employee submitted: it stores each employee's final score and rank in their department (`kpi_results`,
 * history that later edits of indicators or rules do not change), locks the period and logs it.
 */
import { sql } from 'drizzle-orm';
import {
  finalScore,
  formulaText,
  type KpiAssessor,
  type KpiAssessorType,
  type KpiLine,
  type KpiPeriodType,
  type KpiTargetType,
  periodBounds,
  periodName,
} from '../../common/kpi.ts';
import { writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { employedSql } from '../employees/employed.ts';
import { AppError, databaseError, type FieldError, forbidden, invalid, notFound } from '../http/errors.ts';
import {
  employeesInReachSql,
  inCompanySql,
  isDepartmentLimited,
  ownedBy,
  type Reach,
  type Scope,
} from '../scope/scope.ts';

export interface Indicator {
  _id: string;
  category: string;
  indicator: string;
  weight: number;
  target_type: KpiTargetType;
  target: number | null;
  unit: string | null;
}

interface Period {
  _id: string;
  rule: { _id: string; name: string };
  period_type: KpiPeriodType;
  start_date: string;
  end_date: string;
  name: string;
  status: 'open' | 'completed';
  completed_at: string | null;
}

export interface SheetStep {
  step: number;
  type: KpiAssessorType;
  assessor: { _id: string; name: string } | null;
  values: Record<string, number>;
  submitted_at: string | null;
}

export interface SheetRow {
  employee: { _id: string; fullname: string; employee_id: string };
  department: { _id: string; name: string } | null;
  rule: { _id: string; name: string };
  indicators: string[];
  steps: SheetStep[];
  /** The step open for scores (the first not submitted), or null once every step is. */
  current_step: number | null;
  result: { score: number; lines: KpiLine[]; formula: string } | null;
}

const periodColumns = sql`a.id as "_id", json_build_object('_id', r.id, 'name', r.name) as rule, a.period_type, to_char(a.start_date, 'YYYY-MM-DD') as start_date,
  to_char(a.end_date, 'YYYY-MM-DD') as end_date, a.status, to_json(a.completed_at) #>> '{}' as completed_at`;

const withName = (row: Omit<Period, 'name'>): Period => ({ ...row, name: periodName(row.period_type, row.start_date) });

export async function listAssessments(db: Executor, scope: Scope): Promise<Period[]> {
  const rows = await db.execute(
    sql`select ${periodColumns} from kpi_assessments a join kpi_rules r on r.id = a.rule_id
        where ${inCompanySql(scope, 'a')} order by a.start_date desc, a.period_type, lower(r.name)`,
  );
  return (rows.rows as Omit<Period, 'name'>[]).map(withName);
}

export async function getAssessment(db: Executor, scope: Scope | Reach, id: string): Promise<Period> {
  const rows = await db.execute(
    sql`select ${periodColumns} from kpi_assessments a join kpi_rules r on r.id = a.rule_id
        where ${inCompanySql(scope, 'a')} and a.id = ${id}`,
  );
  const row = rows.rows[0] as Omit<Period, 'name'> | undefined;
  if (!row) throw notFound('KPI assessment');
  return withName(row);
}

export async function openAssessment(
  db: Db,
  scope: Scope,
  input: { rule: string; period_type: KpiPeriodType; date: string },
) {
  if (isDepartmentLimited(scope)) throw forbidden();
  const rule = await db.execute(
    sql`select r.name from kpi_rules r where ${inCompanySql(scope, 'r')} and r.id = ${input.rule}`,
  );
  if (rule.rows.length === 0)
    throw invalid({ rule: { code: 'not_found', message: 'names a record that does not exist' } });
  const { start, end } = periodBounds(input.period_type, input.date);
  const row = await db
    .execute(sql`
      insert into kpi_assessments (company_id, rule_id, period_type, start_date, end_date, created_by)
      values (${ownedBy(scope).company_id}, ${input.rule}, ${input.period_type}, ${start}, ${end}, ${scope.actor.userId})
      returning id`)
    .catch((error) => {
      if (databaseError(error)?.code === '23505') {
        throw invalid({ date: { code: 'unique', message: 'this period is already open' } });
      }
      throw error;
    });
  const id = (row.rows[0] as { id: string }).id;
  await writeLog(db, {
    actor: scope.actor,
    companyId: scope.companyId,
    action: 'create',
    menu: 'kpi-assessment',
    resource: 'kpi-assessments',
    recordId: id,
    detail: `KPI assessment ${(rule.rows[0] as { name: string }).name} ${periodName(input.period_type, start)} opened`,
  });
  return getAssessment(db, scope, id);
}

interface Covered {
  id: string;
  fullname: string;
  employee_id: string;
  department: string | null;
  department_name: string | null;
  job_title: string | null;
  supervisor: string | null;
  head: string | null;
}

interface RuleRow {
  id: string;
  name: string;
  departments: string[];
  job_titles: string[];
  employees: string[];
  assessors: KpiAssessor[];
  indicators: string[];
}

/** A rule covers the employees it names, and those of its job titles and departments. */
const covers = (r: RuleRow, e: Covered) =>
  r.employees.includes(e.id) ||
  (e.job_title !== null && r.job_titles.includes(e.job_title)) ||
  (e.department !== null && r.departments.includes(e.department));

/** Who assesses a step, by the assessor type of the flow. */
const assessorOf = {
  supervisor: (_a, e) => e.supervisor,
  department_head: (_a, e) => e.head,
  employee: (a) => (a.type === 'employee' ? a.employee : null),
  self: (_a, e) => e.id,
} as const satisfies Record<KpiAssessorType, (a: KpiAssessor, e: Covered) => string | null>;

/**
 * Every employee the period's rule covers (employed in the period, in the caller's reach) with their steps, entries
 * and, once every step is in, their score.
 */
export async function loadSheet(db: Executor, scope: Scope | Reach, period: Period) {
  const [indicatorRows, ruleRows, employeeRows, entryRows] = [
    (
      await db.execute(sql`
        select i.id as "_id", i.category, i.indicator, i.weight, i.target_type, i.target::float8 as target, i.unit
        from kpi_indicators i where ${inCompanySql(scope, 'i')} order by lower(i.category), lower(i.indicator)`)
    ).rows as unknown as Indicator[],
    (
      await db.execute(sql`
        select r.id, r.name, r.departments, r.job_titles, r.employees, f.assessors, r.indicators
        from kpi_rules r join kpi_flows f on f.id = r.flow_id
        where ${inCompanySql(scope, 'r')} and r.id = ${period.rule._id}`)
    ).rows as unknown as RuleRow[],
    (
      await db.execute(sql`
        select e.id, e.fullname, e.employee_id, e.department_id as department, d.name as department_name,
          e.job_title_id as job_title, e.supervisor_id as supervisor, d.head_id as head
        from employees e left join departments d on d.id = e.department_id
        where ${employeesInReachSql(scope, 'e')} and ${employedSql('e', period.start_date, period.end_date)}
        order by d.name nulls last, e.fullname`)
    ).rows as unknown as Covered[],
    (
      await db.execute(sql`
        select k.employee_id as employee, k.step, k.assessor_id as assessor, k.values,
          to_json(k.submitted_at) #>> '{}' as submitted_at
        from kpi_entries k where ${inCompanySql(scope, 'k')} and k.assessment_id = ${period._id}`)
    ).rows as {
      employee: string;
      step: number;
      assessor: string | null;
      values: Record<string, number>;
      submitted_at: string | null;
    }[],
  ];
  const indicators = new Map(indicatorRows.map((i) => [i._id, i]));
  const entries = new Map(entryRows.map((k) => [`${k.employee}:${k.step}`, k]));
  const rule = ruleRows[0];
  const covered = rule ? employeeRows.filter((e) => covers(rule, e)).map((e) => ({ e, rule })) : [];
  const assessorIds = [
    ...new Set(covered.flatMap(({ e, rule }) => rule.assessors.map((a) => assessorOf[a.type](a, e) ?? ''))),
  ].filter(Boolean);
  const names = new Map(
    assessorIds.length === 0
      ? []
      : (
          (
            await db.execute(
              sql`select e.id, e.fullname from employees e where ${inCompanySql(scope, 'e')} and e.id = any(${uuidArray(assessorIds)})`,
            )
          ).rows as { id: string; fullname: string }[]
        ).map((row) => [row.id, row.fullname]),
  );
  const rows: SheetRow[] = covered.map(({ e, rule }) => {
    const ruleIndicators = rule.indicators.filter((id) => indicators.has(id));
    const steps: SheetStep[] = rule.assessors.map((a, step) => {
      const entry = entries.get(`${e.id}:${step}`);
      const assessorId = entry?.assessor ?? assessorOf[a.type](a, e);
      const name = assessorId ? names.get(assessorId) : undefined;
      return {
        step,
        type: a.type,
        assessor: assessorId && name ? { _id: assessorId, name } : null,
        values: entry?.values ?? {},
        submitted_at: entry?.submitted_at ?? null,
      };
    });
    const open = steps.find((s) => s.submitted_at === null);
    const scored =
      open === undefined
        ? finalScore(
            ruleIndicators.map((id) => ({ id, ...indicators.get(id)! })),
            steps.map((s) => s.values),
          )
        : null;
    return {
      employee: { _id: e.id, fullname: e.fullname, employee_id: e.employee_id },
      department: e.department ? { _id: e.department, name: e.department_name ?? '' } : null,
      rule: { _id: rule.id, name: rule.name },
      indicators: ruleIndicators,
      steps,
      current_step: open?.step ?? null,
      result: scored ? { ...scored, formula: formulaText(scored.lines, scored.score) } : null,
    };
  });
  return { indicators: indicatorRows, rows };
}

export interface ScoreInput {
  entries: { employee: string; step: number; values: Record<string, number | null> }[];
  submit?: boolean | undefined;
}

const lockedError = () => new AppError(409, 'locked', 'This assessment is completed and locked');

/**
 * Saves scores of open steps (each entry: one employee's current step), and with `submit` hands them in: every
 * indicator of the employee's rule must have a value. All or nothing: one bad entry writes none.
 */
export async function saveScores(db: Db, scope: Scope, id: string, input: ScoreInput, assessor?: string) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from kpi_assessments a where ${inCompanySql(scope, 'a')} and a.id = ${id} for update`,
    );
    const period = await getAssessment(tx, scope, id);
    if (period.status === 'completed') throw lockedError();
    // An assessor (My assessments) reaches the people the flow gives them, whoever else's reach they are in.
    const sheet = await loadSheet(tx, assessor ? { companyId: scope.companyId } : scope, period);
    const { indicators } = sheet;
    const rows = assessor ? sheet.rows.filter((row) => assesses(row, assessor)) : sheet.rows;
    const byEmployee = new Map(rows.map((row) => [row.employee._id, row]));
    const known = new Map(indicators.map((i) => [i._id, i]));
    const fields: Record<string, FieldError> = {};
    const writes: { row: SheetRow; step: SheetStep; values: Record<string, number> }[] = [];
    input.entries.forEach((entry, index) => {
      const row = byEmployee.get(entry.employee);
      const at = `entries.${index}`;
      if (!row) {
        fields[`${at}.employee`] = { code: 'not_found', message: 'is not assessed in this period' };
        return;
      }
      const step = row.steps[entry.step];
      if (!step) {
        fields[`${at}.step`] = { code: 'not_found', message: 'is not a step of this flow' };
        return;
      }
      if (assessor && step.assessor?._id !== assessor) {
        fields[`${at}.step`] = { code: 'not_yours', message: 'is assessed by someone else' };
        return;
      }
      if (row.current_step !== entry.step) {
        fields[`${at}.step`] =
          step.submitted_at !== null
            ? { code: 'submitted', message: 'was already submitted' }
            : { code: 'out_of_order', message: 'waits for the steps before it' };
        return;
      }
      const values = { ...step.values };
      for (const [indicator, value] of Object.entries(entry.values)) {
        if (!row.indicators.includes(indicator)) {
          fields[`${at}.values`] = { code: 'not_found', message: 'names an indicator outside this rule' };
          return;
        }
        if (value === null) delete values[indicator];
        else if (known.get(indicator)?.target_type === 'yes_no' && value !== 0 && value !== 1) {
          fields[`${at}.values`] = { code: 'yes_no', message: 'is 1 (yes) or 0 (no)' };
          return;
        } else values[indicator] = value;
      }
      if (input.submit && row.indicators.some((indicator) => values[indicator] === undefined)) {
        fields[`${at}.values`] = { code: 'incomplete', message: 'needs a score for every indicator' };
        return;
      }
      writes.push({ row, step, values });
    });
    if (Object.keys(fields).length > 0) throw invalid(fields);
    for (const { row, step, values } of writes) {
      await tx.execute(sql`
        insert into kpi_entries (company_id, assessment_id, employee_id, step, assessor_id, values, submitted_at,
          submitted_by, created_by)
        values (${ownedBy(scope).company_id}, ${id}, ${row.employee._id}, ${step.step}, ${step.assessor?._id ?? null},
          ${JSON.stringify(values)}::jsonb, ${input.submit ? sql`now()` : null},
          ${input.submit ? scope.actor.userId : null}, ${scope.actor.userId})
        on conflict (assessment_id, employee_id, step) do update set values = excluded.values,
          submitted_at = excluded.submitted_at, submitted_by = excluded.submitted_by, updated_at = now(),
          version = kpi_entries.version + 1`);
    }
    return { saved: writes.length, submitted: input.submit ? writes.length : 0 };
  });
}

/** Whether `employee` assesses one of the row's steps. */
const assesses = (row: SheetRow, employee: string) => row.steps.some((step) => step.assessor?._id === employee);

/** The caller's own employee record (an assessor is an employee), or null. */
async function ownEmployeeId(db: Executor, scope: Scope) {
  const rows = await db.execute(
    sql`select e.id from employees e where ${inCompanySql(scope, 'e')} and e.user_id = ${scope.actor.userId}`,
  );
  return (rows.rows[0] as { id: string } | undefined)?.id ?? null;
}

/**
 * My assessments (decision 0201): the open periods in which the caller's employee record assesses someone whose open
 * step is theirs, with how many wait for them. The flow decides who they reach, not the caller's department or level.
 */
export async function myAssessments(db: Db, scope: Scope) {
  const me = await ownEmployeeId(db, scope);
  if (!me) return [];
  const open = (await listAssessments(db, scope)).filter((period) => period.status === 'open');
  const mine = [];
  for (const period of open) {
    const { rows } = await loadSheet(db, { companyId: scope.companyId }, period);
    const waiting = rows.filter((row) => isMyStep(row, me)).length;
    const assessed = rows.filter((row) => assesses(row, me)).length;
    if (assessed > 0) mine.push({ ...period, waiting, assessed });
  }
  return mine;
}

/** The row's open step is the assessor's. */
const isMyStep = (row: SheetRow, employee: string) =>
  row.current_step !== null && row.steps[row.current_step]?.assessor?._id === employee;

/**
 * The caller's sheet of an open period: the people whose open step the caller assesses (a step shows only once the
 * steps before it are in), with the rule's indicators. Others' scores of earlier steps are not shown.
 */
export async function mySheet(db: Db, scope: Scope, id: string) {
  const me = await ownEmployeeId(db, scope);
  const period = await getAssessment(db, scope, id);
  if (!me || period.status !== 'open') return { assessment: period, indicators: [], rows: [] };
  const { indicators, rows } = await loadSheet(db, { companyId: scope.companyId }, period);
  const mine = rows
    .filter((row) => isMyStep(row, me))
    .map((row) => ({
      ...row,
      steps: row.steps.map((step) => (step.step === row.current_step ? step : { ...step, values: {} })),
      result: null,
    }));
  return { assessment: period, indicators, rows: mine };
}

/** Saves (or submits) the caller's own steps: only entries of rows and steps the flow gives them. */
export async function saveMyScores(db: Db, scope: Scope, id: string, input: ScoreInput) {
  const me = await ownEmployeeId(db, scope);
  if (!me) throw forbidden();
  return saveScores(db, scope, id, input, me);
}

/** Ranks rows by score within their department (1 = best; equal scores share a rank). */
export function rankByDepartment<T extends { department: string | null; score: number }>(rows: readonly T[]) {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.department ?? '', [...(groups.get(row.department ?? '') ?? []), row]);
  const ranks = new Map<T, number>();
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => b.score - a.score);
    sorted.forEach((row, index) => {
      const previous = sorted[index - 1];
      ranks.set(row, previous && previous.score === row.score ? ranks.get(previous)! : index + 1);
    });
  }
  return ranks;
}

export interface ResultRow {
  employee: string;
  employee_name: string;
  employee_number: string;
  department: string | null;
  department_name: string | null;
  rule_name: string;
  score: number;
  rank: number;
  formula: string;
  lines: { category: string; indicator: string; weight: number; achievement: number }[];
}

export function resultsOf(indicators: readonly Indicator[], rows: readonly SheetRow[]): ResultRow[] {
  const byId = new Map(indicators.map((i) => [i._id, i]));
  const done = rows.flatMap((row) =>
    row.result
      ? [
          {
            employee: row.employee._id,
            employee_name: row.employee.fullname,
            employee_number: row.employee.employee_id,
            department: row.department?._id ?? null,
            department_name: row.department?.name ?? null,
            rule_name: row.rule.name,
            score: row.result.score,
            rank: 0,
            formula: row.result.formula,
            lines: row.result.lines.map((line) => ({
              category: byId.get(line.indicator)?.category ?? '',
              indicator: byId.get(line.indicator)?.indicator ?? '',
              weight: line.weight,
              achievement: line.achievement,
            })),
          },
        ]
      : [],
  );
  const ranks = rankByDepartment(done);
  return done.map((row) => ({ ...row, rank: ranks.get(row)! }));
}

const byDepartmentThenRank = (a: ResultRow, b: ResultRow) =>
  (a.department_name ?? '').localeCompare(b.department_name ?? '') || a.rank - b.rank;

/** The ranking: stored results of a completed period; the employees finished so far of an open one. */
export async function loadResults(db: Executor, scope: Scope, id: string): Promise<ResultRow[]> {
  const period = await getAssessment(db, scope, id);
  if (period.status === 'completed') {
    const rows = await db.execute(sql`
      select r.employee_id as employee, r.employee_name, r.employee_number, r.department_id as department,
        r.department_name, r.rule_name, r.score::float8 as score, r.rank, r.formula, r.lines
      from kpi_results r where ${inCompanySql(scope, 'r')} and r.assessment_id = ${id}
        and r.employee_id in (select e.id from employees e where ${employeesInReachSql(scope, 'e')})`);
    return (rows.rows as unknown as ResultRow[]).sort(byDepartmentThenRank);
  }
  const { indicators, rows } = await loadSheet(db, scope, period);
  return resultsOf(indicators, rows).sort(byDepartmentThenRank);
}

/** Locks the period: every step of every covered employee must be submitted. Stores the results; logs it. */
export async function completeAssessment(db: Db, scope: Scope, id: string) {
  if (isDepartmentLimited(scope)) throw forbidden();
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from kpi_assessments a where ${inCompanySql(scope, 'a')} and a.id = ${id} for update`,
    );
    const period = await getAssessment(tx, scope, id);
    if (period.status === 'completed') throw lockedError();
    const { indicators, rows } = await loadSheet(tx, scope, period);
    const pending = rows.filter((row) => row.result === null).length;
    if (rows.length === 0) throw new AppError(409, 'nobody_assessed', 'No employee is covered by a KPI rule');
    if (pending > 0) {
      throw new AppError(409, 'incomplete', `${pending} employees still have steps to submit`, undefined, { pending });
    }
    const results = resultsOf(indicators, rows);
    await insertResults(tx, scope.companyId, id, results);
    await tx.execute(sql`
      update kpi_assessments a set status = 'completed', completed_at = now(), completed_by = ${scope.actor.userId},
        updated_at = now(), version = a.version + 1
      where ${inCompanySql(scope, 'a')} and a.id = ${id}`);
    await writeLog(tx, {
      actor: scope.actor,
      companyId: scope.companyId,
      action: 'update',
      menu: 'kpi-assessment',
      resource: 'kpi-assessments',
      recordId: id,
      detail: `KPI assessment ${period.name} completed and locked: ${results.length} employees scored`,
      changes: { status: { from: 'open', to: 'completed' } },
    });
    return getAssessment(tx, scope, id);
  });
}

/** Writes a period's results (the completion above, and the demo seed). */
export async function insertResults(tx: Executor, companyId: string, id: string, results: readonly ResultRow[]) {
  for (let i = 0; i < results.length; i += 200) {
    const slice = results.slice(i, i + 200);
    await tx.execute(sql`
      insert into kpi_results (company_id, assessment_id, employee_id, employee_name, employee_number, department_id,
        department_name, rule_name, score, rank, formula, lines)
      values ${sql.join(
        slice.map(
          (r) => sql`(${companyId}, ${id}, ${r.employee}, ${r.employee_name}, ${r.employee_number}, ${r.department},
            ${r.department_name}, ${r.rule_name}, ${r.score}, ${r.rank}, ${r.formula}, ${JSON.stringify(r.lines)}::jsonb)`,
        ),
        sql`, `,
      )}`);
  }
}

/** The caller's own results of completed periods (My Profile): newest first. */
export async function myResults(db: Db, scope: Scope) {
  const rows = await db.execute(sql`
    select a.id as assessment, a.period_type, to_char(a.start_date, 'YYYY-MM-DD') as start_date,
      to_char(a.end_date, 'YYYY-MM-DD') as end_date, r.score::float8 as score, r.rank, r.department_name,
      r.formula, r.lines
    from kpi_results r join kpi_assessments a on a.id = r.assessment_id
    join employees e on e.id = r.employee_id
    where ${inCompanySql(scope, 'r')} and e.user_id = ${scope.actor.userId}
    order by a.start_date desc, a.period_type`);
  type Mine = {
    assessment: string;
    period_type: KpiPeriodType;
    start_date: string;
    end_date: string;
    score: number;
    rank: number;
    department_name: string | null;
    formula: string;
    lines: ResultRow['lines'];
  };
  return (rows.rows as unknown as Mine[]).map((row) => ({
    ...row,
    name: periodName(row.period_type, row.start_date),
  }));
}
