import { describe, expect, it } from 'vitest';
import { levels } from '../../../common/menu.ts';
import { navigationCommands } from '../../../src/commands/navigation.ts';
import type { CommandContext } from '../../../src/commands/types.ts';
import { makeContext, makeUser } from './fixtures.ts';

const visibleScreens = (ctx: CommandContext) =>
  navigationCommands.filter((command) => command.isVisible(ctx)).map((command) => command.id.replace(/^go:/, ''));

describe('navigation commands from the menu registry', () => {
  it('lists every menu screen once, each going to /dashboard/<path>', () => {
    const ids = navigationCommands.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('go:resigned-employees');
    // Groups are not screens of their own: only their children are listed.
    expect(ids).not.toContain('go:employees');
    const visited: string[] = [];
    const go = navigationCommands.find((command) => command.id === 'go:resigned-employees')!;
    go.run(makeContext(makeUser('admin'), { navigate: (to) => visited.push(to) }));
    expect(visited).toEqual(['/dashboard/resigned-employees']);
    expect(go.label).toBe('menu.resigned-employees');
  });

  it('a developer sees the developer-area screens; an admin does not', () => {
    const developer = visibleScreens(makeContext(makeUser('developer')));
    expect(developer).toEqual(
      expect.arrayContaining(['companies', 'announcements-company', 'invited-user', 'banners']),
    );
    expect(developer).not.toContain('active-employees');
    const admin = visibleScreens(makeContext(makeUser('admin')));
    expect(admin).not.toContain('companies');
    expect(admin).toEqual(expect.arrayContaining(['home', 'activity-log', 'active-employees', 'resigned-employees']));
  });

  it('an employee sees neither the activity log nor the admin screens', () => {
    const employee = visibleScreens(makeContext(makeUser('employee')));
    expect(employee).not.toContain('activity-log');
    expect(employee).not.toContain('active-employees');
    expect(employee).toEqual(expect.arrayContaining(['home', 'live-attendance']));
  });

  it('a custom user sees exactly the screens of their permissions', () => {
    const custom = makeUser('custom', {
      access_role: { permissions: ['active-employees:read', 'payroll-run:read', 'activity-log:read'] },
    });
    // activity-log is for admins only: a permission alone does not open it.
    expect(visibleScreens(makeContext(custom)).sort()).toEqual(['active-employees', 'payroll-run']);
  });

  it('every level sees home except custom without the permission, and nothing is disabled, not even the current screen', () => {
    for (const level of levels) {
      const ctx = makeContext(makeUser(level));
      expect(visibleScreens(ctx).includes('home'), level).toBe(level !== 'custom');
    }
    const ctx = makeContext(makeUser('admin'), {
      screen: { pathname: '/dashboard/payroll-run', section: 'payroll-run' },
    });
    const disabled = navigationCommands.filter((command) => command.isVisible(ctx) && !command.isEnabled(ctx));
    expect(disabled.map((command) => command.id)).toEqual([]);
  });

  it('picking the screen already open navigates nowhere (the palette just closes)', () => {
    const visited: string[] = [];
    const ctx = makeContext(makeUser('admin'), {
      screen: { pathname: '/dashboard/payroll-run', section: 'payroll-run' },
      navigate: (to) => visited.push(to),
    });
    const current = navigationCommands.find((command) => command.id === 'go:payroll-run');
    const other = navigationCommands.find((command) => command.id === 'go:home');
    void current?.run(ctx);
    void other?.run(ctx);
    expect(visited).toEqual(['/dashboard/home']);
  });
});

describe('the sales screens follow the company setting (issue 29)', () => {
  const company = (features: Record<string, unknown>) => ({
    _id: 'c1',
    code: 'DEMO',
    name: 'Demo',
    logo_url: null,
    features,
  });
  it('shows no sales command where sales_menu is off, and the store and visit screens where it is on', () => {
    const sales = ['visit-report', 'store-location', 'job-recap', 'sales-objective'];
    const off = visibleScreens(makeContext(makeUser('admin', { company: company({}) })));
    for (const id of sales) expect(off).not.toContain(id);
    const on = visibleScreens(makeContext(makeUser('admin', { company: company({ sales_menu: { enabled: true } }) })));
    expect(on).toEqual(expect.arrayContaining(sales));
  });
});
