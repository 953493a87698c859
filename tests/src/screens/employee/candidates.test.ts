import { describe, expect, it } from 'vitest';
import { candidateQuery, titlesByRole } from '../../../../src/screens/employee/candidates.ts';

describe('assignment candidates', () => {
  const titles = titlesByRole([
    { _id: 'mgr', assignment_role: 'supervisor' },
    { _id: 'spv', assignment_role: 'supervisor' },
    { _id: 'poa', assignment_role: 'poa' },
    { _id: 'staff', assignment_role: null },
  ]);

  it('narrows each role to the holders of its configured job titles', () => {
    expect(candidateQuery(titles, 'supervisor')).toEqual({ job_title: ['mgr', 'spv'] });
    expect(candidateQuery(titles, 'poa')).toEqual({ job_title: ['poa'] });
  });

  it('leaves the choice open when no title is configured for a role, or the field has none', () => {
    expect(candidateQuery(titles, 'pcho')).toBeUndefined();
    expect(candidateQuery(titles, undefined)).toBeUndefined();
  });
});
