/**
 * access-level → assign-access (issue 26, spec 6: admin and sub_admin): who holds which custom access level, and
 * assigning several employees at once. The upper grid lists the custom-level users (their level is changed in its
 * cell: Enter, pick, Enter; Delete takes it away). The lower grid lists the other employees: Space selects the focused
 * one, Shift+↓ / Shift+↑ extend the selection, and `a` (or the Assign button) gives every selected employee the
 * chosen level in one request (all or none).
 */
import './access.css';
import type { CellKeyDownEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import {
  assignCustom,
  changeCustomRole,
  type Holder,
  listCustomUsers,
  listRoleOptions,
  loadPeople,
  removeHolder,
} from './api.ts';
import { ConfirmRevoke } from './parts.tsx';

type Load =
  | { state: 'loading' }
  | {
      state: 'ready';
      users: Holder[];
      roles: { _id: string; code: string; access_level: string }[];
      people: Awaited<ReturnType<typeof loadPeople>>['employees'];
    }
  | { state: 'failed'; message: string };
type Candidate = { _id: string; label: string; department: string | null };
const always = () => true;

export default function AssignAccess({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const canWrite = useCanWrite(entry.id);
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [role, setRole] = useState('');
  const [selected, setSelected] = useState(0);
  const [removing, setRemoving] = useState<Holder | null>(null);
  const usersGrid = useRef<GridApi<Holder> | null>(null);
  const peopleGrid = useRef<GridApi<Candidate> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after a change.
  useEffect(() => {
    let current = true;
    Promise.all([listCustomUsers(), listRoleOptions(), loadPeople()]).then(
      ([users, roles, people]) => {
        if (!current) return;
        setLoad({ state: 'ready', users, roles, people: people.employees });
        setRole((chosen) => chosen || roles[0]?._id || '');
      },
      (reason: unknown) => current && setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const roleName = useMemo(
    () => new Map(load.state === 'ready' ? load.roles.map((r) => [r._id, `${r.access_level} (${r.code})`]) : []),
    [load],
  );
  const candidates = useMemo<Candidate[]>(() => {
    if (load.state !== 'ready') return [];
    const held = new Set(load.users.map((u) => u.employee));
    return load.people.filter((p) => !held.has(p._id));
  }, [load]);

  const userColumns = useMemo<ColDef<Holder>[]>(
    () => [
      { field: 'fullname', headerName: t('access.fields.fullname'), width: 240, pinned: 'left' },
      { field: 'employee_id', headerName: t('access.fields.employee_id'), width: 140 },
      {
        colId: 'department',
        headerName: t('access.fields.department'),
        width: 200,
        valueGetter: (p) => p.data?.department?.name ?? '',
      },
      {
        colId: 'access_role',
        headerName: t('access.fields.access_role'),
        width: 260,
        editable: canWrite,
        valueGetter: (p) => p.data?.access_role?._id ?? '',
        valueFormatter: (p) => roleName.get(p.value as string) ?? '',
        valueSetter: () => false,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: [...roleName.keys()], formatValue: (v: string) => roleName.get(v) ?? '' },
      },
    ],
    [t, canWrite, roleName],
  );
  const peopleColumns = useMemo<ColDef<Candidate>[]>(
    () => [
      { field: 'label', headerName: t('access.fields.employee'), flex: 1, minWidth: 280 },
      { field: 'department', headerName: t('access.fields.department'), width: 220 },
    ],
    [t],
  );

  const assign = async () => {
    const rows = peopleGrid.current?.getSelectedRows() ?? [];
    if (!canWrite || !role || rows.length === 0) {
      if (rows.length === 0) toast(t('access.assign.pickEmployees'), 'error');
      return;
    }
    try {
      const assigned = await assignCustom(
        rows.map((r) => r._id),
        role,
      );
      toast(t('access.assign.assigned', { count: assigned.length, level: roleName.get(role) ?? '' }), 'success');
      setAttempt((n) => n + 1);
    } catch (reason) {
      toast(errorText(t, toApiError(reason)), 'error');
    }
  };
  const remove = () => {
    const cell = usersGrid.current?.getFocusedCell();
    const holder = cell ? usersGrid.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data : undefined;
    if (canWrite && holder) setRemoving(holder);
  };

  const actions = useRef({ assign, remove });
  actions.current = { assign, remove };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'assign-access:assign',
        label: 'access.assign.assign',
        keywords: ['assign', 'access', 'level', 'role', 'tetapkan', 'akses', '分配', '权限'],
        group: 'context',
        shortcut: { key: 'a' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => void actions.current.assign(), 0);
        },
      },
    ],
    [canWrite],
  );
  useCommands(commands, [commands]);

  /**
   * Shift+↓ / Shift+↑: the next row joins the selection; Space is AG Grid's own toggle of the focused row, and `a` the
   * screen's assign command (its shortcut).
   */
  const extend = (event: CellKeyDownEvent<Candidate>) => {
    const key = event.event as KeyboardEvent | undefined;
    if (!key) return;
    if (!key.shiftKey || (key.key !== 'ArrowDown' && key.key !== 'ArrowUp')) return;
    const api = peopleGrid.current;
    if (!api || event.rowIndex === null) return;
    event.node.setSelected(true);
    const next = api.getDisplayedRowAtIndex(event.rowIndex + (key.key === 'ArrowDown' ? 1 : -1));
    next?.setSelected(true);
  };

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      {load.state === 'loading' && <p className="muted">{t('common.loading')}</p>}
      {load.state === 'failed' && <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'ready' && (
        <>
          <section className="grid-screen access-users" aria-label={t('access.assign.holders')}>
            <h2>{t('access.assign.holders')}</h2>
            <div
              className="grid-frame access-small-grid"
              onKeyDownCapture={(event) => {
                if ((event.target as HTMLElement).closest('select, input, .ag-cell-inline-editing')) return;
                if (event.key === 'Delete') {
                  event.preventDefault();
                  remove();
                }
              }}
            >
              <AgGridReact<Holder>
                modules={gridModules}
                theme={gridTheme}
                rowData={load.users}
                columnDefs={userColumns}
                getRowId={(p) => p.data._id}
                stopEditingWhenCellsLoseFocus
                onGridReady={(event) => {
                  usersGrid.current = event.api;
                }}
                onCellEditingStopped={(event) => {
                  const holder = event.data;
                  const value = (event.newValue as string | undefined) ?? '';
                  if (!holder || !value || value === holder.access_role?._id) return;
                  changeCustomRole(holder._id, value).then(
                    () => setAttempt((n) => n + 1),
                    (reason: unknown) => toast(errorText(t, toApiError(reason)), 'error'),
                  );
                }}
                overlayNoRowsTemplate={`<span>${t('access.assign.noHolders')}</span>`}
              />
            </div>
          </section>
          {canWrite && (
            <section className="grid-screen access-assign" aria-label={t('access.assign.title')}>
              <h2>{t('access.assign.title')}</h2>
              <div className="grid-toolbar" role="toolbar" aria-label={t('access.assign.title')}>
                <label htmlFor={`${id}-role`}>{t('access.fields.access_role')}</label>
                <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value)}>
                  {load.roles.map((r) => (
                    <option key={r._id} value={r._id}>
                      {r.access_level} ({r.code})
                    </option>
                  ))}
                </select>
                <button type="button" className="primary" onClick={() => void assign()} aria-keyshortcuts="A">
                  {t('access.assign.assignCount', { count: selected })}
                </button>
              </div>
              <p className="hint">{t('access.assign.hint')}</p>
              <div className="grid-frame access-small-grid">
                <AgGridReact<Candidate>
                  modules={gridModules}
                  theme={gridTheme}
                  rowData={candidates}
                  columnDefs={peopleColumns}
                  getRowId={(p) => p.data._id}
                  rowSelection={{ mode: 'multiRow', enableClickSelection: true }}
                  onSelectionChanged={(event) => setSelected(event.api.getSelectedRows().length)}
                  onGridReady={(event) => {
                    peopleGrid.current = event.api;
                  }}
                  onCellKeyDown={extend}
                />
              </div>
            </section>
          )}
        </>
      )}
      {removing && (
        <ConfirmRevoke
          name={removing.fullname}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            const holder = removing;
            setRemoving(null);
            try {
              await removeHolder('custom', holder._id);
              toast(t('access.holders.removed', { name: holder.fullname }), 'success');
              setAttempt((n) => n + 1);
            } catch (reason) {
              toast(errorText(t, toApiError(reason)), 'error');
            }
          }}
        />
      )}
    </>
  );
}
