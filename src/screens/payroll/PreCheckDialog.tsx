/** New run: month, year, title (or a THR holiday), then the pre-run check; the run may go ahead with warnings. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { formatRupiah } from '../../format.ts';
import { Modal } from '../../grids/dialogs.tsx';
import type { CreateRun, Warning } from './api.ts';

/** The figures of the warnings that carry them (issue 27): the compensation owed, the hours, the rate carried. */
const warningDetails = {
  pkwt_compensation_due: 'payrollRun.warningDetail.pkwt_compensation_due',
  overtime_over_limit: 'payrollRun.warningDetail.overtime_over_limit',
  rate_carried_forward: 'payrollRun.warningDetail.rate_carried_forward',
} as const satisfies Partial<Record<Warning['code'], string>>;

function detailValues(warning: Warning): Record<string, string | number> {
  const detail = warning.detail ?? {};
  return Object.fromEntries(
    Object.entries(detail).map(([key, value]) => [
      key,
      key === 'amount' && typeof value === 'number' ? formatRupiah(value) : value,
    ]),
  );
}

export function PreCheckDialog({
  busy,
  error,
  load,
  onCancel,
  onRun,
}: {
  busy: boolean;
  error: string | null;
  load: (year: number, month: number) => Promise<Warning[]>;
  onCancel: () => void;
  onRun: (body: CreateRun, warnings: readonly Warning[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const holidayId = useId();
  const now = new Date();
  const [type, setType] = useState<CreateRun['type']>('payroll_run');
  const [year, setYear] = useState(now.getFullYear());
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [title, setTitle] = useState('');
  const [holiday, setHoliday] = useState('');
  const [warnings, setWarnings] = useState<Warning[] | null>(null);

  const body: CreateRun = {
    type,
    year,
    month,
    ...(title.trim() ? { title: title.trim() } : {}),
    ...(type === 'thr' && holiday ? { holiday_date: readDateText(holiday) ?? holiday } : {}),
  };
  return (
    <Modal title={t('payrollRun.newRun')} onCancel={onCancel}>
      <form
        className="payroll-create"
        onSubmit={(event) => {
          event.preventDefault();
          if (warnings === null) void load(year, month).then(setWarnings);
          else onRun(body, warnings);
        }}
      >
        <label>
          {t('payrollRun.type')}
          <select value={type} onChange={(e) => setType(e.target.value as CreateRun['type'])}>
            <option value="payroll_run">{t('enums.payroll_run_type.payroll_run')}</option>
            <option value="thr">{t('enums.payroll_run_type.thr')}</option>
          </select>
        </label>
        <label>
          {t('payrollRun.month')}
          <input type="number" min={1} max={12} value={month} onChange={(e) => setMonth(Number(e.target.value))} />
        </label>
        <label>
          {t('payrollRun.year')}
          <input type="number" min={2000} max={2100} value={year} onChange={(e) => setYear(Number(e.target.value))} />
        </label>
        <label>
          {t('payrollRun.titleField')}
          <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        </label>
        {type === 'thr' && (
          <div className="field">
            <label htmlFor={holidayId}>{t('payrollRun.holidayDate')}</label>
            <DateInput id={holidayId} required value={holiday} onChange={setHoliday} language={i18n.language} />
          </div>
        )}
        {warnings !== null && (
          <section aria-label={t('payrollRun.preCheck')}>
            <h3>{t('payrollRun.preCheck')}</h3>
            {warnings.length === 0 && <p>{t('payrollRun.noWarnings')}</p>}
            <ul className="payroll-warnings">
              {warnings.map((warning) => (
                <li
                  key={`${warning.code}-${warning.employee?._id ?? ''}-${warning.date ?? ''}-${JSON.stringify(warning.detail ?? {})}`}
                >
                  {t(`enums.payroll_warning.${warning.code}`)}
                  {warning.employee && ` · ${warning.employee.fullname} (${warning.employee.employee_id})`}
                  {warning.code in warningDetails &&
                    ` · ${t(warningDetails[warning.code as keyof typeof warningDetails], {
                      date: warning.date ?? '',
                      ...detailValues(warning),
                    })}`}{' '}
                  <a href={warning.link}>{t('payrollRun.fix')}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <FormActions
          error={error}
          cancel={{ label: t('grid.cancel'), onClick: onCancel, disabled: busy }}
          submit={{
            label:
              warnings === null
                ? t('payrollRun.preCheck')
                : warnings.length
                  ? t('payrollRun.runAnyway')
                  : t('payrollRun.run'),
            disabled: busy,
          }}
        />
      </form>
    </Modal>
  );
}
