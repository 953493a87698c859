/** New daily payroll: a date range (last week, Monday to Sunday, unless typed), created at once (decision 0211). */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { Modal } from '../../grids/dialogs.tsx';
import type { CreateRange } from './api.ts';

const iso = (date: Date) => date.toISOString().slice(0, 10);
/** Last week, Monday to Sunday. */
function lastWeek(): { start: string; end: string } {
  const today = new Date(`${iso(new Date())}T00:00:00Z`);
  const monday = new Date(today.getTime() - (((today.getUTCDay() + 6) % 7) + 7) * 86_400_000);
  return { start: iso(monday), end: iso(new Date(monday.getTime() + 6 * 86_400_000)) };
}

export function RangeDialog({
  busy,
  error,
  onCancel,
  onRun,
}: {
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onRun: (body: CreateRange) => void;
}) {
  const { t, i18n } = useTranslation();
  const startId = useId();
  const endId = useId();
  const [range, setRange] = useState(lastWeek);
  return (
    <Modal title={t('weeklyPayroll.new')} onCancel={onCancel}>
      <form
        className="payroll-create weekly-new"
        onSubmit={(event) => {
          event.preventDefault();
          // A date still as typed (Enter before the field was left) is read as the field reads it on leaving.
          onRun({
            type: 'weekly',
            period_start: readDateText(range.start) ?? range.start,
            period_end: readDateText(range.end) ?? range.end,
          });
        }}
      >
        <div className="field">
          <label htmlFor={startId}>{t('weeklyPayroll.start')}</label>
          <DateInput
            id={startId}
            value={range.start}
            language={i18n.language}
            onChange={(start) => setRange((r) => ({ ...r, start }))}
          />
        </div>
        <div className="field">
          <label htmlFor={endId}>{t('weeklyPayroll.end')}</label>
          <DateInput
            id={endId}
            value={range.end}
            language={i18n.language}
            onChange={(end) => setRange((r) => ({ ...r, end }))}
          />
        </div>
        <FormActions
          error={error}
          cancel={{ label: t('weeklyPayroll.cancel'), onClick: onCancel, disabled: busy }}
          submit={{ label: t('weeklyPayroll.create'), disabled: busy }}
        />
      </form>
    </Modal>
  );
}
