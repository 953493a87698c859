/**
 * approval → approval-history: every decision (approve, reject, withdraw) with who, when, the level, the note and
 * whether an admin decided in the approvers' place; filters by context, decision and date range; the rows shown
 * exported as xlsx in the browser (decision 0011). Enter on a row opens its request beside the grid.
 */
import './approvals.css';
import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { DateInput } from '../../components/DateInput.tsx';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { exportRows } from '../../grids/export.ts';
import { fieldLabel } from '../../grids/labels.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import type { AnyColumn, AnyGridSpec } from '../../grids/types.ts';
import { contextText } from '../../labels/approvals.ts';
import { useMainFocus } from '../../layout/mainFocus.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { getApproval, type HistoryRecord, listHistory } from './api.ts';
import { flatten } from './columns.ts';
import { type ApprovalContext, approvalContexts } from './model.ts';
import { DetailPanel, timestamp } from './parts.tsx';

const historySpec = { resource: 'approval-history' } as AnyGridSpec;
const decisions = ['approve', 'reject', 'withdraw'] as const;

/** A decision as the grid shows it and the export writes it: every value already in words. */
interface HistoryRow {
  _id: string;
  approval_id: string;
  at: string;
  at_text: string;
  approval_number: string;
  context: string;
  employee: string;
  level: number;
  decision: string;
  by: string;
  as_admin: string;
  note: string;
}

const text = (field: keyof HistoryRow, width: number): AnyColumn => ({ field, kind: 'text', width });
const columns: readonly AnyColumn[] = [
  text('at_text', 170),
  text('approval_number', 150),
  text('context', 170),
  text('employee', 220),
  { field: 'level', kind: 'number', width: 90 },
  text('decision', 130),
  text('by', 200),
  text('as_admin', 110),
  text('note', 300),
];

const isoDay = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '');

type Load = { state: 'loading' } | { state: 'ready'; rows: HistoryRecord[] } | { state: 'failed'; message: string };

export default function History({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [context, setContext] = useState<ApprovalContext | ''>('');
  const [decision, setDecision] = useState<(typeof decisions)[number] | ''>('');
  // What the date fields hold (typed text until it reads as a day); the list asks with days only.
  const [fromText, setFrom] = useState('');
  const [toText, setTo] = useState('');
  const from = isoDay(fromText);
  const to = isoDay(toText);
  const [search, setSearch] = useState('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [detail, setDetail] = useState<Awaited<ReturnType<typeof getApproval>> | null>(null);
  const grid = useRef<GridApi<HistoryRow> | null>(null);
  const region = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads ("Try again").
  useEffect(() => {
    const abort = new AbortController();
    setLoad((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    listHistory({ context: context || undefined, from: from || undefined, to: to || undefined }, abort.signal).then(
      (data) => setLoad({ state: 'ready', rows: data }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [context, from, to, attempt]);

  const rows = useMemo<HistoryRow[]>(
    () =>
      (load.state === 'ready' ? load.rows : [])
        .filter((record) => !decision || record.decision === decision)
        .map((record) => ({
          _id: record._id,
          approval_id: record.approval._id,
          at: record.at,
          at_text: timestamp(record.at, language),
          approval_number: record.approval.approval_number,
          context: contextText(t, record.approval.context),
          employee: record.approval.employee
            ? `${record.approval.employee.fullname} · ${record.approval.employee.employee_id}`
            : '',
          level: record.level,
          decision: t(`enums.approval_decision.${record.decision}`),
          by: record.by?.fullname ?? '',
          as_admin: record.as_admin ? t('approvals.history.yes') : '',
          note: record.note ?? '',
        })),
    [load, decision, t, language],
  );

  const columnDefs = useMemo<ColDef<HistoryRow>[]>(
    () =>
      columns.map((column) => ({
        field: column.field as keyof HistoryRow,
        headerName: fieldLabel(t, historySpec, column.field),
        width: column.width,
        sortable: true,
        filter: column.kind === 'number' ? 'agNumberColumnFilter' : 'agTextColumnFilter',
        ...(column.field === 'at_text'
          ? { comparator: (_a: string, _b: string, a, b) => (a.data?.at ?? '').localeCompare(b.data?.at ?? '') }
          : {}),
        tooltipValueGetter: (params) => (typeof params.value === 'string' ? params.value : null),
      })),
    [t],
  );

  const shownRows = (): HistoryRow[] => {
    const out: HistoryRow[] = [];
    grid.current?.forEachNodeAfterFilterAndSort((node) => {
      if (node.data) out.push(node.data);
    });
    return out;
  };
  const exportXlsx = () =>
    void exportRows(historySpec, shownRows() as unknown as Record<string, unknown>[], columns, 'xlsx', t);
  const open = async (row: HistoryRow | null | undefined) => {
    if (!row) return;
    try {
      setDetail(await getApproval(row.approval_id));
    } catch (reason) {
      setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
    }
  };

  useMainFocus(region, true, rows, () => {
    const api = grid.current;
    if (!api || load.state !== 'ready') return false;
    if (!rows.length) return true;
    if (!region.current?.querySelector('[row-index="0"] [role="gridcell"]')) return false;
    api.setFocusedCell(0, 'at_text');
    return true;
  });

  const actions = useRef({ exportXlsx });
  actions.current = { exportXlsx };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'approval-history:export',
        label: 'approvals.history.export',
        keywords: ['export', 'excel', 'xlsx', 'history', 'ekspor', 'riwayat', '导出', '历史'],
        group: 'context',
        isVisible: () => true,
        isEnabled: () => true,
        run: () => actions.current.exportXlsx(),
      },
    ],
    [],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section ref={region} className="grid-screen" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          <input
            type="search"
            className="grid-search"
            placeholder={t('grid.search')}
            aria-label={t('grid.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <label className="grid-date">
            {fieldLabel(t, historySpec, 'context')}
            <select value={context} onChange={(event) => setContext(event.target.value as ApprovalContext | '')}>
              <option value="">{t('approvals.review.anyStatus')}</option>
              {approvalContexts.map((value) => (
                <option key={value} value={value}>
                  {contextText(t, value)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid-date">
            {fieldLabel(t, historySpec, 'decision')}
            <select value={decision} onChange={(event) => setDecision(event.target.value as typeof decision)}>
              <option value="">{t('approvals.review.anyStatus')}</option>
              {decisions.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.approval_decision.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="grid-date">
            <label htmlFor="history-from">{t('approvals.history.from')}</label>
            <DateInput id="history-from" value={fromText} language={language} onChange={setFrom} />
          </div>
          <div className="grid-date">
            <label htmlFor="history-to">{t('approvals.history.to')}</label>
            <DateInput id="history-to" value={toText} language={language} onChange={setTo} />
          </div>
          <span className="grid-spacer" />
          <button type="button" onClick={exportXlsx}>
            {t('grid.exportXlsx')}
          </button>
        </div>
        <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />
        {load.state === 'ready' && (
          <div className={detail ? 'approvals-layout with-detail' : 'approvals-layout'}>
            <div
              className="grid-frame"
              onKeyDownCapture={(event) => {
                if (event.key !== 'Enter' || (event.target as HTMLElement).closest('input, select, .ag-popup')) return;
                const cell = grid.current?.getFocusedCell();
                if (!cell) return;
                event.preventDefault();
                event.stopPropagation();
                void open(grid.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data);
              }}
            >
              <AgGridReact<HistoryRow>
                modules={gridModules}
                theme={gridTheme}
                rowData={rows}
                columnDefs={columnDefs}
                getRowId={(params) => params.data._id}
                quickFilterText={search}
                enableBrowserTooltips
                onGridReady={(event) => {
                  grid.current = event.api;
                }}
                onCellDoubleClicked={(event) => void open(event.data)}
                overlayNoRowsTemplate={`<span>${t('approvals.history.empty')}</span>`}
              />
            </div>
            {detail && <DetailPanel row={flatten(detail)} canDecide={false} onClose={() => setDetail(null)} />}
          </div>
        )}
      </section>
    </>
  );
}
