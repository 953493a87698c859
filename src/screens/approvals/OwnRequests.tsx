/**
 * My requests: the signed-in employee's own requests (GET /v1/approvals?box=mine) with their statuses, a withdraw
 * for those still pending or partial (`w`, or the button), Enter opens one beside the grid, and "New request" (`n`)
 * opens the form (NewRequest.tsx). The services → requests screen shows it; my-profile shows it too. `?new=<context>`
 * in the URL (the palette's "Request leave", "Request overtime", "Correct my clock") opens the form at once.
 */
import './approvals.css';
import type { ColDef, GridApi, ICellRendererParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type RequestContext, requestContexts } from '../../../common/approvals.ts';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { formatDate } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { contextText } from '../../labels/approvals.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import { listApprovals, withdraw } from './api.ts';
import { type ApprovalRow, flatten } from './columns.ts';
import { approvalFieldLabel } from './labels.ts';
import { NewRequest } from './NewRequest.tsx';
import { DetailPanel, OwnKeysModal, StatusChip, timestamp, useOpenFromUrl } from './parts.tsx';

type Load = { state: 'loading' } | { state: 'ready'; rows: ApprovalRow[] } | { state: 'failed'; message: string };

const always = () => true;
const isRequestContext = (value: string | null): value is RequestContext =>
  value !== null && (requestContexts as readonly string[]).includes(value);

/** What a request is about, in one line: its dates or date, and its days or hours. */
function what(row: ApprovalRow, t: TFunction, language: string): string {
  const day = (value: string | null | undefined) =>
    value ? formatDate(value, 'DD MMM YYYY', { locale: language }) : '';
  const range = row.start_date
    ? row.end_date && row.end_date !== row.start_date
      ? `${day(row.start_date)} – ${day(row.end_date)}`
      : day(row.start_date)
    : day(row.date ?? row.last_working_day ?? row.end_of_contract);
  const amount =
    row.total_days !== null
      ? t('approvals.mine.days', { count: row.total_days })
      : row.total_hours !== null
        ? t('approvals.mine.hours', { count: row.total_hours })
        : '';
  const detail = row.leave_type || row.destination || row.shift || row.swap_with || row.changes;
  return [detail, range, amount].filter(Boolean).join(' · ');
}

export function OwnRequests({ embedded = false }: { embedded?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [params, setParams] = useSearchParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState<RequestContext | null>(null);
  const [withdrawing, setWithdrawing] = useState<ApprovalRow | null>(null);
  const [detail, setDetail] = useState<ApprovalRow | null>(null);
  const gridRef = useRef<GridApi<ApprovalRow> | null>(null);
  // A notification's link opens its request beside the list.
  useOpenFromUrl(setDetail);

  // ?new=leave (the palette) opens the form, once.
  const asked = params.get('new');
  useEffect(() => {
    if (!isRequestContext(asked)) return;
    setCreating(asked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('new');
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads (after a request, a withdrawal).
  useEffect(() => {
    const abort = new AbortController();
    listApprovals({ box: 'mine' }, abort.signal).then(
      (reply) => setLoad({ state: 'ready', rows: reply.data.map(flatten) }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  const columnDefs = useMemo<ColDef<ApprovalRow>[]>(
    () => [
      { field: 'approval_number', headerName: approvalFieldLabel(t, 'approval_number'), width: 150, pinned: 'left' },
      {
        field: 'context',
        headerName: approvalFieldLabel(t, 'context'),
        width: 170,
        valueFormatter: (p) => (p.data ? contextText(t, p.data.context) : ''),
      },
      {
        colId: 'what',
        headerName: t('approvals.mine.what'),
        flex: 1,
        minWidth: 260,
        valueGetter: (p) => (p.data ? what(p.data, t, language) : ''),
        tooltipValueGetter: (p) => (typeof p.value === 'string' ? p.value : null),
      },
      {
        field: 'status',
        headerName: approvalFieldLabel(t, 'status'),
        width: 140,
        valueFormatter: (p) => (p.data ? t(`enums.approval_status.${p.data.status}`) : ''),
        cellRenderer: (p: ICellRendererParams<ApprovalRow>) => (p.data ? <StatusChip status={p.data.status} /> : null),
      },
      { field: 'level', headerName: approvalFieldLabel(t, 'level'), width: 90 },
      {
        field: 'created_at',
        headerName: approvalFieldLabel(t, 'created_at'),
        width: 170,
        sort: 'desc',
        valueFormatter: (p) => (p.value ? timestamp(p.value, language) : ''),
      },
    ],
    [t, language],
  );

  const focusedRow = (): ApprovalRow | null => {
    const api = gridRef.current;
    const cell = api?.getFocusedCell();
    return (cell && api?.getDisplayedRowAtIndex(cell.rowIndex)?.data) || null;
  };
  const askWithdraw = (row: ApprovalRow | null = focusedRow()) => {
    if (!row) return toast(t('approvals.review.pickRow'), 'info');
    if (!row.source.can_withdraw) return toast(t('approvals.mine.cannotWithdraw'), 'info');
    setWithdrawing(row);
  };
  const doWithdraw = async (row: ApprovalRow) => {
    setWithdrawing(null);
    try {
      await withdraw(row._id);
      toast(t('approvals.mine.withdrawn', { number: row.approval_number }), 'success');
      setDetail(null);
      setAttempt((n) => n + 1);
    } catch (reason) {
      toast(errorText(t, toApiError(reason)), 'error');
    }
  };

  const actions = useRef({ askWithdraw, setCreating });
  actions.current = { askWithdraw, setCreating };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'requests:new',
        label: 'approvals.mine.new',
        keywords: ['new', 'request', 'ask', 'baru', 'pengajuan', 'ajukan', '新', '申请'],
        group: 'context',
        shortcut: { key: 'n' },
        isVisible: always,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.setCreating('leave'), 0);
        },
      },
      {
        id: 'requests:withdraw',
        label: 'approvals.mine.withdraw',
        keywords: ['withdraw', 'cancel', 'tarik', 'batalkan', '撤回', '取消'],
        group: 'context',
        shortcut: { key: 'w' },
        isVisible: always,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.askWithdraw(), 0);
        },
      },
    ],
    [],
  );
  useCommands(commands, [commands]);

  const rows = load.state === 'ready' ? load.rows : [];
  const heading = t('approvals.mine.title');
  return (
    <section className="grid-screen" aria-label={heading}>
      {embedded && <h2>{heading}</h2>}
      <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title: heading })}>
        <button type="button" className="primary" onClick={() => setCreating('leave')} aria-keyshortcuts="N">
          {t('approvals.mine.new')}
        </button>
        <button type="button" onClick={() => askWithdraw()} aria-keyshortcuts="W">
          {t('approvals.mine.withdraw')}
        </button>
      </div>
      <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />
      {load.state === 'ready' && (
        <div className={detail ? 'approvals-layout with-detail' : 'approvals-layout'}>
          <div
            className="grid-frame"
            style={embedded ? { height: 320, minHeight: 0 } : undefined}
            onKeyDownCapture={(event) => {
              const target = event.target as HTMLElement;
              if (event.ctrlKey || event.metaKey || event.altKey || target.closest('input, select, .ag-popup')) return;
              const keys: Record<string, () => void> = {
                Enter: () => {
                  const row = focusedRow();
                  if (row) setDetail(row);
                },
                w: () => askWithdraw(),
                n: () => setCreating('leave'),
              };
              const run = keys[event.key];
              if (!run) return;
              event.preventDefault();
              event.stopPropagation();
              run();
            }}
          >
            <AgGridReact<ApprovalRow>
              modules={gridModules}
              theme={gridTheme}
              rowData={rows}
              columnDefs={columnDefs}
              getRowId={(p) => p.data._id}
              enableBrowserTooltips
              onGridReady={(event) => {
                gridRef.current = event.api;
              }}
              onCellDoubleClicked={(event) => event.data && setDetail(event.data)}
              overlayNoRowsTemplate={`<span>${t('approvals.mine.empty')}</span>`}
            />
          </div>
          {detail && (
            <DetailPanel
              row={detail}
              canDecide={false}
              onWithdraw={detail.source.can_withdraw ? () => askWithdraw(detail) : undefined}
              onClose={() => setDetail(null)}
            />
          )}
        </div>
      )}
      {creating && (
        <NewRequest
          initial={creating}
          onClose={(created) => {
            setCreating(null);
            if (created) {
              toast(t('approvals.mine.sent', { number: created.approval_number }), 'success');
              setAttempt((n) => n + 1);
            }
          }}
        />
      )}
      {withdrawing && (
        <OwnKeysModal
          title={t('approvals.mine.withdrawTitle', { number: withdrawing.approval_number })}
          onCancel={() => setWithdrawing(null)}
          role="alertdialog"
        >
          <p>{t('approvals.mine.withdrawText')}</p>
          <div className="dialog-actions">
            {/* biome-ignore lint/a11y/noAutofocus: the safe answer takes focus in a confirmation. */}
            <button type="button" autoFocus onClick={() => setWithdrawing(null)}>
              {t('confirm.no')}
            </button>
            <button type="button" className="danger" data-default onClick={() => void doWithdraw(withdrawing)}>
              {t('approvals.mine.withdraw')}
            </button>
          </div>
        </OwnKeysModal>
      )}
    </section>
  );
}
