/**
 * Screens by menu id: an explicit list. An id without its own screen shows `ComingSoon` with its title until a later
 * issue registers the real one here.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { page } from '../lazyPage.ts';
import type { MenuId } from '../menu/index.ts';
import { shouldPrefetch } from '../state/network.ts';
import type { ScreenProps } from './types.ts';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload: () => Promise<unknown> };

const comingSoon: Screen = page<ScreenProps>(() => import('../components/ComingSoon.tsx'));

const referenceLists: Screen = page<ScreenProps>(() => import('./references/ReferenceLists.tsx'));

/** One review grid serves every approval screen that lists requests (approvals/model.ts `reviewLeaves`). */
const approvalReview: Screen = page<ScreenProps>(() => import('./approvals/Review.tsx'));

/** One grid serves the sub-admin, admin-department and approver lists (access/Holders.tsx). */
const accessHolders: Screen = page<ScreenProps>(() => import('./access/Holders.tsx'));

const screens: Partial<Record<MenuId, Screen>> = {
  home: page<ScreenProps>(() => import('./home/Home.tsx')),
  companies: page<ScreenProps>(() => import('./company/Companies.tsx')),
  'invited-user': page<ScreenProps>(() => import('./employee/invite/InvitedUsers.tsx')),
  outbox: page<ScreenProps>(() => import('./outbox/Outbox.tsx')),
  'active-employees': page<ScreenProps>(() => import('./employee/ActiveEmployees.tsx')),
  'resigned-employees': page<ScreenProps>(() => import('./employee/ResignedEmployees.tsx')),
  'daily-worker': page<ScreenProps>(() => import('./employee/DailyWorkers.tsx')),
  'employee-onboarding': page<ScreenProps>(() => import('./employee/EmployeeOnboarding.tsx')),
  hierarchy: page<ScreenProps>(() => import('./hierarchy/Hierarchy.tsx')),
  daily: page<ScreenProps>(() => import('./attendance/Daily.tsx')),
  'attendance-report': page<ScreenProps>(() => import('./attendance/Report.tsx')),
  'company-info': page<ScreenProps>(() => import('./company/CompanyInfo.tsx')),
  payslips: page<ScreenProps>(() => import('./payslips/Payslips.tsx')),
  'employee-organization': referenceLists,
  'employee-personal': referenceLists,
  'payroll-references': referenceLists,
  'payroll-rules': referenceLists,
  // One run sheet, opened with the menu entry's kinds (decision 0211).
  'payroll-run': page<ScreenProps>(() =>
    import('./payroll/RunSheet.tsx').then((module) => ({ default: module.MonthlyRunSheet })),
  ),
  'weekly-payroll': page<ScreenProps>(() =>
    import('./payroll/RunSheet.tsx').then((module) => ({ default: module.DailyRunSheet })),
  ),
  'payroll-import': page<ScreenProps>(() => import('./payroll/PayrollImport.tsx')),
  'payroll-employees': page<ScreenProps>(() => import('./payroll/PayrollEmployees.tsx')),
  'tax-calculator': page<ScreenProps>(() => import('./payroll/TaxCalculator.tsx')),
  'finance-loan': page<ScreenProps>(() => import('./finance/Loans.tsx')),
  loan: page<ScreenProps>(() => import('./finance/DevLoans.tsx')),
  'payroll-summary': page<ScreenProps>(() => import('./finance/DevPayrollSummary.tsx')),
  'finance-payroll-summary': page<ScreenProps>(() => import('./finance/DevPayrollSummary.tsx')),
  'dev-bpjs': page<ScreenProps>(() => import('./platform/DevBpjs.tsx')),
  'total-employees': page<ScreenProps>(() => import('./platform/TotalEmployees.tsx')),
  'compare-total': page<ScreenProps>(() => import('./platform/CompareTotal.tsx')),
  'man-fee-import': page<ScreenProps>(() => import('./finance/ManFeeRules.tsx')),
  'man-fee-monthly': page<ScreenProps>(() => import('./finance/ManFeeMonthly.tsx')),
  'man-fee-annual': page<ScreenProps>(() => import('./finance/ManFeeAnnual.tsx')),
  'pph-report': page<ScreenProps>(() => import('./tax/PphReport.tsx')),
  'a1-form': page<ScreenProps>(() => import('./tax/A1Forms.tsx')),
  'employees-payroll': page<ScreenProps>(() => import('./tax/TaxRecords.tsx')),
  rules: page<ScreenProps>(() => import('./leave/LeaveRules.tsx')),
  'mass-leave': page<ScreenProps>(() => import('./leave/Holidays.tsx')),
  balance: page<ScreenProps>(() => import('./leave/Balance.tsx')),
  shift: page<ScreenProps>(() => import('./attendance/Shifts.tsx')),
  'attendance-group': page<ScreenProps>(() => import('./attendance/AttendanceGroups.tsx')),
  roster: page<ScreenProps>(() => import('./attendance/Roster.tsx')),
  'shift-overrides': page<ScreenProps>(() => import('./attendance/ShiftOverrides.tsx')),
  'live-tracking-group': page<ScreenProps>(() => import('./tracking/LiveTrackingGroups.tsx')),
  'live-tracking': page<ScreenProps>(() => import('./tracking/LiveTracking.tsx')),
  'live-attendance': page<ScreenProps>(() => import('./tracking/LiveAttendance.tsx')),
  // sales (issue 29), shown where the company's sales setting is on
  'store-location': page<ScreenProps>(() => import('./sales/StoreLocations.tsx')),
  'visit-report': page<ScreenProps>(() => import('./sales/VisitReport.tsx')),
  'report-job': page<ScreenProps>(() => import('./sales/ReportJob.tsx')),
  'job-recap': page<ScreenProps>(() => import('./sales/JobRecap.tsx')),
  'sales-objective': page<ScreenProps>(() => import('./sales/SalesObjectives.tsx')),
  employment: approvalReview,
  'clock-in-out': approvalReview,
  'change-shift': approvalReview,
  'approval-leave': approvalReview,
  'approval-resignation': approvalReview,
  'approval-overtime': approvalReview,
  'business-trip': approvalReview,
  'daily-payroll': approvalReview,
  'approval-history': page<ScreenProps>(() => import('./approvals/History.tsx')),
  'approval-flow': page<ScreenProps>(() => import('./approvals/Flows.tsx')),
  requests: page<ScreenProps>(() => import('./approvals/Requests.tsx')),
  announcements: page<ScreenProps>(() => import('./portal/Announcements.tsx')),
  'warning-letter': page<ScreenProps>(() => import('./portal/WarningLetters.tsx')),
  links: page<ScreenProps>(() => import('./portal/UsefulLinks.tsx')),
  'id-card': page<ScreenProps>(() => import('./portal/IdCard.tsx')),
  'kpi-indicator': page<ScreenProps>(() => import('./kpi/Indicators.tsx')),
  'kpi-flow': page<ScreenProps>(() => import('./kpi/Flows.tsx')),
  'kpi-rules': page<ScreenProps>(() => import('./kpi/Rules.tsx')),
  'kpi-assessment': page<ScreenProps>(() => import('./kpi/Assessment.tsx')),
  'my-assessments': page<ScreenProps>(() => import('./kpi/MyAssessments.tsx')),
  // access-level (issue 26): the level lists share one screen
  'sub-admin': accessHolders,
  'admin-department': accessHolders,
  approver: accessHolders,
  'role-permission': page<ScreenProps>(() => import('./access/RolePermission.tsx')),
  'assign-access': page<ScreenProps>(() => import('./access/AssignAccess.tsx')),
  'request-access': page<ScreenProps>(() => import('./access/RequestAccess.tsx')),
  access: page<ScreenProps>(() => import('./access/AccessRequests.tsx')),
  'activity-log': page<ScreenProps>(() => import('./activity/ActivityLog.tsx')),
  banners: page<ScreenProps>(() => import('./platform/Banners.tsx')),
  'announcements-company': page<ScreenProps>(() => import('./platform/CompanyAnnouncements.tsx')),
  developer: page<ScreenProps>(() => import('./platform/Developers.tsx')),
  'duty-report': page<ScreenProps>(() => import('./reports/DutyReport.tsx')),
  'clock-correction-report': page<ScreenProps>(() => import('./reports/ClockCorrectionReport.tsx')),
  'job-report': page<ScreenProps>(() => import('./reports/JobReport.tsx')),
  'overtime-report': page<ScreenProps>(() => import('./reports/OvertimeReport.tsx')),
  'daily-payroll-report': page<ScreenProps>(() => import('./reports/DailyPayrollReport.tsx')),
  'man-power': page<ScreenProps>(() => import('./reports/ManPower.tsx')),
};

export const screenFor = (id: MenuId): Screen => screens[id] ?? comingSoon;

/** Whether a menu id has its own screen (the others show 'not available yet'). */
export const hasScreen = (id: string): boolean => Object.hasOwn(screens, id);

/** Loads a screen's chunk ahead of a click, unless offline, on 2g or saving data (spec 8). */
export function prefetchScreen(id: MenuId): void {
  if (shouldPrefetch()) void screenFor(id).preload();
}
