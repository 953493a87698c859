/**
 * KPI demo data: each company's indicators, two assessor flows, two rules (the sales team; everyone else) and last
 * quarter's assessment of both, every step submitted and the period completed with its ranking stored.
 */
import { sql } from 'drizzle-orm';
import { type KpiAssessor, type KpiTargetType, periodBounds } from '../../common/kpi.ts';
import type { Executor } from '../db/connect.ts';
import { kpiAssessments, kpiEntries, kpiFlows, kpiIndicators, kpiRules } from '../db/schema.ts';
import { insertResults, loadSheet, resultsOf } from '../kpi/assessment.ts';
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

/** Seeds every company of `companyIds` (inside the demo core's transaction). `today` is YYYY-MM-DD. */
export async function seedKpi(tx: Executor, companyIds: readonly string[], today: string) {
  const lastQuarterDay = new Date(`${today}T00:00:00Z`);
  lastQuarterDay.setUTCMonth(lastQuarterDay.getUTCMonth() - 3);
  const { start, end } = periodBounds('quarter', lastQuarterDay.toISOString().slice(0, 10));
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
  }
}
