/**
 * kpi → kpi-assessment (the KPI menu's default): a rule's assessment of a period. Pick the period and the assessor:
 * the grid shows the people whose open step is that assessor's, one column per indicator. Scores are typed or pasted
 * (a block from Excel, from the focused cell), undone and redone (Ctrl+Z, Ctrl+Shift+Z) like any grid; Save keeps
 * them as a draft (Ctrl+S), Submit hands the step in, and the next step opens for its assessor. Once every step is
 * in, Complete locks the period and stores the ranking; the final score shows its formula. Decision 0185.
 */
import type { CellValueChangedEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { parseTsv } from '../../grids/tsv.ts';
import { UndoButtons } from '../../grids/UndoButtons.tsx';
import { UndoStack } from '../../grids/undo.ts';
import { useCanWrite } from '../../menu/access.ts';
import { notifyError, toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import {
  completeAssessment,
  type KpiAssessment,
  type KpiIndicator,
  type KpiResult,
  type KpiRule,
  type KpiSheet,
  listAssessments,
  listKpiRules,
  listMyAssessments,
  loadMySheet,
  loadResults,
  loadSheet,
  openAssessment,
  type PeriodType,
  saveMyScores,
  saveScores,
} from './api.ts';
import { BonusDialog } from './BonusDialog.tsx';
import { periodTypes } from './labels.ts';
import { exportRanking, Ranking } from './Ranking.tsx';
import { ScoreEditor } from './ScoreEditor.tsx';
import { OwnKeysModal } from './SetupList.tsx';
import {
  assessorRows,
  type CellChange,
  entriesOf,
  type GridRow,
  openAssessors,
  planScorePaste,
  readScore,
} from './sheet.ts';
import './kpi.css';

const always = () => true;
const never = () => false;
const statusKey = { open: 'kpi.status.open', completed: 'kpi.status.completed' } as const;
const indicatorColumn = (id: string) => `i:${id}`;

export default function Assessment(props: ScreenProps) {
  return <AssessmentWorkspace {...props} mine={false} />;
}

/**
 * The assessment grid. `mine`: My assessments (decision 0201), the caller's own sheets as an assessor: the open
 * periods in which they assess someone, only the people whose open step is theirs, saved as them; no period opening,
 * completion, ranking or bonus, which are the KPI admins'.
 */
export function AssessmentWorkspace({ entry, trail, mine }: ScreenProps & { mine: boolean }) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const canWrite = useCanWrite(entry.id);
  const [periods, setPeriods] = useState<KpiAssessment[] | null>(null);
  const [periodId, setPeriodId] = useState('');
  const [sheet, setSheet] = useState<KpiSheet | null>(null);
  const [results, setResults] = useState<KpiResult[]>([]);
  const [assessor, setAssessor] = useState('');
  const [drafts, setDrafts] = useState<Map<string, Record<string, number | null>>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [bonusOpen, setBonusOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);
  const [undo] = useState(() => new UndoStack());
  const undoState = useSyncExternalStore(undo.subscribe, () => undo.snapshot);
  const grid = useRef<GridApi<GridRow> | null>(null);
  const ids = useId();

  const refreshPeriods = useCallback(
    async (select?: string) => {
      try {
        const list = mine ? await listMyAssessments() : await listAssessments();
        setPeriods(list);
        setPeriodId(
          (current) => select ?? (current || list.find((p) => p.status === 'open')?._id || list[0]?._id || ''),
        );
      } catch (reason) {
        setMessage(errorText(t, toApiError(reason)));
      }
    },
    [t, mine],
  );
  useEffect(() => {
    void refreshPeriods();
  }, [refreshPeriods]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` loads the period again after a write.
  useEffect(() => {
    if (!periodId) return;
    const abort = new AbortController();
    Promise.all([
      mine ? loadMySheet(periodId, abort.signal) : loadSheet(periodId, abort.signal),
      mine ? [] : loadResults(periodId, abort.signal),
    ]).then(
      ([loaded, ranked]) => {
        setSheet(loaded);
        setResults(ranked);
      },
      (reason: unknown) => {
        if (!abort.signal.aborted) setMessage(errorText(t, toApiError(reason)));
      },
    );
    return () => abort.abort();
  }, [periodId, reload, mine]);

  // A new period or a write starts a clean sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the period changes.
  useEffect(() => {
    setDrafts(new Map());
    undo.clear();
  }, [periodId, undo]);

  const period = sheet?.assessment ?? null;
  const locked = period?.status === 'completed';
  const assessors = useMemo(() => (sheet ? openAssessors(sheet) : []), [sheet]);
  const rows = useMemo(() => (sheet ? assessorRows(sheet, assessor, drafts) : []), [sheet, assessor, drafts]);
  const indicators = useMemo<KpiIndicator[]>(() => {
    if (!sheet) return [];
    const used = new Set(sheet.rows.flatMap((row) => row.indicators));
    return sheet.indicators.filter((i) => used.has(i._id));
  }, [sheet]);

  const apply = useCallback((changes: readonly CellChange[], side: 'before' | 'after') => {
    setDrafts((current) => {
      const next = new Map(current);
      for (const change of changes) {
        next.set(change.employee, { ...(next.get(change.employee) ?? {}), [change.indicator]: change[side] });
      }
      return next;
    });
  }, []);
  const change = useCallback(
    (changes: CellChange[]) => {
      if (!changes.length) return;
      apply(changes, 'after');
      undo.push({
        label: 'kpi.assessment.change',
        values: { count: changes.length },
        undo: async () => apply(changes, 'before'),
        redo: async () => apply(changes, 'after'),
      });
    },
    [apply, undo],
  );

  const stepText = useCallback(
    (row: GridRow['row']) => {
      if (row.current_step === null) return t('kpi.assessment.allSubmitted');
      const step = row.steps[row.current_step]!;
      return t('kpi.assessment.stepOf', {
        n: row.current_step + 1,
        count: row.steps.length,
        who: `${t(`enums.kpi_assessor.${step.type}`)}${step.assessor ? `: ${step.assessor.name}` : ''}`,
      });
    },
    [t],
  );

  const columns = useMemo<ColDef<GridRow>[]>(
    () => [
      {
        colId: 'employee',
        headerName: t('kpi.assessment.employee'),
        pinned: 'left',
        width: 220,
        valueGetter: (p) => (p.data ? `${p.data.row.employee.fullname} · ${p.data.row.employee.employee_id}` : ''),
      },
      {
        colId: 'department',
        headerName: t('kpi.assessment.department'),
        width: 170,
        valueGetter: (p) => p.data?.row.department?.name ?? '',
      },
      {
        colId: 'step',
        headerName: t('kpi.assessment.step'),
        width: 250,
        valueGetter: (p) => (p.data ? stepText(p.data.row) : ''),
      },
      ...indicators.map<ColDef<GridRow>>((indicator) => ({
        colId: indicatorColumn(indicator._id),
        headerName: `${indicator.indicator} (${indicator.weight})`,
        headerTooltip: `${indicator.category} · ${t(`enums.kpi_target_type.${indicator.target_type}`)}${
          indicator.target !== null
            ? ` · ${t('kpi.assessment.target')} ${indicator.target}${indicator.unit ? ` ${indicator.unit}` : ''}`
            : ''
        }`,
        width: 150,
        cellEditor: ScoreEditor,
        editable: (p) => canWrite && !!p.data?.open && p.data.row.indicators.includes(indicator._id),
        cellClass: (p) =>
          p.data?.row.indicators.includes(indicator._id) ? (p.data.open ? 'kpi-cell-open' : '') : 'kpi-cell-none',
        valueGetter: (p) => {
          if (!p.data?.row.indicators.includes(indicator._id)) return '';
          const value = p.data.values[indicator._id];
          if (value === null || value === undefined) return '';
          return indicator.target_type === 'yes_no' ? t(value >= 1 ? 'kpi.yes' : 'kpi.no') : value;
        },
        valueSetter: (p) => {
          const read = readScore(indicator, String(p.newValue ?? ''));
          if (read === 'invalid' || !p.data) {
            setMessage(
              t(indicator.target_type === 'yes_no' ? 'kpi.assessment.yesNoOnly' : 'kpi.assessment.numberOnly'),
            );
            return false;
          }
          setMessage(null);
          change([
            {
              employee: p.data.id,
              indicator: indicator._id,
              before: p.data.values[indicator._id] ?? null,
              after: read,
            },
          ]);
          return false;
        },
      })),
      {
        colId: 'score',
        headerName: t('kpi.assessment.score'),
        pinned: 'right',
        width: 100,
        valueGetter: (p) => p.data?.row.result?.score ?? '',
      },
      {
        colId: 'formula',
        headerName: t('kpi.assessment.formula'),
        width: 300,
        tooltipValueGetter: (p) => p.data?.row.result?.formula ?? '',
        valueGetter: (p) => p.data?.row.result?.formula ?? '',
      },
    ],
    [indicators, t, canWrite, change, stepText],
  );

  const send = async (submit: boolean) => {
    if (!period || locked) return;
    const entries = entriesOf(rows, drafts, submit);
    if (!entries.length) {
      toast(t(submit ? 'kpi.assessment.nothingToSubmit' : 'kpi.assessment.nothingToSave'), 'info');
      return;
    }
    setBusy(true);
    try {
      const done = await (mine ? saveMyScores : saveScores)(period._id, entries, submit);
      toast(
        submit
          ? t('kpi.assessment.submitted', { count: done.submitted })
          : t('kpi.assessment.saved', { count: done.saved }),
        'success',
      );
      setMessage(null);
      setDrafts(new Map());
      undo.clear();
      setReload((n) => n + 1);
    } catch (reason) {
      const error = toApiError(reason);
      const names = Object.keys(error.fields ?? {}).flatMap((key) => {
        const index = Number(key.split('.')[1]);
        const employee = entries[index]?.employee;
        return rows.find((row) => row.id === employee)?.row.employee.fullname ?? [];
      });
      const text = names.length
        ? t('kpi.assessment.rowsRefused', { names: [...new Set(names)].slice(0, 5).join(', '), count: names.length })
        : errorText(t, error);
      setMessage(text);
      notifyError(text);
    } finally {
      setBusy(false);
    }
  };

  const exportXlsx = async () => {
    if (!period) return;
    await exportRanking(t, period, results);
  };

  const actions = useRef({ send, exportXlsx });
  actions.current = { send, exportXlsx };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'kpi-assessment:save',
        label: 'kpi.assessment.save',
        keywords: ['save', 'kpi', 'simpan', '保存'],
        group: 'context',
        shortcut: { key: 's', mod: true },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => void actions.current.send(false),
      },
      {
        id: 'kpi-assessment:submit',
        label: 'kpi.assessment.submit',
        keywords: ['submit', 'kpi', 'kirim', '提交'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => void actions.current.send(true),
      },
      {
        id: 'kpi-assessment:open',
        label: 'kpi.assessment.open',
        keywords: ['period', 'open', 'kpi', 'periode', '期间'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => setOpening(true),
        ...(mine ? { isVisible: never } : {}),
      },
      {
        id: 'kpi-assessment:complete',
        label: 'kpi.assessment.complete',
        keywords: ['complete', 'lock', 'kpi', 'selesai', 'kunci', '完成'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => setCompleting(true),
        ...(mine ? { isVisible: never } : {}),
      },
      {
        id: 'kpi-assessment:export',
        label: 'kpi.assessment.export',
        keywords: ['export', 'xlsx', 'excel', 'ranking', 'ekspor', '导出'],
        group: 'context',
        isVisible: always,
        isEnabled: always,
        run: () => void actions.current.exportXlsx(),
        ...(mine ? { isVisible: never } : {}),
      },
    ],
    [canWrite, mine],
  );
  useCommands(commands, [commands]);

  const focusedStart = () => {
    const cell = grid.current?.getFocusedCell();
    if (!cell) return null;
    const colId = cell.column.getColId();
    const column = indicators.findIndex((i) => indicatorColumn(i._id) === colId);
    return column < 0 ? null : { row: cell.rowIndex, column };
  };

  const onPaste = (event: React.ClipboardEvent) => {
    if (!canWrite || locked || (event.target as HTMLElement).closest('input, textarea')) return;
    const start = focusedStart();
    const text = event.clipboardData.getData('text/plain');
    if (!start || !text) return;
    event.preventDefault();
    const shown: GridRow[] = [];
    grid.current?.forEachNodeAfterFilterAndSort((node) => node.data && shown.push(node.data));
    const plan = planScorePaste(shown, indicators, start, parseTsv(text));
    change(plan.changes);
    const info = plan.refused
      ? t('kpi.assessment.pasteRefused', { count: plan.changes.length, refused: plan.refused })
      : t('kpi.assessment.pasted', { count: plan.changes.length });
    setMessage(plan.refused ? info : null);
    toast(info, plan.refused ? 'info' : 'success');
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if ((event.target as HTMLElement).closest('input, select, textarea')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      void (event.shiftKey ? undo.redo() : undo.undo());
    } else if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      void undo.redo();
    } else if (!mod && event.key === 'Delete' && canWrite && !locked) {
      const start = focusedStart();
      const row = start ? rows[start.row] : undefined;
      const indicator = start ? indicators[start.column] : undefined;
      if (row && indicator && row.open) {
        event.preventDefault();
        change([
          { employee: row.id, indicator: indicator._id, before: row.values[indicator._id] ?? null, after: null },
        ]);
      }
    }
  };

  const onCellValueChanged = (_event: CellValueChangedEvent<GridRow>) => undefined;
  const dirty = drafts.size > 0;

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section className="grid-screen kpi-assessment" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          <label className="grid-date">
            {t('kpi.assessment.period')}
            <select
              value={periodId}
              onChange={(event) => {
                setAssessor('');
                setPeriodId(event.target.value);
              }}
            >
              {(periods ?? []).map((p) => (
                <option key={p._id} value={p._id}>
                  {`${p.rule.name} · ${p.name} · ${t(statusKey[p.status])}`}
                </option>
              ))}
            </select>
          </label>
          {!mine && (
            <label className="grid-date">
              {t('kpi.assessment.assessor')}
              <select value={assessor} onChange={(event) => setAssessor(event.target.value)}>
                <option value="">{t('kpi.assessment.everyone')}</option>
                {assessors.map((a) => (
                  <option key={a._id} value={a._id}>
                    {`${a.name} (${a.count})`}
                  </option>
                ))}
              </select>
            </label>
          )}
          {canWrite && (
            <>
              {!mine && (
                <button type="button" onClick={() => setOpening(true)}>
                  {t('kpi.assessment.open')}
                </button>
              )}
              <UndoButtons state={undoState} onUndo={() => void undo.undo()} onRedo={() => void undo.redo()} />
              <button
                type="button"
                disabled={locked || busy || !dirty}
                onClick={() => void send(false)}
                aria-keyshortcuts="Control+S"
              >
                {t('kpi.assessment.save')}
              </button>
              <button type="button" className="primary" disabled={locked || busy} onClick={() => void send(true)}>
                {t('kpi.assessment.submit')}
              </button>
              {!mine && (
                <button type="button" disabled={locked || busy || !period} onClick={() => setCompleting(true)}>
                  {t('kpi.assessment.complete')}
                </button>
              )}
            </>
          )}
          {canWrite && locked && !mine && (
            <button type="button" onClick={() => setBonusOpen(true)}>
              {t('kpi.bonus.open')}
            </button>
          )}
          {!mine && (
            <button type="button" disabled={!results.length} onClick={() => void exportXlsx()}>
              {t('kpi.assessment.export')}
            </button>
          )}
        </div>
        {period && (
          <p className="hint" id={`${ids}-status`}>
            {locked
              ? t('kpi.assessment.lockedHint', { name: period.name })
              : t('kpi.assessment.openHint', { name: period.name, start: period.start_date, end: period.end_date })}
          </p>
        )}
        {periods && periods.length === 0 && <p className="hint">{t(mine ? 'kpi.mine.none' : 'kpi.assessment.none')}</p>}
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        {sheet && (
          <div className="grid-frame kpi-sheet" onPaste={onPaste} onKeyDownCapture={onKeyDown}>
            <AgGridReact<GridRow>
              modules={gridModules}
              theme={gridTheme}
              rowData={rows}
              columnDefs={columns}
              getRowId={(p) => p.data.id}
              enableBrowserTooltips
              singleClickEdit={false}
              stopEditingWhenCellsLoseFocus
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellValueChanged={onCellValueChanged}
              overlayNoRowsTemplate={`<span>${t('kpi.assessment.empty')}</span>`}
            />
          </div>
        )}
        {sheet && !mine && <Ranking results={results} />}
      </section>
      {opening && (
        <OpenPeriod
          onClose={(made) => {
            setOpening(false);
            if (made) {
              toast(t('kpi.assessment.opened', { name: `${made.rule.name} ${made.name}` }), 'success');
              setAssessor('');
              void refreshPeriods(made._id);
            }
          }}
        />
      )}
      {bonusOpen && period && <BonusDialog period={period} onClose={() => setBonusOpen(false)} />}
      {completing && period && (
        <ConfirmDialog
          title={t('kpi.assessment.completeTitle', { name: `${period.rule.name} ${period.name}` })}
          message={t('kpi.assessment.completeText')}
          confirm={t('kpi.assessment.complete')}
          busy={busy}
          onCancel={() => setCompleting(false)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await completeAssessment(period._id);
              toast(t('kpi.assessment.completed', { name: period.name }), 'success');
              setCompleting(false);
              setReload((n) => n + 1);
              void refreshPeriods(period._id);
            } catch (reason) {
              const text = errorText(t, toApiError(reason));
              setCompleting(false);
              setMessage(text);
              notifyError(text);
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
    </>
  );
}

function OpenPeriod({ onClose }: { onClose: (made: KpiAssessment | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [rules, setRules] = useState<KpiRule[]>([]);
  const [rule, setRule] = useState('');
  const [type, setType] = useState<PeriodType>('month');
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listKpiRules().then(
      (list) => {
        setRules(list);
        setRule((current) => current || list[0]?._id || '');
      },
      (reason: unknown) => setError(errorText(t, toApiError(reason))),
    );
  }, [t]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rule || !date) {
      setError(t('validation.required'));
      return;
    }
    try {
      onClose(await openAssessment({ rule, period_type: type, date }));
    } catch (reason) {
      const apiError = toApiError(reason);
      setError(apiError.fields?.date ? t('kpi.assessment.alreadyOpen') : errorText(t, apiError));
    }
  };
  return (
    <OwnKeysModal title={t('kpi.assessment.open')} onCancel={() => onClose(null)}>
      <form className="kpi-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-rule`}>{t('kpi.assessment.rule')}</label>
          <select id={`${id}-rule`} value={rule} onChange={(event) => setRule(event.target.value)}>
            {rules.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('kpi.assessment.periodType')}</label>
          <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value as PeriodType)}>
            {periodTypes.map((value) => (
              <option key={value} value={value}>
                {t(`enums.kpi_period_type.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>{t('kpi.assessment.dayInPeriod')}</label>
          <input id={`${id}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary">
            {t('kpi.assessment.openConfirm')}
          </button>
        </div>
      </form>
    </OwnKeysModal>
  );
}
