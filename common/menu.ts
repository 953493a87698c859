/**
 * The one registry of menus and the access rules behind them (spec sections 2.2, 2.3 and 6).
 * The server's guard, the client's sidebar, the palette and the route guard all read this file.
 * It is plain data plus pure functions: it imports nothing, so both `server/` and `src/` may use it.
 */

export const levels = [
  'developer',
  'admin',
  'sub_admin',
  'custom',
  'admin_department',
  'approver',
  'employee',
] as const;
export type Level = (typeof levels)[number];

/** Accounts and companies named by the spec's username and company restrictions: configuration, not code. */
export const platformAccounts = {
  developer: 'developer',
  tax: 'tax',
  finance: 'finance',
  bpjs: 'bpjs',
} as const;
/**
 * Company settings (`companies.features`, set by the developer) that a menu needs on. The man-power report is
 * permitted for one specific company only (spec 6): the company whose `man_power_report` setting is on.
 */
export const companySettings = { manPower: 'man_power_report', sales: 'sales_menu' } as const;

export type Area = 'developer' | 'admin';

export interface MenuEntry {
  id: string;
  /** Path under /dashboard (developer entries too: the spec puts every screen under the dashboard). */
  path: string;
  area: Area;
  roles: readonly Level[];
  /** Levels that may also write (create, update, delete). Defaults to `writeDefault` below. */
  writeRoles?: readonly Level[];
  usernames?: readonly string[];
  companyCodes?: readonly string[];
  feature?: string;
  icon?: string;
  children?: readonly MenuEntry[];
}

const admins = ['admin', 'sub_admin', 'custom', 'admin_department'] as const satisfies readonly Level[];
const dev = ['developer'] as const satisfies readonly Level[];
/** Admins of the whole company: they write company-wide lists; admin_department stays in their department. */
const companyWide = ['admin', 'sub_admin', 'custom'] as const satisfies readonly Level[];
const adminOnly = ['admin'] as const satisfies readonly Level[];
/** Every level of a company user (the developer has no company). */
const companyLevels = levels.filter((level) => level !== 'developer');
const approvals = ['admin', 'sub_admin', 'custom', 'admin_department', 'approver'] as const satisfies readonly Level[];
const platformFinance = [platformAccounts.developer, platformAccounts.finance, platformAccounts.bpjs] as const;

/** Levels that only read unless an entry grants them more. */
const readOnlyLevels: readonly Level[] = ['approver', 'employee'];

const leaf = (
  id: string,
  roles: readonly Level[],
  extra: Partial<MenuEntry> = {},
  area: Area = 'admin',
): MenuEntry => ({
  id,
  path: id,
  area,
  roles,
  ...extra,
});
const group = (
  id: string,
  roles: readonly Level[],
  children: readonly MenuEntry[],
  extra: Partial<MenuEntry> = {},
  area: Area = 'admin',
): MenuEntry => ({ id, path: id, area, roles, children, ...extra });

const devLeaf = (id: string, roles: readonly Level[] = dev, extra: Partial<MenuEntry> = {}) =>
  leaf(id, roles, extra, 'developer');

/** Approvers decide approvals: they write there. */
const approvalLeaf = (id: string) => devLeaf(id, approvals, { writeRoles: approvals });

export const developerMenu: readonly MenuEntry[] = [
  devLeaf('companies', dev, { usernames: [platformAccounts.developer, platformAccounts.tax], icon: 'building' }),
  devLeaf('announcements-company', dev, { icon: 'megaphone' }),
  devLeaf('developer', dev, { icon: 'code' }),
  devLeaf('invited-user', dev, { icon: 'mail' }),
  // The mail kept without an SMTP server: live links to every account, so the main developer only, and read-only.
  devLeaf('outbox', dev, { icon: 'mail', usernames: [platformAccounts.developer], writeRoles: [] }),
  devLeaf('access', dev, { icon: 'key' }),
  devLeaf('banners', dev, { icon: 'image' }),
  group(
    'finances',
    [...admins, 'developer'],
    [
      devLeaf('payroll-summary', [...admins, 'developer'], { usernames: platformFinance }),
      devLeaf('loan', dev),
      group(
        'man-fee',
        [...admins, 'developer'],
        [
          devLeaf('man-fee-import', [...admins, 'developer'], { usernames: platformFinance }),
          devLeaf('man-fee-monthly', [...admins, 'developer'], { usernames: platformFinance }),
          devLeaf('man-fee-annual', [...admins, 'developer'], { usernames: platformFinance }),
        ],
        { usernames: platformFinance },
        'developer',
      ),
    ],
    { usernames: platformFinance, icon: 'wallet' },
    'developer',
  ),
  group(
    'bpjs',
    [...admins, 'developer'],
    [devLeaf('dev-bpjs', [...admins, 'developer'], { usernames: platformFinance })],
    {
      usernames: platformFinance,
      icon: 'shield',
    },
    'developer',
  ),
  group(
    'statistics',
    [...admins, 'developer'],
    [
      devLeaf('total-employees', [...admins, 'developer'], { usernames: platformFinance }),
      devLeaf('compare-total', [...admins, 'developer'], { usernames: platformFinance }),
    ],
    { usernames: platformFinance, icon: 'chart' },
    'developer',
  ),
  group(
    'approval',
    approvals,
    [
      approvalLeaf('approval-history'),
      approvalLeaf('employment'),
      approvalLeaf('clock-in-out'),
      approvalLeaf('change-shift'),
      approvalLeaf('approval-leave'),
      approvalLeaf('approval-resignation'),
      approvalLeaf('approval-overtime'),
      approvalLeaf('business-trip'),
      approvalLeaf('daily-payroll'),
      devLeaf('approval-flow', admins),
    ],
    { icon: 'check', writeRoles: approvals },
    'developer',
  ),
];

export const adminMenu: readonly MenuEntry[] = [
  leaf('home', [...levels], { icon: 'home' }),
  leaf('activity-log', adminOnly, { icon: 'history' }),
  group(
    'organization',
    admins,
    [
      leaf('hierarchy', admins),
      group('employee-ref', admins, [leaf('employee-organization', admins), leaf('employee-personal', admins)]),
      group('payroll-ref', admins, [leaf('payroll-references', admins), leaf('payroll-rules', admins)]),
    ],
    // Company-wide organization and payroll references: a department admin reads them, never changes them.
    { icon: 'sitemap', writeRoles: companyWide },
  ),
  group(
    'portal',
    [...admins, 'developer'],
    [
      leaf('announcements', [...admins, 'developer']),
      leaf('warning-letter', [...admins, 'developer']),
      leaf('links', adminOnly),
      leaf('company-settings', adminOnly, { children: [leaf('company-info', adminOnly)] }),
      leaf('id-card', adminOnly),
    ],
    { icon: 'globe' },
  ),
  group(
    'attendance',
    admins,
    [
      leaf('shift', admins),
      leaf('attendance-group', admins),
      leaf('roster', admins),
      leaf('daily', admins),
      leaf('attendance-report', admins),
      leaf('shift-overrides', admins),
    ],
    { icon: 'clock' },
  ),
  // The group lets every company user through so that request-access (any company user asks the platform for
  // access, issue 26) shows; each child keeps its own rule, the others the admin's alone (docs/decisions/0150).
  group(
    'access-level',
    companyLevels,
    [
      leaf('sub-admin', adminOnly),
      leaf('admin-department', adminOnly),
      leaf('approver', adminOnly),
      leaf('request-access', companyLevels, { writeRoles: companyLevels }),
      leaf('role-permission', adminOnly),
      leaf('assign-access', ['admin', 'sub_admin']),
    ],
    { icon: 'lock', writeRoles: companyLevels },
  ),
  group(
    'employees',
    admins,
    [
      leaf('active-employees', admins),
      leaf('resigned-employees', admins),
      leaf('daily-worker', admins),
      leaf('my-profile', []),
      leaf('employee-onboarding', admins),
    ],
    { icon: 'users' },
  ),
  group('tracking', admins, [leaf('live-tracking-group', admins), leaf('live-tracking', admins)], { icon: 'map' }),
  group(
    'payroll',
    admins,
    [
      // A department admin reads their department's payslips; running and saving the company's payroll is company-wide
      // (docs/decisions/0071).
      leaf('payroll-run', admins, { writeRoles: companyWide }),
      leaf('payroll-import', admins),
      leaf('payroll-employees', admins),
      leaf('payslips', admins),
      // The daily payroll is the company's too: a department admin reads it, only company-wide admins make and save it
      // (docs/decisions/0071, 0091).
      leaf('weekly-payroll', admins, { writeRoles: companyWide }),
      // Beyond the spec (issue 14): PPh 21 for a person and a year, touching no stored data.
      leaf('tax-calculator', admins),
    ],
    { icon: 'money' },
  ),
  group(
    'sales',
    [...admins, 'developer'],
    [
      leaf('visit-report', [...admins, 'developer']),
      leaf('store-location', [...admins, 'developer']),
      leaf('job-recap', [...admins, 'developer']),
      leaf('sales-objective', [...admins, 'developer']),
    ],
    { feature: companySettings.sales, icon: 'cart' },
  ),
  group(
    'finance',
    admins,
    [
      leaf('pph-report', admins),
      leaf('a1-form', admins),
      leaf('employees-payroll', admins),
      leaf('finance-payroll-summary', admins),
      leaf('finance-loan', admins),
    ],
    { icon: 'calculator' },
  ),
  // Leave rules and holidays are company-wide (a department admin reads them); balances are per department.
  group(
    'leave',
    admins,
    [
      leaf('rules', admins, { writeRoles: companyWide }),
      leaf('mass-leave', admins, { writeRoles: companyWide }),
      leaf('balance', admins),
    ],
    { icon: 'plane' },
  ),
  group(
    'services',
    ['employee', 'approver'],
    // My requests (issue 13): leave, overtime, clock corrections... and their statuses; the requester writes.
    // My assessments (issue 28, decision 0201): the KPI sheets an employee or approver fills as an assessor.
    [
      leaf('live-attendance', ['employee', 'approver']),
      leaf('requests', ['employee', 'approver']),
      // An employee reports a job done (issue 29): a sales feature, so only where the company's sales menu is on.
      leaf('report-job', ['employee', 'approver'], { feature: 'sales_menu', writeRoles: ['employee', 'approver'] }),
      leaf('my-assessments', ['employee', 'approver'], { writeRoles: ['employee', 'approver'] }),
    ],
    {
      icon: 'fingerprint',
      writeRoles: ['employee', 'approver'],
    },
  ),
  group(
    'kpi',
    admins,
    [
      leaf('kpi-indicator', admins),
      leaf('kpi-flow', admins),
      leaf('kpi-rules', admins),
      leaf('kpi-assessment', admins),
    ],
    { icon: 'target' },
  ),
  group(
    'reports',
    [...admins, 'approver'],
    [
      leaf('duty-report', [...admins, 'approver']),
      leaf('clock-correction-report', [...admins, 'approver']),
      leaf('job-report', [...admins, 'approver']),
      leaf('overtime-report', [...admins, 'approver']),
      leaf('daily-payroll-report', [...admins, 'approver']),
      leaf('man-power', [...admins, 'approver'], { feature: companySettings.manPower }),
    ],
    { icon: 'report' },
  ),
];

export const menus: readonly MenuEntry[] = [...developerMenu, ...adminMenu];

function* walk(
  entries: readonly MenuEntry[],
  parents: readonly MenuEntry[] = [],
): Generator<[MenuEntry, readonly MenuEntry[]]> {
  for (const entry of entries) {
    yield [entry, parents];
    if (entry.children) yield* walk(entry.children, [...parents, entry]);
  }
}

/** Every entry by id, with its ancestors (a child is visible only when its parents are). */
export const menuIndex: ReadonlyMap<string, { entry: MenuEntry; parents: readonly MenuEntry[] }> = new Map(
  [...walk(menus)].map(([entry, parents]) => [entry.id, { entry, parents }]),
);

export type Action = 'read' | 'write';

/** What the access rules need to know about the person asking. */
export interface Viewer {
  level: Level;
  username: string;
  permissions: readonly string[];
  companyCode: string | null;
  features: Readonly<Record<string, unknown>>;
}

export const permission = (menuId: string, action: Action) => `${menuId}:${action}`;

function entryAllows(entry: MenuEntry, viewer: Viewer, action: Action): boolean {
  if (!entry.roles.includes(viewer.level)) return false;
  if (entry.usernames && !entry.usernames.includes(viewer.username)) return false;
  if (entry.companyCodes && !(viewer.companyCode && entry.companyCodes.includes(viewer.companyCode))) return false;
  if (entry.feature && !isFeatureOn(viewer.features[entry.feature])) return false;
  if (action === 'write') {
    const writers = entry.writeRoles ?? entry.roles.filter((level) => !readOnlyLevels.includes(level));
    if (!writers.includes(viewer.level)) return false;
  }
  return true;
}

function isFeatureOn(value: unknown): boolean {
  if (value === true) return true;
  return typeof value === 'object' && value !== null && (value as { enabled?: unknown }).enabled === true;
}

/**
 * Is a company setting on for this viewer's company? For what a feature adds outside its own menu (the sales visit
 * an employee records from live-attendance needs `companySettings.sales`, as the sales menu does).
 */
export const hasFeature = (viewer: Pick<Viewer, 'features'>, feature: string): boolean =>
  isFeatureOn(viewer.features[feature]);

/**
 * May this viewer see (read) or change (write) this menu? All listed conditions must hold, for the entry and every
 * ancestor; a custom-level user also needs `{menuId}:read` (or `:write`) from their access role.
 */
export function canAccess(menuId: string, viewer: Viewer, action: Action = 'read'): boolean {
  const found = menuIndex.get(menuId);
  if (!found) return false;
  const chain = [...found.parents, found.entry];
  if (!chain.every((entry) => entryAllows(entry, viewer, action))) return false;
  if (viewer.level === 'custom' && !viewer.permissions.includes(permission(menuId, action))) return false;
  return true;
}
