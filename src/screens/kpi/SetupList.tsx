/**
 * The list shell of the KPI set-up screens (assessor flows, rules): a read-only grid of the records, and the keys
 * every list here takes: `n` (Ctrl+Enter too) adds, Enter or `e` edits the focused row, Delete removes it after a
 * confirmation. The editor is the screen's own dialog.
 */
import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { ParseKeys } from 'i18next';
import { type ComponentProps, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { onFormKey } from '../../components/formKeys.ts';
import { Modal } from '../../components/Modal.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ConfirmDelete } from '../../grids/dialogs.tsx';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useMainFocus } from '../../layout/mainFocus.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import './kpi.css';

type Load<T> = { state: 'loading' } | { state: 'ready'; rows: T[] } | { state: 'failed'; message: string };
const always = () => true;

/** Plain keys typed in a dialog stay there: the list's shortcuts (n, e) must not act behind it. */
const keepPlainKeys = (event: KeyboardEvent) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  onFormKey(event);
  event.stopPropagation();
};

export function OwnKeysModal({ children, ...props }: ComponentProps<typeof Modal>) {
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = body.current;
    element?.addEventListener('keydown', keepPlainKeys);
    return () => element?.removeEventListener('keydown', keepPlainKeys);
  }, []);
  return (
    <Modal {...props}>
      <div ref={body}>{children}</div>
    </Modal>
  );
}

export function SetupList<T extends { _id: string; name: string }>({
  screen,
  canWrite,
  commandPrefix,
  labels,
  load: loadRows,
  remove: removeRow,
  columns,
  editor,
}: {
  screen: ScreenProps;
  canWrite: boolean;
  commandPrefix: string;
  /** Label keys: new, edit, remove, hint, empty, saved ({{name}}). */
  labels: Record<'new' | 'edit' | 'remove' | 'hint' | 'empty' | 'saved', ParseKeys>;
  load: (signal: AbortSignal) => Promise<T[]>;
  remove: (id: string) => Promise<unknown>;
  columns: ColDef<T>[];
  editor: (row: T | null, close: (saved: T | null) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(screen.entry.titleKey);
  usePageTitle(title);
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const grid = useRef<GridApi<T> | null>(null);
  const region = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads (after a save, "Try again").
  useEffect(() => {
    const abort = new AbortController();
    loadRows(abort.signal).then(
      (rows) => setLoad({ state: 'ready', rows }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  const focused = (): T | null => {
    const cell = grid.current?.getFocusedCell();
    return (cell && grid.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data) || null;
  };
  const edit = (row: T | null = focused()) => canWrite && row && setEditing({ row });
  const create = () => canWrite && setEditing({ row: null });
  const remove = (row: T | null = focused()) => canWrite && row && setRemoving(row);
  const actions = useRef({ edit, create, remove });
  actions.current = { edit, create, remove };

  useMainFocus(region, true, load, () => {
    const api = grid.current;
    if (!api || load.state !== 'ready') return false;
    if (!load.rows.length) return true;
    if (!region.current?.querySelector('[row-index="0"] [role="gridcell"]')) return false;
    api.setFocusedCell(0, 'name');
    return true;
  });

  const commands = useMemo<Command[]>(
    () =>
      (
        [
          ['new', labels.new, 'n', () => actions.current.create()],
          ['edit', labels.edit, 'e', () => actions.current.edit()],
          ['remove', labels.remove, 'Delete', () => actions.current.remove()],
        ] as const
      ).map(([id, label, key, run]) => ({
        id: `${commandPrefix}:${id}`,
        label,
        keywords: ['kpi', id, commandPrefix],
        group: 'context' as const,
        shortcut: { key },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(run, 0);
        },
      })),
    [canWrite, commandPrefix, labels],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={screen.trail} title={title} />
      <section ref={region} className="grid-screen" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          {canWrite && (
            <>
              <button type="button" className="primary" onClick={create} aria-keyshortcuts="N">
                {t(labels.new)}
              </button>
              <button type="button" onClick={() => edit()} aria-keyshortcuts="E">
                {t(labels.edit)}
              </button>
              <button type="button" onClick={() => remove()} aria-keyshortcuts="Delete">
                {t(labels.remove)}
              </button>
            </>
          )}
        </div>
        <p className="hint">{t(labels.hint)}</p>
        {load.state === 'failed' && <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />}
        {load.state === 'ready' && (
          <div
            className="grid-frame"
            onKeyDownCapture={(event) => {
              if (event.altKey || (event.target as HTMLElement).closest('input, select, .ag-popup')) return;
              const mod = event.ctrlKey || event.metaKey;
              const run =
                (mod && event.key === 'Enter') || (!mod && event.key === 'n')
                  ? create
                  : !mod && (event.key === 'Enter' || event.key === 'e')
                    ? () => edit()
                    : !mod && event.key === 'Delete'
                      ? () => remove()
                      : null;
              if (!run) return;
              event.preventDefault();
              event.stopPropagation();
              run();
            }}
          >
            <AgGridReact<T>
              modules={gridModules}
              theme={gridTheme}
              rowData={load.rows}
              columnDefs={columns}
              getRowId={(p) => p.data._id}
              enableBrowserTooltips
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellDoubleClicked={(event) => edit(event.data ?? null)}
              overlayNoRowsTemplate={`<span>${t(labels.empty)}</span>`}
            />
          </div>
        )}
      </section>
      {editing &&
        editor(editing.row, (saved) => {
          setEditing(null);
          if (saved) {
            toast(t(labels.saved, { name: saved.name }), 'success');
            setAttempt((n) => n + 1);
          }
        })}
      {removing && (
        <ConfirmDelete
          names={[removing.name]}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            const row = removing;
            setRemoving(null);
            try {
              await removeRow(row._id);
              toast(t('grid.deleted', { count: 1 }), 'success');
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
