/**
 * KPI assessor flows and rules (`/v1/kpi/assessor-flow`, `/v1/kpi/rules`): data access. Both are company-wide set-up:
 * every admin level of the menu reads them, a department admin writes none (403; their assessments are still theirs to
 * fill). Every id a flow or rule names must be the company's (a field error `not_found` otherwise), so a reply never
 * carries another company's id. Conditions come from the scope module.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { KpiAssessor } from '../../common/kpi.ts';
import type { Db } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { AppError, databaseError, type FieldError, forbidden, invalid, notFound } from '../http/errors.ts';
import { inCompanySql, isDepartmentLimited, ownedBy, type Scope } from '../scope/scope.ts';

export interface FlowInput {
  name: string;
  assessors: KpiAssessor[];
}

export interface RuleInput {
  name: string;
  departments: string[];
  job_titles: string[];
  employees: string[];
  flow: string;
  indicators: string[];
}

type Named = { _id: string; name: string };

const notFoundField: FieldError = { code: 'not_found', message: 'names a record that does not exist' };

const duplicateName = (error: unknown) =>
  databaseError(error)?.code === '23505' ? invalid({ name: { code: 'unique', message: 'is already used' } }) : error;

function requireCompanyWide(scope: Scope) {
  if (isDepartmentLimited(scope)) throw forbidden();
}

const tableOf = {
  employees: sql`employees`,
  departments: sql`departments`,
  job_titles: sql`job_titles`,
  kpi_indicators: sql`kpi_indicators`,
  kpi_flows: sql`kpi_flows`,
} as const;
type Table = keyof typeof tableOf;

const nameOf = {
  employees: sql`t.fullname`,
  departments: sql`t.name`,
  job_titles: sql`t.name`,
  kpi_indicators: sql`t.indicator`,
  kpi_flows: sql`t.name`,
} as const satisfies Record<Table, SQL>;

/** The names of the company's rows among `ids` (ids of other companies or of nothing are left out). */
async function namesIn(db: Db, scope: Scope, table: Table, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute(
    sql`select t.id, ${nameOf[table]} as name from ${tableOf[table]} t
        where ${inCompanySql(scope, 't')} and t.id = any(${uuidArray([...new Set(ids)])})`,
  );
  return new Map((rows.rows as { id: string; name: string }[]).map((row) => [row.id, row.name]));
}

async function requireOwn(
  db: Db,
  scope: Scope,
  fields: Record<string, FieldError>,
  field: string,
  table: Table,
  ids: readonly string[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await namesIn(db, scope, table, unique);
  if (found.size !== unique.length) fields[field] = notFoundField;
}

const named = (map: Map<string, string>, ids: readonly string[]): Named[] =>
  ids.flatMap((id) => (map.has(id) ? [{ _id: id, name: map.get(id)! }] : []));

// ---- flows

type FlowRow = { id: string; name: string; assessors: KpiAssessor[]; created_at: string; updated_at: string };

const namedEmployees = (assessors: readonly KpiAssessor[]) =>
  assessors.flatMap((a) => (a.type === 'employee' ? [a.employee] : []));

export async function listKpiFlows(db: Db, scope: Scope, flowId?: string) {
  const rows = (
    await db.execute(sql`
      select f.id, f.name, f.assessors, to_json(f.created_at) #>> '{}' as created_at,
        to_json(f.updated_at) #>> '{}' as updated_at
      from kpi_flows f where ${inCompanySql(scope, 'f')} ${flowId ? sql`and f.id = ${flowId}` : sql``}
      order by lower(f.name)`)
  ).rows as unknown as FlowRow[];
  const names = await namesIn(
    db,
    scope,
    'employees',
    rows.flatMap((row) => namedEmployees(row.assessors)),
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    assessors: row.assessors,
    names: { employees: named(names, [...new Set(namedEmployees(row.assessors))]) },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

export async function getKpiFlow(db: Db, scope: Scope, flowId: string) {
  const [flow] = await listKpiFlows(db, scope, flowId);
  if (!flow) throw notFound('KPI flow');
  return flow;
}

async function checkFlow(db: Db, scope: Scope, input: FlowInput) {
  const fields: Record<string, FieldError> = {};
  await requireOwn(db, scope, fields, 'assessors', 'employees', namedEmployees(input.assessors));
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

export async function createKpiFlow(db: Db, scope: Scope, input: FlowInput) {
  requireCompanyWide(scope);
  await checkFlow(db, scope, input);
  const row = await db
    .execute(sql`
      insert into kpi_flows (company_id, name, assessors, created_by)
      values (${ownedBy(scope).company_id}, ${input.name.trim()}, ${JSON.stringify(input.assessors)}::jsonb,
        ${scope.actor.userId})
      returning id`)
    .catch((error) => {
      throw duplicateName(error);
    });
  return getKpiFlow(db, scope, (row.rows[0] as { id: string }).id);
}

export async function updateKpiFlow(db: Db, scope: Scope, flowId: string, input: FlowInput) {
  requireCompanyWide(scope);
  await checkFlow(db, scope, input);
  const updated = await db
    .execute(sql`
      update kpi_flows f set name = ${input.name.trim()}, assessors = ${JSON.stringify(input.assessors)}::jsonb,
        updated_at = now(), version = f.version + 1
      where f.id = ${flowId} and ${inCompanySql(scope, 'f')} returning f.id`)
    .catch((error) => {
      throw duplicateName(error);
    });
  if (updated.rows.length === 0) throw notFound('KPI flow');
  return getKpiFlow(db, scope, flowId);
}

export async function deleteKpiFlow(db: Db, scope: Scope, flowId: string) {
  requireCompanyWide(scope);
  const used = await db.execute(
    sql`select 1 from kpi_rules r where ${inCompanySql(scope, 'r')} and r.flow_id = ${flowId} limit 1`,
  );
  if (used.rows.length > 0) throw new AppError(409, 'in_use', 'A KPI rule uses this flow');
  const deleted = await db.execute(
    sql`delete from kpi_flows f where f.id = ${flowId} and ${inCompanySql(scope, 'f')} returning f.id`,
  );
  if (deleted.rows.length === 0) throw notFound('KPI flow');
  return { _id: flowId };
}

// ---- rules

type RuleRow = RuleInput & { id: string; created_at: string; updated_at: string };

export async function listKpiRules(db: Db, scope: Scope, ruleId?: string) {
  const rows = (
    await db.execute(sql`
      select r.id, r.name, r.departments, r.job_titles, r.employees, r.flow_id as flow, r.indicators,
        to_json(r.created_at) #>> '{}' as created_at, to_json(r.updated_at) #>> '{}' as updated_at
      from kpi_rules r where ${inCompanySql(scope, 'r')} ${ruleId ? sql`and r.id = ${ruleId}` : sql``}
      order by lower(r.name)`)
  ).rows as unknown as RuleRow[];
  const all = (pick: (row: RuleRow) => string[]) => rows.flatMap(pick);
  const [departments, jobTitles, employees, flows, indicators] = [
    await namesIn(
      db,
      scope,
      'departments',
      all((r) => r.departments),
    ),
    await namesIn(
      db,
      scope,
      'job_titles',
      all((r) => r.job_titles),
    ),
    await namesIn(
      db,
      scope,
      'employees',
      all((r) => r.employees),
    ),
    await namesIn(
      db,
      scope,
      'kpi_flows',
      all((r) => [r.flow]),
    ),
    await namesIn(
      db,
      scope,
      'kpi_indicators',
      all((r) => r.indicators),
    ),
  ];
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    departments: row.departments,
    job_titles: row.job_titles,
    employees: row.employees,
    flow: row.flow,
    indicators: row.indicators,
    names: {
      departments: named(departments, row.departments),
      job_titles: named(jobTitles, row.job_titles),
      employees: named(employees, row.employees),
      flow: named(flows, [row.flow])[0] ?? null,
      indicators: named(indicators, row.indicators),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

export async function getKpiRule(db: Db, scope: Scope, ruleId: string) {
  const [rule] = await listKpiRules(db, scope, ruleId);
  if (!rule) throw notFound('KPI rule');
  return rule;
}

async function checkRule(db: Db, scope: Scope, input: RuleInput) {
  const fields: Record<string, FieldError> = {};
  await requireOwn(db, scope, fields, 'departments', 'departments', input.departments);
  await requireOwn(db, scope, fields, 'job_titles', 'job_titles', input.job_titles);
  await requireOwn(db, scope, fields, 'employees', 'employees', input.employees);
  await requireOwn(db, scope, fields, 'flow', 'kpi_flows', [input.flow]);
  await requireOwn(db, scope, fields, 'indicators', 'kpi_indicators', input.indicators);
  if (input.departments.length + input.job_titles.length + input.employees.length === 0) {
    fields.employees = { code: 'required', message: 'name departments, job titles or employees' };
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

const ruleValues = (input: RuleInput) => ({
  name: input.name.trim(),
  departments: uuidArray(input.departments),
  job_titles: uuidArray(input.job_titles),
  employees: uuidArray(input.employees),
  indicators: uuidArray(input.indicators),
});

export async function createKpiRule(db: Db, scope: Scope, input: RuleInput) {
  requireCompanyWide(scope);
  await checkRule(db, scope, input);
  const v = ruleValues(input);
  const row = await db
    .execute(sql`
      insert into kpi_rules (company_id, name, departments, job_titles, employees, flow_id, indicators, created_by)
      values (${ownedBy(scope).company_id}, ${v.name}, ${v.departments}, ${v.job_titles}, ${v.employees},
        ${input.flow}, ${v.indicators}, ${scope.actor.userId})
      returning id`)
    .catch((error) => {
      throw duplicateName(error);
    });
  return getKpiRule(db, scope, (row.rows[0] as { id: string }).id);
}

export async function updateKpiRule(db: Db, scope: Scope, ruleId: string, input: RuleInput) {
  requireCompanyWide(scope);
  await checkRule(db, scope, input);
  const v = ruleValues(input);
  const updated = await db
    .execute(sql`
      update kpi_rules r set name = ${v.name}, departments = ${v.departments}, job_titles = ${v.job_titles},
        employees = ${v.employees}, flow_id = ${input.flow}, indicators = ${v.indicators},
        updated_at = now(), version = r.version + 1
      where r.id = ${ruleId} and ${inCompanySql(scope, 'r')} returning r.id`)
    .catch((error) => {
      throw duplicateName(error);
    });
  if (updated.rows.length === 0) throw notFound('KPI rule');
  return getKpiRule(db, scope, ruleId);
}

export async function deleteKpiRule(db: Db, scope: Scope, ruleId: string) {
  requireCompanyWide(scope);
  const used = await db.execute(
    sql`select 1 from kpi_assessments a where ${inCompanySql(scope, 'a')} and a.rule_id = ${ruleId} limit 1`,
  );
  if (used.rows.length > 0) throw new AppError(409, 'in_use', 'This rule has assessments');
  const deleted = await db.execute(
    sql`delete from kpi_rules r where r.id = ${ruleId} and ${inCompanySql(scope, 'r')} returning r.id`,
  );
  if (deleted.rows.length === 0) throw notFound('KPI rule');
  return { _id: ruleId };
}
