/** The KPI screens' API calls (/v1/kpi/…, decision 0185). */
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };

export type KpiFlow = Schemas['KpiFlow'];
export type KpiFlowInput = Schemas['KpiFlowInput'];
export type KpiAssessor = KpiFlowInput['assessors'][number];
export type KpiRule = Schemas['KpiRule'];
export type KpiRuleInput = Schemas['KpiRuleInput'];
export type KpiAssessment = Schemas['KpiAssessment'];
export type KpiSheet = Schemas['KpiSheet'];
export type KpiSheetRow = KpiSheet['rows'][number];
export type KpiIndicator = KpiSheet['indicators'][number];
export type KpiResult = Schemas['KpiResult'];
export type PeriodType = KpiAssessment['period_type'];
export interface Option {
  _id: string;
  label: string;
}

export const listKpiFlows = async (signal?: AbortSignal) =>
  (await call(api.GET('/v1/kpi/assessor-flow', { signal }))).data;

export async function saveKpiFlow(id: string | null, body: KpiFlowInput): Promise<KpiFlow> {
  const reply = id
    ? await call(api.PUT('/v1/kpi/assessor-flow/{id}', { params: { path: { id } }, body, headers: inline }))
    : await call(api.POST('/v1/kpi/assessor-flow', { body, headers: inline }));
  return reply.data;
}

export const deleteKpiFlow = (id: string) =>
  call(api.DELETE('/v1/kpi/assessor-flow/{id}', { params: { path: { id } }, headers: inline }));

export const listKpiRules = async (signal?: AbortSignal) => (await call(api.GET('/v1/kpi/rules', { signal }))).data;

export async function saveKpiRule(id: string | null, body: KpiRuleInput): Promise<KpiRule> {
  const reply = id
    ? await call(api.PUT('/v1/kpi/rules/{id}', { params: { path: { id } }, body, headers: inline }))
    : await call(api.POST('/v1/kpi/rules', { body, headers: inline }));
  return reply.data;
}

export const deleteKpiRule = (id: string) =>
  call(api.DELETE('/v1/kpi/rules/{id}', { params: { path: { id } }, headers: inline }));

/** What a rule's editor offers: departments, job titles, employees, flows and indicators. */
export async function loadRuleOptions() {
  const [departments, jobTitles, employees, flows, indicators] = await Promise.all([
    call(api.GET('/v1/refs/employees/orgs/departments', { params: { query: { limit: 1000, sort: 'name' } } })),
    call(api.GET('/v1/refs/employees/orgs/job-titles', { params: { query: { limit: 1000, sort: 'name' } } })),
    call(api.GET('/v1/employees', { params: { query: { limit: 10000, sort: 'fullname' } } })),
    listKpiFlows(),
    call(api.GET('/v1/kpi/indicator-component', { params: { query: { limit: 1000, sort: 'category,indicator' } } })),
  ]);
  return {
    departments: departments.data.map((row) => ({ _id: row._id, label: row.name })),
    jobTitles: jobTitles.data.map((row) => ({ _id: row._id, label: row.name })),
    employees: employees.data.map((row) => ({ _id: row._id, label: `${row.fullname} · ${row.employee_id}` })),
    flows: flows.map((row) => ({ _id: row._id, label: row.name })),
    indicators: indicators.data.map((row) => ({ _id: row._id, label: `${row.category} · ${row.indicator}` })),
  };
}
export type RuleOptions = Awaited<ReturnType<typeof loadRuleOptions>>;

export async function loadEmployeeOptions(): Promise<Option[]> {
  const reply = await call(api.GET('/v1/employees', { params: { query: { limit: 10000, sort: 'fullname' } } }));
  return reply.data.map((row) => ({ _id: row._id, label: `${row.fullname} · ${row.employee_id}` }));
}

export const listAssessments = async (signal?: AbortSignal) =>
  (await call(api.GET('/v1/kpi/assessments', { signal }))).data;

export const openAssessment = async (body: { rule: string; period_type: PeriodType; date: string }) =>
  (await call(api.POST('/v1/kpi/assessments', { body, headers: inline }))).data;

export const loadSheet = async (id: string, signal?: AbortSignal) =>
  (await call(api.GET('/v1/kpi/assessments/{id}', { params: { path: { id } }, signal }))).data;

export const saveScores = async (
  id: string,
  entries: { employee: string; step: number; values: Record<string, number | null> }[],
  submit: boolean,
) =>
  (
    await call(
      api.PUT('/v1/kpi/assessments/{id}/scores', {
        params: { path: { id } },
        body: { entries, submit },
        headers: inline,
      }),
    )
  ).data;

/** My assessments (decision 0201): the caller's own sheets as an assessor. */
export const listMyAssessments = async (signal?: AbortSignal) =>
  (await call(api.GET('/v1/kpi/my-assessments', { signal }))).data;

export const loadMySheet = async (id: string, signal?: AbortSignal) =>
  (await call(api.GET('/v1/kpi/my-assessments/{id}', { params: { path: { id } }, signal }))).data;

export const saveMyScores = async (
  id: string,
  entries: { employee: string; step: number; values: Record<string, number | null> }[],
  submit: boolean,
) =>
  (
    await call(
      api.PUT('/v1/kpi/my-assessments/{id}/scores', {
        params: { path: { id } },
        body: { entries, submit },
        headers: inline,
      }),
    )
  ).data;

export const loadResults = async (id: string, signal?: AbortSignal) =>
  (await call(api.GET('/v1/kpi/assessments/{id}/results', { params: { path: { id } }, signal }))).data;

export const completeAssessment = async (id: string) =>
  (await call(api.POST('/v1/kpi/assessments/{id}/complete', { params: { path: { id } }, headers: inline }))).data;

export const myKpiResults = async (signal?: AbortSignal) => (await call(api.GET('/v1/kpi/me', { signal }))).data;

export interface BonusRule {
  bonus: string;
  month: string;
  amount: number;
  minimum_score: number;
}

export const listBonusComponents = async () =>
  (await call(api.GET('/v1/refs/payrolls/bonuses', { params: { query: { limit: 1000, sort: 'name' } } }))).data.map(
    (row) => ({ _id: row._id, label: row.name }),
  );

export const previewBonus = async (id: string, body: BonusRule) =>
  (await call(api.POST('/v1/kpi/assessments/{id}/bonus/preview', { params: { path: { id } }, body, headers: inline })))
    .data;

export const writeBonus = async (id: string, body: BonusRule) =>
  (await call(api.POST('/v1/kpi/assessments/{id}/bonus', { params: { path: { id } }, body, headers: inline }))).data;
