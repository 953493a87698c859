/**
 * KPI (spec 2.3 kpi, 3 "KPI indicator, flow, rule"): the closed lists and the scoring, pure, shared by the server (which
 * stores a completed period's results) and the screen (which shows the formula next to the score). Decision 0185.
 */

export const kpiTargetTypes = ['higher_better', 'lower_better', 'yes_no'] as const;
export type KpiTargetType = (typeof kpiTargetTypes)[number];

export const kpiAssessorTypes = ['supervisor', 'department_head', 'employee', 'self'] as const;
export type KpiAssessorType = (typeof kpiAssessorTypes)[number];

/** One step of an assessor flow: who assesses, in order. `employee` names a person. */
export type KpiAssessor = { type: Exclude<KpiAssessorType, 'employee'> } | { type: 'employee'; employee: string };

export const kpiPeriodTypes = ['month', 'quarter', 'year'] as const;
export type KpiPeriodType = (typeof kpiPeriodTypes)[number];

/** Achievement is capped: over-achieving one indicator cannot hide missing another. */
export const KPI_ACHIEVEMENT_CAP = 120;

export interface KpiIndicatorFacts {
  weight: number;
  target_type: KpiTargetType;
  /** Higher/lower is better: the value that is 100%. Null: the value typed is the achievement itself (0–100). */
  target: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** How far one typed value reaches its target, in percent (0 … cap), by target type. */
export const achievementBy = {
  higher_better: (value, target) => (target && target > 0 ? (value / target) * 100 : value),
  lower_better: (value, target) =>
    target && target > 0 ? (value <= 0 ? KPI_ACHIEVEMENT_CAP : (target / value) * 100) : value,
  yes_no: (value) => (value >= 1 ? 100 : 0),
} as const satisfies Record<KpiTargetType, (value: number, target: number | null) => number>;

export function achievement(indicator: KpiIndicatorFacts, value: number): number {
  const raw = achievementBy[indicator.target_type](value, indicator.target);
  return round2(Math.min(KPI_ACHIEVEMENT_CAP, Math.max(0, raw)));
}

export interface KpiLine {
  indicator: string;
  weight: number;
  /** The mean of the steps' achievements on this indicator. */
  achievement: number;
}

/**
 * The final score: Σ(weight × achievement) ÷ Σ weight, where an indicator's achievement is the mean of every step's
 * achievement on it. `values[step][indicator]` holds what each assessor typed; a missing value makes no score.
 */
export function finalScore(
  indicators: readonly (KpiIndicatorFacts & { id: string })[],
  values: readonly Readonly<Record<string, number | null | undefined>>[],
): { score: number; lines: KpiLine[] } | null {
  if (indicators.length === 0 || values.length === 0) return null;
  const lines: KpiLine[] = [];
  for (const indicator of indicators) {
    let sum = 0;
    for (const step of values) {
      const value = step[indicator.id];
      if (value === null || value === undefined || !Number.isFinite(value)) return null;
      sum += achievement(indicator, value);
    }
    lines.push({ indicator: indicator.id, weight: indicator.weight, achievement: round2(sum / values.length) });
  }
  const weights = lines.reduce((total, line) => total + line.weight, 0);
  if (weights <= 0) return null;
  const score = lines.reduce((total, line) => total + line.weight * line.achievement, 0) / weights;
  return { score: round2(score), lines };
}

/** The formula with the numbers in it: "(40 × 95 + 60 × 80) ÷ 100 = 86". */
export function formulaText(lines: readonly KpiLine[], score: number): string {
  const weights = lines.reduce((total, line) => total + line.weight, 0);
  return `(${lines.map((line) => `${line.weight} × ${line.achievement}`).join(' + ')}) ÷ ${weights} = ${score}`;
}

/** A period's first and last day, from its type and any day in it (YYYY-MM-DD). */
export function periodBounds(type: KpiPeriodType, day: string): { start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const pad = (n: number) => String(n).padStart(2, '0');
  const last = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const bounds = {
    month: () => ({ start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(last(year, month))}` }),
    quarter: () => {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      return { start: `${year}-${pad(first)}-01`, end: `${year}-${pad(first + 2)}-${pad(last(year, first + 2))}` };
    },
    year: () => ({ start: `${year}-01-01`, end: `${year}-12-31` }),
  } satisfies Record<KpiPeriodType, () => { start: string; end: string }>;
  return bounds[type]();
}

/** A short name for a period: 2026-07, 2026-Q3, 2026. */
export function periodName(type: KpiPeriodType, start: string): string {
  const names = {
    month: () => start.slice(0, 7),
    quarter: () => `${start.slice(0, 4)}-Q${Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1}`,
    year: () => start.slice(0, 4),
  } satisfies Record<KpiPeriodType, () => string>;
  return names[type]();
}
