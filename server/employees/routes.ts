import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { scopeOf } from '../http/access.ts';
import { invalid } from '../http/errors.ts';
import { errorResponses, one } from '../http/schemas.ts';
import * as repo from '../resources/repository.ts';
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
export const employeeSchemas = [NewEmployee];

/**
 * Creating an employee creates their account too (spec 2.1: an employee's detail id is the user id). The account has
 * no password until the employee activates it.
 */
export function employeeRoutes(app: FastifyInstance, db: Db) {
  app.post('/v1/employees', {
    config: { access: { kind: 'menu', menu: employeesResource.menu, action: 'write', company: true } },
    schema: {
      operationId: 'createEmployee',
      tags: [employeesResource.name],
      body: Type.Ref(NewEmployee),
      response: { 201: one(Type.Ref(employeesResource.rowSchema)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { actor, companyId } = scopeOf(request);
      const { username, ...fields } = request.body as Record<string, unknown> & { username?: string };
      const caller = { actor, companyId };
      const errors = await repo.checkRelations(db, employeesResource, caller, [fields]);
      if (errors.size) throw invalid(errors.get(0)!);
      const login = (username ?? String(fields.employee_id)).toLowerCase();
      const employee = await repo.guardUnique(employeesResource, () =>
        db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              company_id: companyId,
              fullname: String(fields.fullname),
              username: login,
              email: (fields.email as string | null | undefined) ?? null,
              phone: (fields.phone as string | null | undefined) ?? null,
              level: 'employee',
              created_by: actor.userId,
            })
            .returning({ id: users.id });
          return repo.insertRow(tx, employeesResource, caller, { ...fields, user: user!.id });
        }),
      );
      reply.status(201);
      return { data: employee };
    },
  });
}
