/** The tax period pickers: a year (this year and the three before) and, for monthly reports, a month. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Today's year and month in Asia/Jakarta. */
const jakartaNow = () => {
  const now = new Date(Date.now() + 7 * 3_600_000);
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
};

/** The month before this one: the latest month whose run is usually completed. */
export const previousMonth = () => {
  const { year, month } = jakartaNow();
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
};

const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export const thisYear = () => jakartaNow().year;

const years = () => {
  const year = thisYear();
  return [year, year - 1, year - 2].filter((y) => y >= 2024);
};

export function YearPicker({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{t('taxReports.year')}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {years().map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </>
  );
}

export function MonthPicker({
  value,
  onChange,
}: {
  value: { year: number; month: number };
  onChange: (period: { year: number; month: number }) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const name = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  return (
    <>
      <YearPicker value={value.year} onChange={(year) => onChange({ ...value, year })} />
      <label htmlFor={id}>{t('taxReports.month')}</label>
      <select
        id={id}
        value={value.month}
        onChange={(event) => onChange({ ...value, month: Number(event.target.value) })}
      >
        {months.map((month) => (
          <option key={month} value={month}>
            {name.format(new Date(Date.UTC(2024, month - 1, 1)))}
          </option>
        ))}
      </select>
    </>
  );
}

/** The report shell's periods (../reports/ReportScreen.tsx): a month, opening on the previous one; a year, this one. */
export const monthPeriod = { Picker: MonthPicker, initial: previousMonth };
export const yearPeriod = { Picker: YearPicker, initial: thisYear };
