/**
 * Requests and approvals in the palette from anywhere (issue 13): "Request leave", "Request overtime", "Correct my
 * clock" and the other requests open the "New request" form on My requests (services → requests, or my-profile for
 * a company user without that menu), and "Notifications" opens the top bar's list.
 */

import { adminContexts, type RequestContext, requestingForOthers } from '../../common/approvals.ts';
import { canAccess, type Viewer } from '../../common/menu.ts';
import { menuPathFor } from '../menu/index.ts';
import { MY_PROFILE_PATH } from './global.ts';
import type { Command, CommandContext, LabelKey } from './types.ts';

const always = () => true;
const hasEmployee = (ctx: CommandContext) => ctx.user.company !== null && ctx.user.level !== 'developer';

/** My requests' path for this user: services → requests, or my-profile (which lists them too). */
export const requestsPathOf = (viewer: Viewer) =>
  canAccess('requests', viewer) ? menuPathFor('requests') : MY_PROFILE_PATH;
const requestsPath = (ctx: CommandContext) => requestsPathOf(ctx.viewer);

/** A contract change is asked by an admin for an employee (common/approvals.ts `adminContexts`). */
const mayAskFor = (context: RequestContext) => (ctx: CommandContext) =>
  adminContexts.has(context)
    ? ctx.user.company !== null && requestingForOthers.includes(ctx.user.level)
    : hasEmployee(ctx);

const request = (context: RequestContext, label: LabelKey, keywords: readonly string[]): Command => ({
  id: `request:${context}`,
  label,
  keywords,
  group: 'actions',
  isVisible: mayAskFor(context),
  isEnabled: always,
  run: (ctx) => ctx.navigate(`${requestsPath(ctx)}?new=${context}`),
});

export const requestCommands: readonly Command[] = [
  request('leave', 'approvals.commands.requestLeave', [
    'leave',
    'holiday',
    'time off',
    'cuti',
    'izin',
    'libur',
    '请假',
    '休假',
  ]),
  request('overtime', 'approvals.commands.requestOvertime', ['overtime', 'extra hours', 'lembur', '加班']),
  request('clock_correction', 'approvals.commands.correctClock', [
    'clock',
    'correction',
    'attendance',
    'forgot',
    'koreksi',
    'absen',
    'absensi',
    'lupa absen',
    '补卡',
    '打卡',
  ]),
  request('change_shift', 'approvals.commands.requestShift', [
    'shift',
    'swap',
    'change',
    'tukar',
    'ganti',
    'sif',
    '换班',
  ]),
  request('business_trip', 'approvals.commands.requestTrip', [
    'business trip',
    'travel',
    'dinas',
    'perjalanan dinas',
    '出差',
  ]),
  request('resignation', 'approvals.commands.requestResignation', [
    'resign',
    'resignation',
    'quit',
    'mengundurkan diri',
    'resign',
    '辞职',
  ]),
  request('employee_profile', 'approvals.commands.requestProfile', [
    'profile',
    'change',
    'data',
    'ubah data',
    'profil',
    '资料',
    '变更',
  ]),
  request('contract', 'approvals.commands.requestContract', [
    'contract',
    'renewal',
    'extend',
    'employment status',
    'kontrak',
    'perpanjang',
    'status karyawan',
    '合同',
    '续约',
  ]),
  {
    id: 'requests:open',
    label: 'menu.requests',
    keywords: ['my requests', 'requests', 'status', 'pengajuan saya', 'pengajuan', '我的申请'],
    group: 'navigation',
    isVisible: (ctx) => hasEmployee(ctx) && !canAccess('requests', ctx.viewer),
    isEnabled: always,
    run: (ctx) => ctx.navigate(MY_PROFILE_PATH),
  },
  {
    id: 'notifications:open',
    label: 'approvals.notifications.title',
    keywords: ['notifications', 'inbox', 'bell', 'alerts', 'notifikasi', 'pemberitahuan', '通知'],
    group: 'actions',
    isVisible: (ctx) => ctx.user.company !== null,
    isEnabled: always,
    run: () => {
      window.dispatchEvent(new CustomEvent('notifications:open'));
    },
  },
];
