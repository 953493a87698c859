import { rolesResource } from '../access/roles.ts';
import { attendanceResources } from '../attendance/resources.ts';
import { companiesResource } from '../companies/resource.ts';
import { invitedUsersResource } from '../employees/invited.ts';
import { onboardingResource } from '../employees/onboarding.ts';
import {
  dailyWorkersResource,
  employeeSubRecords,
  employeesResource,
  resignedEmployeesResource,
} from '../employees/resource.ts';
import { manFeeRulesResource } from '../finance/man-fee.ts';
import { financeResources } from '../finance/resource.ts';
import { kpiIndicatorsResource } from '../kpi/resources.ts';
import { leaveRulesResource, leavesResource, massLeavesResource } from '../leave/resource.ts';
import { outboxResource } from '../mail/outbox.ts';
import {
  banksResource,
  departmentsResource,
  employeeRolesResource,
  jobTitlesResource,
  locationsResource,
  majorsResource,
  nationalitiesResource,
  relationshipsResource,
  religionsResource,
  subDepartmentsResource,
  titlesResource,
} from '../organization/resources.ts';
import { previousPphResource } from '../payroll/previous-pph.ts';
import {
  absentDeductionsResource,
  allowancesResource,
  bonusesResource,
  businessTripRulesResource,
  dailyPayrollComponentsResource,
  deductionsResource,
  dutyTypesResource,
  earlyDeductionsResource,
  incentivesResource,
  jobCategoriesResource,
  lateDeductionsResource,
  missedDeductionsResource,
  overtimeRulesResource,
  payrollTypesResource,
  salaryGradesResource,
} from '../payroll/references.ts';
import { platformResources } from '../platform/resources.ts';
import { portalResources } from '../portal/resources.ts';
import { storeLocationsResource } from '../sales/resource.ts';
import { salesResources } from '../sales/resources.ts';
import { liveTrackingGroupsResource } from '../tracking/resource.ts';
import type { Resource } from './define.ts';

/** Every generic resource, explicitly. Add a resource: define it in its feature folder, then list it here. */
export const resources: Resource[] = [
  companiesResource,
  invitedUsersResource,
  outboxResource,
  // employee-organization
  departmentsResource,
  subDepartmentsResource,
  jobTitlesResource,
  locationsResource,
  // employee-personal
  nationalitiesResource,
  religionsResource,
  titlesResource,
  majorsResource,
  relationshipsResource,
  banksResource,
  employeeRolesResource,
  // payroll-references
  allowancesResource,
  dailyPayrollComponentsResource,
  incentivesResource,
  bonusesResource,
  deductionsResource,
  salaryGradesResource,
  payrollTypesResource,
  dutyTypesResource,
  jobCategoriesResource,
  // payroll-rules
  businessTripRulesResource,
  overtimeRulesResource,
  earlyDeductionsResource,
  lateDeductionsResource,
  absentDeductionsResource,
  missedDeductionsResource,
  // employees: the active list, its two views, and the records of one employee
  employeesResource,
  resignedEmployeesResource,
  dailyWorkersResource,
  ...employeeSubRecords,
  // pph-a1: the previous employer's figures of a tax year
  previousPphResource,
  ...financeResources,
  manFeeRulesResource,
  onboardingResource,
  // tracking
  liveTrackingGroupsResource,
  // sales (issue 29): the stores a sales team visits
  storeLocationsResource,
  // leave
  leaveRulesResource,
  massLeavesResource,
  leavesResource,
  // attendance: shifts, attendance groups, shift overrides
  ...attendanceResources,
  // portal: announcements, useful links, warning letters
  ...portalResources,
  // kpi
  kpiIndicatorsResource,
  // sales: job-report categories, sales objectives
  ...salesResources,
  // access-level: custom access levels (role-permission)
  rolesResource,
  // developer's platform: banners, company-level announcements
  ...platformResources,
];
