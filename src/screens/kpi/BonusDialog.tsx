/**
 * A completed assessment feeding a payroll bonus (decision 0185): the bonus component, the month, the company's rule
 * (a base amount paid × final score ÷ 100 to everyone at or above a minimum score); Preview shows each employee's
 * amount and the total before anything is written; Write adds them as the employees' bonus items of that month, once.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { MoneyInput, readRupiah } from '../../components/MoneyInput.tsx';
import { formatRupiah } from '../../format.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import { type KpiAssessment, listBonusComponents, type Option, previewBonus, writeBonus } from './api.ts';
import { OwnKeysModal } from './SetupList.tsx';

type Preview = Awaited<ReturnType<typeof previewBonus>>;

const nextMonth = () => {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
};

export function BonusDialog({ period, onClose }: { period: KpiAssessment; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [bonuses, setBonuses] = useState<Option[]>([]);
  const [bonus, setBonus] = useState('');
  const [month, setMonth] = useState(nextMonth);
  const [amount, setAmount] = useState('1.000.000');
  const [minimum, setMinimum] = useState('80');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    listBonusComponents().then(
      (list) => {
        setBonuses(list);
        setBonus((current) => current || list[0]?._id || '');
      },
      (reason: unknown) => setError(errorText(t, toApiError(reason))),
    );
  }, [t]);

  const rule = () => {
    const base = readRupiah(amount);
    const floor = Number(minimum.replace(',', '.'));
    if (!bonus || !/^\d{4}-\d{2}$/.test(month) || base === null || !Number.isFinite(floor)) return null;
    return { bonus, month, amount: base, minimum_score: floor };
  };

  const show = async (event: FormEvent) => {
    event.preventDefault();
    const body = rule();
    if (!body) {
      setError(t('kpi.bonus.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setPreview(await previewBonus(period._id, body));
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setBusy(false);
    }
  };

  const write = async () => {
    const body = rule();
    if (!body) return;
    setBusy(true);
    try {
      const done = await writeBonus(period._id, body);
      toast(t('kpi.bonus.written', { count: done.written ?? 0, month: body.month }), 'success');
      onClose();
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
      setBusy(false);
    }
  };

  return (
    <OwnKeysModal title={t('kpi.bonus.title', { name: `${period.rule.name} ${period.name}` })} onCancel={onClose}>
      <form className="kpi-form" onSubmit={(event) => void show(event)} noValidate>
        <p className="hint">{t('kpi.bonus.hint')}</p>
        <div className="field">
          <label htmlFor={`${id}-bonus`}>{t('kpi.bonus.component')}</label>
          <select id={`${id}-bonus`} value={bonus} onChange={(event) => setBonus(event.target.value)}>
            {bonuses.map((option) => (
              <option key={option._id} value={option._id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-month`}>{t('kpi.bonus.month')}</label>
          <input id={`${id}-month`} type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('kpi.bonus.amount')}</label>
          <MoneyInput id={`${id}-amount`} value={amount} onChange={setAmount} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-minimum`}>{t('kpi.bonus.minimum')}</label>
          <input
            id={`${id}-minimum`}
            inputMode="decimal"
            value={minimum}
            onChange={(event) => setMinimum(event.target.value)}
          />
        </div>
        {preview && (
          <div className="kpi-bonus-preview">
            <p>
              {t('kpi.bonus.total', { count: preview.paid, total: formatRupiah(preview.total) })}
              {preview.written_at && ` ${t('kpi.bonus.alreadyWritten', { month: preview.written_month ?? '' })}`}
              {preview.payroll_completed && ` ${t('kpi.bonus.payrollCompleted')}`}
            </p>
            <table className="payslips-table">
              <thead>
                <tr>
                  <th scope="col">{t('kpi.ranking.employee')}</th>
                  <th scope="col">{t('kpi.ranking.department')}</th>
                  <th scope="col">{t('kpi.ranking.score')}</th>
                  <th scope="col">{t('kpi.bonus.amountPaid')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.employee}>
                    <td>{`${row.employee_name} · ${row.employee_number}`}</td>
                    <td>{row.department_name ?? ''}</td>
                    <td>{row.score}</td>
                    <td>{formatRupiah(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('grid.cancel')}
          </button>
          <button type="submit" disabled={busy}>
            {t('kpi.bonus.preview')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={busy || !preview || !!preview.written_at || preview.payroll_completed || preview.paid === 0}
            onClick={() => void write()}
          >
            {t('kpi.bonus.write')}
          </button>
        </div>
      </form>
    </OwnKeysModal>
  );
}
