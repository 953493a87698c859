/**
 * The detail's modal dialogs, on the grid's `Modal` (src/grids/dialogs.tsx: a native modal <dialog>, focus kept
 * inside, the page inert, Esc cancels); the safe answer is focused first in a confirmation.
 */
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { Modal } from '../../grids/dialogs.tsx';
import type { ExitReason } from './api.ts';

/** A yes/no question; `busy` disables the answers while the action runs, `error` shows why it failed. */
export function ConfirmDialog({
  title,
  message,
  confirm,
  danger = false,
  busy = false,
  error = null,
  onCancel,
  onConfirm,
}: {
  title: string;
  message: string;
  confirm: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  return (
    <Modal title={title} onCancel={onCancel} role="alertdialog">
      <p id={messageId}>{message}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the safe answer takes focus in a confirmation. */}
        <button type="button" autoFocus onClick={onCancel} disabled={busy}>
          {t('grid.cancel')}
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}

export interface ExitChoice {
  exit_reason: ExitReason;
  exit_date: string;
}

const reasons: readonly ExitReason[] = ['resign', 'phk'];

/**
 * 'Exit employee': the reason and the exit date, then a confirmation naming both; `onConfirm` runs the exit. The
 * date starts at today (Asia/Jakarta).
 */
export function ExitDialog({
  name,
  today,
  busy,
  error,
  onCancel,
  onConfirm,
  notice,
}: {
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
  const [reason, setReason] = useState<ExitReason>('resign');
  const [date, setDate] = useState(today);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [dateError, setDateError] = useState<string | null>(null);
  const reasonId = useId();
  const dateId = useId();
  const reasonLabel = t(`enums.exit_reason.${reason}` as never);

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
        onConfirm={() => onConfirm({ exit_reason: reason, exit_date: date })}
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
          setStep('confirm');
        }}
      >
        {notice}
        <label htmlFor={reasonId}>{t('resources.employees.fields.exit_reason' as never)}</label>
        <select id={reasonId} value={reason} onChange={(event) => setReason(event.target.value as ExitReason)}>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {t(`enums.exit_reason.${value}` as never)}
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
          onChange={(value) => {
            setDate(value);
            setDateError(null);
          }}
        />
        {dateError && <p className="field-error">{dateError}</p>}
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
