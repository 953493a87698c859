/**
 * The attendance group's detail beside the groups grid (issue #12): the weekly schedule of a fixed_schedule group (one
 * shift per weekday, with the option picker) and the members (add an employee by name or code, or a whole department;
 * remove with Delete; Ctrl+Z puts back the last change). Every change is saved at once: the schedule through the
 * group's own update (the grid beside reloads the row), the members through `PUT /v1/attendance-groups/{id}/members`.
 * An employee already in another group is refused by the server (409 `in_other_group`) and said here, naming that
 * group: moving someone is two deliberate edits (docs/decisions/0032).
 */
import {
  ClientSideRowModelModule,
  type ColDef,
  type GridApi,
  type Module,
  QuickFilterModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { forwardRef, type KeyboardEvent, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { announceRowChanged, onListWritten } from '../../grids/api.ts';
import { attendanceGroupsGrid } from '../../grids/specs/attendance-groups.ts';
import { gridTheme } from '../../grids/theme.ts';
import type { ApiRecord, PickerOption, PickerSource } from '../../picker/options.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { errorText } from '../../validation.ts';

type Group = Schemas['AttendanceGroup'];
type Shift = Schemas['Shift'];
type Member = Schemas['AttendanceGroupMembersDetail']['employees'][number];
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];
type Schedule = Partial<Record<Weekday, string | null>>;

/**
 * AG Grid answers an API call whose module is missing with `undefined` (and a console line only): Delete's
 * `getDisplayedRowAtIndex` (RowApi) and the filter's `ensureIndexVisible` (ScrollApi) need theirs.
 */
const modules: Module[] = [
  ClientSideRowModelModule,
  RowSelectionModule,
  QuickFilterModule,
  RowApiModule,
  ScrollApiModule,
];
/** Employees a department adds at most in one step (the members route takes 10,000). */
const DEPARTMENT_LIMIT = 10_000;

/** The weekday's name in the interface language (2024-01-01 was a Monday). */
export function weekdayName(day: Weekday, language: string): string {
  const date = new Date(Date.UTC(2024, 0, 1 + weekdays.indexOf(day)));
  return date.toLocaleDateString(language, { weekday: 'long', timeZone: 'UTC' });
}

const shiftOption = (shift: Shift): PickerOption<string> => ({
  key: shift._id,
  label: shift.name,
  detail: shift.start_time ? `${shift.code} · ${shift.start_time}–${shift.finish_time}` : shift.code,
  value: shift._id,
});

const employeeSource: PickerSource<ApiRecord> = {
  kind: 'server',
  path: '/v1/employees',
  searchField: 'fullname',
  // Name or employee ID: every search field of the employee list.
  searchIn: false,
  map: (record) => ({
    key: record._id,
    label: String(record.fullname ?? ''),
    detail: String(record.employee_id ?? ''),
    value: record,
  }),
};

const departmentSource: PickerSource<ApiRecord> = {
  kind: 'server',
  path: '/v1/refs/employees/orgs/departments',
  searchField: 'name',
};

/** What the screen asks of the panel: where to put the focus. */
export interface GroupPanelHandle {
  /** Whether that part is on screen (the group and its members have loaded). */
  ready(part: 'panel' | 'schedule' | 'members'): boolean;
  focus(part: 'panel' | 'schedule' | 'members'): void;
}

interface Props {
  groupId: string;
  canWrite: boolean;
  onClose(): void;
}

export const GroupPanel = forwardRef<GroupPanelHandle, Props>(function GroupPanel({ groupId, canWrite, onClose }, ref) {
  const { t, i18n } = useTranslation();
  const [group, setGroup] = useState<Group | null>(null);
  const [shifts, setShifts] = useState<Shift[]>([]);
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [filter, setFilter] = useState('');
  /** Member sets before each change, for Ctrl+Z. */
  const history = useRef<string[][]>([]);
  const root = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const membersGrid = useRef<GridApi<Member> | null>(null);
  const headingId = `group-panel-${groupId}`;
  const groupRef = useRef(group);
  groupRef.current = group;
  const membersRef = useRef(members);
  membersRef.current = members;

  useImperativeHandle(ref, () => {
    /** The part's first control: Monday's shift, the employee picker (the members list when read-only). */
    const first = (part: 'panel' | 'schedule' | 'members') =>
      part === 'schedule'
        ? root.current?.querySelector<HTMLElement>('.group-schedule .picker-field-button')
        : part === 'members'
          ? root.current?.querySelector<HTMLElement>(
              '.group-members .picker-field-button, .group-members [role="gridcell"], .group-members [role="grid"]',
            )
          : null;
    return {
      ready: (part) => !!groupRef.current && membersRef.current !== null && (part === 'panel' || !!first(part)),
      focus: (part) => (first(part) ?? heading.current)?.focus(),
    };
  });

  // The group (again after the grid beside it wrote to the list: a new type or name), its members and the shifts.
  useEffect(() => onListWritten(attendanceGroupsGrid.path, () => setReloads((n) => n + 1)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` refetches after a write elsewhere.
  useEffect(() => {
    let current = true;
    setError(null);
    call(api.GET('/v1/attendance-groups/{id}', { params: { path: { id: groupId } } })).then(
      (body) => current && setGroup(body.data),
      (reason: unknown) => current && setError(errorText(t, toApiError(reason))),
    );
    return () => {
      current = false;
    };
  }, [groupId, reloads, t]);
  useEffect(() => {
    let current = true;
    history.current = [];
    setMembers(null);
    setStatus('');
    call(api.GET('/v1/attendance-groups/{id}/members', { params: { path: { id: groupId } } })).then(
      (body) => current && setMembers(body.data.employees),
      (reason: unknown) => current && setError(errorText(t, toApiError(reason))),
    );
    return () => {
      current = false;
    };
  }, [groupId, t]);
  useEffect(() => {
    let current = true;
    // The spec's call for the whole shift list (decision 0031).
    call(api.GET('/v1/shifts', { params: { query: { limit: 9_999_999, skip: 0, sort: 'name' } } })).then(
      (body) => current && setShifts(body.data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  const shiftOptions = useMemo(() => shifts.map(shiftOption), [shifts]);
  const schedule = (group?.schedule ?? {}) as Schedule;

  const setDay = async (day: Weekday, shift: string | null) => {
    if (!group || !canWrite) return;
    setError(null);
    try {
      const body = await call(
        api.PUT('/v1/attendance-groups/{id}', {
          params: { path: { id: group._id } },
          body: { schedule: { ...schedule, [day]: shift }, version: group.version },
          headers: { [INLINE_ERRORS_HEADER]: '1' },
        }),
      );
      setGroup(body.data);
      announceRowChanged(attendanceGroupsGrid.path, group._id);
      setStatus(t('attendanceGroups.schedule.saved', { day: weekdayName(day, i18n.language) }));
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
      setReloads((n) => n + 1);
    }
  };

  /** The refusal in words: who is in which other group, else the server's error translated. */
  const refusal = (failure: ApiError, added: readonly { _id: string; fullname: string }[]): string => {
    const detail = failure.fields?.members;
    if (failure.code === 'in_other_group' && detail) {
      const params = (detail.params ?? {}) as { group?: string; count?: number; ids?: string[] };
      const named = added.filter((employee) => params.ids?.includes(employee._id));
      const only = named.length === 1 && params.count === 1 ? named[0] : undefined;
      return only
        ? t('attendanceGroups.members.inOtherGroupOne', { name: only.fullname, group: params.group })
        : t('attendanceGroups.members.inOtherGroup', { count: params.count ?? named.length, group: params.group });
    }
    return errorText(t, failure);
  };

  /** Saves the member set; `added` names the employees this change adds (for the refusal). */
  const save = async (
    next: Member[],
    message: string,
    added: readonly { _id: string; fullname: string }[] = [],
    undoing = false,
  ): Promise<boolean> => {
    if (!members || !canWrite) return false;
    setError(null);
    setBusy(true);
    try {
      await call(
        api.PUT('/v1/attendance-groups/{id}/members', {
          params: { path: { id: groupId } },
          body: { members: next.map((member) => member._id) },
          headers: { [INLINE_ERRORS_HEADER]: '1' },
        }),
      );
      if (!undoing) history.current.push(members.map((member) => member._id));
      const sorted = [...next].sort(
        (a, b) => a.fullname.localeCompare(b.fullname) || a.employee_id.localeCompare(b.employee_id),
      );
      setMembers(sorted);
      setStatus(message);
      return true;
    } catch (reason) {
      setError(refusal(toApiError(reason), added));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /**
   * The pickers are disabled while a change saves, which drops the focus: it goes back to the picker that made the
   * change, ready for the next employee typed.
   */
  const refocus = useRef<HTMLElement | null>(null);
  const refocusPicker = (index: 0 | 1) => {
    refocus.current =
      root.current?.querySelectorAll<HTMLElement>('.group-members-add .picker-field-button')[index] ?? null;
  };
  useEffect(() => {
    const target = refocus.current;
    if (busy || !target) return;
    refocus.current = null;
    if (target.isConnected && (document.activeElement === document.body || !document.activeElement)) target.focus();
  }, [busy]);

  const known = useMemo(() => new Set(members?.map((member) => member._id)), [members]);

  const addEmployee = (record: ApiRecord | null) => {
    if (!record || !members) return;
    const employee: Member = {
      _id: record._id,
      employee_id: String(record.employee_id ?? ''),
      fullname: String(record.fullname ?? ''),
    };
    if (known.has(employee._id)) {
      setStatus(t('attendanceGroups.members.already', { name: employee.fullname }));
      return;
    }
    refocusPicker(0);
    void save([...members, employee], t('attendanceGroups.members.addedOne', { name: employee.fullname }), [employee]);
  };

  const addDepartment = async (department: ApiRecord | null) => {
    if (!department || !members) return;
    setError(null);
    try {
      const body = await call(
        api.GET('/v1/employees', {
          params: {
            query: {
              department: [department._id],
              fields: '_id,employee_id,fullname',
              limit: DEPARTMENT_LIMIT,
              sort: 'fullname',
            },
          },
        }),
      );
      const fresh = (body.data as unknown as Member[]).filter((employee) => !known.has(employee._id));
      const name = String(department.name ?? '');
      if (fresh.length === 0) {
        setStatus(t('attendanceGroups.members.departmentNone', { department: name }));
        return;
      }
      refocusPicker(1);
      await save(
        [...members, ...fresh],
        t('attendanceGroups.members.departmentAdded', { count: fresh.length, department: name }),
        fresh,
      );
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };

  /** Delete: the selected members, else the focused one; the focus stays on the list. */
  const removeChosen = async () => {
    const grid = membersGrid.current;
    if (!grid || !members || !canWrite) return;
    let chosen = grid.getSelectedRows();
    const focused = grid.getFocusedCell();
    if (chosen.length === 0 && focused) {
      const row = grid.getDisplayedRowAtIndex(focused.rowIndex)?.data;
      if (row) chosen = [row];
    }
    if (chosen.length === 0) return;
    const gone = new Set(chosen.map((member) => member._id));
    const message =
      chosen.length === 1 && chosen[0]
        ? t('attendanceGroups.members.removedOne', { name: chosen[0].fullname })
        : t('attendanceGroups.members.removed', { count: chosen.length });
    const saved = await save(
      members.filter((member) => !gone.has(member._id)),
      message,
    );
    if (saved && focused) {
      const index = Math.min(focused.rowIndex, members.length - gone.size - 1);
      if (index >= 0) setTimeout(() => grid.isDestroyed() || grid.setFocusedCell(index, focused.column), 0);
    }
  };

  const undo = async () => {
    const previous = history.current.pop();
    if (!previous || !members) return;
    // The previous set's people: those still listed, and those removed by the change being undone (reloaded).
    const body = await call(
      api.GET('/v1/employees', {
        params: { query: { fields: '_id,employee_id,fullname', limit: DEPARTMENT_LIMIT } },
      }),
    ).catch(() => null);
    const everyone = new Map<string, Member>(
      [...((body?.data ?? []) as unknown as Member[]), ...members].map((member) => [member._id, member]),
    );
    const next = previous.flatMap((id) => everyone.get(id) ?? []);
    if (!(await save(next, t('attendanceGroups.members.undone'), [], true))) history.current.push(previous);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('.picker-popover')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    } else if (mod && !event.shiftKey && event.key.toLowerCase() === 'z' && target.closest('.group-members')) {
      event.preventDefault();
      void undo();
    }
  };

  const columnDefs = useMemo<ColDef<Member>[]>(
    () => [
      { field: 'employee_id', headerName: t('attendance.daily.employeeId'), width: 130 },
      { field: 'fullname', headerName: t('attendance.daily.name'), flex: 1, minWidth: 160 },
    ],
    [t],
  );

  const typeLabel = group ? t(`enums.attendance_group_type.${group.type}`) : '';

  return (
    <aside ref={root} className="group-panel" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className="group-panel-header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {group?.name ?? t('common.loading')}
        </h2>
        {group && <span className="muted">{typeLabel}</span>}
        <button type="button" className="group-panel-close" onClick={onClose} aria-keyshortcuts="Escape">
          {t('attendanceGroups.close')}
        </button>
      </header>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}

      {group && (
        <section className="group-schedule" aria-labelledby={`${headingId}-schedule`}>
          <h3 id={`${headingId}-schedule`}>{t('attendanceGroups.schedule.title')}</h3>
          {group.type === 'fixed_schedule' ? (
            <div className="group-schedule-days">
              {weekdays.map((day) => (
                <PickerField<string>
                  key={day}
                  label={weekdayName(day, i18n.language)}
                  value={schedule[day] ?? null}
                  source={{ kind: 'local', options: shiftOptions }}
                  placeholder={t('attendanceGroups.schedule.none')}
                  disabled={!canWrite}
                  onChange={(value) => void setDay(day, value)}
                />
              ))}
            </div>
          ) : (
            <p className="muted">
              {t(
                group.type === 'working_shift'
                  ? 'attendanceGroups.schedule.roster'
                  : 'attendanceGroups.schedule.freeShift',
              )}
            </p>
          )}
        </section>
      )}

      <section className="group-members" aria-labelledby={`${headingId}-members`}>
        <h3 id={`${headingId}-members`}>
          {members ? t('attendanceGroups.members.title', { count: members.length }) : t('common.loading')}
        </h3>
        {canWrite && (
          <div className="group-members-add">
            <PickerField<ApiRecord>
              label={t('attendanceGroups.members.addEmployee')}
              value={null}
              clearable={false}
              source={employeeSource}
              placeholder={t('attendanceGroups.members.searchEmployee')}
              disabled={busy || !members}
              onChange={addEmployee}
            />
            <PickerField<ApiRecord>
              label={t('attendanceGroups.members.addDepartment')}
              value={null}
              clearable={false}
              source={departmentSource}
              placeholder={t('attendanceGroups.members.searchDepartment')}
              disabled={busy || !members}
              onChange={(value) => void addDepartment(value)}
            />
          </div>
        )}
        <p className="hint">{t(canWrite ? 'attendanceGroups.members.hint' : 'attendanceGroups.members.readOnly')}</p>
        <input
          type="search"
          className="group-members-filter"
          placeholder={t('attendanceGroups.members.filter')}
          aria-label={t('attendanceGroups.members.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={(event) => {
            // Down or Enter: to the first member shown (Delete then removes it).
            const grid = membersGrid.current;
            if ((event.key === 'ArrowDown' || event.key === 'Enter') && grid?.getDisplayedRowAtIndex(0)) {
              event.preventDefault();
              grid.ensureIndexVisible(0);
              grid.setFocusedCell(0, 'employee_id');
              // AG Grid marks the cell; the browser's focus must move there too (Delete acts on the focused cell).
              root.current
                ?.querySelector<HTMLElement>('.group-members-grid [row-index="0"] [col-id="employee_id"]')
                ?.focus();
            }
          }}
        />
        <div
          className="group-members-grid"
          onKeyDownCapture={(event) => {
            if ((event.key === 'Delete' || event.key === 'Backspace') && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              void removeChosen();
            }
          }}
        >
          <AgGridReact<Member>
            modules={modules}
            theme={gridTheme}
            rowData={members ?? []}
            columnDefs={columnDefs}
            getRowId={(params) => params.data._id}
            quickFilterText={filter}
            rowSelection={{ mode: 'multiRow', checkboxes: canWrite, headerCheckbox: canWrite }}
            onGridReady={(event) => {
              membersGrid.current = event.api;
            }}
            overlayNoRowsTemplate={`<span>${t('attendanceGroups.members.none')}</span>`}
          />
        </div>
        <p role="status" className="muted">
          {status}
        </p>
      </section>
    </aside>
  );
});
