import { canAccess } from '../../common/menu.ts';
import { languages } from '../i18n.ts';
import { logout } from '../session.ts';
import { emit, paletteEvents } from './events.ts';
import type { Command, CommandContext } from './types.ts';

const always = () => true;

/** The signed-in employee's own record (App.tsx routes it outside the menu guard). */
export const MY_PROFILE_PATH = '/dashboard/my-profile';
/** My Profile's payslips section: the 'My payslips' command lands there (OwnPayslips.tsx scrolls to it). */
export const PAYSLIPS_HASH = '#payslips';

/** Change language to English, Bahasa Indonesia, 中文: the current language is not offered. */
export const languageCommands: readonly Command[] = languages.map((language) => ({
  id: `language:${language.code}`,
  label: 'commands.switchLanguage',
  labelValues: () => ({ language: language.name }),
  keywords: ['language', 'bahasa', 'locale', '语言', language.code],
  names: language.names,
  group: 'actions',
  isVisible: (ctx) => ctx.language !== language.code,
  isEnabled: always,
  run: (ctx) => ctx.setLanguage(language.code),
}));

/**
 * Tells the shell first (`session:logout`, cancelable: a listener that takes over calls `preventDefault()`), then
 * logs out as spec 4 says (session.ts): the server call, then a developer acting as a company's admin gets their own
 * token back, anyone else loses the token and the guard sends them to /.
 */
export async function logoutCommand(): Promise<void> {
  if (emit(paletteEvents.logout)) return;
  await logout();
}

/** May the user open an employee's detail (the 'Go to employee' page and the palette's employee results)? */
export const canOpenEmployees = (ctx: CommandContext): boolean =>
  canAccess('active-employees', ctx.viewer) || canAccess('resigned-employees', ctx.viewer);

export const globalCommands: readonly Command[] = [
  {
    id: 'employee:open',
    label: 'commands.goToEmployee',
    keywords: ['employee', 'karyawan', 'pegawai', 'staff', 'person', 'find', 'cari', '员工'],
    group: 'actions',
    isVisible: canOpenEmployees,
    isEnabled: always,
    run: (ctx) => ctx.palette.openPage('employee'),
  },
  {
    // my-profile's menu entry has an empty role list: every company user reaches it from here and the user menu.
    id: 'profile:open',
    label: 'menu.my-profile',
    keywords: ['my profile', 'profile', 'account', 'me', 'profil saya', 'profil', 'akun', '我的资料', '个人资料'],
    group: 'navigation',
    isVisible: (ctx) => ctx.user.company !== null,
    isEnabled: always,
    // On My Profile already: the palette just closes (the next keys belong to the screen, not its search box).
    run: (ctx) => {
      if (ctx.screen.pathname !== MY_PROFILE_PATH) ctx.navigate(MY_PROFILE_PATH);
    },
  },
  {
    // An employee's payslips are a section of My Profile, far below the form: this lands on them.
    id: 'profile:payslips',
    label: 'commands.myPayslips',
    keywords: ['payslip', 'payslips', 'pay slip', 'salary', 'slip gaji', 'gaji', 'slip', '工资单', '工资条', '工资'],
    group: 'navigation',
    isVisible: (ctx) => ctx.user.company !== null && ctx.user.level !== 'developer',
    isEnabled: always,
    run: (ctx) => ctx.navigate(`${MY_PROFILE_PATH}${PAYSLIPS_HASH}`),
  },
  {
    id: 'sidebar:toggle',
    label: 'commands.toggleSidebar',
    keywords: ['sidebar', 'menu', 'navigation', 'collapse', 'expand', 'bilah samping', '侧边栏'],
    group: 'actions',
    shortcut: { key: 'b', mod: true },
    isVisible: always,
    isEnabled: always,
    run: () => {
      emit(paletteEvents.toggleSidebar);
    },
  },
  {
    id: 'history:back',
    label: 'commands.goBack',
    keywords: ['back', 'previous', 'history', 'kembali', 'sebelumnya', '返回'],
    group: 'actions',
    isVisible: always,
    isEnabled: () => window.history.length > 1,
    run: () => window.history.back(),
  },
  ...languageCommands,
  {
    id: 'session:logout',
    label: 'commands.logout',
    keywords: ['logout', 'log out', 'sign out', 'keluar', '退出'],
    group: 'actions',
    isVisible: (ctx) => ctx.user.impersonator === null,
    isEnabled: always,
    run: () => logoutCommand(),
  },
  {
    // The same logout, for a developer acting as a company's admin: it ends there and restores the developer.
    id: 'session:back-to-developer',
    label: 'shell.backToDeveloper',
    keywords: ['logout', 'log out', 'developer', 'back', 'keluar', 'kembali', 'pengembang', '退出', '返回', '开发者'],
    group: 'actions',
    isVisible: (ctx) => ctx.user.impersonator !== null,
    isEnabled: always,
    run: () => logoutCommand(),
  },
  {
    id: 'help:shortcuts',
    label: 'commands.shortcuts',
    keywords: ['keyboard', 'shortcuts', 'keys', 'help', 'cheat sheet', 'pintasan', 'bantuan', '快捷键'],
    group: 'help',
    shortcut: { key: '?' },
    isVisible: always,
    isEnabled: always,
    run: (ctx) => ctx.palette.openCheatSheet(),
  },
];

/** For a developer: act as a company's admin (spec 2.2, the companies screen's 'log in as the admin'). */
export const developerCommands: readonly Command[] = [
  {
    id: 'developer:impersonate',
    label: 'commands.impersonate',
    keywords: ['impersonate', 'login as', 'log in as', 'company', 'admin', 'perusahaan', 'masuk', '公司'],
    group: 'developer',
    isVisible: (ctx) => ctx.user.impersonator === null && canAccess('companies', ctx.viewer, 'write'),
    isEnabled: always,
    run: (ctx) => ctx.palette.openPage('impersonate'),
  },
];
