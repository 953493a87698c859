/**
 * "Clock out before your shift ends?": asked before a clock-out earlier than the shift's finish, on home and on the
 * live-attendance screen (useClock). Enter confirms (the confirm button has the focus), Escape keeps working.
 */
import { useTranslation } from 'react-i18next';
import { Modal } from '../grids/dialogs.tsx';

export function EarlyClockOutDialog({
  minutes,
  finish,
  onCancel,
  onConfirm,
}: {
  minutes: number;
  finish: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const hours = Math.floor(minutes / 60);
  const early =
    hours > 0
      ? t('liveAttendance.early.hoursMinutes', { hours, minutes: minutes % 60 })
      : t('liveAttendance.early.minutes', { minutes });
  return (
    <Modal title={t('liveAttendance.early.title')} onCancel={onCancel} role="alertdialog" focusDefault>
      <p>{t('liveAttendance.early.body', { finish, early })}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          {t('liveAttendance.early.keep')}
        </button>
        <button type="button" className="primary" data-default onClick={onConfirm}>
          {t('liveAttendance.early.confirm')}
        </button>
      </div>
    </Modal>
  );
}
