/**
 * Who may be chosen as an employee's POA, PCHO or supervisor (spec 3 "Assignment"): holders of the job titles an admin
 * marked for that role in the job-titles list (`assignment_role`), configuration rather than ids in code. With no
 * title marked for a role, any employee may be chosen.
 */
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.ts';
import type { AssignmentRole } from '../../employeeForm/sections.ts';
import type { PickerQuery } from '../../picker/options.ts';

export type CandidateTitles = Partial<Record<AssignmentRole, string[]>>;

/** The job-title ids per assignment role, from job titles that have one. */
export function titlesByRole(titles: readonly { _id: string; assignment_role?: string | null }[]): CandidateTitles {
  const out: CandidateTitles = {};
  for (const title of titles) {
    const role = title.assignment_role as AssignmentRole | null | undefined;
    if (role) out[role] = [...(out[role] ?? []), title._id];
  }
  return out;
}

/** The picker query narrowing a role's field to its candidates' job titles (nothing when none is configured). */
export function candidateQuery(titles: CandidateTitles, role: AssignmentRole | undefined): PickerQuery | undefined {
  const ids = role ? titles[role] : undefined;
  return ids?.length ? { job_title: ids } : undefined;
}

let loaded: Promise<CandidateTitles> | null = null;

/** The configured titles, loaded once per page load (job titles change rarely; a reload picks up a change). */
export function useCandidateTitles(): CandidateTitles {
  const [titles, setTitles] = useState<CandidateTitles>({});
  useEffect(() => {
    let live = true;
    loaded ??= call(
      api.GET('/v1/refs/employees/orgs/job-titles', {
        params: { query: { filled: ['assignment_role'], limit: 1000 } },
      }),
    ).then(
      (reply) => titlesByRole(reply.data),
      () => {
        loaded = null;
        return {};
      },
    );
    void loaded.then((value) => live && setTitles(value));
    return () => {
      live = false;
    };
  }, []);
  return titles;
}
