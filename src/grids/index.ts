/**
 * Every resource's grid spec by resource name, and the lists each reference-list menu shows, in the spec's order
 * (spec 2.3). Explicit, like every registry here: a new grid is imported and listed by hand.
 */

import { attendanceGroupsGrid } from './attendance-groups.ts';
import { businessTripRulesGrid } from './business-trip-rules.ts';
import {
  allowancesGrid,
  banksGrid,
  bonusesGrid,
  dailyPayrollComponentsGrid,
  deductionsGrid,
  dutyTypesGrid,
  incentivesGrid,
  jobCategoriesGrid,
  jobTitlesGrid,
  locationsGrid,
  majorsGrid,
  nationalitiesGrid,
  payrollTypesGrid,
  relationshipsGrid,
  religionsGrid,
  titlesGrid,
} from './codeName.ts';
import { absentDeductionsGrid, earlyDeductionsGrid } from './deductionRules.ts';
import { departmentsGrid } from './departments.ts';
import { employeeRolesGrid } from './employee-roles.ts';
import { lateDeductionsGrid } from './late-deductions.ts';
import { liveTrackingGroupGrid } from './live-tracking-group.ts';
import { depositsGrid, loansGrid } from './loans.ts';
import { manFeeRulesGrid } from './man-fee-rules.ts';
import { missedDeductionsGrid } from './missed-deductions.ts';
import { overtimeRulesGrid } from './overtime-rules.ts';
import { salaryGradesGrid } from './salary-grades.ts';
import { shiftOverridesGrid } from './shift-overrides.ts';
import { shiftsGrid } from './shifts.ts';
import { subDepartmentsGrid } from './sub-departments.ts';
import type { AnyGridSpec } from './types.ts';

export const grids = {
  departments: departmentsGrid,
  'sub-departments': subDepartmentsGrid,
  'job-titles': jobTitlesGrid,
  locations: locationsGrid,
  nationalities: nationalitiesGrid,
  religions: religionsGrid,
  titles: titlesGrid,
  majors: majorsGrid,
  relationships: relationshipsGrid,
  banks: banksGrid,
  'employee-roles': employeeRolesGrid,
  allowances: allowancesGrid,
  'daily-payroll-components': dailyPayrollComponentsGrid,
  incentives: incentivesGrid,
  bonuses: bonusesGrid,
  deductions: deductionsGrid,
  'salary-grades': salaryGradesGrid,
  'payroll-types': payrollTypesGrid,
  'duty-types': dutyTypesGrid,
  'job-categories': jobCategoriesGrid,
  'business-trip-rules': businessTripRulesGrid,
  'overtime-rules': overtimeRulesGrid,
  'early-deductions': earlyDeductionsGrid,
  'late-deductions': lateDeductionsGrid,
  'absent-deductions': absentDeductionsGrid,
  'missed-deductions': missedDeductionsGrid,
  shifts: shiftsGrid,
  'attendance-groups': attendanceGroupsGrid,
  'shift-overrides': shiftOverridesGrid,
  'live-tracking-group': liveTrackingGroupGrid,
  loans: loansGrid,
  deposits: depositsGrid,
  'man-fee-rules': manFeeRulesGrid,
} satisfies Record<string, AnyGridSpec>;

export type GridName = keyof typeof grids;

/** The reference-list menus and their lists, in the order the spec names them. */
export const menuGrids: Record<
  'employee-organization' | 'employee-personal' | 'payroll-references' | 'payroll-rules',
  readonly GridName[]
> = {
  'employee-organization': ['departments', 'sub-departments', 'job-titles', 'locations'],
  'employee-personal': ['nationalities', 'religions', 'titles', 'majors', 'relationships', 'banks', 'employee-roles'],
  'payroll-references': [
    'allowances',
    'daily-payroll-components',
    'incentives',
    'bonuses',
    'deductions',
    'salary-grades',
    'payroll-types',
    'duty-types',
    'job-categories',
  ],
  'payroll-rules': [
    'business-trip-rules',
    'overtime-rules',
    'early-deductions',
    'late-deductions',
    'absent-deductions',
    'missed-deductions',
  ],
};
