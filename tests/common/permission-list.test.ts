/** The permissions a custom access level may hold (issue 26), and the access stamp the client compares. */
import { describe, expect, it } from 'vitest';
import { accessStamp } from '../../common/access-stamp.ts';
import { canAccess } from '../../common/menu.ts';
import { isGrantable, permissionList } from '../../common/permission-list.ts';

describe('permissionList', () => {
  it('offers every admin-area leaf a custom level can reach, and nothing it cannot', () => {
    const menus = permissionList.map((option) => option.menu);
    expect(menus).toContain('active-employees');
    expect(menus).toContain('request-access');
    // The admin's alone, developer screens and username-restricted ones are never a custom level's.
    for (const menu of ['activity-log', 'sub-admin', 'role-permission', 'assign-access', 'companies', 'outbox']) {
      expect(menus).not.toContain(menu);
    }
    // Granting an option's read lets a custom viewer read it (its group's rules included).
    for (const option of permissionList) {
      const viewer = {
        level: 'custom' as const,
        username: 'custom',
        permissions: [`${option.menu}:read`, `${option.menu}:write`],
        companyCode: 'DEMO',
        features: { sales_menu: { enabled: true } },
      };
      if (option.menu === 'man-power') continue;
      expect(canAccess(option.menu, viewer, 'read'), option.menu).toBe(true);
      expect(canAccess(option.menu, viewer, 'write'), option.menu).toBe(option.write);
    }
  });

  it('knows which strings are grantable', () => {
    expect(isGrantable('active-employees:read')).toBe(true);
    expect(isGrantable('active-employees:write')).toBe(true);
    expect(isGrantable('activity-log:read')).toBe(false);
    expect(isGrantable('nonsense')).toBe(false);
  });
});

describe('accessStamp', () => {
  it('changes with the level and the permissions, not their order', () => {
    const a = accessStamp('custom', ['home:read', 'shift:read']);
    expect(accessStamp('custom', ['shift:read', 'home:read'])).toBe(a);
    expect(accessStamp('custom', ['home:read'])).not.toBe(a);
    expect(accessStamp('approver', [])).not.toBe(accessStamp('employee', []));
    expect(a).toMatch(/^[0-9a-f]{8}$/);
  });
});
