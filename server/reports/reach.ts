/**
 * What an approver reads in the reports (spec 6: approvers also see reports; issue 29: "approvers see those of their
 * flows"): the employees of the approval flows that name them at any level (members by employee or department), the
 * employees whose requests named them (a request keeps its flow's approvers, `participants`), and the employees they
 * supervise (the fallback flow's first level). Company conditions come from the scope module.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { employees } from '../db/schema.ts';
import type { Scope } from '../http/access.ts';
import { inCompanySql, ownEmployee, type Reach, reachOf, sameCompanySql } from '../scope/scope.ts';
import type { ReportCaller } from './repository.ts';

/** A subquery of employee ids: the approver's flows' members, their requests' employees, their direct reports. */
export function approverEmployeesSql(reach: Reach, approver: string): SQL {
  return sql`
    select fe.id from employees fe join approval_flows f on ${sameCompanySql('f', 'fe')}
    where ${inCompanySql(reach, 'fe')}
      and ((f.members->'employees') ? fe.id::text or (f.members->'departments') ? fe.department_id::text)
      and jsonb_path_exists(f.levels, '$[*].approvers[*] ? (@.employee == $me)', jsonb_build_object('me', ${approver}::text))
    union select a.employee_id from approvals a where ${inCompanySql(reach, 'a')} and ${approver}::uuid = any(a.participants)
    union select se.id from employees se where ${inCompanySql(reach, 'se')} and se.supervisor_id = ${approver}::uuid`;
}

/** The caller as the reports read them: an approver narrowed to their flows (no employee record: nobody). */
export async function reportCaller(db: Executor, scope: Scope): Promise<ReportCaller> {
  const reach = reachOf(scope);
  if (scope.actor.level !== 'approver') return { reach, approver: null };
  const [own] = await db.select({ id: employees.id }).from(employees).where(ownEmployee(scope, employees)).limit(1);
  return { reach, approver: own?.id ?? '00000000-0000-0000-0000-000000000000' };
}
