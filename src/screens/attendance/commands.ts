/**
 * What the attendance screens add to the Cmd-K palette while they are on screen: plain command objects, one list per
 * screen (groups, daily, report), built from the screen's actions and state.
 */
import { afterPalette } from '../../commands/afterPalette.ts';
import type { Command } from '../../commands/types.ts';

const always = () => true;

export interface GroupActions {
  /** A group is focused in the grid or open beside it. */
  hasGroup: boolean;
  /** The detail panel is open. */
  isOpen: boolean;
  editMembers(): void;
  editSchedule(): void;
  close(): void;
}

export function groupCommands(actions: GroupActions): Command[] {
  const base = { group: 'context' as const };
  const commands: (Command | false)[] = [
    {
      ...base,
      id: 'attendance-groups:members',
      label: 'attendanceGroups.commands.members',
      keywords: ['members', 'employees', 'add', 'remove', 'anggota', 'karyawan', '成员'],
      isVisible: always,
      isEnabled: () => actions.hasGroup,
      run: () => afterPalette(actions.editMembers),
    },
    {
      ...base,
      id: 'attendance-groups:schedule',
      label: 'attendanceGroups.commands.schedule',
      keywords: ['schedule', 'weekly', 'shift', 'pattern', 'jadwal', 'mingguan', '排班'],
      isVisible: always,
      isEnabled: () => actions.hasGroup,
      run: () => afterPalette(actions.editSchedule),
    },
    actions.isOpen && {
      ...base,
      id: 'attendance-groups:close',
      label: 'attendanceGroups.commands.close',
      keywords: ['close', 'panel', 'tutup', '关闭'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(actions.close),
    },
  ];
  return commands.filter((command): command is Command => command !== false);
}

/** The status filters the palette offers directly (the toolbar's select has every status). */
export const dailyStatusCommands = ['late', 'early', 'missed', 'absent'] as const;
export type DailyStatusCommand = (typeof dailyStatusCommands)[number];

const statusCommandLabels = {
  late: 'attendance.commands.showLate',
  early: 'attendance.commands.showEarly',
  missed: 'attendance.commands.showMissed',
  absent: 'attendance.commands.showAbsent',
} as const satisfies Record<DailyStatusCommand, string>;
const statusKeywords = {
  late: ['late', 'terlambat', '迟到'],
  early: ['early', 'leave early', 'pulang cepat', '早退'],
  missed: ['missed', 'missing', 'tidak absen', '缺卡'],
  absent: ['absent', 'absence', 'tidak hadir', 'mangkir', '缺勤'],
} as const satisfies Record<DailyStatusCommand, readonly string[]>;

export interface DailyActions {
  canWrite: boolean;
  /** Rows are loaded (something to export). */
  hasRows: boolean;
  /** A status filter is set. */
  filtered: boolean;
  moveDay(days: -1 | 1): void;
  today(): void;
  pickDate(): void;
  showStatus(status: DailyStatusCommand | null): void;
  exportXlsx(): void;
  importTimes(): void;
}

export function dailyCommands(actions: DailyActions): Command[] {
  const base = { group: 'context' as const };
  const commands: (Command | false)[] = [
    {
      ...base,
      id: 'daily:previous',
      label: 'attendance.commands.previousDay',
      keywords: ['previous', 'day', 'back', 'yesterday', 'sebelumnya', 'kemarin', '前一天'],
      shortcut: { key: '[' },
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.moveDay(-1)),
    },
    {
      ...base,
      id: 'daily:next',
      label: 'attendance.commands.nextDay',
      keywords: ['next', 'day', 'forward', 'tomorrow', 'berikutnya', 'besok', '后一天'],
      shortcut: { key: ']' },
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.moveDay(1)),
    },
    {
      ...base,
      id: 'daily:today',
      label: 'attendance.commands.today',
      keywords: ['today', 'hari ini', '今天'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(actions.today),
    },
    {
      ...base,
      id: 'daily:pick-date',
      label: 'attendance.commands.pickDate',
      keywords: ['date', 'pick', 'choose', 'go to', 'tanggal', 'pilih', '日期'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(actions.pickDate),
    },
    ...dailyStatusCommands.map(
      (status): Command => ({
        ...base,
        id: `daily:show-${status}`,
        label: statusCommandLabels[status],
        keywords: ['show', 'filter', 'status', 'tampilkan', ...statusKeywords[status]],
        isVisible: always,
        isEnabled: always,
        run: () => afterPalette(() => actions.showStatus(status)),
      }),
    ),
    actions.filtered && {
      ...base,
      id: 'daily:show-all',
      label: 'attendance.commands.showAll',
      keywords: ['all', 'clear', 'filter', 'status', 'semua', '全部'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.showStatus(null)),
    },
    {
      ...base,
      id: 'daily:export',
      label: 'attendance.commands.exportDaily',
      keywords: ['export', 'xlsx', 'excel', 'download', 'ekspor', 'unduh', '导出'],
      isVisible: always,
      isEnabled: () => actions.hasRows,
      run: () => afterPalette(actions.exportXlsx),
    },
    actions.canWrite && {
      ...base,
      id: 'daily:import',
      label: 'attendance.import.open',
      keywords: ['import', 'clock', 'fingerprint', 'xlsx', 'impor', 'mesin absen', '导入'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(actions.importTimes),
    },
  ];
  return commands.filter((command): command is Command => command !== false);
}

export interface ReportActions {
  hasReport: boolean;
  show(): void;
  moveMonth(months: -1 | 1): void;
  pickMonth(): void;
  exportXlsx(): void;
}

export function reportCommands(actions: ReportActions): Command[] {
  const base = { group: 'context' as const, isVisible: always };
  return [
    {
      ...base,
      id: 'attendance-report:show',
      label: 'attendance.commands.showReport',
      keywords: ['show', 'report', 'refresh', 'tampilkan', 'laporan', '显示'],
      isEnabled: always,
      run: () => afterPalette(actions.show),
    },
    {
      ...base,
      id: 'attendance-report:previous',
      label: 'attendance.commands.previousMonth',
      keywords: ['previous', 'month', 'last month', 'bulan lalu', 'sebelumnya', '上个月'],
      isEnabled: always,
      run: () => afterPalette(() => actions.moveMonth(-1)),
    },
    {
      ...base,
      id: 'attendance-report:next',
      label: 'attendance.commands.nextMonth',
      keywords: ['next', 'month', 'bulan depan', 'berikutnya', '下个月'],
      isEnabled: always,
      run: () => afterPalette(() => actions.moveMonth(1)),
    },
    {
      ...base,
      id: 'attendance-report:pick-month',
      label: 'attendance.commands.pickMonth',
      keywords: ['month', 'year', 'period', 'pick', 'bulan', 'tahun', 'periode', '月份'],
      isEnabled: always,
      run: () => afterPalette(actions.pickMonth),
    },
    {
      ...base,
      id: 'attendance-report:export',
      label: 'attendance.commands.exportReport',
      keywords: ['export', 'xlsx', 'excel', 'download', 'ekspor', 'unduh', '导出'],
      isEnabled: () => actions.hasReport,
      run: () => afterPalette(actions.exportXlsx),
    },
  ];
}
