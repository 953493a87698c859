/**
 * The members of an attendance group (issue #12): `GET/PUT /v1/attendance-groups/:id/members`. An employee is in at
 * most one group: naming an employee of another group is refused (409 `in_other_group`, naming the group), so moving
 * someone is two deliberate edits, never a silent transfer. The PUT replaces the whole set in one transaction.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import { errorResponses, IdParams, one } from '../http/schemas.ts';
import { isDepartmentLimited } from '../scope/scope.ts';
import { employeesReached, findGroup, groupMembers, otherGroupsOf, replaceMembers } from './repository.ts';
import { attendanceGroupsResource } from './resources.ts';

const MAX_MEMBERS = 10_000;

export const GroupMembersSchema = Type.Object(
  {
    members: Type.Array(Type.String({ format: 'uuid' }), {
      maxItems: MAX_MEMBERS,
      uniqueItems: true,
      description: 'Employee ids; each employee is in at most one attendance group',
    }),
  },
  { $id: 'AttendanceGroupMembers', additionalProperties: false },
);

/** The GET's reply: the ids, and who they are (what the members editor lists), in name order. */
export const GroupMembersDetailSchema = Type.Object(
  {
    members: Type.Array(Type.String({ format: 'uuid' })),
    employees: Type.Array(
      Type.Object({ _id: Type.String({ format: 'uuid' }), employee_id: Type.String(), fullname: Type.String() }),
      { description: 'The members by name: id, employee ID (code) and full name' },
    ),
  },
  { $id: 'AttendanceGroupMembersDetail' },
);

export function groupRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const menu = attendanceGroupsResource.menu;
  const tags = [attendanceGroupsResource.name];

  app.get('/v1/attendance-groups/:id/members', {
    config: { access: { kind: 'menu', menu, action: 'read', company: true } },
    schema: {
      operationId: 'listAttendanceGroupMembers',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(GroupMembersDetailSchema)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      if (!(await findGroup(db, scope, id))) throw notFound('Attendance group');
      const employees = await groupMembers(db, scope, id);
      return { data: { members: employees.map((m) => m._id), employees } };
    },
  });

  app.put('/v1/attendance-groups/:id/members', {
    config: { access: { kind: 'menu', menu, action: 'write', company: true } },
    schema: {
      operationId: 'setAttendanceGroupMembers',
      tags,
      params: IdParams,
      body: Type.Ref(GroupMembersSchema),
      response: { 200: one(Type.Ref(GroupMembersSchema)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const { members } = request.body;
      await db.transaction(async (tx) => {
        if (!(await findGroup(tx, scope, id))) throw notFound('Attendance group');
        const known = await employeesReached(tx, scope, members);
        const unknown = members.filter((m) => !known.has(m));
        // A department admin naming someone outside their department learns nothing about them: a plain 404.
        if (unknown.length && isDepartmentLimited(scope)) throw notFound('Employee');
        if (unknown.length) {
          throw invalid(
            { members: { code: 'not_found', message: 'Employee not found', params: { ids: unknown } } },
            `${unknown.length} employee(s) not found`,
          );
        }
        const others = await otherGroupsOf(tx, scope, id, members);
        const first = others[0];
        if (first) {
          throw new AppError(
            409,
            'in_other_group',
            `${others.length} employee(s) already belong to another attendance group, e.g. "${first.group_name}"`,
            {
              members: {
                code: 'in_other_group',
                message: `is already in the attendance group "${first.group_name}"`,
                params: { group: first.group_name, count: others.length, ids: others.map((o) => o.employee) },
              },
            },
          );
        }
        await replaceMembers(tx, scope, id, members);
      });
      return { data: { members } };
    },
  });
}
