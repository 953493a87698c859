/**
 * The payroll-employees menu leaf: pick an employee and a month, then open their payroll for it
 * (`/dashboard/edit/payroll-employees/{id}?month=&year=&exit=`, PayrollEmployee.tsx).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { PickerField } from '../../picker/PickerField.tsx';
import type { ScreenProps } from '../types.ts';
import { currentMonth } from './PayrollEmployee.tsx';
import './payroll.css';

interface Picked {
  _id: string;
  fullname: string;
  employee_id: string;
  exit_date: string | null;
}

export default function PayrollEmployees({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const now = currentMonth();
  const [employee, setEmployee] = useState<Picked | null>(null);
  const [period, setPeriod] = useState(`${now.year}-${String(now.month).padStart(2, '0')}`);
  const open = (person: Picked | null = employee) => {
    const [year, month] = period.split('-').map(Number);
    if (!person || !year || !month) return;
    const query = new URLSearchParams({
      month: String(month),
      year: String(year),
      exit: String(Boolean(person.exit_date)),
    });
    navigate(`/dashboard/edit/payroll-employees/${person._id}?${query}`);
  };
  return (
    <>
      <ScreenHeader trail={trail} title={t(entry.titleKey)} />
      <form
        className="payroll-employee-pick"
        onSubmit={(event) => {
          event.preventDefault();
          open();
        }}
      >
        <label htmlFor={`${id}-month`}>{t('payrollEmployee.month')}</label>
        <input id={`${id}-month`} type="month" value={period} onChange={(event) => setPeriod(event.target.value)} />
        <div className="field">
          <PickerField<Picked>
            id={`${id}-employee`}
            label={t('payrollEmployee.employee')}
            source={{
              kind: 'server',
              path: '/v1/employees',
              searchField: 'fullname',
              map: (record) => ({
                key: record._id,
                label: String(record.fullname),
                detail: String(record.employee_id ?? ''),
                value: {
                  _id: record._id,
                  fullname: String(record.fullname),
                  employee_id: String(record.employee_id ?? ''),
                  exit_date: (record.exit_date as string | null | undefined) ?? null,
                },
              }),
            }}
            value={employee}
            keyOf={(value) => value._id}
            display={(value) => `${value.fullname} · ${value.employee_id}`}
            onChange={(value) => {
              setEmployee(value);
              if (value) open(value);
            }}
            error={null}
          />
        </div>
        <button type="submit" className="primary" disabled={!employee}>
          {t('payrollEmployee.open')}
        </button>
      </form>
      <p className="muted">{t('payrollEmployee.hint')}</p>
    </>
  );
}
