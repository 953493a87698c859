/** KPI words several KPI screens show. */
import type { TFunction } from 'i18next';
import type { KpiAssessor } from './api.ts';

export const assessorTypes = ['supervisor', 'department_head', 'employee', 'self'] as const;
export const periodTypes = ['month', 'quarter', 'year'] as const;

/** One step of a flow in words: "Supervisor", "Named: Ayu Lestari". */
export function stepText(t: TFunction, assessor: KpiAssessor, names: ReadonlyMap<string, string>): string {
  const type = t(`enums.kpi_assessor.${assessor.type}`);
  return assessor.type === 'employee' ? `${type}: ${names.get(assessor.employee) ?? '—'}` : type;
}
