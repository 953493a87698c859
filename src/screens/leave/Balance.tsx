/**
 * leave → balance: per employee, leave type and year, what the rule gives, what was used, what is pending, the
 * adjustments and what remains (server/leave/balance.ts computes them). Filters by year, leave type, department and
 * name; Enter or `a` on a row (or the toolbar, or the palette) adjusts its balance; an xlsx sets balances through a
 * preview (BalanceImport.tsx); the export writes the rows shown, in the browser (decision 0011).
 */
import type { CellKeyDownEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { Modal } from '../../grids/dialogs.tsx';
import { downloadWorkbook, exportSheet, fileDate, sheetName } from '../../grids/export.ts';
import { fieldLabel } from '../../grids/labels.ts';
import { gridModules } from '../../grids/modules.ts';
import { displayCell } from '../../grids/parse.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText, fieldErrors } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { BalanceImport } from './BalanceImport.tsx';
import {
  adjust,
  type BalanceRow,
  balanceColumns,
  balanceSpec,
  flatten,
  loadBalances,
  loadDepartments,
  loadRules,
  type Option,
} from './balance.ts';

const thisYear = () => Number(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 4));
const always = () => true;

type Load = { state: 'loading' } | { state: 'ready'; rows: BalanceRow[] } | { state: 'failed'; message: string };

export default function Balance({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [year, setYear] = useState(thisYear());
  const [rule, setRule] = useState('');
  const [department, setDepartment] = useState('');
  const [search, setSearch] = useState('');
  const [rules, setRules] = useState<Option[]>([]);
  const [departments, setDepartments] = useState<Option[]>([]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [adjusting, setAdjusting] = useState<BalanceRow | null>(null);
  const [importing, setImporting] = useState(false);
  const grid = useRef<GridApi<BalanceRow> | null>(null);

  useEffect(() => {
    loadRules().then(setRules, () => {});
    loadDepartments().then(setDepartments, () => {});
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads ("Try again", after an import).
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(
      () => {
        setLoad((current) => (current.state === 'ready' ? current : { state: 'loading' }));
        loadBalances(
          { year, leave_rule: rule || undefined, department: department || undefined, search },
          abort.signal,
        ).then(
          (data) => setLoad({ state: 'ready', rows: data.map(flatten) }),
          (reason: unknown) => {
            if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
          },
        );
      },
      search ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [year, rule, department, search, attempt]);

  const language = i18n.language;
  const columnDefs = useMemo<ColDef<BalanceRow>[]>(
    () =>
      balanceColumns.map((column) => ({
        field: column.field as keyof BalanceRow & string,
        headerName: fieldLabel(t, balanceSpec, column.field),
        width: column.width ?? 120,
        ...(column.pinned ? { pinned: column.pinned } : {}),
        type: column.kind === 'number' ? 'rightAligned' : undefined,
        valueFormatter: (params) =>
          column.field === 'entitled' || column.field === 'remaining'
            ? params.value === null && params.data?.source.unlimited
              ? t('leave.unlimited')
              : displayCell(column, params.value, t, language)
            : displayCell(column, params.value, t, language),
        cellClass: column.field === 'remaining' ? 'leave-remaining' : undefined,
        sortable: true,
        filter: column.kind === 'number' ? 'agNumberColumnFilter' : 'agTextColumnFilter',
      })),
    [t, language],
  );

  const rows = load.state === 'ready' ? load.rows : [];
  const focusedRow = (): BalanceRow | null => {
    const api = grid.current;
    const cell = api?.getFocusedCell();
    if (!api || !cell) return null;
    return api.getDisplayedRowAtIndex(cell.rowIndex)?.data ?? null;
  };
  const openAdjust = (row: BalanceRow | null = focusedRow()) => {
    if (!canWrite) return;
    if (!row) return toast(t('leave.adjust.pickRow'), 'info');
    setAdjusting(row);
  };

  const exportXlsx = async () => {
    const api = grid.current;
    const shown: BalanceRow[] = [];
    api?.forEachNodeAfterFilterAndSort((node) => {
      if (node.data) shown.push(node.data);
    });
    const XLSX = await import('xlsx');
    const sheet = exportSheet(XLSX, balanceSpec, shown, balanceColumns, t, 'xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, sheetName(title, 'leave-balance'));
    const fileName = `leave-balance-${year}-${fileDate()}.xlsx`;
    downloadWorkbook(XLSX, book, fileName);
    toast(t('export.done', { count: shown.length, file: fileName }), 'success');
  };

  // The palette's actions read the grid and the filters as they are when run.
  const actions = useRef({ openAdjust, exportXlsx });
  actions.current = { openAdjust, exportXlsx };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'leave-balance:adjust',
        label: 'leave.commands.adjust',
        keywords: ['adjust', 'balance', 'leave', 'sesuaikan', 'saldo', 'cuti', '调整', '余额'],
        group: 'context',
        shortcut: { key: 'a' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.openAdjust(), 0);
        },
      },
      {
        id: 'leave-balance:import',
        label: 'leave.commands.import',
        keywords: ['import', 'excel', 'xlsx', 'balance', 'impor', 'saldo', 'cuti', '导入', '余额'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => setImporting(true), 0);
        },
      },
      {
        id: 'leave-balance:export',
        label: 'leave.commands.export',
        keywords: ['export', 'excel', 'xlsx', 'balance', 'ekspor', 'saldo', 'cuti', '导出', '余额'],
        group: 'context',
        isVisible: always,
        isEnabled: always,
        run: () => void actions.current.exportXlsx(),
      },
    ],
    [canWrite],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section className="grid-screen" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          <input
            type="search"
            className="grid-search"
            placeholder={t('grid.search')}
            aria-label={t('grid.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'Enter') {
                event.preventDefault();
                const api = grid.current;
                if (api && rows.length) api.setFocusedCell(0, 'fullname');
              }
            }}
          />
          <label className="grid-date">
            {t('leave.filters.year')}
            <input
              type="number"
              min={2000}
              max={2100}
              value={year}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (Number.isInteger(value) && value >= 2000 && value <= 2100) setYear(value);
              }}
            />
          </label>
          <label className="grid-date">
            {t('leave.filters.type')}
            <select value={rule} onChange={(event) => setRule(event.target.value)}>
              <option value="">{t('leave.filters.all')}</option>
              {rules.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="grid-date">
            {t('leave.filters.department')}
            <select value={department} onChange={(event) => setDepartment(event.target.value)}>
              <option value="">{t('leave.filters.all')}</option>
              {departments.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <span className="grid-spacer" />
          {canWrite && (
            <button type="button" onClick={() => openAdjust()} aria-keyshortcuts="A">
              {t('leave.adjust.button')}
            </button>
          )}
          {canWrite && (
            <button type="button" onClick={() => setImporting(true)}>
              {t('grid.import')}
            </button>
          )}
          <button type="button" onClick={() => void exportXlsx()}>
            {t('grid.exportXlsx')}
          </button>
        </div>
        <p className="hint">{t('leave.balanceHint')}</p>

        <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />
        {load.state === 'ready' && (
          <div className="grid-frame">
            <AgGridReact<BalanceRow>
              modules={gridModules}
              theme={gridTheme}
              rowData={rows}
              columnDefs={columnDefs}
              getRowId={(params) => params.data._id}
              enableBrowserTooltips
              // Eleven columns: all rendered, so every figure is in the page (and the accessibility tree).
              suppressColumnVirtualisation
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellKeyDown={(event: CellKeyDownEvent<BalanceRow>) => {
                const key = (event.event as KeyboardEvent | undefined)?.key;
                if ((key === 'Enter' || key === 'a') && event.data) {
                  event.event?.preventDefault();
                  openAdjust(event.data);
                }
              }}
              onCellDoubleClicked={(event) => event.data && openAdjust(event.data)}
            />
          </div>
        )}
      </section>

      {adjusting && (
        <AdjustDialog
          row={adjusting}
          onCancel={() => setAdjusting(null)}
          onSaved={(saved) => {
            const row = flatten(saved);
            setLoad((current) =>
              current.state === 'ready'
                ? { state: 'ready', rows: current.rows.map((r) => (r._id === row._id ? row : r)) }
                : current,
            );
            setAdjusting(null);
            toast(
              t('leave.adjust.done', { name: row.fullname, remaining: row.remaining ?? t('leave.unlimited') }),
              'success',
            );
          }}
        />
      )}
      {importing && (
        <BalanceImport
          rules={rules}
          onClose={(imported) => {
            setImporting(false);
            if (imported) setAttempt((n) => n + 1);
          }}
        />
      )}
    </>
  );
}

/** Adds (or, negative, takes away) days of one balance, with a note for the activity log. */
function AdjustDialog({
  row,
  onCancel,
  onSaved,
}: {
  row: BalanceRow;
  onCancel: () => void;
  onSaved: (balance: Awaited<ReturnType<typeof adjust>>) => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A field's own message, beside it (issue 25): the client's check or the server's field error.
  const [messages, setMessages] = useState<Partial<Record<'amount' | 'note', string>>>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const submit = async () => {
    const value = Number(amount.trim().replace(',', '.'));
    if (!amount.trim() || !Number.isFinite(value) || value === 0 || Math.abs(value) > 9999) {
      setMessages({ amount: t('leave.adjust.amountInvalid') });
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    setSaving(true);
    try {
      onSaved(
        await adjust({
          employee: row.source.employee._id,
          leave_rule: row.source.leave_rule._id,
          year: row.year,
          amount: Math.round(value * 100) / 100,
          note: note.trim() || null,
        }),
      );
    } catch (reason) {
      const failure = toApiError(reason);
      const fields = failure.fields ? fieldErrors(t, failure) : {};
      const mine = { amount: fields.amount, note: fields.note };
      if (mine.amount || mine.note) setMessages(mine);
      else setError(errorText(t, failure));
      setSaving(false);
    }
  };
  return (
    <Modal
      title={t('leave.adjust.title', { name: row.fullname, type: row.leave_type, year: row.year })}
      onCancel={onCancel}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>
          {t('leave.adjust.current', {
            remaining: row.remaining ?? t('leave.unlimited'),
            entitled: row.entitled ?? t('leave.unlimited'),
            used: row.used,
            pending: row.pending,
          })}
        </p>
        <label className="field">
          {t('leave.adjust.amount')}
          <input
            // biome-ignore lint/a11y/noAutofocus: the dialog's one purpose; keyboard users type at once.
            autoFocus
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            {...fieldErrorProps(`${id}-amount`, messages.amount, `${id}-amount-hint`)}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(null);
              setMessages((all) => ({ ...all, amount: undefined }));
            }}
          />
        </label>
        <FieldError fieldId={`${id}-amount`} message={messages.amount} />
        <p className="hint" id={`${id}-amount-hint`}>
          {t('leave.adjust.amountHint')}
        </p>
        <label className="field">
          {t('leave.adjust.note')}
          <input
            id={`${id}-note`}
            value={note}
            maxLength={500}
            {...fieldErrorProps(`${id}-note`, messages.note)}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <FieldError fieldId={`${id}-note`} message={messages.note} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {t('leave.adjust.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
