/**
 * The approvals screens' shared pieces: the status chip, the decision dialog (one optional note, Enter confirms),
 * the per-row summary after a batch, and the request's detail beside the grid (its content, a before/after diff for
 * a profile change, its history).
 */

import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '../../api/client.ts';
import { AttachmentLink } from '../../attachments/AttachmentField.tsx';
import { onFormKey } from '../../components/formKeys.ts';
import { formatDate } from '../../format.ts';
import { Modal } from '../../grids/dialogs.tsx';
import { fieldLabel } from '../../grids/labels.ts';
import type { AnyGridSpec } from '../../grids/types.ts';
import { contextText, statusText } from '../../labels/approvals.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import { getApproval } from './api.ts';
import { type ApprovalField, type ApprovalRow, contextColumns, flatten } from './columns.ts';
import { approvalFieldLabel, limitWarningKeys, refusalText, statusTone } from './labels.ts';
import { type Approval, type ApprovalStatus, type DecisionResult, limitWarningsOf } from './model.ts';
import type { employmentStatuses } from './requests.ts';

export function StatusChip({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${statusTone[status]}`}>{statusText(t, status)}</span>;
}

/** The URL parameter that opens one request beside a grid (`?open=<id>`: a notification's link). */
export const OPEN_PARAM = 'open';
export const openRequestPath = (path: string, id: string) => `${path}?${OPEN_PARAM}=${encodeURIComponent(id)}`;

/**
 * `?open=<id>` in the URL opens that request's detail (GET /v1/approvals/{id}, so a request already decided or
 * outside the grid's tab opens too), then leaves the URL; a request the caller may not see says so.
 */
export function useOpenFromUrl(open: (row: ApprovalRow) => void) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get(OPEN_PARAM);
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (!id) return;
    const done = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(OPEN_PARAM);
          return next;
        },
        { replace: true },
      );
    getApproval(id).then(
      (approval) => {
        latest.current(flatten(approval));
        done();
      },
      (reason: unknown) => {
        toast(errorText(t, toApiError(reason)), 'error');
        done();
      },
    );
  }, [id, setParams, t]);
}

/** Plain keys typed in a dialog stay there: the screen's window-wide shortcuts (a, r, n, w…) must not act behind it. */
const keepPlainKeys = (event: KeyboardEvent) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Stopped here, a plain Enter would not reach the app's form keys (Enter in a select submits): given to them first.
  onFormKey(event);
  event.stopPropagation();
};

/** The app's modal dialog whose plain keys stay inside it (Enter on its buttons, letters in its fields). */
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

export const timestamp = (value: string, language: string) =>
  `${formatDate(value, 'DD MMM YYYY', { locale: language })} ${formatDate(value, 'HH:mm')}`;

/** Approve or reject n requests: one optional note; Enter in the note confirms, Escape cancels. */
export function DecisionDialog({
  decision,
  count,
  warned = 0,
  onCancel,
  onConfirm,
}: {
  decision: 'approve' | 'reject';
  count: number;
  /** How many of the requests carry warnings (overtime past its limit): approving them needs the acknowledgement. */
  warned?: number;
  onCancel: () => void;
  onConfirm: (note: string, acknowledge: boolean) => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [acknowledge, setAcknowledge] = useState(false);
  const needsAcknowledgement = decision === 'approve' && warned > 0;
  return (
    <OwnKeysModal
      title={
        decision === 'approve'
          ? t('approvals.decision.approveTitle', { count })
          : t('approvals.decision.rejectTitle', { count })
      }
      onCancel={onCancel}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (needsAcknowledgement && !acknowledge) return;
          onConfirm(note, needsAcknowledgement && acknowledge);
        }}
      >
        {needsAcknowledgement && (
          <label className="field approvals-warning">
            <span>
              <input
                type="checkbox"
                checked={acknowledge}
                required
                onChange={(event) => setAcknowledge(event.target.checked)}
              />{' '}
              {t('approvals.decision.acknowledge', { count: warned })}
            </span>
          </label>
        )}
        <label className="field">
          {t('approvals.decision.note')} <span className="muted">({t('common.optional')})</span>
          <input
            // biome-ignore lint/a11y/noAutofocus: the dialog's one field; Enter confirms at once.
            autoFocus
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <p className="hint">{t('approvals.decision.hint')}</p>
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            {t('grid.cancel')}
          </button>
          <button
            type="submit"
            className={decision === 'approve' ? 'primary' : 'danger'}
            disabled={needsAcknowledgement && !acknowledge}
          >
            {decision === 'approve'
              ? t('approvals.decision.approve', { count })
              : t('approvals.decision.reject', { count })}
          </button>
        </div>
      </form>
    </OwnKeysModal>
  );
}

/** The limits an overtime request goes past (`content.limit_warnings`, decision 0205): shown, never a refusal. */
export function LimitWarnings({ content }: { content: Record<string, unknown> }) {
  const { t } = useTranslation();
  const warnings = limitWarningsOf(content);
  if (warnings.length === 0) return null;
  return (
    <ul className="approvals-warnings" aria-label={t('approvals.detail.warnings')}>
      {warnings.map((warning) => (
        <li key={warning.code} className="approvals-warning">
          {t(limitWarningKeys[warning.code], {
            hours: warning.hours,
            limit: warning.limit,
            taken: warning.taken,
          })}
        </li>
      ))}
    </ul>
  );
}

export interface DecisionSummary {
  decision: 'approve' | 'reject';
  results: { result: DecisionResult; row: ApprovalRow | null }[];
}

/** After a batch: how many went through, and each refused row with its reason. */
export function SummaryDialog({ summary, onClose }: { summary: DecisionSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const done = summary.results.filter((entry) => entry.result.ok).length;
  const refused = summary.results.filter(
    (entry): entry is { result: Extract<DecisionResult, { ok: false }>; row: ApprovalRow | null } => !entry.result.ok,
  );
  return (
    <OwnKeysModal title={t('approvals.summary.title')} onCancel={onClose}>
      <p role="status">
        {summary.decision === 'approve'
          ? t('approvals.summary.approved', { count: done })
          : t('approvals.summary.rejected', { count: done })}
        {refused.length > 0 && ` · ${t('approvals.summary.refused', { count: refused.length })}`}
      </p>
      {refused.length > 0 && (
        <table className="approvals-refusals">
          <caption className="visually-hidden">{t('approvals.summary.refusedList')}</caption>
          <thead>
            <tr>
              <th scope="col">{approvalFieldLabel(t, 'approval_number')}</th>
              <th scope="col">{approvalFieldLabel(t, 'fullname')}</th>
              <th scope="col">{t('approvals.summary.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {refused.map(({ result, row }) => (
              <tr key={result.id}>
                <th scope="row">{row?.approval_number ?? result.id}</th>
                <td>{row?.fullname ?? ''}</td>
                <td>{refusalText(t, result)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: Enter closes the summary and returns to the grid. */}
        <button type="button" className="primary" autoFocus onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </OwnKeysModal>
  );
}

const employeeSpec = { resource: 'employees' } as AnyGridSpec;
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** One request beside the grid: what it asks, the profile diff, who decided what. Escape closes. */
export function DetailPanel({
  row,
  canDecide,
  onDecide,
  onWithdraw,
  onClose,
}: {
  row: ApprovalRow;
  canDecide: boolean;
  onDecide?: (decision: 'approve' | 'reject') => void;
  onWithdraw?: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [approval, setApproval] = useState<Approval>(row.source);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    heading.current?.focus();
    let current = true;
    setApproval(row.source);
    getApproval(row._id).then(
      (fresh) => current && setApproval(fresh),
      (reason: unknown) => current && setError(errorText(t, toApiError(reason))),
    );
    return () => {
      current = false;
    };
  }, [row, t]);

  const flat = flatten(approval);
  // The stored attachment (a sick note): opened through the request, by who may read it.
  const stored = approval.content.attachment as { original_name?: unknown } | null | undefined;
  const attachment = typeof stored?.original_name === 'string' ? { original_name: stored.original_name } : null;
  const fields: readonly ApprovalField[] = contextColumns[approval.context].filter((field) => field !== 'changes');
  const changes = Array.isArray(approval.content.changes)
    ? (approval.content.changes as { field: string; from: unknown; to: unknown }[])
    : [];
  const value = (field: ApprovalField) => {
    const raw = flat[field];
    if (field === 'unit' && raw) return t(`enums.leave_unit.${raw as 'day' | 'half_day' | 'hour'}`);
    if (field === 'employee_status' && typeof raw === 'string' && raw)
      return t(`enums.employment_status.${raw as (typeof employmentStatuses)[number]}`);
    if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw))
      return formatDate(raw, 'DD MMM YYYY', { locale: i18n.language });
    return shown(raw);
  };

  return (
    <aside
      className="approvals-detail"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {approval.approval_number}
      </h2>
      <p>
        <StatusChip status={approval.status} /> {contextText(t, approval.context)} ·{' '}
        {t('approvals.detail.level', { level: approval.level, levels: approval.levels })}
      </p>
      <dl className="approvals-fields">
        <div className="approvals-field">
          <dt>{approvalFieldLabel(t, 'fullname')}</dt>
          <dd>
            {approval.employee.fullname} · {approval.employee.employee_id}
            {approval.employee.department ? ` · ${approval.employee.department.name}` : ''}
          </dd>
        </div>
        {fields.map((field) => (
          <div key={field} className="approvals-field">
            <dt>{approvalFieldLabel(t, field)}</dt>
            <dd>{value(field)}</dd>
          </div>
        ))}
        {attachment && (
          <div className="approvals-field">
            <dt>{approvalFieldLabel(t, 'attachment')}</dt>
            <dd>
              <AttachmentLink owner="approval" id={approval._id} file={attachment} />
            </dd>
          </div>
        )}
        {!approval.can_decide && approval.deciders.length > 0 && (
          <div className="approvals-field">
            <dt>{t('approvals.detail.deciders')}</dt>
            <dd>{approval.deciders.map((person) => person.fullname).join(', ')}</dd>
          </div>
        )}
        {approval.approvers.length > 0 && (
          <div className="approvals-field">
            <dt>{approvalFieldLabel(t, 'approvers')}</dt>
            <dd>{flat.approvers}</dd>
          </div>
        )}
        <div className="approvals-field">
          <dt>{approvalFieldLabel(t, 'created_at')}</dt>
          <dd>{timestamp(approval.created_at, i18n.language)}</dd>
        </div>
      </dl>
      <LimitWarnings content={approval.content} />
      {changes.length > 0 && (
        <table className="approvals-diff">
          <caption>{t('approvals.detail.changes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('approvals.detail.field')}</th>
              <th scope="col">{t('approvals.detail.before')}</th>
              <th scope="col">{t('approvals.detail.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{fieldLabel(t, employeeSpec, change.field)}</th>
                <td>
                  <del>{shown(change.from)}</del>
                </td>
                <td>
                  <ins>{shown(change.to)}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('approvals.detail.history')}</h3>
      {approval.history.length === 0 ? (
        <p className="muted">{t('approvals.detail.noHistory')}</p>
      ) : (
        <ol className="approvals-history">
          {approval.history.map((entry) => (
            <li key={`${entry.level}-${entry.at}-${entry.by?._id ?? ''}`}>
              <strong>{t(`enums.approval_decision.${entry.decision}`)}</strong>{' '}
              {t('approvals.detail.by', {
                name: entry.by?.fullname ?? '—',
                level: entry.level,
                at: timestamp(entry.at, i18n.language),
              })}
              {entry.as_admin && <span className="badge badge-muted">{t('approvals.detail.asAdmin')}</span>}
              {(entry.acknowledged_warnings ?? []).length > 0 && (
                <span className="badge badge-muted">{t('approvals.detail.acknowledged')}</span>
              )}
              {entry.note && <q>{entry.note}</q>}
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        {canDecide && approval.can_decide && onDecide && (
          <>
            <button type="button" className="primary" onClick={() => onDecide('approve')}>
              {t('approvals.review.approve')}
            </button>
            <button type="button" className="danger" onClick={() => onDecide('reject')}>
              {t('approvals.review.reject')}
            </button>
          </>
        )}
        {onWithdraw && approval.can_withdraw && (
          <button type="button" className="danger" onClick={onWithdraw}>
            {t('approvals.mine.withdraw')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </aside>
  );
}
