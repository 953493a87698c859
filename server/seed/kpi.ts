/**
 * KPI demo data: each company's indicators, two assessor flows, two rules (the sales team; everyone else), last
 * quarter's assessment of both, every step submitted and the period completed with its ranking stored, and this
 * quarter's assessment of both, open and scored part way as a company is mid-quarter (decision 0215): some assessors
 * have handed their step in, some have drafts, some have not started; the demo approver (a supervisor) and the demo
 * employee (self-assessment) find people waiting for them in My assessments.
 */
import { sql } from 'drizzle-orm';
import { type KpiAssessor, type KpiPeriodType, type KpiTargetType, periodBounds } from '../../common/kpi.ts';
import type { Executor } from '../db/connect.ts';
import { kpiAssessments, kpiEntries, kpiFlows, kpiIndicators, kpiRules } from '../db/schema.ts';
import { insertResults, loadSheet, resultsOf, type SheetRow } from '../kpi/assessment.ts';
import { companyReach, inCompanySql } from '../scope/scope.ts';

type IndicatorSeed = [string, string, number, KpiTargetType, number | null, string | null];

/** Category, indicator, weight, target type, target, unit. */
const salesIndicators: IndicatorSeed[] = [
  ['Sales', 'Sales target achievement', 35, 'higher_better', 100, '%'],
  ['Sales', 'New customers acquired', 20, 'higher_better', 12, 'customers'],
  ['Sales', 'Overdue receivables', 15, 'lower_better', 5, '%'],
];
const generalIndicators: IndicatorSeed[] = [
  ['Quality', 'Work completed on time', 25, 'higher_better', 95, '%'],
  ['Quality', 'Customer complaints', 15, 'lower_better', 2, 'cases'],
  ['Discipline', 'Attendance rate', 15, 'higher_better', 98, '%'],
  ['Discipline', 'Mandatory training completed', 10, 'yes_no', null, null],
  ['Behaviour', 'Teamwork and collaboration', 15, 'higher_better', null, null],
];

/** A small deterministic generator: the demo is the same on every start. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function valueFor(next: () => number, type: KpiTargetType, target: number | null): number {
  if (type === 'yes_no') return next() < 0.86 ? 1 : 0;
  if (target === null) return Math.round(62 + next() * 36);
  const factor = type === 'higher_better' ? 0.7 + next() * 0.45 : 0.4 + next() * 1.3;
  return Math.round(target * factor * 10) / 10;
}

/** How far an assessor has got with their step in the open quarter. */
type Progress = 'submitted' | 'in_progress' | 'not_started';

/**
 * The demo logins who assess someone and must find them waiting in My assessments: the approver (an Operations
 * supervisor, step 1 of the office staff's flow) and the plain employee (Sales, who assesses themself first).
 */
const waitingLogins = ['approver', 'employee'];

const DAY = 86_400_000;

/**
 * This quarter's entries, mid-quarter: each assessor of a step is done, in progress (some people handed in, some
 * drafts, some untouched) or not started; a row goes through its steps in order and stops at the first one not handed
 * in (a draft holds some of the indicators). A submitted step is dated between the quarter's start and today, after
 * the step before it, and is signed by its assessor's user.
 */
function openEntries(
  rows: readonly SheetRow[],
  facts: ReadonlyMap<string, { type: KpiTargetType; target: number | null }>,
  context: {
    companyId: string;
    assessment: string;
    start: string;
    today: string;
    users: ReadonlyMap<string, { user: string; waits: boolean }>;
    next: () => number;
  },
) {
  const { next, users } = context;
  const progress = new Map<string, Progress>();
  const progressOf = (step: number, assessor: string | null, waits: boolean): Progress => {
    if (waits) return 'in_progress';
    const key = `${step}:${assessor ?? ''}`;
    let found = progress.get(key);
    if (!found) {
      const roll = next();
      found = roll < 0.45 ? 'submitted' : roll < 0.75 ? 'in_progress' : 'not_started';
      progress.set(key, found);
    }
    return found;
  };
  const elapsed = Math.max(0, Math.round((Date.parse(context.today) - Date.parse(context.start)) / DAY));
  const stampOf = (day: number) => {
    const at = new Date(Date.parse(context.start) + day * DAY).toISOString().slice(0, 10);
    return `${at}T${String(8 + Math.floor(next() * 9)).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}:00+07:00`;
  };
  const scores = (indicators: readonly string[]) =>
    Object.fromEntries(
      indicators.map((id) => {
        const known = facts.get(id)!;
        return [id, valueFor(next, known.type, known.target)];
      }),
    );
  return rows.flatMap((row) => {
    const entries = [];
    let day = 0;
    for (const step of row.steps) {
      const assessor = step.assessor?._id ?? null;
      const known = assessor ? users.get(assessor) : undefined;
      const user = known?.user ?? null;
      const waits = known?.waits === true;
      const state = progressOf(step.step, assessor, waits);
      const base = {
        company_id: context.companyId,
        assessment: context.assessment,
        employee: row.employee._id,
        step: step.step,
        assessor,
        created_by: user,
      };
      // In progress: the assessor's people are part handed in, part drafts, part untouched (a waiting login hands
      // nobody in, so their people stay theirs).
      const roll = state === 'in_progress' ? next() : 0;
      if (state === 'submitted' || (state === 'in_progress' && !waits && roll < 0.4)) {
        day = Math.min(elapsed, day + Math.floor(next() * (elapsed - day + 1)));
        entries.push({
          ...base,
          values: scores(row.indicators),
          submitted_at: stampOf(day),
          submitted_by: user,
        });
        continue;
      }
      if (state === 'in_progress' && (waits ? roll < 0.6 : roll < 0.75)) {
        const some = row.indicators.slice(0, 1 + Math.floor(next() * Math.max(1, row.indicators.length - 1)));
        entries.push({ ...base, values: scores(some), submitted_at: null, submitted_by: null });
      }
      break;
    }
    return entries;
  });
}

/** Seeds every company of `companyIds` (inside the demo core's transaction). `today` is YYYY-MM-DD. */
export async function seedKpi(tx: Executor, companyIds: readonly string[], today: string) {
  const lastQuarterDay = new Date(`${today}T00:00:00Z`);
  lastQuarterDay.setUTCMonth(lastQuarterDay.getUTCMonth() - 3);
  const { start, end } = periodBounds('quarter', lastQuarterDay.toISOString().slice(0, 10));
  const current = periodBounds('quarter', today);
  for (const [index, companyId] of companyIds.entries()) {
    const reach = companyReach(companyId);
    const indicatorRows = await tx
      .insert(kpiIndicators)
      .values(
        [...salesIndicators, ...generalIndicators].map(([category, indicator, weight, target_type, target, unit]) => ({
          company_id: companyId,
          category,
          indicator,
          weight,
          target_type,
          target,
          unit,
        })),
      )
      .returning({ id: kpiIndicators.id, indicator: kpiIndicators.indicator });
    const idOf = new Map(indicatorRows.map((row) => [row.indicator, row.id]));
    const ids = (list: IndicatorSeed[]) => list.map(([, indicator]) => idOf.get(indicator)!);
    const flows: { name: string; assessors: KpiAssessor[] }[] = [
      { name: 'Supervisor, then department head', assessors: [{ type: 'supervisor' }, { type: 'department_head' }] },
      {
        name: 'Self-assessment, supervisor, department head',
        assessors: [{ type: 'self' }, { type: 'supervisor' }, { type: 'department_head' }],
      },
    ];
    const [twoStep, threeStep] = await tx
      .insert(kpiFlows)
      .values(flows.map((flow) => ({ company_id: companyId, ...flow })))
      .returning({ id: kpiFlows.id });
    const departments = (
      await tx.execute(sql`select d.id, d.code from departments d where ${inCompanySql(reach, 'd')}`)
    ).rows as { id: string; code: string }[];
    const sales = departments.filter((d) => d.code === 'SLS').map((d) => d.id);
    const others = departments.filter((d) => d.code !== 'SLS').map((d) => d.id);
    const rules = await tx
      .insert(kpiRules)
      .values([
        {
          company_id: companyId,
          name: 'Sales team',
          departments: sales,
          flow: threeStep!.id,
          indicators: [...ids(salesIndicators), ...ids(generalIndicators).slice(2)],
        },
        {
          company_id: companyId,
          name: 'Office and operations staff',
          departments: others,
          flow: twoStep!.id,
          indicators: ids(generalIndicators),
        },
      ])
      .returning({ id: kpiRules.id });
    const indicatorFacts = new Map(
      [...salesIndicators, ...generalIndicators].map(([, indicator, , type, target]) => [
        idOf.get(indicator)!,
        { type, target },
      ]),
    );
    for (const [r, rule] of rules.entries()) {
      const [assessment] = await tx
        .insert(kpiAssessments)
        .values({ company_id: companyId, rule: rule.id, period_type: 'quarter', start_date: start, end_date: end })
        .returning({ id: kpiAssessments.id });
      const period = {
        _id: assessment!.id,
        rule: { _id: rule.id, name: '' },
        period_type: 'quarter' as const,
        start_date: start,
        end_date: end,
        name: '',
        status: 'open' as const,
        completed_at: null,
      };
      const before = await loadSheet(tx, reach, period);
      const next = random(index * 7919 + r * 104_729 + 17);
      const entries = before.rows.flatMap((row) =>
        row.steps.map((step) => ({
          company_id: companyId,
          assessment: assessment!.id,
          employee: row.employee._id,
          step: step.step,
          assessor: step.assessor?._id ?? null,
          values: Object.fromEntries(
            row.indicators.map((id) => {
              const facts = indicatorFacts.get(id)!;
              return [id, valueFor(next, facts.type, facts.target)];
            }),
          ),
          submitted_at: sql`${end}::date + interval '10 days'`,
        })),
      );
      for (let i = 0; i < entries.length; i += 500) await tx.insert(kpiEntries).values(entries.slice(i, i + 500));
      const after = await loadSheet(tx, reach, period);
      await insertResults(tx, companyId, assessment!.id, resultsOf(after.indicators, after.rows));
      await tx.execute(sql`
        update kpi_assessments a set status = 'completed', completed_at = ${end}::date + interval '14 days'
        where ${inCompanySql(reach, 'a')} and a.id = ${assessment!.id}`);
    }

    // This quarter: open for both rules, scored part way (decision 0215).
    const quarter: KpiPeriodType = 'quarter';
    const opened = await tx
      .insert(kpiAssessments)
      .values(
        rules.map((rule) => ({
          company_id: companyId,
          rule: rule.id,
          period_type: quarter,
          start_date: current.start,
          end_date: current.end,
        })),
      )
      .returning({ id: kpiAssessments.id, rule: kpiAssessments.rule });
    const users = new Map(
      (
        (
          await tx.execute(sql`
            select e.id, e.user_id as "user", u.username = any(${`{${waitingLogins.join(',')}}`}::text[]) as waits
            from employees e join users u on u.id = e.user_id where ${inCompanySql(reach, 'e')}`)
        ).rows as { id: string; user: string; waits: boolean }[]
      ).map((row) => [row.id, row]),
    );
    const entries = [];
    for (const [r, assessment] of opened.entries()) {
      const period = {
        _id: assessment.id,
        rule: { _id: assessment.rule, name: '' },
        period_type: quarter,
        start_date: current.start,
        end_date: current.end,
        name: '',
        status: 'open' as const,
        completed_at: null,
      };
      const { rows } = await loadSheet(tx, reach, period);
      entries.push(
        ...openEntries(rows, indicatorFacts, {
          companyId,
          assessment: assessment.id,
          start: current.start,
          today,
          users,
          next: random(index * 6_151 + r * 92_821 + 31),
        }),
      );
    }
    for (let i = 0; i < entries.length; i += 500) await tx.insert(kpiEntries).values(entries.slice(i, i + 500));
  }
}
