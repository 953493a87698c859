/**
 * The exit dialog's amounts (decision 0170): what the chosen cause and date owe (pesangon, UPMK, UPH, separation pay,
 * PKWT compensation) from the server's preview, each amount editable with a reason (required where it differs from
 * the computed one), the untaken leave days, and the final PPh 21 of PP 68/2009 on the severance. A caller who may not
 * read payroll figures sees nothing here (the exit still stores what it owes).
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exitPayTax, severanceTax } from '../../../common/payroll/severance.ts';
import { toApiError } from '../../api/client.ts';
import { formatRupiah } from '../../format.ts';
import { type ExitCause, type ExitPay, type ExitPayEdit, previewExitPay } from './api.ts';

export interface ExitPayDraft {
  leave_days: number | undefined;
  /** Amounts typed, by line code (text as typed), and their reasons. */
  amounts: Record<string, string>;
  reasons: Record<string, string>;
}

export const emptyExitPayDraft: ExitPayDraft = { leave_days: undefined, amounts: {}, reasons: {} };

/** The edits to send: each line whose typed amount differs from the computed one, with its reason. */
export function exitPayEdits(pay: ExitPay | null, draft: ExitPayDraft): ExitPayEdit[] {
  if (!pay) return [];
  const out: ExitPayEdit[] = [];
  for (const line of pay.lines) {
    const typed = draft.amounts[line.code];
    if (typed === undefined || typed.trim() === '') continue;
    const amount = Number(typed.replace(/[^\d]/g, ''));
    if (!Number.isSafeInteger(amount) || amount === line.computed) continue;
    const reason = draft.reasons[line.code]?.trim();
    out.push({ code: line.code, amount, ...(reason ? { reason } : {}) });
  }
  return out;
}

/** Lines whose edited amount still lacks a reason. */
export const missingReasons = (pay: ExitPay | null, draft: ExitPayDraft) =>
  exitPayEdits(pay, draft)
    .filter((edit) => !edit.reason)
    .map((edit) => edit.code);

export function ExitPayPanel({
  employeeId,
  cause,
  date,
  draft,
  onDraft,
  onPay,
  showMissing,
}: {
  employeeId: string;
  cause: ExitCause;
  date: string;
  draft: ExitPayDraft;
  onDraft: (draft: ExitPayDraft) => void;
  onPay: (pay: ExitPay | null) => void;
  showMissing: boolean;
}) {
  const { t } = useTranslation();
  const [pay, setPay] = useState<ExitPay | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'hidden' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const leaveId = useId();
  const leaveDays = draft.leave_days;

  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const controller = new AbortController();
    setState((current) => (current === 'hidden' ? current : 'loading'));
    previewExitPay(
      employeeId,
      { exit_cause: cause, exit_date: date, ...(leaveDays === undefined ? {} : { leave_days: leaveDays }) },
      controller.signal,
    )
      .then((next) => {
        setPay(next);
        onPay(next);
        setState('ready');
        setError(null);
      })
      .catch((reason) => {
        if (controller.signal.aborted) return;
        const failure = toApiError(reason);
        if (failure.status === 403) {
          setState('hidden');
          onPay(null);
          return;
        }
        setPay(null);
        onPay(null);
        setState('error');
        setError(failure.message);
      });
    return () => controller.abort();
  }, [employeeId, cause, date, leaveDays, onPay]);

  if (state === 'hidden') return null;
  const missing = new Set(showMissing ? missingReasons(pay, draft) : []);
  // The totals with the amounts as typed: the final tax on the edited severance (the engine's own function).
  const agreed = (line: ExitPay['lines'][number]) => {
    const typed = draft.amounts[line.code];
    const value = typed === undefined || typed.trim() === '' ? line.amount : Number(typed.replace(/[^\d]/g, ''));
    return Number.isSafeInteger(value) ? value : line.amount;
  };
  const gross = pay
    ? pay.lines.filter((line) => exitPayTax[line.code] === 'final').reduce((sum, line) => sum + agreed(line), 0)
    : 0;
  const ordinary = pay
    ? pay.lines.filter((line) => exitPayTax[line.code] === 'ordinary').reduce((sum, line) => sum + agreed(line), 0)
    : 0;
  const finalTax = pay ? severanceTax(gross, date, !pay.severance.surcharge).pph : 0;
  return (
    <section className="exit-pay" aria-label={t('exitPay.title')} aria-busy={state === 'loading'}>
      <h3>{t('exitPay.title')}</h3>
      {state === 'error' && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {pay && (
        <>
          <p className="hint">
            {t('exitPay.basis', {
              article: pay.article,
              years: Math.floor(pay.service_months / 12),
              months: pay.service_months % 12,
              wage: formatRupiah(pay.wage),
            })}
          </p>
          <label htmlFor={leaveId}>{t('exitPay.leaveDays')}</label>
          <input
            id={leaveId}
            type="number"
            min={0}
            max={366}
            step={0.5}
            value={leaveDays ?? pay.leave_days}
            onChange={(event) => {
              const value = event.target.value === '' ? undefined : Number(event.target.value);
              onDraft({ ...draft, leave_days: value !== undefined && Number.isFinite(value) ? value : undefined });
            }}
          />
          {pay.lines.length === 0 ? (
            <p>{t('exitPay.nothing')}</p>
          ) : (
            <table className="exit-pay-lines">
              <thead>
                <tr>
                  <th scope="col">{t('exitPay.line')}</th>
                  <th scope="col">{t('exitPay.computed')}</th>
                  <th scope="col">{t('exitPay.amount')}</th>
                  <th scope="col">{t('exitPay.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {pay.lines.map((line) => {
                  const label = t(`payrollRun.lines.${line.code}`);
                  const typed = draft.amounts[line.code];
                  return (
                    <tr key={line.code}>
                      <th scope="row">
                        {label}
                        <span className="hint"> {t(line.tax === 'final' ? 'exitPay.final' : 'exitPay.ordinary')}</span>
                      </th>
                      <td className="number">{formatRupiah(line.computed)}</td>
                      <td>
                        <input
                          aria-label={t('exitPay.amountOf', { line: label })}
                          inputMode="numeric"
                          value={typed ?? String(line.amount)}
                          onChange={(event) =>
                            onDraft({ ...draft, amounts: { ...draft.amounts, [line.code]: event.target.value } })
                          }
                        />
                      </td>
                      <td>
                        <input
                          aria-label={t('exitPay.reasonOf', { line: label })}
                          aria-invalid={missing.has(line.code) || undefined}
                          value={draft.reasons[line.code] ?? line.reason ?? ''}
                          maxLength={500}
                          onChange={(event) =>
                            onDraft({ ...draft, reasons: { ...draft.reasons, [line.code]: event.target.value } })
                          }
                        />
                        {missing.has(line.code) && (
                          <span className="field-error" role="alert">
                            {t('exitPay.reasonRequired')}
                          </span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <dl className="exit-pay-totals">
            <dt>{t('exitPay.severance')}</dt>
            <dd>{formatRupiah(gross)}</dd>
            <dt>{t('exitPay.finalTax')}</dt>
            <dd>{formatRupiah(finalTax)}</dd>
            <dt>{t('exitPay.net')}</dt>
            <dd>{formatRupiah(gross - finalTax)}</dd>
            {ordinary > 0 && (
              <>
                <dt>{t('exitPay.ordinaryTotal')}</dt>
                <dd>{formatRupiah(ordinary)}</dd>
              </>
            )}
          </dl>
          <p className="hint">{t('exitPay.paidIn')}</p>
        </>
      )}
    </section>
  );
}
