/**
 * Exit pay routes (decision 0170): the preview the exit dialog shows, the stored exit pay with its final tax slip, and
 * editing its amounts (each edit with a reason). The exit itself (`POST /v1/employees/{id}/exit`) stores it when the
 * body names an `exit_cause` (server/employees/routes.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { exitCauses, exitPayCodes } from '../../common/payroll/severance.ts';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';
import { getExitPay, previewExitPay, saveExitPay } from './repository.ts';

const literals = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v as T[number])));
const rupiah = Type.Integer({ description: 'Integer rupiah' });

export const ExitPayEdit = Type.Object(
  {
    code: literals(exitPayCodes),
    amount: Type.Integer({ minimum: 0, maximum: 1e13 }),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Why the amount differs from the computed one' })),
  },
  { $id: 'ExitPayEdit', additionalProperties: false },
);

/** The exit pay fields the exit's body may carry too. */
export const exitPayFields = {
  exit_cause: Type.Optional(literals(exitCauses)),
  leave_days: Type.Optional(
    Type.Number({ minimum: 0, maximum: 366, description: 'Untaken leave days; default: the annual leave balance' }),
  ),
  pay: Type.Optional(Type.Array(Type.Ref(ExitPayEdit), { maxItems: exitPayCodes.length })),
};

const ExitPayRequest = Type.Object(
  {
    exit_cause: literals(exitCauses),
    exit_date: Type.String({ format: 'date' }),
    leave_days: exitPayFields.leave_days,
    pay: exitPayFields.pay,
  },
  { $id: 'ExitPayRequest', additionalProperties: false },
);

const ExitPay = Type.Object(
  {
    employee: Type.Object({ _id: Type.String(), employee_id: Type.String(), fullname: Type.String() }),
    cause: literals(exitCauses),
    article: Type.String({ description: 'PP 35/2021 article of the cause' }),
    exit_reason: literals(['resign', 'phk'] as const),
    exit_date: Type.String({ format: 'date' }),
    join_date: Type.String({ format: 'date' }),
    wage: rupiah,
    service_months: Type.Integer(),
    leave_days: Type.Number(),
    lines: Type.Array(
      Type.Object({
        code: literals(exitPayCodes),
        computed: rupiah,
        amount: rupiah,
        reason: Nullable(Type.String()),
        explain: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
        tax: literals(['final', 'ordinary'] as const),
      }),
    ),
    severance: Type.Object({
      gross: rupiah,
      pph: rupiah,
      net: rupiah,
      tax_object_code: Type.String(),
      layers: Type.Array(
        Type.Object({
          over: rupiah,
          up_to: Nullable(rupiah),
          percent: Type.Number(),
          taxable: rupiah,
          tax: rupiah,
        }),
      ),
      npwp: Nullable(Type.String()),
      nik: Nullable(Type.String()),
      surcharge: Type.Boolean({ description: 'No valid tax id: the final tax × 1.2' }),
    }),
    ordinary: rupiah,
    paid: Nullable(
      Type.Object({ summary: Type.String(), year: Type.Integer(), month: Type.Integer(), status: Type.String() }),
    ),
    stored: Type.Boolean(),
  },
  { $id: 'ExitPay' },
);

export const severanceSchemas = [ExitPayEdit, ExitPayRequest, ExitPay];

/** Salary figures: the payroll employees menu (its private fields), like the employee's salary section. */
const read = { access: { kind: 'menu', menu: 'payroll-employees', action: 'read', company: true } } as const;
const write = { access: { kind: 'menu', menu: 'payroll-employees', action: 'write', company: true } } as const;

export function severanceRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['employees'];

  app.post('/v1/employees/:id/exit-pay/preview', {
    config: read,
    schema: {
      operationId: 'previewExitPay',
      description:
        'What an exit would owe (PP 35/2021: pesangon, UPMK, UPH, separation pay, PKWT compensation) and the final PPh 21 of PP 68/2009 on the severance; nothing is stored',
      tags,
      params: IdParams,
      body: Type.Ref(ExitPayRequest),
      response: { 200: one(Type.Ref(ExitPay)), ...errorResponses },
    },
    handler: async (request) => ({
      data: await previewExitPay(db, scopeOf(request), request.params.id, request.body),
    }),
  });

  app.get('/v1/employees/:id/exit-pay', {
    config: read,
    schema: {
      operationId: 'getExitPay',
      description: "The employee's exit pay as stored at the exit, its final tax slip and the run that pays it",
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(ExitPay)), ...errorResponses },
    },
    handler: async (request) => ({ data: await getExitPay(db, scopeOf(request), request.params.id) }),
  });

  app.put('/v1/employees/:id/exit-pay', {
    config: write,
    schema: {
      operationId: 'saveExitPay',
      description:
        'Computes and stores the exit pay again, with the agreed amounts (each differing amount needs a reason; logged). Refused once the exit month is completed',
      tags,
      params: IdParams,
      body: Type.Ref(ExitPayRequest),
      response: { 200: one(Type.Ref(ExitPay)), ...errorResponses },
    },
    handler: async (request) => ({
      data: await db.transaction((tx) => saveExitPay(tx, scopeOf(request), request.params.id, request.body)),
    }),
  });
}
