/**
 * access-level → role-permission (issue 26, spec 6): the company's custom access levels as an editable grid (code,
 * name; new rows, delete: refused with the count of users still holding the level), and below it the focused level's
 * permissions as a matrix of menus × read / write from `permission-list`. In the matrix, Space ticks the focused
 * cell's box (read or write; write ticks read too, unticking read unticks write); every tick is saved at once.
 */
import './access.css';
import type { CellKeyDownEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, toApiError } from '../../api/client.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { announceRowChanged, onListWritten } from '../../grids/api.ts';
import { gridModules } from '../../grids/modules.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { rolesGrid } from '../../grids/specs/roles.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { MenuId } from '../../menu/index.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { listPermissions, type PermissionOption } from './api.ts';

interface Role {
  _id: string;
  code: string;
  access_level: string;
  permissions: string[];
  version: number;
}
interface MatrixRow extends PermissionOption {
  label: string;
  group: string;
  canRead: boolean;
  canWrite: boolean;
}

export default function RolePermission({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [focused, setFocused] = useState<string | null>(null);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid
        spec={rolesGrid}
        title={title}
        canWrite={canWrite}
        embedded
        onFocusRow={(row) => {
          const id = row?._id;
          if (typeof id === 'string' && !id.startsWith('new')) setFocused(id);
        }}
      />
      <PermissionMatrix roleId={focused} canWrite={canWrite} />
    </>
  );
}

function PermissionMatrix({ roleId, canWrite }: { roleId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<PermissionOption[]>([]);
  const [role, setRole] = useState<Role | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grid = useRef<GridApi<MatrixRow> | null>(null);
  const saving = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    listPermissions().then(setOptions, (reason: unknown) => setError(errorText(t, toApiError(reason))));
  }, [t]);

  const load = useCallback(
    async (id: string) => {
      try {
        const reply = await call(api.GET('/v1/roles/{id}', { params: { path: { id } } }));
        setRole(reply.data as Role);
        setError(null);
      } catch (reason) {
        setRole(null);
        setError(errorText(t, toApiError(reason)));
      }
    },
    [t],
  );

  useEffect(() => {
    if (roleId) void load(roleId);
    else setRole(null);
  }, [roleId, load]);
  // A code or name edited in the grid above changes the level's version: follow it.
  useEffect(() => onListWritten('/v1/roles', () => roleId && void load(roleId)), [roleId, load]);

  const rows = useMemo<MatrixRow[]>(() => {
    const held = new Set(role?.permissions ?? []);
    return options.map((option) => ({
      ...option,
      label: t(`menu.${option.menu as MenuId}`),
      group: option.parents.map((p) => t(`menu.${p as MenuId}`)).join(' › '),
      canRead: held.has(`${option.menu}:read`),
      canWrite: held.has(`${option.menu}:write`),
    }));
  }, [options, role, t]);

  const toggle = (row: MatrixRow, which: 'read' | 'write') => {
    if (!role || !canWrite) return;
    if (which === 'write' && !row.write) return;
    const held = new Set(role.permissions);
    const read = `${row.menu}:read`;
    const write = `${row.menu}:write`;
    if (which === 'read') {
      if (held.has(read)) {
        held.delete(read);
        held.delete(write);
      } else held.add(read);
    } else if (held.has(write)) held.delete(write);
    else {
      held.add(write);
      held.add(read);
    }
    const permissions = options.flatMap((o) => [`${o.menu}:read`, `${o.menu}:write`]).filter((p) => held.has(p));
    // Optimistic: the box shows at once; the saves go one after another, each with the version the last one left.
    setRole({ ...role, permissions });
    saving.current = saving.current.then(async () => {
      try {
        const current = await call(api.GET('/v1/roles/{id}', { params: { path: { id: role._id } } }));
        const reply = await call(
          api.PUT('/v1/roles/{id}', {
            params: { path: { id: role._id } },
            body: { permissions, version: (current.data as Role).version },
            headers: { [INLINE_ERRORS_HEADER]: '1' },
          }),
        );
        setRole(reply.data as Role);
        setStatus(t('access.roles.saved', { name: (reply.data as Role).access_level }));
        announceRowChanged('/v1/roles', role._id);
      } catch (reason) {
        setError(errorText(t, toApiError(reason)));
        void load(role._id);
      }
    });
  };

  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;
  const columnDefs = useMemo<ColDef<MatrixRow>[]>(
    () => [
      { field: 'group', headerName: t('access.roles.group'), width: 220 },
      { field: 'label', headerName: t('access.roles.menu'), width: 260 },
      {
        colId: 'read',
        headerName: t('access.roles.read'),
        width: 110,
        valueGetter: (p) => p.data?.canRead ?? false,
        cellRenderer: 'agCheckboxCellRenderer',
        cellRendererParams: { disabled: true },
        onCellClicked: (event) => event.data && toggleRef.current(event.data, 'read'),
      },
      {
        colId: 'write',
        headerName: t('access.roles.write'),
        width: 110,
        valueGetter: (p) => (p.data?.write ? p.data.canWrite : null),
        cellRenderer: (p: { data?: MatrixRow; value: boolean | null }) =>
          p.data?.write ? (
            <input
              type="checkbox"
              tabIndex={-1}
              checked={Boolean(p.value)}
              readOnly
              aria-label={`${p.data.label}: ${t('access.roles.write')}`}
            />
          ) : (
            <span className="muted">—</span>
          ),
        onCellClicked: (event) => event.data && toggleRef.current(event.data, 'write'),
      },
    ],
    [t],
  );

  return (
    <section className="access-matrix" aria-labelledby="access-matrix-title">
      <h2 id="access-matrix-title">
        {role
          ? t('access.roles.permissionsOf', { name: `${role.access_level} (${role.code})` })
          : t('access.roles.permissions')}
      </h2>
      {!role && !error && <p className="muted">{t('access.roles.pickRole')}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {role && (
        <>
          <p className="hint">{t('access.roles.hint')}</p>
          <div className="grid-frame access-matrix-grid">
            <AgGridReact<MatrixRow>
              modules={gridModules}
              theme={gridTheme}
              rowData={rows}
              columnDefs={columnDefs}
              getRowId={(p) => p.data.menu}
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellKeyDown={(event: CellKeyDownEvent<MatrixRow>) => {
                const key = (event.event as KeyboardEvent | undefined)?.key;
                const column = event.column.getColId();
                if (key !== ' ' || !event.data || (column !== 'read' && column !== 'write')) return;
                event.event?.preventDefault();
                toggle(event.data, column);
              }}
            />
          </div>
        </>
      )}
      <p role="status" className="muted">
        {status}
      </p>
    </section>
  );
}
