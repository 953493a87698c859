/**
 * KPI routes (spec 7 `kpi/assessor-flow`, `kpi/rules`; the indicators are the generic resource
 * `kpi/indicator-component`): flows and rules (CRUD), assessment periods, their sheet of scores, saving and
 * submitting a step, the ranking, completing (locking) a period, and an employee's own results. Decision 0185.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { kpiAssessorTypes, kpiPeriodTypes, kpiTargetTypes } from '../../common/kpi.ts';
import type { Db } from '../db/connect.ts';
import { mayAccess, scopeOf } from '../http/access.ts';
import { forbidden } from '../http/errors.ts';
import { errorResponses, IdParams, one } from '../http/schemas.ts';
import type { Scope } from '../scope/scope.ts';
import {
  completeAssessment,
  getAssessment,
  listAssessments,
  loadResults,
  loadSheet,
  myAssessments,
  myResults,
  mySheet,
  openAssessment,
  saveMyScores,
  saveScores,
} from './assessment.ts';
import { previewBonus, writeBonus } from './bonus.ts';
import {
  createKpiFlow,
  createKpiRule,
  deleteKpiFlow,
  deleteKpiRule,
  getKpiFlow,
  getKpiRule,
  listKpiFlows,
  listKpiRules,
  updateKpiFlow,
  updateKpiRule,
} from './setup-repository.ts';

const id = Type.String({ format: 'uuid' });
const Named = Type.Object({ _id: id, name: Type.String() });
const name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const ids = Type.Array(id, { maxItems: 5000, uniqueItems: true });

const Assessor = Type.Union([
  Type.Object(
    {
      type: Type.Unsafe<'supervisor' | 'department_head' | 'self'>(
        Type.String({ enum: ['supervisor', 'department_head', 'self'] }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('employee'), employee: id }, { additionalProperties: false }),
]);

export const KpiFlowInputSchema = Type.Object(
  { name, assessors: Type.Array(Assessor, { minItems: 1, maxItems: 10 }) },
  { $id: 'KpiFlowInput', additionalProperties: false },
);
export const KpiFlowSchema = Type.Object(
  {
    _id: id,
    name: Type.String(),
    assessors: Type.Array(Assessor),
    names: Type.Object({ employees: Type.Array(Named) }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'KpiFlow' },
);
export const KpiRuleInputSchema = Type.Object(
  {
    name,
    departments: ids,
    job_titles: ids,
    employees: ids,
    flow: id,
    indicators: Type.Array(id, { minItems: 1, maxItems: 200, uniqueItems: true }),
  },
  { $id: 'KpiRuleInput', additionalProperties: false },
);
export const KpiRuleSchema = Type.Object(
  {
    _id: id,
    name: Type.String(),
    departments: Type.Array(id),
    job_titles: Type.Array(id),
    employees: Type.Array(id),
    flow: id,
    indicators: Type.Array(id),
    names: Type.Object({
      departments: Type.Array(Named),
      job_titles: Type.Array(Named),
      employees: Type.Array(Named),
      flow: Type.Union([Named, Type.Null()]),
      indicators: Type.Array(Named),
    }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'KpiRule' },
);
const PeriodType = Type.Unsafe<(typeof kpiPeriodTypes)[number]>(Type.String({ enum: [...kpiPeriodTypes] }));
export const KpiAssessmentSchema = Type.Object(
  {
    _id: id,
    rule: Named,
    period_type: PeriodType,
    start_date: Type.String({ format: 'date' }),
    end_date: Type.String({ format: 'date' }),
    name: Type.String(),
    status: Type.Unsafe<'open' | 'completed'>(Type.String({ enum: ['open', 'completed'] })),
    completed_at: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'KpiAssessment' },
);
const Line = Type.Object({ indicator: Type.String(), weight: Type.Number(), achievement: Type.Number() });
const ResultLine = Type.Object({
  category: Type.String(),
  indicator: Type.String(),
  weight: Type.Number(),
  achievement: Type.Number(),
});
export const KpiSheetSchema = Type.Object(
  {
    assessment: Type.Ref(KpiAssessmentSchema),
    indicators: Type.Array(
      Type.Object({
        _id: id,
        category: Type.String(),
        indicator: Type.String(),
        weight: Type.Integer(),
        target_type: Type.Unsafe<(typeof kpiTargetTypes)[number]>(Type.String({ enum: [...kpiTargetTypes] })),
        target: Type.Union([Type.Number(), Type.Null()]),
        unit: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    rows: Type.Array(
      Type.Object({
        employee: Type.Object({ _id: id, fullname: Type.String(), employee_id: Type.String() }),
        department: Type.Union([Named, Type.Null()]),
        rule: Named,
        indicators: Type.Array(id),
        steps: Type.Array(
          Type.Object({
            step: Type.Integer(),
            type: Type.Unsafe<(typeof kpiAssessorTypes)[number]>(Type.String({ enum: [...kpiAssessorTypes] })),
            assessor: Type.Union([Named, Type.Null()]),
            values: Type.Record(Type.String(), Type.Number()),
            submitted_at: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
        current_step: Type.Union([Type.Integer(), Type.Null()]),
        result: Type.Union([
          Type.Object({ score: Type.Number(), lines: Type.Array(Line), formula: Type.String() }),
          Type.Null(),
        ]),
      }),
    ),
  },
  { $id: 'KpiSheet' },
);
export const KpiResultSchema = Type.Object(
  {
    employee: id,
    employee_name: Type.String(),
    employee_number: Type.String(),
    department: Type.Union([id, Type.Null()]),
    department_name: Type.Union([Type.String(), Type.Null()]),
    rule_name: Type.String(),
    score: Type.Number(),
    rank: Type.Integer(),
    formula: Type.String(),
    lines: Type.Array(ResultLine),
  },
  { $id: 'KpiResult' },
);
const ScoresInput = Type.Object(
  {
    entries: Type.Array(
      Type.Object(
        {
          employee: id,
          step: Type.Integer({ minimum: 0, maximum: 9 }),
          values: Type.Record(
            Type.String({ format: 'uuid' }),
            Type.Union([Type.Number({ minimum: 0, maximum: 999_999_999 }), Type.Null()]),
            {
              maxProperties: 200,
            },
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 2000 },
    ),
    submit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const kpiSchemas = [
  KpiFlowInputSchema,
  KpiFlowSchema,
  KpiRuleInputSchema,
  KpiRuleSchema,
  KpiAssessmentSchema,
  KpiSheetSchema,
  KpiResultSchema,
];

type TypedApp = ReturnType<typeof typed>;
const typed = (server: FastifyInstance) => server.withTypeProvider<TypeBoxTypeProvider>();

const access = (menu: string, action: 'read' | 'write') =>
  ({ access: { kind: 'menu', menu, action, company: true } }) as const;
const tags = ['kpi'];

/** A KPI list kept by its own repository (flows, rules): list, read, create, replace and delete, each in the menu. */
interface ListRoutes<I extends TSchema, O extends TSchema> {
  path: string;
  menu: string;
  names: { list: string; get: string; create: string; update: string; remove: string };
  input: I;
  output: O;
  /** The list's repository: the routes hold no SQL. */
  repo: {
    list: (scope: Scope) => Promise<unknown[]>;
    get: (scope: Scope, id: string) => Promise<unknown>;
    create: (scope: Scope, body: Static<I>) => Promise<unknown>;
    update: (scope: Scope, id: string, body: Static<I>) => Promise<unknown>;
    remove: (scope: Scope, id: string) => Promise<{ _id: string }>;
  };
}

function listRoutes<I extends TSchema, O extends TSchema>(app: TypedApp, spec: ListRoutes<I, O>) {
  const { path, menu, names, repo } = spec;
  const row = one(Type.Ref(spec.output));
  app.get(path, {
    config: access(menu, 'read'),
    schema: {
      operationId: names.list,
      tags,
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(spec.output)), total: Type.Integer() }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const data = await repo.list(scopeOf(request));
      return { data, total: data.length };
    },
  });
  app.get(`${path}/:id`, {
    config: access(menu, 'read'),
    schema: { operationId: names.get, tags, params: IdParams, response: { 200: row, ...errorResponses } },
    handler: async (request) => ({ data: await repo.get(scopeOf(request), request.params.id) }),
  });
  app.post(path, {
    config: access(menu, 'write'),
    schema: { operationId: names.create, tags, body: Type.Ref(spec.input), response: { 201: row, ...errorResponses } },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await repo.create(scopeOf(request), request.body) }),
  });
  app.put(`${path}/:id`, {
    config: access(menu, 'write'),
    schema: {
      operationId: names.update,
      tags,
      params: IdParams,
      body: Type.Ref(spec.input),
      response: { 200: row, ...errorResponses },
    },
    handler: async (request) => ({
      data: await repo.update(scopeOf(request), request.params.id, request.body),
    }),
  });
  app.delete(`${path}/:id`, {
    config: access(menu, 'write'),
    schema: {
      operationId: names.remove,
      tags,
      params: IdParams,
      response: { 200: one(Type.Object({ _id: Type.String() })), ...errorResponses },
    },
    handler: async (request) => ({ data: await repo.remove(scopeOf(request), request.params.id) }),
  });
}

export function kpiRoutes(server: FastifyInstance, db: Db) {
  const app = typed(server);

  // ---- assessor flows and rules: the same five routes each
  listRoutes(app, {
    path: '/v1/kpi/assessor-flow',
    menu: 'kpi-flow',
    names: {
      list: 'listKpiFlows',
      get: 'getKpiFlow',
      create: 'createKpiFlow',
      update: 'updateKpiFlow',
      remove: 'deleteKpiFlow',
    },
    input: KpiFlowInputSchema,
    output: KpiFlowSchema,
    repo: {
      list: (scope) => listKpiFlows(db, scope),
      get: (scope, id) => getKpiFlow(db, scope, id),
      create: (scope, body) => createKpiFlow(db, scope, body),
      update: (scope, id, body) => updateKpiFlow(db, scope, id, body),
      remove: (scope, id) => deleteKpiFlow(db, scope, id),
    },
  });
  listRoutes(app, {
    path: '/v1/kpi/rules',
    menu: 'kpi-rules',
    names: {
      list: 'listKpiRules',
      get: 'getKpiRule',
      create: 'createKpiRule',
      update: 'updateKpiRule',
      remove: 'deleteKpiRule',
    },
    input: KpiRuleInputSchema,
    output: KpiRuleSchema,
    repo: {
      list: (scope) => listKpiRules(db, scope),
      get: (scope, id) => getKpiRule(db, scope, id),
      create: (scope, body) => createKpiRule(db, scope, body),
      update: (scope, id, body) => updateKpiRule(db, scope, id, body),
      remove: (scope, id) => deleteKpiRule(db, scope, id),
    },
  });

  // ---- assessments
  app.get('/v1/kpi/assessments', {
    config: access('kpi-assessment', 'read'),
    schema: {
      operationId: 'listKpiAssessments',
      tags,
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(KpiAssessmentSchema)) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await listAssessments(db, scopeOf(request)) }),
  });
  app.post('/v1/kpi/assessments', {
    config: access('kpi-assessment', 'write'),
    schema: {
      operationId: 'openKpiAssessment',
      description: "Opens a rule's assessment of the period (month, quarter or year) holding `date`",
      tags,
      body: Type.Object(
        { rule: id, period_type: PeriodType, date: Type.String({ format: 'date' }) },
        { additionalProperties: false },
      ),
      response: { 201: one(Type.Ref(KpiAssessmentSchema)), ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await openAssessment(db, scopeOf(request), request.body) }),
  });
  app.get('/v1/kpi/assessments/:id', {
    config: access('kpi-assessment', 'read'),
    schema: {
      operationId: 'getKpiSheet',
      description: 'The period with every assessed employee in reach: rule, steps with their scores, final score',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(KpiSheetSchema)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const assessment = await getAssessment(db, scope, request.params.id);
      return { data: { assessment, ...(await loadSheet(db, scope, assessment)) } };
    },
  });
  app.put('/v1/kpi/assessments/:id/scores', {
    config: access('kpi-assessment', 'write'),
    schema: {
      operationId: 'saveKpiScores',
      description: 'Saves (and with `submit`, hands in) the open step of each employee named: all or none',
      tags,
      params: IdParams,
      body: ScoresInput,
      response: {
        200: one(Type.Object({ saved: Type.Integer(), submitted: Type.Integer() })),
        ...errorResponses,
      },
    },
    handler: async (request) => ({ data: await saveScores(db, scopeOf(request), request.params.id, request.body) }),
  });
  app.get('/v1/kpi/assessments/:id/results', {
    config: access('kpi-assessment', 'read'),
    schema: {
      operationId: 'listKpiResults',
      description: 'The ranking per department: stored for a completed period, the employees finished so far otherwise',
      tags,
      params: IdParams,
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(KpiResultSchema)) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await loadResults(db, scopeOf(request), request.params.id) }),
  });
  app.post('/v1/kpi/assessments/:id/complete', {
    config: access('kpi-assessment', 'write'),
    schema: {
      operationId: 'completeKpiAssessment',
      description: 'Locks the period once every step is submitted, stores the results and logs it',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(KpiAssessmentSchema)), ...errorResponses },
    },
    handler: async (request) => ({ data: await completeAssessment(db, scopeOf(request), request.params.id) }),
  });
  const BonusInput = Type.Object(
    {
      bonus: id,
      month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
      amount: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
      minimum_score: Type.Number({ minimum: 0, maximum: 120 }),
    },
    { additionalProperties: false },
  );
  const BonusPreview = Type.Object({
    rows: Type.Array(
      Type.Object({
        employee: id,
        employee_name: Type.String(),
        employee_number: Type.String(),
        department_name: Type.Union([Type.String(), Type.Null()]),
        score: Type.Number(),
        amount: Type.Integer(),
      }),
    ),
    total: Type.Integer(),
    paid: Type.Integer(),
    payroll_completed: Type.Boolean(),
    written_at: Type.Union([Type.String(), Type.Null()]),
    written_month: Type.Union([Type.String(), Type.Null()]),
    written: Type.Optional(Type.Integer()),
  });
  /** Writing payroll items is the payroll menu's too: the caller must also write payroll-employees. */
  const payrollWriter = (request: Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(request);
    if (!mayAccess(scope.actor, 'payroll-employees', 'write')) throw forbidden();
    return scope;
  };
  app.post('/v1/kpi/assessments/:id/bonus/preview', {
    config: access('kpi-assessment', 'write'),
    schema: {
      operationId: 'previewKpiBonus',
      description: 'The bonus each employee of a completed period would get by the rule given: nothing is written',
      tags,
      params: IdParams,
      body: BonusInput,
      response: { 200: one(BonusPreview), ...errorResponses },
    },
    handler: async (request) => ({
      data: await previewBonus(db, payrollWriter(request), request.params.id, request.body),
    }),
  });
  app.post('/v1/kpi/assessments/:id/bonus', {
    config: access('kpi-assessment', 'write'),
    schema: {
      operationId: 'writeKpiBonus',
      description: "Writes the previewed bonus as the employees' bonus payroll items of the month, once",
      tags,
      params: IdParams,
      body: BonusInput,
      response: { 200: one(BonusPreview), ...errorResponses },
    },
    handler: async (request) => ({
      data: await writeBonus(db, payrollWriter(request), request.params.id, request.body),
    }),
  });
  // ---- My assessments: the sheets an employee or approver fills as an assessor (decision 0201)
  const MyAssessment = Type.Object({
    ...KpiAssessmentSchema.properties,
    waiting: Type.Integer({ description: 'People whose open step is the caller’s' }),
    assessed: Type.Integer({ description: 'People the caller assesses at some step of this period' }),
  });
  app.get('/v1/kpi/my-assessments', {
    config: access('my-assessments', 'read'),
    schema: {
      operationId: 'listMyKpiAssessments',
      description: 'The open periods in which the caller assesses someone, with how many wait for them',
      tags,
      response: { 200: Type.Object({ data: Type.Array(MyAssessment) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await myAssessments(db, scopeOf(request)) }),
  });
  app.get('/v1/kpi/my-assessments/:id', {
    config: access('my-assessments', 'read'),
    schema: {
      operationId: 'getMyKpiSheet',
      description: 'The people whose open step the caller assesses, with the indicators to score',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(KpiSheetSchema)), ...errorResponses },
    },
    handler: async (request) => ({ data: await mySheet(db, scopeOf(request), request.params.id) }),
  });
  app.put('/v1/kpi/my-assessments/:id/scores', {
    config: access('my-assessments', 'write'),
    schema: {
      operationId: 'saveMyKpiScores',
      description: 'Saves (and with `submit`, hands in) the caller’s own open steps: all or none',
      tags,
      params: IdParams,
      body: ScoresInput,
      response: {
        200: one(Type.Object({ saved: Type.Integer(), submitted: Type.Integer() })),
        ...errorResponses,
      },
    },
    handler: async (request) => ({ data: await saveMyScores(db, scopeOf(request), request.params.id, request.body) }),
  });
  app.get('/v1/kpi/me', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'listMyKpiResults',
      description: "The caller's own final scores of completed periods",
      tags,
      response: {
        200: Type.Object({
          data: Type.Array(
            Type.Object({
              assessment: id,
              period_type: PeriodType,
              name: Type.String(),
              start_date: Type.String(),
              end_date: Type.String(),
              score: Type.Number(),
              rank: Type.Integer(),
              department_name: Type.Union([Type.String(), Type.Null()]),
              formula: Type.String(),
              lines: Type.Array(ResultLine),
            }),
          ),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => ({ data: await myResults(db, scopeOf(request)) }),
  });
}
