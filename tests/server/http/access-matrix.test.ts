/**
 * Every level against every route. The expectations are written here by hand, independent of common/menu.ts; a route
 * the app registers without an entry here fails the test.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRoles } from '../../../server/db/schema.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

type Who = 'anonymous' | 'developer' | 'admin' | 'sub_admin' | 'custom' | 'admin_department' | 'approver' | 'employee';
const logins: Record<Exclude<Who, 'anonymous'>, string> = {
  developer: 'developer',
  admin: 'admin',
  sub_admin: 'subadmin',
  custom: 'custom',
  admin_department: 'deptadmin',
  approver: 'approver',
  employee: 'employee',
};
const everyone: Who[] = [
  'anonymous',
  'developer',
  'admin',
  'sub_admin',
  'custom',
  'admin_department',
  'approver',
  'employee',
];
const signedIn = everyone.filter((who) => who !== 'anonymous');
const companyAdmins: Who[] = ['admin', 'sub_admin', 'admin_department'];
/** The demo custom role reads employees and the organization lists, and writes nothing. */
const hrReaders: Who[] = [...companyAdmins, 'custom'];
/** Company-wide organization and payroll references: a department admin reads them and never writes (issue 10.3). */
const companyWide: Who[] = ['admin', 'sub_admin'];
/** Every signed-in user of a company (the developer has none). */
const inCompany: Who[] = signedIn.filter((who) => who !== 'developer');
/** Who decides requests: the approval menu's levels (the demo custom role has no approval permission). */
const deciders: Who[] = ['admin', 'sub_admin', 'admin_department', 'approver'];

/** Who gets past the access check, per route. Everyone else gets 401 (anonymous) or 403. */
const matrix: Record<string, Who[]> = {
  'GET /v1/health': everyone,
  'GET /v1/demo-history': signedIn,
  'POST /v1/auth/login': everyone,
  // Public: registering a company, verifying it, resetting a password. (Registering a developer checks the caller.)
  'POST /v1/auth/register': everyone,
  'POST /v1/auth/verify': everyone,
  'POST /v1/auth/forgot-password': everyone,
  'POST /v1/auth/reset-password': everyone,
  'POST /v1/auth/activate': everyone,
  'DELETE /v1/auth/logout': signedIn,
  'GET /v1/auth/me': signedIn,
  'POST /v1/companies/:id/impersonate': ['developer'],
  // "Assign admin" on the companies screen (issue 26): pick one of the company's people, or invite by email.
  'GET /v1/companies/:id/admin-candidates': ['developer'],
  'PUT /v1/companies/:id/admin': ['developer'],
  'POST /v1/files': signedIn,
  'GET /v1/files/:name': signedIn,
  'GET /v1/logs': ['admin'],
  'GET /v1/logs/users': ['admin'],
  // A company user hides a platform banner from their home (issue 26).
  'POST /v1/banner/:id/dismiss': signedIn,
  // The developer list and its invitation (issue 26).
  'GET /v1/developers': ['developer'],
  'POST /v1/developers': ['developer'],
  // A job is followed by whoever may read its menu (checked in the handler, a 404 otherwise).
  'GET /v1/jobs/:id': signedIn.filter((who) => who !== 'developer'),
  // Payroll runs (issue 14) and daily payrolls (issue 15) share these routes: the gate lets in whoever may read (write)
  // the payroll-run or the weekly-payroll menu, and the handler checks the summary's own (decision 0091; tested below
  // with a custom role). A department admin reads their department's payslips; running, editing, saving and deleting
  // are company-wide for both (decision 0071). Re-opening is refused past the gate to all but the admin.
  'GET /v1/payroll-summary': companyAdmins,
  'POST /v1/payroll-summary': companyWide,
  // The monthly run's pre-check: payroll-run only.
  'GET /v1/payroll-summary/pre-check': companyAdmins,
  // payroll-import: the company's admins; a department admin imports their department's employees only. With
  // type=weekly, a daily payroll's inputs: weekly-payroll (checked in the handler).
  'GET /v1/payroll-summary/template': companyAdmins,
  'POST /v1/payroll-summary/import': companyAdmins,
  'GET /v1/payroll-summary/:id': companyAdmins,
  'DELETE /v1/payroll-summary/:id': companyWide,
  'GET /v1/payroll-summary/:id/payslips': companyAdmins,
  'PATCH /v1/payroll-summary/:id/payslips/:payslipId': companyWide,
  'POST /v1/payroll-summary/:id/complete': companyWide,
  'POST /v1/payroll-summary/:id/reopen': companyWide,
  // Issue 27: rows out of date and their recalculation (decision 0175), a completed run's bank transfers (0176).
  'GET /v1/payroll-summary/:id/out-of-date': companyAdmins,
  'POST /v1/payroll-summary/:id/recalculate': companyWide,
  'GET /v1/payroll-summary/:id/bank-transfers': companyAdmins,
  // One employee's payslip of a month (payroll-employees).
  'GET /v1/payroll-employees/:id/payslip': companyAdmins,
  // The tax calculator touches no stored data; a payroll leaf for company admins.
  'POST /v1/payroll/pph21/calculate': companyAdmins,
  // Approvals (issue 13): requests are made and read by anyone in a company (own employee record checked in the
  // handler); deciding is the approval menu's write; the history its read; flows the admins'.
  'GET /v1/approvals': inCompany,
  'POST /v1/approvals': inCompany,
  'GET /v1/approvals/:id': inCompany,
  // A request's attachment: whoever may read the request (checked by the request's own visibility, a 404 otherwise).
  'GET /v1/approvals/:id/attachment': inCompany,
  'POST /v1/approvals/:id/withdraw': inCompany,
  'POST /v1/approvals/decisions': deciders,
  'GET /v1/approvals/history': deciders,
  'GET /v1/approvals/options': inCompany,
  'GET /v1/approvals/leave-days': inCompany,
  // Home (issue 16): every company user; sections follow the caller's menus inside the handler.
  // A developer's home has no company figures: the reply is today's date and week only.
  'GET /v1/dashboard': signedIn,
  'GET /v1/notifications': inCompany,
  'POST /v1/notifications/read': inCompany,
  'GET /v1/approval-flow': companyAdmins,
  'GET /v1/approval-flow/:id': companyAdmins,
  'POST /v1/approval-flow': companyAdmins,
  'PUT /v1/approval-flow/:id': companyAdmins,
  'DELETE /v1/approval-flow/:id': companyAdmins,
};
/**
 * `create: false`: the list offers no create, so it has no POST route. `remove: false`: no delete, so no DELETE routes.
 * Lists edited in place (seeded for every company) set both.
 */
const resourceMatrix: Record<string, { read: Who[]; write: Who[]; create?: false; remove?: false }> = {
  '/v1/companies': { read: ['developer'], write: ['developer'] },
  // The platform's man-fee rules (decision 0073): finances → man-fee → import.
  '/v1/man-fee-rules': { read: ['developer'], write: ['developer'] },
  // The developer's banners (Ads) and company-level announcements (issue 26); company users meet them on their home.
  '/v1/banner': { read: ['developer'], write: ['developer'] },
  '/v1/dev/announcement-company': { read: ['developer'], write: ['developer'] },
  '/v1/invited-users': { read: ['developer'], write: ['developer'], create: false, remove: false },
  // The main developer account reads the outbox (demo logins: `developer`); nobody writes it.
  '/v1/outbox': { read: ['developer'], write: [], create: false, remove: false },
  '/v1/refs/employees/orgs/departments': { read: hrReaders, write: companyWide },
  '/v1/refs/employees/orgs/sub-departments': { read: hrReaders, write: companyWide },
  '/v1/refs/employees/orgs/job-titles': { read: hrReaders, write: companyWide },
  '/v1/refs/employees/orgs/locations': { read: hrReaders, write: companyWide },
  // employee-personal: the demo custom role has no permission here.
  '/v1/refs/employees/personal/nationalities': { read: companyAdmins, write: companyWide },
  '/v1/refs/employees/personal/religions': { read: companyAdmins, write: companyWide },
  '/v1/refs/employees/personal/titles': { read: companyAdmins, write: companyWide },
  '/v1/refs/employees/personal/majors': { read: companyAdmins, write: companyWide },
  '/v1/refs/employees/personal/relationships': { read: companyAdmins, write: companyWide },
  '/v1/refs/employees/legalities/banks': { read: companyAdmins, write: companyWide, create: false, remove: false },
  '/v1/refs/employees/assigns/roles': { read: companyAdmins, write: companyWide },
  // payroll-references and payroll-rules: edited in place.
  ...Object.fromEntries(
    [
      'allowances',
      'payroll-summary',
      'incentives',
      'bonuses',
      'deductions',
      'salary-grades',
      'payroll-types',
      'duty-types',
      'job-categories',
      'business-trip',
      'overtimes',
      'early-deductions',
      'late-deductions',
      'absent-deductions',
      'missed-deductions',
    ].map((list) => [
      `/v1/refs/payrolls/${list}`,
      { read: companyAdmins, write: companyWide, create: false as const, remove: false as const },
    ]),
  ),
  '/v1/employees': { read: hrReaders, write: companyAdmins },
  // Views of the employee record: resigned (the HR Viewer role may read it) and daily workers.
  '/v1/employees/exit-employee': { read: hrReaders, write: companyAdmins, create: false },
  '/v1/employees/freelance': { read: companyAdmins, write: companyAdmins, create: false },
  ...Object.fromEntries(
    ['family', 'emergency-contacts', 'work-experiences', 'educations', 'attachments', 'case-achievement'].map(
      (list) => [`/v1/employees/${list}`, { read: hrReaders, write: companyAdmins }],
    ),
  ),
  '/v1/employee-onboarding': { read: companyAdmins, write: companyAdmins },
  // Scheduling (issue #12): the attendance menus; the demo custom role has no attendance permission.
  '/v1/shifts': { read: companyAdmins, write: companyAdmins },
  '/v1/attendance-groups': { read: companyAdmins, write: companyAdmins },
  '/v1/shift-overrides': { read: companyAdmins, write: companyAdmins },
  // tracking: company admins (a department admin sees only their department's members on the map).
  '/v1/live-tracking-group': { read: companyAdmins, write: companyAdmins },
  // Sales (issue 29): the demo company has `sales_menu` on; the demo custom role has no sales permission.
  '/v1/store-location': { read: companyAdmins, write: companyAdmins },
  // sales (issue 29; the demo company's sales_menu feature is on): company admins (the demo custom role has no sales
  // permission); a department admin their department's objectives.
  '/v1/job-report/category': { read: companyAdmins, write: companyAdmins },
  '/v1/sales-objective': { read: companyAdmins, write: companyAdmins },
  // Payroll items of an employee: payroll permission only (the HR Viewer role has none).
  ...Object.fromEntries(
    ['allowances', 'incentives', 'bonuses', 'deductions', 'payrolls/thr-bonuses'].map((list) => [
      `/v1/employees/${list}`,
      { read: companyAdmins, write: companyAdmins },
    ]),
  ),
  // The previous employer's figures of a tax year (menu a1-form: company admins; department admins their department).
  '/v1/pph-a1/previous-pph': { read: companyAdmins, write: companyAdmins },
  // Loans and deposits (issue 15): finance → loan, company admins (a department admin their department's employees).
  '/v1/loans': { read: companyAdmins, write: companyAdmins },
  '/v1/deposits': { read: companyAdmins, write: companyAdmins },
  // Leave rules and holidays: company-wide (a department admin reads them); the demo custom role has no leave menu.
  '/v1/leave-rules': { read: companyAdmins, write: companyWide },
  '/v1/refs/mass-leave': { read: companyAdmins, write: companyWide },
  // Leaves are written by the approvals flow: read here, edited in place at most.
  '/v1/leaves': { read: companyAdmins, write: companyAdmins, create: false, remove: false },
  // Portal (issue 28): the company's announcements and warning letters (company admins), useful links (admin only).
  '/v1/announcements': { read: companyAdmins, write: companyAdmins },
  '/v1/employees/surat-peringatan': { read: companyAdmins, write: companyAdmins },
  '/v1/useful-links': { read: ['admin'], write: ['admin'] },
  // access-level → role-permission (issue 26): custom access levels, the admin's alone (spec 6).
  '/v1/roles': { read: ['admin'], write: ['admin'] },
};
Object.assign(matrix, {
  // Portal (issue 28): every company user's own portal; read receipts; warning letters' PDFs (also the payroll
  // permission: private like salary data); the ID card customiser and printing (admin only).
  'GET /v1/portal': inCompany,
  'POST /v1/portal/announcements/:id/read': inCompany,
  'GET /v1/portal/warning-letters/:id/pdf': inCompany,
  'GET /v1/announcements/read-counts': companyAdmins,
  'GET /v1/announcements/:id/readers': companyAdmins,
  'GET /v1/employees/surat-peringatan/status': companyAdmins,
  'GET /v1/employees/surat-peringatan/:id/pdf': companyAdmins,
  'GET /v1/employees/surat-peringatan/:id/attachment': companyAdmins,
  'GET /v1/id-card/design': ['admin'],
  'PUT /v1/id-card/design': ['admin'],
  'POST /v1/id-card/print': ['admin'],
  // A loan's schedule and its logged actions (finance → loan); every company's loans for the developer area.
  'GET /v1/loans/:id/schedule': companyAdmins,
  'GET /v1/loans/:id/attachment': companyAdmins,
  'POST /v1/loans/:id/settle': companyAdmins,
  'POST /v1/loans/:id/skip': companyAdmins,
  'GET /v1/dev/loans': ['developer'],
  // Every company's runs and daily payrolls (issue 15): the developer area; a company's own from the admin's finance
  // menu (issue 26: finance → payroll-summary).
  'GET /v1/dev/payroll-summary': ['developer', ...companyAdmins],
  // The platform's BPJS Kesehatan and employee statistics (issue 26): the developer (and the finance and bpjs accounts).
  'GET /v1/dev/bpjs': ['developer'],
  'GET /v1/dev/statistics/employees': ['developer'],
  // The platform's management fee (decision 0073): the developer's rules and reports (finances → man-fee).
  'GET /v1/dev/man-fee/monthly': ['developer'],
  'GET /v1/dev/man-fee/annual': ['developer'],
  'GET /v1/employees/by-user/:userId': hrReaders,
  'POST /v1/employees/import': companyAdmins,
  'POST /v1/employees/import-invitation': companyAdmins,
  'POST /v1/employees/:id/exit': companyAdmins,
  'POST /v1/employees/:id/rehire': companyAdmins,
  'GET /v1/employees/:id/bpjs': companyAdmins,
  // Exit pay (decision 0170): salary figures, the payroll employees menu's.
  'POST /v1/employees/:id/exit-pay/preview': companyAdmins,
  'GET /v1/employees/:id/exit-pay': companyAdmins,
  'PUT /v1/employees/:id/exit-pay': companyAdmins,
  'GET /v1/employees/:id/account': hrReaders,
  'PUT /v1/employees/:id/account': companyAdmins,
  // Past the gate, only the inviter or a company admin gets the link (tests/server/security/links.test.ts).
  'POST /v1/employees/:id/activation-link': companyAdmins,
  // my-profile: anyone signed in to a company (their own record; none for the developer, who has no company).
  'GET /v1/employees/me': signedIn.filter((who) => who !== 'developer'),
  'PUT /v1/employees/me': signedIn.filter((who) => who !== 'developer'),
  'GET /v1/live-tracking': companyAdmins,
  'GET /v1/sales/store-assignments': companyAdmins,
  'PUT /v1/store-location/:id/employees': companyAdmins,
  'GET /v1/sales/visits': companyAdmins,
  // A sales employee's own visits, from live-attendance (the handler also needs the company's sales setting).
  'GET /v1/sales/my-stores': ['approver', 'employee'],
  'POST /v1/sales/visits': ['approver', 'employee'],
  'GET /v1/sales/my-visits': ['approver', 'employee'],
  'GET /v1/leave-balance': companyAdmins,
  'POST /v1/leave-balance': companyAdmins,
  'POST /v1/leave-balance/import': companyAdmins,
  // Recording (issue #12): the clock and today's view are the services menu (employees and approvers, for themselves);
  // the daily screen (with the import and corrections) and the report are the company's admins'.
  'POST /v1/attendance/clock': ['approver', 'employee'],
  'GET /v1/attendance/today': ['approver', 'employee'],
  'POST /v1/attendance/import': companyAdmins,
  'POST /v1/attendance/corrections': companyAdmins,
  'GET /v1/attendance/daily': companyAdmins,
  'GET /v1/attendance/report': companyAdmins,
  'GET /v1/attendance-groups/:id/members': companyAdmins,
  'PUT /v1/attendance-groups/:id/members': companyAdmins,
  'GET /v1/attendance/roster': companyAdmins,
  'PUT /v1/attendance/roster': companyAdmins,
  // company-settings → company-info: admin only (spec 6).
  'GET /v1/company/profile': ['admin'],
  'PUT /v1/company/profile': ['admin'],
  'GET /v1/company/tax': ['admin'],
  'PUT /v1/company/tax': ['admin'],
  // company-settings → digital signature and certificates: the same admin-only menu (issue 15).
  'GET /v1/company/digital-sign': ['admin'],
  'POST /v1/company/digital-sign': ['admin'],
  'PATCH /v1/company/digital-sign/:id': ['admin'],
  'DELETE /v1/company/digital-sign/:id': ['admin'],
  'GET /v1/company/certificate': ['admin'],
  'POST /v1/company/certificate': ['admin'],
  'PATCH /v1/company/certificate/:id': ['admin'],
  'DELETE /v1/company/certificate/:id': ['admin'],
  // Tax reports (issue 15): finance → pph-report and a1-form, company admins (department admins: their department).
  'GET /v1/pph-report': companyAdmins,
  'GET /v1/pph-report/pdf': companyAdmins,
  'GET /v1/pph-a1/employees': companyAdmins,
  'GET /v1/pph-a1/employees/:id/pdf': companyAdmins,
  'POST /v1/pph-a1/employees/zip': companyAdmins,
  // Coretax XML (issue 27, decision 0166): pph-report (BPMP), weekly-payroll (BP21), a1-form (BPA1), read.
  'GET /v1/coretax/bpmp/check': companyAdmins,
  'GET /v1/coretax/bpmp': companyAdmins,
  'GET /v1/coretax/bp21/check': companyAdmins,
  'GET /v1/coretax/bp21': companyAdmins,
  'GET /v1/coretax/bpa1/check': companyAdmins,
  'GET /v1/coretax/bpa1': companyAdmins,
  // payslips (menu payslips: company admins); an employee's own payslips: anyone signed in to a company.
  'GET /v1/payroll-summary/:id/payslips/:employeeId/pdf': companyAdmins,
  'GET /v1/payroll-summary/:id/payslips/:employeeId/severance-pdf': companyAdmins,
  'POST /v1/payroll-summary/:id/payslips/zip': companyAdmins,
  'GET /v1/payslips/me': signedIn.filter((who) => who !== 'developer'),
  'GET /v1/payslips/me/:summaryId/pdf': signedIn.filter((who) => who !== 'developer'),
  'GET /v1/payslips/me/:summaryId/severance-pdf': signedIn.filter((who) => who !== 'developer'),
  // The reports menu (issue 29): admin levels and approvers (the demo custom role has no report permission);
  // man-power only where the company's man_power_report setting is on (the demo company's is).
  'GET /v1/reports/duty-report': [...companyAdmins, 'approver'],
  'GET /v1/reports/clock-correction-report': [...companyAdmins, 'approver'],
  'GET /v1/reports/job-report': [...companyAdmins, 'approver'],
  'GET /v1/reports/overtime-report': [...companyAdmins, 'approver'],
  'GET /v1/reports/daily-payroll-report': [...companyAdmins, 'approver'],
  'GET /v1/reports/man-power': [...companyAdmins, 'approver'],
  'POST /v1/reports/pdf': [...companyAdmins, 'approver'],
  // Duty types (spec 7 duty/category): anyone signed in to a company (a business-trip request names one).
  'GET /v1/duty/category': signedIn.filter((who) => who !== 'developer'),
  // Sales (issue 29): an employee reports their own jobs (services → report-job); the job recap and the objectives'
  // achievement are the sales menus' (company admins).
  'GET /v1/job-reports/mine': ['approver', 'employee'],
  'POST /v1/job-reports/mine': ['approver', 'employee'],
  'GET /v1/sales/job-recap': companyAdmins,
  'GET /v1/sales/job-recap/:employee': companyAdmins,
  'GET /v1/sales/achievement': companyAdmins,
});
// KPI (decision 0185): the kpi menus, company admins (the demo custom role has no KPI permission). Set-up writes and
// opening or completing a period are company-wide, refused past the gate to a department admin (tests/server/kpi).
Object.assign(matrix, {
  'GET /v1/kpi/assessor-flow': companyAdmins,
  'GET /v1/kpi/assessor-flow/:id': companyAdmins,
  'POST /v1/kpi/assessor-flow': companyAdmins,
  'PUT /v1/kpi/assessor-flow/:id': companyAdmins,
  'DELETE /v1/kpi/assessor-flow/:id': companyWide,
  'GET /v1/kpi/rules': companyAdmins,
  'GET /v1/kpi/rules/:id': companyAdmins,
  'POST /v1/kpi/rules': companyAdmins,
  'PUT /v1/kpi/rules/:id': companyAdmins,
  'DELETE /v1/kpi/rules/:id': companyWide,
  'GET /v1/kpi/assessments': companyAdmins,
  'POST /v1/kpi/assessments': companyAdmins,
  'GET /v1/kpi/assessments/:id': companyAdmins,
  'PUT /v1/kpi/assessments/:id/scores': companyAdmins,
  'GET /v1/kpi/assessments/:id/results': companyAdmins,
  'POST /v1/kpi/assessments/:id/complete': companyWide,
  // The payroll bonus of a completed period: the gate is the assessment's write; the handler also asks for the
  // payroll-employees write (and company-wide reach).
  'POST /v1/kpi/assessments/:id/bonus/preview': companyAdmins,
  'POST /v1/kpi/assessments/:id/bonus': companyAdmins,
  // An employee's own final scores (My Profile): anyone signed in to a company.
  'GET /v1/kpi/me': inCompany,
  // My assessments (services, decision 0201): employees and approvers fill the sheets their flows give them.
  'GET /v1/kpi/my-assessments': ['approver', 'employee'],
  'GET /v1/kpi/my-assessments/:id': ['approver', 'employee'],
  'PUT /v1/kpi/my-assessments/:id/scores': ['approver', 'employee'],
});
resourceMatrix['/v1/kpi/indicator-component'] = { read: companyAdmins, write: companyAdmins };
Object.assign(matrix, {
  // access-level (issue 26): the sub-admin, admin-department and approver lists and the permission list are the
  // admin's; assigning custom levels the admin's and the sub-admin's (spec 6).
  'GET /v1/sub-admins': ['admin'],
  'POST /v1/sub-admins': ['admin'],
  'DELETE /v1/sub-admins/:id': ['admin'],
  'GET /v1/admin-department': ['admin'],
  'POST /v1/admin-department': ['admin'],
  'PUT /v1/admin-department/:id': ['admin'],
  'DELETE /v1/admin-department/:id': ['admin'],
  'GET /v1/approver': ['admin'],
  'POST /v1/approver': ['admin'],
  'DELETE /v1/approver/:id': ['admin'],
  'GET /v1/permission-list': ['admin'],
  'GET /v1/custom-users': ['admin', 'sub_admin'],
  'GET /v1/custom-users/roles': ['admin', 'sub_admin'],
  'POST /v1/custom-users': ['admin', 'sub_admin'],
  'PUT /v1/custom-users/:id': ['admin', 'sub_admin'],
  'DELETE /v1/custom-users/:id': ['admin', 'sub_admin'],
  // Access requests: every company user asks (the demo custom role holds request-access); the developer's access
  // list reads every company's and alone changes a status.
  'GET /v1/requests': signedIn,
  'POST /v1/requests': inCompany,
  'PUT /v1/requests/:id': ['developer'],
});
for (const [base, { read, write, create, remove }] of Object.entries(resourceMatrix)) {
  matrix[`GET ${base}`] = read;
  matrix[`GET ${base}/:id`] = read;
  if (create !== false) matrix[`POST ${base}`] = write;
  matrix[`PUT ${base}/:id`] = write;
  if (remove !== false) {
    matrix[`DELETE ${base}/:id`] = write;
    matrix[`DELETE ${base}`] = write;
  }
  matrix[`POST ${base}/bulk`] = write;
}

let t: TestApp;
const tokens = {} as Record<Who, string | null>;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  tokens.anonymous = null;
  for (const [who, username] of Object.entries(logins)) tokens[who as Who] = await t.login(username);
});
afterAll(() => t?.close());

describe('authorisation matrix', () => {
  it('has an expectation for every registered route, and no stale ones', () => {
    const registered = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(
      registered.filter((key) => !(key in matrix)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((key) => !registered.includes(key)),
      'matrix entries with no route',
    ).toEqual([]);
  });

  // Runs every route's handler for every level: ~25 s on a quiet machine, so a longer limit than the default 30 s.
  it('lets exactly the expected levels past the access check on every route', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      const allowed = matrix[key] ?? [];
      const url = route.url
        .replace(':id', randomUUID())
        .replace(':userId', randomUUID())
        .replace(':name', `${'0'.repeat(32)}.png`);
      for (const who of everyone) {
        if (key === 'DELETE /v1/auth/logout' && who !== 'anonymous') {
          // Logging out revokes the token; use a fresh one.
          const fresh = await t.login(logins[who as Exclude<Who, 'anonymous'>]);
          const status = (await t.call(fresh, 'DELETE', url)).status;
          if (status !== 200) failures.push(`${key} as ${who}: ${status}`);
          continue;
        }
        const body = route.method === 'GET' ? undefined : {};
        const { status } = await t.call(tokens[who], route.method as never, url, body);
        const expected = allowed.includes(who) ? 'through' : who === 'anonymous' ? 401 : 403;
        const got = status === 401 || status === 403 ? status : 'through';
        if (got !== expected) failures.push(`${key} as ${who}: expected ${expected}, got ${status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('payroll summaries follow the menu of their type (decision 0091)', () => {
  // The demo custom role ("HR Viewer", no payroll menu) given one payroll menu at a time: on the same
  // /v1/payroll-summary routes, monthly runs follow payroll-run and daily payrolls (type weekly) weekly-payroll.
  const grant = (...permissions: string[]) =>
    t.database.db.update(accessRoles).set({ permissions }).where(eq(accessRoles.code, 'HR-VIEW'));
  const status = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    (await t.call(tokens.custom, method, url, body)).status;
  const types = async (query = '') =>
    ((await t.call(tokens.custom, 'GET', `/v1/payroll-summary${query}`)).body.data as { type: string }[]).map(
      (row) => row.type,
    );

  it('lets weekly-payroll reach daily payrolls and not monthly runs, and payroll-run the reverse', async () => {
    const [role] = await t.database.db.select().from(accessRoles).where(eq(accessRoles.code, 'HR-VIEW'));
    const monthly = await t.call(tokens.admin, 'POST', '/v1/payroll-summary', {
      type: 'payroll_run',
      year: 2030,
      month: 1,
    });
    const daily = await t.call(tokens.admin, 'POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: '2030-01-07',
      period_end: '2030-01-13',
    });
    expect([monthly.status, daily.status], JSON.stringify([monthly.body, daily.body])).toEqual([201, 201]);
    const run = monthly.body.data._id as string;
    const week = daily.body.data._id as string;
    const reads = (id: string) => [`/v1/payroll-summary/${id}`, `/v1/payroll-summary/${id}/payslips`];
    const edit = (id: string) => `/v1/payroll-summary/${id}/payslips/${randomUUID()}`;
    try {
      await grant('weekly-payroll:read');
      for (const url of reads(week)) expect(await status('GET', url), url).toBe(200);
      for (const url of reads(run)) expect(await status('GET', url), url).toBe(403);
      expect(new Set(await types())).toEqual(new Set(['weekly']));
      expect(await status('GET', '/v1/payroll-summary?type=weekly')).toBe(200);
      expect(await status('GET', '/v1/payroll-summary?type=payroll_run')).toBe(403);
      expect(await status('GET', '/v1/payroll-summary/pre-check?year=2030&month=1')).toBe(403);
      expect(await status('GET', `/v1/payroll-summary/template?type=weekly&summary=${week}`)).toBe(200);
      expect(await status('GET', '/v1/payroll-summary/template?year=2030&month=1')).toBe(403);
      // Reading is not writing.
      expect(await status('PATCH', edit(week), { edits: { incentive: 1 } })).toBe(403);
      expect(await status('DELETE', `/v1/payroll-summary/${week}`)).toBe(403);

      await grant('weekly-payroll:read', 'weekly-payroll:write');
      expect(await status('PATCH', edit(week), { edits: { incentive: 1 } })).toBe(404);
      expect(await status('PATCH', edit(run), { edits: { bonus: 1 } })).toBe(403);
      expect(await status('POST', `/v1/payroll-summary/${run}/complete`)).toBe(403);
      expect(await status('DELETE', `/v1/payroll-summary/${run}`)).toBe(403);
      expect(await status('POST', '/v1/payroll-summary', { type: 'payroll_run', year: 2030, month: 2 })).toBe(403);
      const rows = [{ employee_id: 'NOBODY', year: 2030, month: 1, amounts: { incentive: 1 } }];
      expect(await status('POST', '/v1/payroll-summary/import', { rows, type: 'weekly', summary: week })).toBe(400);
      expect(await status('POST', '/v1/payroll-summary/import', { rows })).toBe(403);
      expect(await status('DELETE', `/v1/payroll-summary/${week}`)).toBe(204);

      await grant('payroll-run:read', 'payroll-run:write');
      for (const url of reads(run)) expect(await status('GET', url), url).toBe(200);
      const another = await t.call(tokens.admin, 'POST', '/v1/payroll-summary', {
        type: 'weekly',
        period_start: '2030-01-07',
        period_end: '2030-01-13',
      });
      for (const url of reads(another.body.data._id)) expect(await status('GET', url), url).toBe(403);
      const listed = await types();
      expect(listed).toContain('payroll_run');
      expect(listed).not.toContain('weekly');
      expect(await status('GET', '/v1/payroll-summary?type=weekly')).toBe(403);
      expect(await status('GET', '/v1/payroll-summary/pre-check?year=2030&month=1')).toBe(200);
      expect(await status('GET', `/v1/payroll-summary/template?type=weekly&summary=${week}`)).toBe(403);
      const other = another.body.data._id as string;
      expect(await status('POST', '/v1/payroll-summary', { type: 'weekly' })).toBe(403);
      expect(await status('PATCH', edit(other), { edits: { incentive: 1 } })).toBe(403);
      expect(await status('POST', `/v1/payroll-summary/${other}/complete`)).toBe(403);
      expect(await status('PATCH', edit(run), { edits: { bonus: 1 } })).toBe(404);
    } finally {
      await grant(...(role?.permissions ?? []));
    }
  });
});
