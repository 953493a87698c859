/**
 * approval → approval-flow: the company's approval flows (who decides which requests, level by level) as a grid,
 * and an editor: name, contexts, leave types (for leave), members (employees and departments; none: everyone),
 * and ordered levels, each with its approvers (an employee, or the requester's supervisor) and whether any one of
 * them or all must approve. Enter or `e` edits the focused flow, `n` (Ctrl+Enter too) adds one, Delete removes it.
 */
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import './approvals.css';
import type { ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ConfirmDelete } from '../../grids/dialogs.tsx';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { contextText } from '../../labels/approvals.ts';
import { useMainFocus } from '../../layout/mainFocus.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText, fieldErrors } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import {
  deleteFlow,
  type Flow,
  type FlowBody,
  type FlowLevel,
  type FlowOptions,
  listFlows,
  loadFlowOptions,
  saveFlow,
} from './api.ts';
import { type ApprovalContext, approvalContexts } from './model.ts';
import { OwnKeysModal } from './parts.tsx';

type Load = { state: 'loading' } | { state: 'ready'; rows: Flow[] } | { state: 'failed'; message: string };
/** A flow's names for its ids (the list resolves them in `names`). */
const namer = (flow: Flow) => {
  const names = new Map(
    [...flow.names.employees, ...flow.names.departments, ...flow.names.leave_types].map((n) => [n._id, n.name]),
  );
  return (id: string) => names.get(id) ?? id;
};
const always = () => true;
const emptyLevel = (): FlowLevel => ({ approvers: [{ type: 'supervisor' }], mode: 'any' });

/** The flow as the editor holds it. */
export function toBody(flow: Flow | null): FlowBody {
  if (!flow) {
    return {
      name: '',
      context: ['leave'],
      leave_type: [],
      members: { employees: [], departments: [] },
      levels: [emptyLevel()],
    };
  }
  return {
    name: flow.name,
    context: [...flow.context],
    leave_type: [...flow.leave_type],
    members: { employees: [...flow.members.employees], departments: [...flow.members.departments] },
    levels: flow.levels.map((level) => ({ mode: level.mode, approvers: level.approvers.map((a) => ({ ...a })) })),
  };
}

export default function Flows({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const canWrite = useCanWrite(entry.id);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<{ flow: Flow | null } | null>(null);
  const [removing, setRemoving] = useState<Flow | null>(null);
  const grid = useRef<GridApi<Flow> | null>(null);
  const region = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads (after a save, "Try again").
  useEffect(() => {
    const abort = new AbortController();
    listFlows(abort.signal).then(
      (rows) => setLoad({ state: 'ready', rows }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  const columnDefs = useMemo<ColDef<Flow>[]>(
    () => [
      { field: 'name', headerName: t('approvals.flows.name'), width: 220, pinned: 'left' },
      {
        colId: 'context',
        headerName: t('approvals.flows.contexts'),
        width: 260,
        valueGetter: (p) => p.data?.context.map((c) => contextText(t, c)).join(', ') ?? '',
      },
      {
        colId: 'leave_type',
        headerName: t('approvals.flows.leaveTypes'),
        width: 200,
        valueGetter: (p) => (p.data ? p.data.leave_type.map(namer(p.data)).join(', ') : ''),
      },
      {
        colId: 'members',
        headerName: t('approvals.flows.members'),
        width: 280,
        valueGetter: (p) => {
          if (!p.data) return '';
          const names = [...p.data.members.departments, ...p.data.members.employees].map(namer(p.data));
          return names.length ? names.join(', ') : t('approvals.flows.everyone');
        },
      },
      {
        colId: 'levels',
        headerName: t('approvals.flows.levels'),
        flex: 1,
        minWidth: 320,
        valueGetter: (p) => {
          if (!p.data) return '';
          const name = namer(p.data);
          return p.data.levels
            .map(
              (level, index) =>
                `${index + 1}. ${level.approvers
                  .map((approver) =>
                    approver.type === 'supervisor' ? t('approvals.flows.supervisor') : name(approver.employee),
                  )
                  .join(level.mode === 'all' ? ' + ' : ' / ')}`,
            )
            .join(' → ');
        },
      },
    ],
    [t],
  );

  const focused = (): Flow | null => {
    const cell = grid.current?.getFocusedCell();
    return (cell && grid.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data) || null;
  };
  const edit = (flow: Flow | null = focused()) => canWrite && flow && setEditing({ flow });
  const create = () => canWrite && setEditing({ flow: null });
  const remove = (flow: Flow | null = focused()) => canWrite && flow && setRemoving(flow);

  useMainFocus(region, true, load, () => {
    const api = grid.current;
    if (!api || load.state !== 'ready') return false;
    if (!load.rows.length) return true;
    if (!region.current?.querySelector('[row-index="0"] [role="gridcell"]')) return false;
    api.setFocusedCell(0, 'name');
    return true;
  });

  const actions = useRef({ edit, create, remove });
  actions.current = { edit, create, remove };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'approval-flow:new',
        label: 'approvals.flows.new',
        keywords: ['new', 'flow', 'approval', 'alur', 'persetujuan', 'baru', '新建', '审批流程'],
        group: 'context',
        shortcut: { key: 'n' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.create(), 0);
        },
      },
      {
        id: 'approval-flow:edit',
        label: 'approvals.flows.edit',
        keywords: ['edit', 'flow', 'ubah', 'alur', '编辑'],
        group: 'context',
        shortcut: { key: 'e' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.edit(), 0);
        },
      },
      {
        // The focused flow, after its confirmation: listed by '?' like the grid's other keys.
        id: 'approval-flow:remove',
        label: 'approvals.flows.remove',
        keywords: ['delete', 'remove', 'flow', 'hapus', 'alur', '删除'],
        group: 'context',
        shortcut: { key: 'Delete' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.remove(), 0);
        },
      },
    ],
    [canWrite],
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
                {t('approvals.flows.new')}
              </button>
              <button type="button" onClick={() => edit()} aria-keyshortcuts="E">
                {t('approvals.flows.edit')}
              </button>
              <button type="button" onClick={() => remove()} aria-keyshortcuts="Delete">
                {t('approvals.flows.remove')}
              </button>
            </>
          )}
        </div>
        <p className="hint">{t('approvals.flows.hint')}</p>
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
            <AgGridReact<Flow>
              modules={gridModules}
              theme={gridTheme}
              rowData={load.rows}
              columnDefs={columnDefs}
              getRowId={(p) => p.data._id}
              enableBrowserTooltips
              onGridReady={(event) => {
                grid.current = event.api;
              }}
              onCellDoubleClicked={(event) => edit(event.data ?? null)}
              overlayNoRowsTemplate={`<span>${t('approvals.flows.empty')}</span>`}
            />
          </div>
        )}
      </section>
      {editing && (
        <FlowEditor
          flow={editing.flow}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              toast(t('approvals.flows.saved', { name: saved.name }), 'success');
              setAttempt((n) => n + 1);
            }
          }}
        />
      )}
      {removing && (
        <ConfirmDelete
          names={[removing.name]}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            const flow = removing;
            setRemoving(null);
            try {
              await deleteFlow(flow._id);
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

function FlowEditor({ flow, onClose }: { flow: Flow | null; onClose: (saved: Flow | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState<FlowBody>(() => toBody(flow));
  const [options, setOptions] = useState<FlowOptions>({ employees: [], departments: [], leaveTypes: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    loadFlowOptions().then(setOptions, (reason: unknown) => setFormError(errorText(t, toApiError(reason))));
  }, [t]);

  const toggle = <T,>(list: readonly T[], value: T) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  const setLevel = (index: number, level: FlowLevel) =>
    setBody({ ...body, levels: body.levels.map((current, i) => (i === index ? level : current)) });
  const moveLevel = (index: number, delta: number) => {
    const levels = [...body.levels];
    const [level] = levels.splice(index, 1);
    levels.splice(index + delta, 0, level!);
    setBody({ ...body, levels });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!body.name.trim()) found.name = t('validation.required');
    if (!body.context.length) found.context = t('validation.required');
    if (!body.levels.length) found.levels = t('validation.required');
    body.levels.forEach((level, index) => {
      if (!level.approvers.length || level.approvers.some((a) => a.type === 'employee' && !a.employee))
        found[`levels.${index}`] = t('approvals.flows.approverRequired');
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setFormError(null);
    try {
      onClose(
        await saveFlow(flow?._id ?? null, {
          ...body,
          name: body.name.trim(),
          leave_type: body.context.includes('leave') ? body.leave_type : [],
        }),
      );
    } catch (reason) {
      const error = toApiError(reason);
      const byField = fieldErrors(t, error);
      setErrors(
        Object.fromEntries(
          Object.entries(byField).map(([key, value]) => [key.replace(/^\//, '').replaceAll('/', '.'), value]),
        ),
      );
      setFormError(errorText(t, error));
      setSaving(false);
    }
  };

  return (
    <OwnKeysModal
      title={flow ? t('approvals.flows.editTitle', { name: flow.name }) : t('approvals.flows.new')}
      onCancel={() => onClose(null)}
    >
      <form className="approvals-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('approvals.flows.name')}</label>
          <input
            id={`${id}-name`}
            // biome-ignore lint/a11y/noAutofocus: the editor's first field.
            autoFocus
            value={body.name}
            maxLength={200}
            {...fieldErrorProps(`${id}-name`, errors.name)}
            onChange={(event) => setBody({ ...body, name: event.target.value })}
          />
          <FieldError fieldId={`${id}-name`} message={errors.name} />
        </div>
        <fieldset {...fieldErrorProps(`${id}-context`, errors.context)}>
          <legend>{t('approvals.flows.contexts')}</legend>
          {approvalContexts.map((value: ApprovalContext) => (
            <label key={value} className="checkbox">
              <input
                type="checkbox"
                checked={body.context.includes(value)}
                onChange={() => setBody({ ...body, context: toggle(body.context, value) })}
              />{' '}
              {contextText(t, value)}
            </label>
          ))}
          <FieldError fieldId={`${id}-context`} message={errors.context} />
        </fieldset>
        {body.context.includes('leave') && (
          <fieldset>
            <legend>{t('approvals.flows.leaveTypes')}</legend>
            <p className="hint">{t('approvals.flows.leaveTypesHint')}</p>
            {options.leaveTypes.map((option) => (
              <label key={option._id} className="checkbox">
                <input
                  type="checkbox"
                  checked={(body.leave_type ?? []).includes(option._id)}
                  onChange={() => setBody({ ...body, leave_type: toggle(body.leave_type ?? [], option._id) })}
                />{' '}
                {option.label}
              </label>
            ))}
          </fieldset>
        )}
        <fieldset>
          <legend>{t('approvals.flows.members')}</legend>
          <p className="hint">{t('approvals.flows.membersHint')}</p>
          <div className="field">
            <label htmlFor={`${id}-departments`}>{t('approvals.flows.departments')}</label>
            <select
              id={`${id}-departments`}
              multiple
              size={Math.min(6, Math.max(2, options.departments.length))}
              value={body.members.departments}
              onChange={(event) =>
                setBody({
                  ...body,
                  members: { ...body.members, departments: [...event.target.selectedOptions].map((o) => o.value) },
                })
              }
            >
              {options.departments.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-employees`}>{t('approvals.flows.employees')}</label>
            <select
              id={`${id}-employees`}
              multiple
              size={6}
              value={body.members.employees}
              onChange={(event) =>
                setBody({
                  ...body,
                  members: { ...body.members, employees: [...event.target.selectedOptions].map((o) => o.value) },
                })
              }
            >
              {options.employees.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset {...fieldErrorProps(`${id}-levels`, errors.levels)}>
          <legend>{t('approvals.flows.levels')}</legend>
          <FieldError fieldId={`${id}-levels`} message={errors.levels} />
          <ol className="flow-levels">
            {body.levels.map((level, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position in the flow.
              <li key={index} className="flow-level">
                <div className="flow-approver">
                  <strong>{t('approvals.flows.level', { n: index + 1 })}</strong>
                  <label className="grid-date">
                    {t('approvals.flows.mode')}
                    <select
                      value={level.mode}
                      onChange={(event) => setLevel(index, { ...level, mode: event.target.value as 'any' | 'all' })}
                    >
                      <option value="any">{t('approvals.flows.modes.any')}</option>
                      <option value="all">{t('approvals.flows.modes.all')}</option>
                    </select>
                  </label>
                  <span className="grid-spacer" />
                  <button type="button" disabled={index === 0} onClick={() => moveLevel(index, -1)}>
                    {t('approvals.flows.up', { n: index + 1 })}
                  </button>
                  <button type="button" disabled={index === body.levels.length - 1} onClick={() => moveLevel(index, 1)}>
                    {t('approvals.flows.down', { n: index + 1 })}
                  </button>
                  <button
                    type="button"
                    onClick={() => setBody({ ...body, levels: body.levels.filter((_, i) => i !== index) })}
                  >
                    {t('approvals.flows.removeLevel', { n: index + 1 })}
                  </button>
                </div>
                {level.approvers.map((approver, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: approvers are edited in place by position.
                  <div key={at} className="flow-approver">
                    <select
                      aria-label={t('approvals.flows.approverType', { n: at + 1, level: index + 1 })}
                      value={approver.type}
                      onChange={(event) =>
                        setLevel(index, {
                          ...level,
                          approvers: level.approvers.map((a, i) =>
                            i === at
                              ? event.target.value === 'supervisor'
                                ? { type: 'supervisor' }
                                : { type: 'employee', employee: '' }
                              : a,
                          ),
                        })
                      }
                    >
                      <option value="supervisor">{t('approvals.flows.supervisor')}</option>
                      <option value="employee">{t('approvals.flows.employee')}</option>
                    </select>
                    {approver.type === 'employee' && (
                      <select
                        aria-label={t('approvals.flows.approver', { n: at + 1, level: index + 1 })}
                        value={approver.employee}
                        onChange={(event) =>
                          setLevel(index, {
                            ...level,
                            approvers: level.approvers.map((a, i) =>
                              i === at ? { type: 'employee', employee: event.target.value } : a,
                            ),
                          })
                        }
                      >
                        <option value="">{t('approvals.request.choose')}</option>
                        {options.employees.map((option) => (
                          <option key={option._id} value={option._id}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    )}
                    <button
                      type="button"
                      onClick={() =>
                        setLevel(index, { ...level, approvers: level.approvers.filter((_, i) => i !== at) })
                      }
                    >
                      {t('approvals.flows.removeApprover', { n: at + 1, level: index + 1 })}
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  onClick={() =>
                    setLevel(index, { ...level, approvers: [...level.approvers, { type: 'employee', employee: '' }] })
                  }
                >
                  {t('approvals.flows.addApprover', { level: index + 1 })}
                </button>
                {errors[`levels.${index}`] && <span className="field-error">{errors[`levels.${index}`]}</span>}
              </li>
            ))}
          </ol>
          <button type="button" onClick={() => setBody({ ...body, levels: [...body.levels, emptyLevel()] })}>
            {t('approvals.flows.addLevel')}
          </button>
        </fieldset>
        <FormActions
          error={formError}
          cancel={{ label: t('grid.cancel'), onClick: () => onClose(null) }}
          submit={{ label: t('approvals.flows.save'), disabled: saving }}
        />
      </form>
    </OwnKeysModal>
  );
}
