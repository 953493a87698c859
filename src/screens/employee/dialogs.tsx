/**
 * The detail's modal dialogs, on the grid's `Modal` (src/grids/dialogs.tsx: a native modal <dialog>, focus kept
 * inside, the page inert, Esc cancels); the safe answer is focused first in a confirmation, and Ctrl+Enter presses
 * its confirm button (`data-default`, src/components/formKeys.ts).
 */

import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exitCauses, severanceRateTables } from '../../../common/payroll/severance.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { Modal } from '../../grids/dialogs.tsx';
import type { ExitCause, ExitPay, ExitPayEdit, ExitReason } from './api.ts';
import { type ExitPayDraft, ExitPayPanel, emptyExitPayDraft, exitPayEdits, missingReasons } from './ExitPayPanel.tsx';

export interface ExitChoice {
  exit_reason: ExitReason;
  exit_date: string;
  /** PP 35/2021's cause (decision 0170): the exit stores what it owes, with the edits and their reasons. */
  exit_cause?: ExitCause;
  leave_days?: number;
  pay?: ExitPayEdit[];
}

/** The causes' PP 35/2021 rules (the latest table): each cause is a resignation or a phk. */
const causeRules = (severanceRateTables[severanceRateTables.length - 1] as (typeof severanceRateTables)[number]).value
  .causes;

/**
 * 'Exit employee': the reason and the exit date, then a confirmation naming both; `onConfirm` runs the exit. The
 * date starts at today (Asia/Jakarta).
 */
export function ExitDialog({
  employeeId,
  name,
  today,
  busy,
  error,
  onCancel,
  onConfirm,
  notice,
}: {
  /** The employee's record id: the amounts owed are previewed for it. */
  employeeId: string;
  name: string;
  today: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (choice: ExitChoice) => void;
  /** What else the exit settles (the loans' remaining balance and the deposits paid back: issue 15). */
  notice?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [cause, setCause] = useState<ExitCause>('resign');
  const reason: ExitReason = causeRules[cause].reason;
  const [date, setDate] = useState(today);
  const [draft, setDraft] = useState<ExitPayDraft>(emptyExitPayDraft);
  const [pay, setPay] = useState<ExitPay | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const onPay = useCallback((next: ExitPay | null) => setPay(next), []);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [dateError, setDateError] = useState<string | null>(null);
  const reasonId = useId();
  const dateId = useId();
  const reasonLabel = `${t(`enums.exit_reason.${reason}` as never)} · ${t(`enums.exit_cause.${cause}`)}`;

  if (step === 'confirm') {
    const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`));
    return (
      <ConfirmDialog
        title={t('employeeDetail.exit.confirmTitle')}
        message={t('employeeDetail.exit.confirmMessage', { name, reason: reasonLabel, date: when })}
        confirm={t('employeeDetail.exit.confirm')}
        danger
        busy={busy}
        error={error}
        onCancel={() => setStep('choose')}
        onConfirm={() =>
          onConfirm({
            exit_reason: reason,
            exit_date: date,
            exit_cause: cause,
            ...(draft.leave_days === undefined ? {} : { leave_days: draft.leave_days }),
            ...(pay ? { pay: exitPayEdits(pay, draft) } : {}),
          })
        }
      />
    );
  }

  return (
    <Modal title={t('employeeDetail.exit.title', { name })} onCancel={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const day = readDateText(date);
          if (day === null) {
            setDateError(t(date.trim() ? 'grid.errors.date' : 'validation.required'));
            return;
          }
          setDate(day);
          if (missingReasons(pay, draft).length > 0) {
            setShowMissing(true);
            return;
          }
          setStep('confirm');
        }}
      >
        {notice}
        <label htmlFor={reasonId}>{t('resources.employees.fields.exit_reason' as never)}</label>
        <select id={reasonId} value={cause} onChange={(event) => setCause(event.target.value as ExitCause)}>
          {exitCauses.map((value) => (
            <option key={value} value={value}>
              {t(`enums.exit_cause.${value}`)} — {t(`enums.exit_reason.${causeRules[value].reason}` as never)} (
              {t('exitPay.article', { article: causeRules[value].article })})
            </option>
          ))}
        </select>
        <label htmlFor={dateId}>{t('resources.employees.fields.exit_date' as never)}</label>
        <DateInput
          id={dateId}
          value={date}
          language={i18n.resolvedLanguage ?? 'en'}
          required
          invalid={!!dateError}
          describedBy={fieldErrorProps(dateId, dateError)['aria-describedby']}
          onChange={(value) => {
            setDate(value);
            setDateError(null);
          }}
        />
        <FieldError fieldId={dateId} message={dateError} />
        <ExitPayPanel
          employeeId={employeeId}
          cause={cause}
          date={date}
          draft={draft}
          onDraft={setDraft}
          onPay={onPay}
          showMissing={showMissing}
        />
        <p className="hint">{t('employeeDetail.exit.hint')}</p>
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary">
            {t('employeeDetail.exit.next')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
