import { describe, expect, it, vi } from 'vitest';
import {
  type DailyActions,
  dailyCommands,
  type GroupActions,
  groupCommands,
  type ReportActions,
  reportCommands,
} from '../../../../src/screens/attendance/commands.ts';
import { fixedT, makeContext, makeUser } from '../../commands/fixtures.ts';

const ctx = makeContext(makeUser('admin'), { t: fixedT('en') });
const noop = () => undefined;
const ids = (commands: { id: string }[]) => commands.map((command) => command.id);
const labels = (commands: { label: string; isVisible: (c: typeof ctx) => boolean }[], language: 'en' | 'id') =>
  commands.filter((command) => command.isVisible(ctx)).map((command) => fixedT(language)(command.label as never));

const daily = (extra: Partial<DailyActions> = {}): DailyActions => ({
  canWrite: true,
  hasRows: true,
  filtered: false,
  moveDay: noop,
  today: noop,
  pickDate: noop,
  showStatus: noop,
  exportXlsx: noop,
  importTimes: noop,
  ...extra,
});

describe('the daily screen in the palette', () => {
  it('offers days, the date, the status filters and export, in words in English and Indonesian', () => {
    const commands = dailyCommands(daily());
    expect(labels(commands, 'en')).toEqual([
      'Previous day',
      'Next day',
      'Go to today',
      'Pick a date',
      'Show late',
      'Show early leavers',
      'Show missed clock-ins or clock-outs',
      'Show absent',
      'Export the daily attendance to Excel (.xlsx)',
      'Import clock times…',
    ]);
    expect(labels(commands, 'id')).toContain('Tampilkan yang terlambat');
    expect(commands.find((command) => command.id === 'daily:previous')?.shortcut).toEqual({ key: '[' });
    expect(commands.find((command) => command.id === 'daily:next')?.shortcut).toEqual({ key: ']' });
  });

  it('offers "Show every status" only while a status is filtered, import only to writers, export with rows', () => {
    expect(ids(dailyCommands(daily()))).not.toContain('daily:show-all');
    expect(ids(dailyCommands(daily({ filtered: true })))).toContain('daily:show-all');
    expect(ids(dailyCommands(daily({ canWrite: false })))).not.toContain('daily:import');
    const exportCommand = dailyCommands(daily({ hasRows: false })).find((command) => command.id === 'daily:export')!;
    expect(exportCommand.isEnabled(ctx)).toBe(false);
  });

  it('runs the filter and the day move after the palette closed', async () => {
    const showStatus = vi.fn();
    const moveDay = vi.fn();
    const commands = dailyCommands(daily({ showStatus, moveDay }));
    await commands.find((command) => command.id === 'daily:show-absent')!.run(ctx);
    await commands.find((command) => command.id === 'daily:next')!.run(ctx);
    expect(showStatus).toHaveBeenCalledWith('absent');
    expect(moveDay).toHaveBeenCalledWith(1);
  });
});

describe('the attendance report in the palette', () => {
  const actions = (hasReport: boolean): ReportActions => ({
    hasReport,
    show: noop,
    moveMonth: noop,
    pickMonth: noop,
    exportXlsx: noop,
  });
  it('offers the period and export; export once a report is shown', () => {
    const commands = reportCommands(actions(false));
    expect(labels(commands, 'en')).toEqual([
      'Show the attendance report',
      'Previous month',
      'Next month',
      'Pick the report month',
      'Export the attendance report to Excel (.xlsx)',
    ]);
    const exportOf = (list: typeof commands) => list.find((command) => command.id === 'attendance-report:export')!;
    expect(exportOf(commands).isEnabled(ctx)).toBe(false);
    expect(exportOf(reportCommands(actions(true))).isEnabled(ctx)).toBe(true);
  });
});

describe('the attendance groups in the palette', () => {
  const actions = (extra: Partial<GroupActions>): GroupActions => ({
    hasGroup: true,
    isOpen: false,
    editMembers: noop,
    editSchedule: noop,
    close: noop,
    ...extra,
  });
  it('edits members and the weekly schedule of the focused group; closes the panel only while it is open', () => {
    const commands = groupCommands(actions({}));
    expect(labels(commands, 'en')).toEqual([
      'Edit members of the attendance group',
      'Edit weekly schedule of the attendance group',
    ]);
    expect(commands.every((command) => command.isEnabled(ctx))).toBe(true);
    expect(groupCommands(actions({ hasGroup: false })).some((command) => command.isEnabled(ctx))).toBe(false);
    expect(ids(groupCommands(actions({ isOpen: true })))).toContain('attendance-groups:close');
  });
});
