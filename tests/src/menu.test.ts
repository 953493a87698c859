import { describe, expect, it } from 'vitest';
import { type Level, levels, menuIndex, type Viewer } from '../../common/menu.ts';
import en from '../../locales/en.json' with { type: 'json' };
import {
  type ClientMenuEntry,
  entryForSegment,
  flatten,
  menuPathFor,
  resolveDashboardPath,
  visibleMenu,
} from '../../src/menu/index.ts';

const viewer = (level: Level, extra: Partial<Viewer> = {}): Viewer => ({
  level,
  username: `${level}-user`,
  permissions: [],
  companyCode: 'DEMO',
  features: { sales_menu: { enabled: true }, man_power_report: { enabled: true } },
  ...extra,
});

const top = (v: Viewer) => visibleMenu(v).map((entry) => entry.id);
const ids = (v: Viewer): string[] => [...flatten(visibleMenu(v))].map((entry) => entry.id);
const childrenOf = (v: Viewer, id: string) =>
  [...flatten(visibleMenu(v))].find((entry) => entry.id === id)?.children.map((child) => child.id);

const companyAdminMenu = [
  'home',
  'approval',
  'activity-log',
  'organization',
  'portal',
  'attendance',
  'access-level',
  'employees',
  'tracking',
  'payroll',
  'sales',
  'finance',
  'leave',
  'kpi',
  'reports',
];
const without = (list: readonly string[], ...drop: string[]) => list.filter((id) => !drop.includes(id));

describe('visibleMenu: top level by level (spec 6)', () => {
  it.each<[Level, Partial<Viewer>, readonly string[]]>([
    ['admin', {}, companyAdminMenu],
    // access-level: request-access is every company user's, assign-access the sub-admin's too (issue 26).
    ['sub_admin', {}, without(companyAdminMenu, 'activity-log')],
    ['admin_department', {}, without(companyAdminMenu, 'activity-log')],
    ['approver', {}, ['home', 'approval', 'access-level', 'services', 'reports']],
    ['employee', {}, ['home', 'access-level', 'services']],
    ['custom', {}, []],
    // A developer has no company: sales needs the company's sales_menu feature. Only companies, finances, bpjs and
    // statistics are narrowed by username.
    [
      'developer',
      { companyCode: null, features: {} },
      ['home', 'announcements-company', 'developer', 'invited-user', 'access', 'banners', 'portal'],
    ],
    [
      'developer',
      { username: 'developer', companyCode: null, features: {} },
      [
        'home',
        'companies',
        'announcements-company',
        'developer',
        'invited-user',
        'outbox',
        'access',
        'banners',
        'finances',
        'bpjs',
        'statistics',
        'portal',
      ],
    ],
  ])('%s %j', (level, extra, expected) => {
    expect(top(viewer(level, extra))).toEqual(expected);
  });
});

describe('visibleMenu: children', () => {
  it.each<[string, Viewer, string, readonly string[] | undefined]>([
    [
      'approver approves but does not edit flows',
      viewer('approver'),
      'approval',
      [
        'approval-history',
        'employment',
        'clock-in-out',
        'change-shift',
        'approval-leave',
        'approval-resignation',
        'approval-overtime',
        'business-trip',
        'daily-payroll',
      ],
    ],
    [
      'admin sees the approval flow',
      viewer('admin'),
      'approval',
      [
        'approval-history',
        'employment',
        'clock-in-out',
        'change-shift',
        'approval-leave',
        'approval-resignation',
        'approval-overtime',
        'business-trip',
        'daily-payroll',
        'approval-flow',
      ],
    ],
    [
      "request access is every company user's (issue 26)",
      viewer('admin'),
      'access-level',
      ['sub-admin', 'admin-department', 'approver', 'request-access', 'role-permission', 'assign-access'],
    ],
    [
      'my-profile has no roles',
      viewer('admin'),
      'employees',
      ['active-employees', 'resigned-employees', 'daily-worker', 'employee-onboarding'],
    ],
    ['portal for sub admins: no admin-only items', viewer('sub_admin'), 'portal', ['announcements', 'warning-letter']],
    [
      'portal for admins',
      viewer('admin'),
      'portal',
      ['announcements', 'warning-letter', 'links', 'company-settings', 'id-card'],
    ],
    ['portal for a developer', viewer('developer'), 'portal', ['announcements', 'warning-letter']],
    ['nested groups: organization', viewer('admin'), 'organization', ['hierarchy', 'employee-ref', 'payroll-ref']],
    [
      'nested groups: employee references',
      viewer('admin'),
      'employee-ref',
      ['employee-organization', 'employee-personal'],
    ],
    [
      'approver reports',
      viewer('approver'),
      'reports',
      ['duty-report', 'clock-correction-report', 'job-report', 'overtime-report', 'daily-payroll-report', 'man-power'],
    ],
    [
      'developer finances',
      viewer('developer', { username: 'developer' }),
      'finances',
      ['payroll-summary', 'loan', 'man-fee'],
    ],
    [
      'finance account finances: the developer-only loan is hidden',
      viewer('admin', { username: 'finance' }),
      'finances',
      ['payroll-summary', 'man-fee'],
    ],
  ])('%s', (_, v, id, expected) => {
    expect(childrenOf(v, id)).toEqual(expected);
  });
});

describe('visibleMenu: permissions, usernames, companies and features', () => {
  it.each<[string, Viewer, string, boolean]>([
    // Custom users need {menuId}:read.
    [
      'custom with active-employees:read',
      viewer('custom', { permissions: ['active-employees:read'] }),
      'active-employees',
      true,
    ],
    [
      'custom: the group shows with one child',
      viewer('custom', { permissions: ['active-employees:read'] }),
      'employees',
      true,
    ],
    [
      'custom: other children stay hidden',
      viewer('custom', { permissions: ['active-employees:read'] }),
      'resigned-employees',
      false,
    ],
    ['custom without the permission', viewer('custom'), 'active-employees', false],
    [
      'custom with :write only',
      viewer('custom', { permissions: ['active-employees:write'] }),
      'active-employees',
      false,
    ],
    [
      'custom: a permission cannot open an admin-only menu',
      viewer('custom', { permissions: ['activity-log:read'] }),
      'activity-log',
      false,
    ],
    [
      'custom: a group permission alone shows nothing',
      viewer('custom', { permissions: ['employees:read'] }),
      'employees',
      false,
    ],
    ['custom home:read', viewer('custom', { permissions: ['home:read'] }), 'home', true],
    // Username restrictions.
    ['companies for the developer account', viewer('developer', { username: 'developer' }), 'companies', true],
    ['companies for the tax account', viewer('developer', { username: 'tax' }), 'companies', true],
    ['companies not for another developer', viewer('developer', { username: 'dewi' }), 'companies', false],
    ['bpjs for the bpjs account', viewer('admin', { username: 'bpjs' }), 'dev-bpjs', true],
    ['bpjs not for an ordinary admin', viewer('admin'), 'bpjs', false],
    ['statistics for the finance account', viewer('sub_admin', { username: 'finance' }), 'total-employees', true],
    ['statistics not for an approver named finance', viewer('approver', { username: 'finance' }), 'statistics', false],
    // Company restriction: man-power only where the company's man_power_report setting is on.
    ['man-power with the setting on', viewer('admin'), 'man-power', true],
    ['man-power with the setting off', viewer('admin', { features: { sales_menu: true } }), 'man-power', false],
    ['man-power for an approver with the setting on', viewer('approver'), 'man-power', true],
    ['reports stay in CJ', viewer('admin', { companyCode: 'CJ' }), 'reports', true],
    // Feature restriction: sales needs sales_menu.
    ['sales with the feature enabled', viewer('admin'), 'store-location', true],
    ['sales with the feature as true', viewer('admin', { features: { sales_menu: true } }), 'sales', true],
    [
      'sales with the feature disabled',
      viewer('admin', { features: { sales_menu: { enabled: false } } }),
      'sales',
      false,
    ],
    ['sales without the feature', viewer('admin', { features: {} }), 'visit-report', false],
    ['developer sales in a company with the feature', viewer('developer'), 'sales', true],
  ])('%s', (_, v, id, shown) => {
    expect(ids(v).includes(id)).toBe(shown);
  });

  it('every level sees home except a custom user without home:read', () => {
    for (const level of levels) expect(ids(viewer(level)).includes('home'), level).toBe(level !== 'custom');
  });

  it("my-profile is never shown; request-access is every company user's (issue 26)", () => {
    for (const level of levels) {
      const all = ids(
        viewer(level, { username: 'developer', permissions: ['request-access:read', 'my-profile:read'] }),
      );
      expect(all).not.toContain('my-profile');
      expect(all.includes('request-access')).toBe(level !== 'developer');
    }
  });

  it('accepts the user detail of GET /v1/auth/me', () => {
    const menu = visibleMenu({
      _id: 'u1',
      username: 'custom',
      fullname: 'Putri Anggraini',
      level: 'custom',
      email: null,
      phone: null,
      photo_url: null,
      impersonator: null,
      access_role: { permissions: ['hierarchy:read', 'home:read'] },
      company: { _id: 'c1', code: 'DEMO', name: 'PT Demo Nusantara', logo_url: null, features: {} },
    });
    expect(menu.map((entry) => entry.id)).toEqual(['home', 'organization']);
    expect(menu[1]!.children.map((entry) => entry.id)).toEqual(['hierarchy']);
  });
});

describe('entries', () => {
  const all = [...flatten(visibleMenu(viewer('admin', { username: 'developer' })))];

  it('carry href, label and title keys and an icon', () => {
    const shift = all.find((entry) => entry.id === 'shift')!;
    expect(shift).toMatchObject({ href: '/dashboard/shift', labelKey: 'menu.shift', titleKey: 'menu.shift' });
    expect(all.find((entry) => entry.id === 'home')!.icon).toBe('home');
    expect(shift.icon).toBe('dot');
  });

  it('every registry id has a label in en.json, and every label an id', () => {
    expect(Object.keys(en.menu).sort()).toEqual([...menuIndex.keys()].sort());
  });

  it.each([
    ['home', '/dashboard/home'],
    ['active-employees', '/dashboard/active-employees'],
    ['companies', '/dashboard/companies'],
  ])('menuPathFor(%s) = %s', (id, path) => {
    expect(menuPathFor(id)).toBe(path);
  });

  it('looks entries up by the first segment after /dashboard', () => {
    expect(entryForSegment('resigned-employees')?.id).toBe('resigned-employees');
    expect(entryForSegment('no-such-screen')).toBeUndefined();
  });
});

describe('resolveDashboardPath', () => {
  const admin = visibleMenu(viewer('admin'));
  const employee = visibleMenu(viewer('employee'));
  const screen = (resolved: ReturnType<typeof resolveDashboardPath>) =>
    resolved.kind === 'screen' ? resolved.trail.map((entry: ClientMenuEntry) => entry.id) : resolved;

  it.each<[string, readonly ClientMenuEntry[], string, unknown]>([
    ['a leaf', admin, 'active-employees', ['employees', 'active-employees']],
    ['home', employee, 'home', ['home']],
    ['a group then its child', admin, 'attendance/shift', ['attendance', 'shift']],
    ['a group goes to its default', admin, 'attendance', { kind: 'redirect', to: '/dashboard/daily' }],
    ['kpi goes to its assessment', admin, 'kpi', { kind: 'redirect', to: '/dashboard/kpi-assessment' }],
    ['other groups go to their first child', admin, 'payroll', { kind: 'redirect', to: '/dashboard/payroll-run' }],
    ['nothing goes home', admin, '', { kind: 'redirect', to: '/dashboard/home' }],
    ['an unknown path', admin, 'no-such-page', { kind: 'not-found' }],
    // A screen that exists but is not the viewer's: 403 (issue 25), not the 404 of an unknown path.
    ['a hidden path', employee, 'activity-log', { kind: 'forbidden' }],
    ['a leaf with extra segments', admin, 'active-employees/x', { kind: 'not-found' }],
    ['a child under the wrong group', admin, 'payroll/shift', { kind: 'not-found' }],
  ])('%s', (_, tree, path, expected) => {
    expect(screen(resolveDashboardPath(path.split('/'), tree))).toEqual(expected);
  });
});
