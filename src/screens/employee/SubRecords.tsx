/**
 * The employee detail's sub-record grids (spec 3 "Employee detail sections" and "Employee payroll"): one generic
 * `ResourceGrid` per kind, fixed to the employee (master-detail, `src/grids/fixed.ts`) and embedded: a compact frame,
 * its view in memory, its palette commands only while the focus is in it, so several live on one page.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubRecordKind } from '../../employeeForm/sections.ts';
import { resourceTitle } from '../../grids/labels.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { employeeAttachmentsGrid } from '../../grids/specs/employee-attachments.ts';
import { employeeCaseAchievementGrid } from '../../grids/specs/employee-case-achievement.ts';
import { employeeEducationsGrid } from '../../grids/specs/employee-educations.ts';
import { employeeEmergencyContactsGrid } from '../../grids/specs/employee-emergency-contacts.ts';
import { employeeFamilyGrid } from '../../grids/specs/employee-family.ts';
import {
  employeeAllowancesGrid,
  employeeBonusesGrid,
  employeeDeductionsGrid,
  employeeIncentivesGrid,
} from '../../grids/specs/employee-payroll-items.ts';
import { employeeThrBonusesGrid } from '../../grids/specs/employee-thr-bonuses.ts';
import { employeeWorkExperiencesGrid } from '../../grids/specs/employee-work-experiences.ts';
import type { AnyGridSpec } from '../../grids/types.ts';
import { AttachmentFiles } from './AttachmentFiles.tsx';

/** Each kind's grid spec; every row has `employee`, the employee's `_id`. */
export const subRecordGrids = {
  'emergency-contacts': employeeEmergencyContactsGrid,
  family: employeeFamilyGrid,
  'work-experiences': employeeWorkExperiencesGrid,
  educations: employeeEducationsGrid,
  attachments: employeeAttachmentsGrid,
  'case-achievement': employeeCaseAchievementGrid,
  allowances: employeeAllowancesGrid,
  incentives: employeeIncentivesGrid,
  bonuses: employeeBonusesGrid,
  deductions: employeeDeductionsGrid,
  'thr-bonuses': employeeThrBonusesGrid,
} as const satisfies Record<SubRecordKind, AnyGridSpec>;

export interface EmployeeSubGridProps {
  kind: SubRecordKind;
  /** The employee's `_id` (not the user id of the detail route). */
  employeeId: string;
  /** The sub-record's menu write rule (active-employees, or payroll-employees for payroll items). */
  canWrite: boolean;
}

/** One sub-record list of one employee, editable like any grid; new, pasted and imported rows belong to them. */
export function EmployeeSubGrid({ kind, employeeId, canWrite }: EmployeeSubGridProps) {
  const { t } = useTranslation();
  const spec: AnyGridSpec = subRecordGrids[kind];
  const fixed = useMemo(() => ({ employee: employeeId }), [employeeId]);
  // An uploaded attachment is a new row: the grid lists it again.
  const [uploads, setUploads] = useState(0);
  const grid = (
    <ResourceGrid
      // Another employee or kind is another grid: no undo, paste or view carried over.
      key={`${kind}:${employeeId}:${uploads}`}
      spec={spec}
      title={resourceTitle(t, spec)}
      canWrite={canWrite}
      fixed={fixed}
      embedded
    />
  );
  if (kind !== 'attachments') return grid;
  return (
    <>
      <AttachmentFiles
        employeeId={employeeId}
        canWrite={canWrite}
        version={uploads}
        onUploaded={() => setUploads((n) => n + 1)}
      />
      {grid}
    </>
  );
}
