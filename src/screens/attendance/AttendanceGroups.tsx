/**
 * attendance → attendance-group: the groups as an editable grid, and beside it the detail of one group (its weekly
 * schedule and members, `GroupPanel.tsx`), opened with Ctrl+Shift+O or the palette ('Edit members', 'Edit weekly
 * schedule'). While open, the panel follows the grid's focused row; Escape closes it and gives the focus back.
 */
import './attendance.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommands } from '../../commands/registry.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid, type Row } from '../../grids/ResourceGrid.tsx';
import { attendanceGroupsGrid } from '../../grids/specs/attendance-groups.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';
import { groupCommands } from './commands.ts';
import { GroupPanel, type GroupPanelHandle } from './GroupPanel.tsx';

type Part = 'panel' | 'schedule' | 'members';

export default function AttendanceGroups({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  /** The group shown, where the focus goes (none when the panel follows the grid's focus) and a count of openings. */
  const [open, setOpen] = useState<{ id: string; focus: Part | null; n: number } | null>(null);
  const [focusedRow, setFocusedRow] = useState<Row | null>(null);
  const panel = useRef<GroupPanelHandle>(null);
  /** Where the focus was when the panel opened: it goes back there on close. */
  const returnTo = useRef<HTMLElement | null>(null);

  const openPanel = useCallback((id: string, focus: Part) => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && !active.closest('.group-panel, dialog')) returnTo.current = active;
    setOpen((current) => ({ id, focus, n: (current?.n ?? 0) + 1 }));
  }, []);
  const onFocusRow = useCallback((row: Row | null) => {
    setFocusedRow(row);
    // The open panel follows the row the focus moves to.
    if (row) {
      setOpen((current) =>
        current && current.id !== row._id ? { id: row._id, focus: null, n: current.n + 1 } : current,
      );
    }
  }, []);
  const close = useCallback(() => {
    setOpen(null);
    const back = returnTo.current;
    const cell = document.querySelector<HTMLElement>('.grid-screen .ag-cell-focus');
    (back?.isConnected ? back : cell)?.focus();
  }, []);

  // The focus moves into the panel once it shows the group asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening (its count) moves the focus once.
  useEffect(() => {
    const part = open?.focus;
    if (!part) return;
    // The panel's controls render after the group loads: try until they are there (two seconds at most).
    let tries = 0;
    const timer = setInterval(() => {
      if (panel.current?.ready(part) || ++tries > 40) {
        clearInterval(timer);
        panel.current?.focus(part);
      }
    }, 50);
    return () => clearInterval(timer);
  }, [open?.n]);

  const target = open?.id ?? focusedRow?._id ?? null;
  const isOpen = !!open;
  const commands = useMemo(
    () =>
      groupCommands({
        hasGroup: !!target,
        isOpen,
        editMembers: () => target && openPanel(target, 'members'),
        editSchedule: () => target && openPanel(target, 'schedule'),
        close,
      }),
    [target, isOpen, openPanel, close],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className={open ? 'group-layout group-layout-open' : 'group-layout'}>
        <ResourceGrid
          spec={attendanceGroupsGrid}
          title={title}
          canWrite={canWrite}
          onOpen={(row) => openPanel(row._id, 'panel')}
          onFocusRow={onFocusRow}
        />
        {open && <GroupPanel key={open.id} ref={panel} groupId={open.id} canWrite={canWrite} onClose={close} />}
      </div>
    </>
  );
}
