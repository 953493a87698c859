import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TObject, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PHONE_PATTERN } from '../../common/contact.ts';
import { MIN_PASSWORD_LENGTH } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { invalid } from '../http/errors.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';
import { compileCheck } from '../http/validation.ts';
import { type Mail, type Mailer, publicLink } from '../mail/mailer.ts';
import { activationMail } from '../mail/messages.ts';
import { parsePopulate } from '../resources/query.ts';
import * as repo from '../resources/repository.ts';
import { causeReason, exitWithPay } from '../severance/exit.ts';
import { dropUnpaidExitPay } from '../severance/repository.ts';
import { exitPayFields } from '../severance/routes.ts';
import { importEmployees } from './import.ts';
import * as employeesRepo from './repository.ts';
import { employeesResource } from './resource.ts';

const NewEmployee = Type.Object(
  {
    ...employeesResource.createSchema.properties,
    username: Type.Optional(
      Type.String({ pattern: '^[a-zA-Z0-9._-]{3,60}$', description: 'Login name; defaults to the employee id' }),
    ),
  },
  { $id: 'EmployeeNew', additionalProperties: false },
);
NewEmployee.required = employeesResource.createSchema.required;

const ExitBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    exit_reason: Type.Unsafe<'resign' | 'phk'>(Type.String({ enum: ['resign', 'phk'] })),
    exit_date: Type.String({ format: 'date' }),
    // Exit pay (decision 0170): with an exit cause, the exit stores what it owes (edits need payroll write access).
    ...exitPayFields,
  },
  { $id: 'EmployeeExit', additionalProperties: false },
);

const EmployeeAccount = Type.Object(
  {
    _id: Type.String({ format: 'uuid', description: 'The user id' }),
    fullname: Type.String(),
    username: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    photo_url: Nullable(Type.String()),
    blocked: Type.Boolean(),
    level: Type.String(),
    activated: Type.Boolean({ description: 'Whether the user has set a password (activated the account)' }),
  },
  { $id: 'EmployeeAccount', additionalProperties: false },
);
const EmployeeAccountUpdate = Type.Object(
  {
    fullname: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    username: Type.Optional(Type.String({ pattern: '^[a-zA-Z0-9._-]{3,60}$' })),
    email: Type.Optional(Nullable(Type.String({ format: 'email' }))),
    phone: Type.Optional(Nullable(Type.String({ pattern: PHONE_PATTERN }))),
    photo_url: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    blocked: Type.Optional(Type.Boolean({ description: 'Blocking ends every session of the user' })),
    password: Type.Optional(
      Type.String({
        minLength: MIN_PASSWORD_LENGTH,
        maxLength: 200,
        description: 'Admins only: a new password, which ends every session of the user',
      }),
    ),
  },
  { $id: 'EmployeeAccountUpdate', additionalProperties: false, minProperties: 1 },
);

const Share = Type.Object({ employee: Type.Integer(), company: Type.Integer() });
const EmployeeBpjs = Type.Object(
  {
    umk: Nullable(Type.Integer()),
    jkk_percentage: Type.Number({ description: "The company's JKK rate in percent" }),
    date: Type.String({ format: 'date' }),
    additional_family_members: Type.Integer(),
    contributions: Type.Object({
      jht: Share,
      jp: Share,
      jkk: Share,
      jkm: Share,
      ks: Share,
      ksAdditional: Share,
      bases: Type.Object({ tk: Type.Integer(), jp: Type.Integer(), ks: Type.Integer() }),
      totalEmployee: Type.Integer(),
      totalCompany: Type.Integer(),
    }),
  },
  { $id: 'EmployeeBpjs' },
);

const updateSchema = employeesResource.updateSchema as TObject;
const MyProfileUpdate = Type.Object(
  {
    ...Object.fromEntries(employeesRepo.selfEditable.map((field) => [field, updateSchema.properties[field]!])),
    version: Type.Integer({ minimum: 1 }),
  },
  { $id: 'MyProfileUpdate', additionalProperties: false },
);
MyProfileUpdate.required = ['version'];

const ImportResult = Type.Object(
  {
    created: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    rows: Type.Array(
      Type.Object({
        index: Type.Integer(),
        status: Type.String({ enum: ['created', 'updated', 'unchanged', 'invalid'] }),
        _id: Type.Optional(Type.String()),
        link: Type.Optional(
          Type.String({ description: 'Bulk invite only: the activation link of a new account, for the inviter' }),
        ),
      }),
    ),
  },
  { $id: 'EmployeeImportResult' },
);

export const employeeSchemas = [
  ImportResult,
  NewEmployee,
  ExitBody,
  EmployeeAccount,
  EmployeeAccountUpdate,
  EmployeeBpjs,
  MyProfileUpdate,
];

const Populate = Type.Object({ populate: Type.Optional(Type.String()) }, { additionalProperties: false });
const tags = [employeesResource.name];
const row = Type.Ref(employeesResource.rowSchema);
const read = { access: { kind: 'menu', menu: employeesResource.menu, action: 'read', company: true } } as const;
const write = { access: { kind: 'menu', menu: employeesResource.menu, action: 'write', company: true } } as const;

/**
 * Creating an employee creates their account too (spec 2.1: an employee's detail id is the user id). The account has
 * no password until the employee activates it.
 */
export function employeeRoutes(
  fastify: FastifyInstance,
  db: Db,
  config: Config,
  mailer: Mailer,
  /** `chunkedImport`: the embedded database's imports go in short transactions (decision 0052). */
  { chunkedImport = false } = {},
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const checks = {
    create: compileCheck(NewEmployee),
    update: compileCheck(Type.Partial(Type.Omit(employeesResource.updateSchema as TObject, ['version']))),
  };
  for (const [path, mode, operationId, description] of [
    [
      '/v1/employees/import',
      'import',
      'importEmployees',
      'Creates and updates employees from spreadsheet rows, matched by _id, employee id, NIK or email: all or nothing',
    ],
    [
      '/v1/employees/import-invitation',
      'invite',
      'inviteEmployees',
      'Creates new employees with accounts and activation links (bulk invite): all or nothing',
    ],
  ] as const) {
    app.post(path, {
      config: write,
      bodyLimit: config.limits.bulkBodyBytes,
      schema: {
        operationId,
        description,
        tags,
        body: Type.Object(
          {
            rows: Type.Array(
              Type.Object(
                {
                  _id: Type.Optional(Type.String({ format: 'uuid' })),
                  version: Type.Optional(Type.Integer({ minimum: 1 })),
                },
                { additionalProperties: true, description: 'EmployeeNew fields (all optional when updating)' },
              ),
              { minItems: 1, maxItems: 10_000 },
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: one(Type.Ref(ImportResult)), ...errorResponses },
      },
      handler: async (request) => {
        const { rows } = request.body;
        const caller = scopeOf(request);
        // Each new account's activation link goes out by mail once the import commits; the bulk invite's reply also
        // gives the inviter the links of the accounts they just created (they may set those passwords anyway).
        const mails: Mail[] = [];
        const data = await importEmployees(db, caller, rows, checks, {
          mode,
          chunked: chunkedImport,
          activationLink: (token, person) => {
            const link = publicLink(config, '/verification', { activation: token });
            mails.push(activationMail({ ...person, name: person.fullname, companyId: caller.companyId }, link));
            return mode === 'invite' ? link : undefined;
          },
        });
        await mailer.send(db, mails);
        return { data };
      },
    });
  }

  app.post('/v1/employees', {
    config: write,
    schema: {
      operationId: 'createEmployee',
      tags: [employeesResource.name],
      body: Type.Ref(NewEmployee),
      response: { 201: one(Type.Ref(employeesResource.rowSchema)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { actor, companyId } = scopeOf(request);
      const { username, ...fields }: Record<string, unknown> & { username?: string } = request.body;
      const caller = { actor, companyId };
      repo.guardWrite(employeesResource, caller, [fields]);
      const errors = await repo.checkRelations(db, employeesResource, caller, [fields]);
      if (errors.size) throw invalid(errors.get(0)!);
      const login = (username ?? String(fields.employee_id)).toLowerCase();
      const employee = await repo.guardUnique(employeesResource, () =>
        db.transaction(async (tx) => {
          const [user] = await employeesRepo.insertAccounts(tx, caller, [{ values: fields, username: login }]);
          // The assignment is set by whoever creates the employee (spec 3: assigned_by, read-only).
          return repo.insertRow(tx, employeesResource, caller, { ...fields, user, assigned_by: actor.userId });
        }),
      );
      reply.status(201);
      return { data: employee };
    },
  });

  app.get('/v1/employees/by-user/:userId', {
    config: read,
    schema: {
      operationId: 'getEmployeeByUser',
      description: 'The employee whose account is this user (the detail id of spec 2.1), on any employee list',
      tags,
      params: Type.Object({ userId: Type.String({ format: 'uuid' }) }),
      querystring: Populate,
      response: { 200: one(row), ...errorResponses },
    },
    handler: async (request) => {
      const { userId } = request.params;
      const populate = parsePopulate(employeesResource, request.query.populate);
      return { data: await employeesRepo.findByUser(db, scopeOf(request), userId, populate) };
    },
  });

  app.post('/v1/employees/:id/exit', {
    config: write,
    schema: {
      operationId: 'exitEmployee',
      description:
        "Resign or dismiss (phk) an employee from a date: from then on they are resigned and cannot sign in. With `exit_cause` (PP 35/2021) the exit also stores what it owes (GET /v1/employees/{id}/exit-pay), paid in the exit month's run",
      tags,
      params: IdParams,
      body: Type.Ref(ExitBody),
      response: { 200: one(row), ...errorResponses },
    },
    handler: async (request) => {
      const { exit_cause, leave_days, pay, ...exit } = request.body;
      const scope = scopeOf(request);
      if (!exit_cause) return { data: await employeesRepo.exit(db, scope, request.params.id, exit) };
      if (causeReason(exit_cause) !== exit.exit_reason) {
        throw invalid({
          exit_cause: {
            code: 'cause_reason_mismatch',
            message: `This cause is an exit of kind ${causeReason(exit_cause)}`,
          },
        });
      }
      return {
        data: await exitWithPay(db, scope, request.params.id, exit, { exit_cause, leave_days, pay }, () =>
          employeesRepo.exit(db, scope, request.params.id, exit),
        ),
      };
    },
  });

  app.post('/v1/employees/:id/rehire', {
    config: write,
    schema: {
      operationId: 'rehireEmployee',
      description: 'Clears the exit reason and date: the employee is active again',
      tags,
      params: IdParams,
      body: Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      response: { 200: one(row), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const row = await employeesRepo.rehire(db, scope, request.params.id, request.body.version);
      await dropUnpaidExitPay(db, scope, request.params.id);
      return { data: row };
    },
  });

  app.get('/v1/employees/:id/bpjs', {
    config: { access: { kind: 'menu', menu: 'payroll-employees', action: 'read', company: true } },
    schema: {
      operationId: 'getEmployeeBpjs',
      description: "This month's BPJS contributions from the employee's salary data and the company's UMK and JKK rate",
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(EmployeeBpjs)), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await employeesRepo.bpjs(db, scopeOf(request), request.params.id) };
    },
  });

  app.get('/v1/employees/:id/account', {
    config: read,
    schema: {
      operationId: 'getEmployeeAccount',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(EmployeeAccount)), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await employeesRepo.account(db, scopeOf(request), request.params.id) };
    },
  });

  app.put('/v1/employees/:id/account', {
    config: write,
    schema: {
      operationId: 'updateEmployeeAccount',
      tags,
      params: IdParams,
      body: Type.Ref(EmployeeAccountUpdate),
      response: { 200: one(Type.Ref(EmployeeAccount)), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await employeesRepo.updateAccount(db, scopeOf(request), request.params.id, request.body) };
    },
  });

  app.post('/v1/employees/:id/activation-link', {
    config: write,
    schema: {
      operationId: 'reissueActivationLink',
      description:
        'A fresh activation link for an employee account not activated yet, for its inviter or a company admin: older ' +
        'unused links stop working, the new one is mailed and returned (decision 0013)',
      tags,
      params: IdParams,
      response: { 200: one(Type.Object({ link: Type.String() })), ...errorResponses },
    },
    handler: async (request) => {
      const caller = scopeOf(request);
      const link = await employeesRepo.reissueActivation(db, caller, request.params.id, async (tx, token, person) => {
        const url = publicLink(config, '/verification', { activation: token });
        await mailer.send(tx, [activationMail({ ...person, name: person.fullname, companyId: caller.companyId }, url)]);
        return url;
      });
      return { data: { link } };
    },
  });

  app.get('/v1/employees/me', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'getMyProfile',
      description: "The signed-in user's own employee record (my-profile)",
      tags,
      querystring: Populate,
      response: { 200: one(row), ...errorResponses },
    },
    handler: async (request) => {
      const populate = parsePopulate(employeesResource, request.query.populate);
      return { data: await employeesRepo.me(db, scopeOf(request), populate) };
    },
  });

  app.put('/v1/employees/me', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'updateMyProfile',
      description: 'An employee changes their own personal and contact data',
      tags,
      body: Type.Ref(MyProfileUpdate),
      response: { 200: one(row), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await employeesRepo.updateMe(db, scopeOf(request), request.body) };
    },
  });
}
