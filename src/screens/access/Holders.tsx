/**
 * access-level → sub-admin, admin-department, approver (issue 26): the employees holding the level, as a grid. `n`
 * (or the Add button) picks an employee with the shared option picker (spec 2.4) to give the level (a department admin also a department); Delete takes the
 * level away after a confirmation (back to employee). A department admin's department is edited in its cell (Enter,
 * pick, Enter). The server applies the rank rule and logs every change; the holder's menu follows on their next
 * request (src/session.ts refreshes it when the server's access stamp changes).
 */
import './access.css';
import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { Modal } from '../../grids/dialogs.tsx';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useMainFocus } from '../../layout/mainFocus.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import type { LocalSource } from '../../picker/options.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import {
  addHolder,
  type Holder,
  type HolderList,
  listHolders,
  loadPeople,
  type Option,
  removeHolder,
  setDepartment,
} from './api.ts';
import { ConfirmRevoke } from './parts.tsx';

type Load = { state: 'loading' } | { state: 'ready'; rows: Holder[] } | { state: 'failed'; message: string };
type People = Awaited<ReturnType<typeof loadPeople>>;
const always = () => true;
const hints = {
  'sub-admin': 'access.holders.hint.sub-admin',
  'admin-department': 'access.holders.hint.admin-department',
  approver: 'access.holders.hint.approver',
} as const satisfies Record<HolderList, string>;

export default function Holders({ entry, trail }: ScreenProps) {
  const list = entry.id as HolderList;
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const canWrite = useCanWrite(entry.id);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Holder | null>(null);
  const [people, setPeople] = useState<People>({ employees: [], departments: [] });
  const grid = useRef<GridApi<Holder> | null>(null);
  const region = useRef<HTMLElement>(null);
  const withDepartment = list === 'admin-department';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads (after a change, "Try again").
  useEffect(() => {
    const abort = new AbortController();
    listHolders(list, abort.signal).then(
      (rows) => setLoad({ state: 'ready', rows }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [attempt, list]);

  useEffect(() => {
    if (!canWrite) return;
    loadPeople().then(setPeople, (reason: unknown) => toast(errorText(t, toApiError(reason)), 'error'));
  }, [canWrite, t]);

  const taken = useMemo(() => new Set(load.state === 'ready' ? load.rows.map((row) => row.employee) : []), [load]);
  const departmentName = useMemo(() => new Map(people.departments.map((d) => [d._id, d.label])), [people]);
  const columnDefs = useMemo<ColDef<Holder>[]>(
    () => [
      { field: 'fullname', headerName: t('access.fields.fullname'), width: 240, pinned: 'left' },
      { field: 'employee_id', headerName: t('access.fields.employee_id'), width: 140 },
      { field: 'username', headerName: t('access.fields.username'), width: 160 },
      { field: 'email', headerName: t('access.fields.email'), width: 240 },
      {
        colId: 'department',
        headerName: t('access.fields.department'),
        width: 220,
        editable: withDepartment && canWrite,
        cellClass: withDepartment && canWrite ? undefined : 'cell-readonly',
        valueGetter: (p) => p.data?.department?._id ?? '',
        valueFormatter: (p) =>
          p.data?.department?.name ?? (p.value ? (departmentName.get(p.value as string) ?? '') : ''),
        valueSetter: () => false,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: {
          values: ['', ...people.departments.map((d) => d._id)],
          formatValue: (v: string) => departmentName.get(v) ?? '—',
        },
      },
      {
        colId: 'updated_at',
        headerName: t('access.fields.since'),
        width: 150,
        valueGetter: (p) => p.data?.updated_at.slice(0, 10) ?? '',
      },
    ],
    [t, withDepartment, canWrite, people, departmentName],
  );

  const focused = (): Holder | null => {
    const cell = grid.current?.getFocusedCell();
    return (cell && grid.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data) || null;
  };
  const create = () => canWrite && setAdding(true);
  const remove = (holder: Holder | null = focused()) => canWrite && holder && setRemoving(holder);

  useMainFocus(region, true, load, () => {
    const api = grid.current;
    if (!api || load.state !== 'ready') return false;
    if (!load.rows.length) return true;
    if (!region.current?.querySelector('[row-index="0"] [role="gridcell"]')) return false;
    api.setFocusedCell(0, 'fullname');
    return true;
  });

  const actions = useRef({ create, remove });
  actions.current = { create, remove };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: `${list}:add`,
        label: 'access.holders.add',
        keywords: ['add', 'assign', 'level', 'tambah', 'tetapkan', '添加', '分配'],
        group: 'context',
        shortcut: { key: 'n' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.create(), 0);
        },
      },
      {
        id: `${list}:remove`,
        label: 'access.holders.remove',
        keywords: ['remove', 'revoke', 'hapus', 'cabut', '移除'],
        group: 'context',
        shortcut: { key: 'Delete' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.remove(), 0);
        },
      },
    ],
    [canWrite, list],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section ref={region} className="grid-screen" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          {canWrite && (
            <>
              <button type="button" className="primary" onClick={create} aria-keyshortcuts="N">
                {t('access.holders.add')}
              </button>
              <button type="button" onClick={() => remove()} aria-keyshortcuts="Delete">
                {t('access.holders.remove')}
              </button>
            </>
          )}
        </div>
        <p className="hint">{t(hints[list])}</p>
        {load.state === 'failed' && <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />}
        {load.state === 'ready' && (
          <div
            className="grid-frame"
            onKeyDownCapture={(event) => {
              if (
                event.altKey ||
                (event.target as HTMLElement).closest('input, select, .ag-popup, .ag-cell-inline-editing')
              )
                return;
              const mod = event.ctrlKey || event.metaKey;
              const run =
                (mod && event.key === 'Enter') || (!mod && event.key === 'n')
                  ? create
                  : !mod && event.key === 'Delete'
                    ? () => remove()
                    : null;
              if (!run) return;
              event.preventDefault();
              event.stopPropagation();
              run();
            }}
          >
            <AgGridReact<Holder>
              modules={gridModules}
              theme={gridTheme}
              rowData={load.rows}
              columnDefs={columnDefs}
              getRowId={(p) => p.data._id}
              singleClickEdit={false}
              stopEditingWhenCellsLoseFocus
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellValueChanged={() => {}}
              onCellEditingStopped={(event) => {
                const holder = event.data;
                const value = (event.newValue as string | undefined) ?? '';
                if (!holder || event.colDef.colId !== 'department' || value === (holder.department?._id ?? '')) return;
                setDepartment(holder._id, value || null).then(
                  (saved) => {
                    toast(t('access.holders.departmentSaved', { name: saved.fullname }), 'success');
                    setAttempt((n) => n + 1);
                  },
                  (reason: unknown) => toast(errorText(t, toApiError(reason)), 'error'),
                );
              }}
              overlayNoRowsTemplate={`<span>${t('access.holders.empty')}</span>`}
            />
          </div>
        )}
      </section>
      {adding && (
        <AddHolder
          list={list}
          people={people}
          taken={taken}
          onClose={(saved) => {
            setAdding(false);
            if (saved) {
              toast(t('access.holders.added', { name: saved.fullname, level: t(`levels.${saved.level}`) }), 'success');
              setAttempt((n) => n + 1);
            }
          }}
        />
      )}
      {removing && (
        <ConfirmRevoke
          name={removing.fullname}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            const holder = removing;
            setRemoving(null);
            try {
              await removeHolder(list, holder._id);
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

function AddHolder({
  list,
  people,
  taken,
  onClose,
}: {
  list: HolderList;
  people: People;
  taken: ReadonlySet<string>;
  onClose: (saved: Holder | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [employee, setEmployee] = useState('');
  const [department, setDepartmentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The shared option picker (spec 2.4) over the people already loaded: typing filters, Enter chooses.
  const employeeSource = useMemo<LocalSource<string>>(
    () => ({
      kind: 'local',
      options: people.employees
        .filter((e) => !taken.has(e._id))
        .map((e) => ({ key: e._id, label: e.label, value: e._id, ...(e.department ? { detail: e.department } : {}) })),
    }),
    [people, taken],
  );
  const departmentSource = useMemo<LocalSource<string>>(
    () => ({
      kind: 'local',
      options: people.departments.map((d: Option) => ({ key: d._id, label: d.label, value: d._id })),
    }),
    [people],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!employee) {
      setError(t('validation.required'));
      return;
    }
    setSaving(true);
    try {
      onClose(await addHolder(list, employee, list === 'admin-department' ? department || null : undefined));
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
      setSaving(false);
    }
  };

  return (
    <Modal title={t('access.holders.addTitle', { level: t(`menu.${list}`) })} onCancel={() => onClose(null)}>
      <form className="access-form" onSubmit={(event) => void submit(event)} noValidate>
        <AutoFocus>
          <PickerField<string>
            id={`${id}-employee`}
            label={t('access.fields.employee')}
            value={employee || null}
            source={employeeSource}
            clearable={false}
            placeholder={t('access.holders.pick')}
            error={error}
            onChange={(value) => {
              setEmployee(value ?? '');
              setError(null);
            }}
          />
        </AutoFocus>
        {list === 'admin-department' && (
          <PickerField<string>
            id={`${id}-department`}
            label={t('access.fields.department')}
            value={department || null}
            source={departmentSource}
            placeholder={t('access.holders.ownDepartment')}
            onChange={(value) => setDepartmentId(value ?? '')}
          />
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary" data-default disabled={saving}>
            {t('access.holders.add')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Focuses the first button inside once mounted: the dialog opens on its employee picker. */
function AutoFocus({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, []);
  return <div ref={box}>{children}</div>;
}
