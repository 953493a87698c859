import { describe, expect, it } from 'vitest';
import { canAccess, type Level, levels, menuIndex, type Viewer } from '../../common/menu.ts';

const viewer = (level: Level, extra: Partial<Viewer> = {}): Viewer => ({
  level,
  username: `${level}-user`,
  permissions: [],
  companyCode: 'DEMO',
  features: {},
  ...extra,
});

describe('menu access rules (spec 6)', () => {
  it.each([
    // menu, action, levels allowed
    ['activity-log', 'read', ['admin']],
    ['active-employees', 'read', ['admin', 'sub_admin', 'admin_department']],
    ['active-employees', 'write', ['admin', 'sub_admin', 'admin_department']],
    ['employee-organization', 'read', ['admin', 'sub_admin', 'admin_department']],
    ['approval-leave', 'read', ['admin', 'sub_admin', 'admin_department', 'approver']],
    ['approval-leave', 'write', ['admin', 'sub_admin', 'admin_department', 'approver']],
    ['approval-flow', 'read', ['admin', 'sub_admin', 'admin_department']],
    ['duty-report', 'read', ['admin', 'sub_admin', 'admin_department', 'approver']],
    ['duty-report', 'write', ['admin', 'sub_admin', 'admin_department']],
    ['live-attendance', 'read', ['approver', 'employee']],
    // Issue 26: assigning custom levels is the admin's and the sub-admin's (spec 6); every company user asks for access.
    ['assign-access', 'read', ['admin', 'sub_admin']],
    ['request-access', 'read', ['admin', 'sub_admin', 'admin_department', 'approver', 'employee']],
    ['request-access', 'write', ['admin', 'sub_admin', 'admin_department', 'approver', 'employee']],
    ['role-permission', 'read', ['admin']],
    ['my-profile', 'read', []],
    ['home', 'read', [...levels].filter((l) => l !== 'custom')],
    ['announcements', 'read', ['admin', 'sub_admin', 'admin_department', 'developer']],
    ['links', 'read', ['admin']],
  ] as const)('%s:%s is for %j (custom without permissions sees nothing)', (menu, action, allowed) => {
    for (const level of levels) {
      expect(canAccess(menu, viewer(level), action), `${level}`).toBe((allowed as readonly string[]).includes(level));
    }
  });

  it('custom users need {menuId}:read, and :write to change', () => {
    const custom = viewer('custom', { permissions: ['active-employees:read'] });
    expect(canAccess('active-employees', custom, 'read')).toBe(true);
    expect(canAccess('active-employees', custom, 'write')).toBe(false);
    expect(canAccess('resigned-employees', custom, 'read')).toBe(false);
    expect(
      canAccess(
        'active-employees',
        { ...custom, permissions: ['active-employees:read', 'active-employees:write'] },
        'write',
      ),
    ).toBe(true);
  });

  it('a custom permission cannot open a menu whose roles exclude custom', () => {
    expect(canAccess('activity-log', viewer('custom', { permissions: ['activity-log:read'] }))).toBe(false);
  });

  it('username restrictions: companies is for the developer and tax accounts', () => {
    expect(canAccess('companies', viewer('developer', { username: 'developer' }))).toBe(true);
    expect(canAccess('companies', viewer('developer', { username: 'tax' }))).toBe(true);
    expect(canAccess('companies', viewer('developer', { username: 'someone' }))).toBe(false);
    expect(canAccess('companies', viewer('admin', { username: 'developer' }))).toBe(false);
  });

  it('finances narrows to the developer, finance and bpjs accounts, through the parent too', () => {
    expect(canAccess('payroll-summary', viewer('developer', { username: 'finance' }))).toBe(true);
    expect(canAccess('payroll-summary', viewer('admin', { username: 'admin' }))).toBe(false);
    expect(canAccess('man-fee-monthly', viewer('developer', { username: 'bpjs' }))).toBe(true);
  });

  it('sales shows only with the sales_menu feature', () => {
    expect(canAccess('visit-report', viewer('admin'))).toBe(false);
    expect(canAccess('visit-report', viewer('admin', { features: { sales_menu: { enabled: true } } }))).toBe(true);
    expect(canAccess('visit-report', viewer('admin', { features: { sales_menu: { enabled: false } } }))).toBe(false);
  });

  it('man-power is for the company whose man_power_report setting is on, not a company code', () => {
    const on = { man_power_report: { enabled: true } };
    expect(canAccess('man-power', viewer('admin', { companyCode: 'CJ', features: on }))).toBe(true);
    expect(canAccess('man-power', viewer('admin', { companyCode: 'DEMO' }))).toBe(false);
    expect(canAccess('man-power', viewer('admin', { features: { man_power_report: { enabled: false } } }))).toBe(false);
  });

  it('unknown menus are closed', () => {
    expect(canAccess('no-such-menu', viewer('admin'))).toBe(false);
  });

  it('menu ids are unique', () => {
    const ids: string[] = [];
    for (const id of menuIndex.keys()) ids.push(id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
