/**
 * Access levels (issue 26, spec 6 and 7): the level lists `sub-admins`, `admin-department` and `approver`, the
 * custom access levels' `permission-list` and `custom-users`, and access requests (`requests`). The custom levels
 * themselves (`roles`) are a generic resource (./roles.ts). Schemas and thin handlers; data access in ./repository.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { levels } from '../../common/menu.ts';
import { permissionList } from '../../common/permission-list.ts';
import type { Db } from '../db/connect.ts';
import { accessRequestStatuses } from '../db/schema.ts';
import { actorOf, requireMenu, scopeOf } from '../http/access.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';
import {
  addHolder,
  assignCustom,
  changeCustomRole,
  createRequest,
  type LevelList,
  levelLists,
  listHolders,
  listRequests,
  removeHolder,
  roleOptions,
  updateHolderDepartment,
  updateRequestStatus,
} from './repository.ts';

const id = Type.String({ format: 'uuid' });
export const AccessHolderSchema = Type.Object(
  {
    _id: Type.String({ description: "The holder's user id" }),
    employee: Type.String({ description: 'Their employee record' }),
    employee_id: Type.String(),
    fullname: Type.String(),
    username: Type.String(),
    email: Nullable(Type.String()),
    level: Type.Unsafe<(typeof levels)[number]>(Type.String({ enum: [...levels] })),
    department: Nullable(Type.Object({ _id: Type.String(), name: Type.String() })),
    access_role: Nullable(Type.Object({ _id: Type.String(), code: Type.String(), access_level: Type.String() })),
    updated_at: Type.String(),
  },
  { $id: 'AccessHolder' },
);

export const PermissionOptionSchema = Type.Object(
  {
    menu: Type.String(),
    parents: Type.Array(Type.String()),
    read: Type.Boolean(),
    write: Type.Boolean({ description: 'Whether the menu has a `:write` permission for a custom level' }),
  },
  { $id: 'PermissionOption' },
);

const Status = Type.Unsafe<(typeof accessRequestStatuses)[number]>(Type.String({ enum: [...accessRequestStatuses] }));
export const AccessRequestSchema = Type.Object(
  {
    _id: Type.String(),
    company: Type.Object({ _id: Type.String(), name: Type.String(), code: Type.String() }),
    user: Nullable(Type.Object({ _id: Type.String(), fullname: Type.String() })),
    purpose: Type.String(),
    status: Status,
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'AccessRequest' },
);

export const accessSchemas = [AccessHolderSchema, PermissionOptionSchema, AccessRequestSchema];

const Holders = Type.Object({ data: Type.Array(Type.Ref(AccessHolderSchema)), total: Type.Integer() });
const AddHolder = Type.Object(
  {
    employee: id,
    department: Type.Optional(Type.Union([id, Type.Null()], { description: 'admin-department only' })),
  },
  { additionalProperties: false },
);
const DepartmentBody = Type.Object({ department: Type.Union([id, Type.Null()]) }, { additionalProperties: false });

/** The level lists by their path (spec 7), each guarded by its own menu (admin only, common/menu.ts). */
const holderPaths = {
  'sub-admin': 'sub-admins',
  'admin-department': 'admin-department',
  approver: 'approver',
} as const satisfies Record<LevelList, string>;

const menuAccess = (menu: string, action: 'read' | 'write') =>
  ({ access: { kind: 'menu', menu, action, company: true } }) as const;

export function accessRoutes(server: FastifyInstance, db: Db) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  for (const list of Object.keys(holderPaths) as LevelList[]) {
    const path = `/v1/${holderPaths[list]}`;
    const tags = [holderPaths[list]];
    const name = list.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
    app.get(path, {
      config: menuAccess(list, 'read'),
      schema: {
        operationId: `list${name}Holders`,
        description: `The company's users holding the ${levelLists[list]} level`,
        tags,
        response: { 200: Holders, ...errorResponses },
      },
      handler: async (request) => {
        const data = await listHolders(db, scopeOf(request), levelLists[list]);
        return { data, total: data.length };
      },
    });
    app.post(path, {
      config: menuAccess(list, 'write'),
      schema: {
        operationId: `add${name}Holder`,
        description: `Gives an employee the ${levelLists[list]} level (the rank rule applies; logged)`,
        tags,
        body: AddHolder,
        response: { 201: one(Type.Ref(AccessHolderSchema)), ...errorResponses },
      },
      handler: async (request, reply) => {
        const body = request.body as Static<typeof AddHolder>;
        const data = await addHolder(db, scopeOf(request), list, body.employee, body.department);
        return reply.status(201).send({ data });
      },
    });
    app.delete(`${path}/:id`, {
      config: menuAccess(list, 'write'),
      schema: {
        operationId: `remove${name}Holder`,
        description: 'Takes the level away: the user is an employee again (logged)',
        tags,
        params: IdParams,
        response: { 200: one(Type.Object({ _id: Type.String() })), ...errorResponses },
      },
      handler: async (request) => {
        await removeHolder(db, scopeOf(request), levelLists[list], request.params.id);
        return { data: { _id: request.params.id } };
      },
    });
  }

  app.put('/v1/admin-department/:id', {
    config: menuAccess('admin-department', 'write'),
    schema: {
      operationId: 'setAdminDepartmentDepartment',
      description: "A department admin's department (their employee record's department; logged)",
      tags: ['admin-department'],
      params: IdParams,
      body: DepartmentBody,
      response: { 200: one(Type.Ref(AccessHolderSchema)), ...errorResponses },
    },
    handler: async (request) => ({
      data: await updateHolderDepartment(db, scopeOf(request), request.params.id, request.body.department),
    }),
  });

  app.get('/v1/permission-list', {
    config: menuAccess('role-permission', 'read'),
    schema: {
      operationId: 'listPermissions',
      description: 'The menus a custom access level may be given, each with read and (where the menu writes) write',
      tags: ['roles'],
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(PermissionOptionSchema)) }), ...errorResponses },
    },
    handler: async () => ({ data: permissionList.map((option) => ({ ...option, parents: [...option.parents] })) }),
  });

  const customTags = ['custom-users'];
  app.get('/v1/custom-users', {
    config: menuAccess('assign-access', 'read'),
    schema: {
      operationId: 'listCustomUsers',
      description: 'The users holding a custom access level, with their access_role',
      tags: customTags,
      response: { 200: Holders, ...errorResponses },
    },
    handler: async (request) => {
      const data = await listHolders(db, scopeOf(request), 'custom');
      return { data, total: data.length };
    },
  });
  app.get('/v1/custom-users/roles', {
    config: menuAccess('assign-access', 'read'),
    schema: {
      operationId: 'listCustomUserRoles',
      description: "The company's custom access levels to assign",
      tags: customTags,
      response: {
        200: Type.Object({
          data: Type.Array(Type.Object({ _id: Type.String(), code: Type.String(), access_level: Type.String() })),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => ({ data: await roleOptions(db, scopeOf(request)) }),
  });
  app.post('/v1/custom-users', {
    config: menuAccess('assign-access', 'write'),
    schema: {
      operationId: 'assignCustomUsers',
      description: 'Gives several employees a custom access level at once (all or none; the rank rule applies; logged)',
      tags: customTags,
      body: Type.Object(
        { employees: Type.Array(id, { minItems: 1, maxItems: 1000, uniqueItems: true }), access_role: id },
        { additionalProperties: false },
      ),
      response: { 200: Holders, ...errorResponses },
    },
    handler: async (request) => {
      const data = await assignCustom(db, scopeOf(request), request.body.employees, request.body.access_role);
      return { data, total: data.length };
    },
  });
  app.put('/v1/custom-users/:id', {
    config: menuAccess('assign-access', 'write'),
    schema: {
      operationId: 'changeCustomUserRole',
      tags: customTags,
      params: IdParams,
      body: Type.Object({ access_role: id }, { additionalProperties: false }),
      response: { 200: one(Type.Ref(AccessHolderSchema)), ...errorResponses },
    },
    handler: async (request) => ({
      data: await changeCustomRole(db, scopeOf(request), request.params.id, request.body.access_role),
    }),
  });
  app.delete('/v1/custom-users/:id', {
    config: menuAccess('assign-access', 'write'),
    schema: {
      operationId: 'removeCustomUser',
      description: 'Takes the custom access level away: the user is an employee again (logged)',
      tags: customTags,
      params: IdParams,
      response: { 200: one(Type.Object({ _id: Type.String() })), ...errorResponses },
    },
    handler: async (request) => {
      await removeHolder(db, scopeOf(request), 'custom', request.params.id);
      return { data: { _id: request.params.id } };
    },
  });

  const requestTags = ['requests'];
  app.get('/v1/requests', {
    config: { access: { kind: 'menus', menus: ['access', 'request-access'], action: 'read' } },
    schema: {
      operationId: 'listAccessRequests',
      description:
        "Access requests, newest first: the developer's (menu access) every company's, filtered by company and status; a company's admin their company's; anyone else their own",
      tags: requestTags,
      querystring: Type.Object({ company: Type.Optional(id), status: Type.Optional(Status) }),
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(AccessRequestSchema)), total: Type.Integer() }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const data = await listRequests(db, actorOf(request), request.query);
      return { data, total: data.length };
    },
  });
  app.post('/v1/requests', {
    config: menuAccess('request-access', 'write'),
    schema: {
      operationId: 'createAccessRequest',
      description: "Asks the platform for access to a feature or menu, for the caller's company",
      tags: requestTags,
      body: Type.Object({ purpose: Type.String({ minLength: 3, maxLength: 1000 }) }, { additionalProperties: false }),
      response: { 201: one(Type.Ref(AccessRequestSchema)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const data = await createRequest(db, scopeOf(request), request.body.purpose.trim());
      return reply.status(201).send({ data });
    },
  });
  app.put('/v1/requests/:id', {
    config: { access: { kind: 'menu', menu: 'access', action: 'write' } },
    schema: {
      operationId: 'updateAccessRequest',
      description: "The developer's edit: only the status changes (todo, progress, done)",
      tags: requestTags,
      params: IdParams,
      body: Type.Object({ status: Status }, { additionalProperties: false }),
      response: { 200: one(Type.Ref(AccessRequestSchema)), ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      requireMenu(actor, 'access', 'write');
      return { data: await updateRequestStatus(db, actor, request.params.id, request.body.status) };
    },
  });
}
