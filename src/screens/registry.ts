/**
 * Screens by menu id: an explicit list. An id without its own screen shows `ComingSoon` with its title until a later
 * issue registers the real one here.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { page } from '../lazyPage.ts';
import type { ClientMenuEntry, MenuId } from '../menu/index.ts';
import { shouldPrefetch } from '../state/network.ts';

export interface ScreenProps {
  entry: ClientMenuEntry;
  /** The menu entries from the top level down to this screen. */
  trail: readonly ClientMenuEntry[];
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload: () => Promise<unknown> };

const comingSoon: Screen = page<ScreenProps>(() => import('./ComingSoon.tsx'));

const referenceLists: Screen = page<ScreenProps>(() => import('./ReferenceLists.tsx'));

/** One review grid serves every approval screen that lists requests (approvals/model.ts `reviewLeaves`). */
const approvalReview: Screen = page<ScreenProps>(() => import('./approvals/Review.tsx'));

const screens: Partial<Record<MenuId, Screen>> = {
  home: page<ScreenProps>(() => import('./Home.tsx')),
  companies: page<ScreenProps>(() => import('./Companies.tsx')),
  'invited-user': page<ScreenProps>(() => import('./InvitedUsers.tsx')),
  outbox: page<ScreenProps>(() => import('./Outbox.tsx')),
  'active-employees': page<ScreenProps>(() => import('./ActiveEmployees.tsx')),
  'resigned-employees': page<ScreenProps>(() => import('./ResignedEmployees.tsx')),
  'daily-worker': page<ScreenProps>(() => import('./DailyWorkers.tsx')),
  'employee-onboarding': page<ScreenProps>(() => import('./EmployeeOnboarding.tsx')),
  hierarchy: page<ScreenProps>(() => import('./Hierarchy.tsx')),
  daily: page<ScreenProps>(() => import('./attendance/Daily.tsx')),
  'attendance-report': page<ScreenProps>(() => import('./attendance/Report.tsx')),
  'company-info': page<ScreenProps>(() => import('./company/CompanyInfo.tsx')),
  payslips: page<ScreenProps>(() => import('./payslips/Payslips.tsx')),
  'employee-organization': referenceLists,
  'employee-personal': referenceLists,
  'payroll-references': referenceLists,
  'payroll-rules': referenceLists,
  'payroll-run': page<ScreenProps>(() => import('./payroll/PayrollRun.tsx')),
  'weekly-payroll': page<ScreenProps>(() => import('./payroll/WeeklyPayroll.tsx')),
  'payroll-import': page<ScreenProps>(() => import('./payroll/PayrollImport.tsx')),
  'payroll-employees': page<ScreenProps>(() => import('./payroll/PayrollEmployees.tsx')),
  'tax-calculator': page<ScreenProps>(() => import('./payroll/TaxCalculator.tsx')),
  'finance-loan': page<ScreenProps>(() => import('./finance/Loans.tsx')),
  loan: page<ScreenProps>(() => import('./finance/DevLoans.tsx')),
  'payroll-summary': page<ScreenProps>(() => import('./finance/DevPayrollSummary.tsx')),
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
};

export const screenFor = (id: MenuId): Screen => screens[id] ?? comingSoon;

/** Whether a menu id has its own screen (the others show 'not available yet'). */
export const hasScreen = (id: string): boolean => Object.hasOwn(screens, id);

/** Loads a screen's chunk ahead of a click, unless offline, on 2g or saving data (spec 8). */
export function prefetchScreen(id: MenuId): void {
  if (shouldPrefetch()) void screenFor(id).preload();
}
