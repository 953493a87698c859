/**
 * Every resource's grid spec by resource name, and the lists each reference-list menu shows, in the spec's order
 * (spec 2.3). Explicit, like every registry here: a new grid is imported and listed by hand.
 */

import { announcementsGrid } from './specs/announcements.ts';
import { companyAnnouncementsGrid } from './specs/announcements-company.ts';
import { attendanceGroupsGrid } from './specs/attendance-groups.ts';
import { bannersGrid } from './specs/banners.ts';
import { businessTripRulesGrid } from './specs/business-trip-rules.ts';
import {
  allowancesGrid,
  banksGrid,
  bonusesGrid,
  dailyPayrollComponentsGrid,
  deductionsGrid,
  dutyTypesGrid,
  incentivesGrid,
  jobCategoriesGrid,
  jobReportCategoriesGrid,
  jobTitlesGrid,
  locationsGrid,
  majorsGrid,
  nationalitiesGrid,
  payrollTypesGrid,
  relationshipsGrid,
  religionsGrid,
  titlesGrid,
} from './specs/code-name-lists.ts';
import { absentDeductionsGrid, earlyDeductionsGrid } from './specs/deduction-rules.ts';
import { departmentsGrid } from './specs/departments.ts';
import { employeeRolesGrid } from './specs/employee-roles.ts';
import { lateDeductionsGrid } from './specs/late-deductions.ts';
import { liveTrackingGroupGrid } from './specs/live-tracking-group.ts';
import { depositsGrid, loansGrid } from './specs/loans.ts';
import { manFeeRulesGrid } from './specs/man-fee-rules.ts';
import { missedDeductionsGrid } from './specs/missed-deductions.ts';
import { overtimeRulesGrid } from './specs/overtime-rules.ts';
import { salaryGradesGrid } from './specs/salary-grades.ts';
import { salesObjectivesGrid } from './specs/sales-objectives.ts';
import { shiftOverridesGrid } from './specs/shift-overrides.ts';
import { shiftsGrid } from './specs/shifts.ts';
import { storeLocationGrid } from './specs/store-location.ts';
import { subDepartmentsGrid } from './specs/sub-departments.ts';
import { usefulLinksGrid } from './specs/useful-links.ts';
import { warningLettersGrid } from './specs/warning-letters.ts';
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
  'store-location': storeLocationGrid,
  loans: loansGrid,
  deposits: depositsGrid,
  'man-fee-rules': manFeeRulesGrid,
  banners: bannersGrid,
  'announcements-company': companyAnnouncementsGrid,
  announcements: announcementsGrid,
  'useful-links': usefulLinksGrid,
  'warning-letters': warningLettersGrid,
  'job-report-categories': jobReportCategoriesGrid,
  'sales-objectives': salesObjectivesGrid,
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
