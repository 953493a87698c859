/**
 * The loan detail (`/dashboard/payroll/employee-loan/detail/:id`, issue 15): the loan's figures and its schedule,
 * each installment with its month, amount, what was paid, status and the payroll run that deducted it with the
 * payslip line (capped and carried over when the take-home pay did not allow it all); the payments; and the two
 * logged actions, early settlement and skipping a month.
 */

import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, toApiError } from '../../api/client.ts';
import { AttachmentField, AttachmentLink, type AttachmentValue } from '../../attachments/AttachmentField.tsx';
import { useCommands } from '../../commands/registry.ts';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { formatDate, formatRupiah } from '../../format.ts';
import { Modal } from '../../grids/dialogs.tsx';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText, fieldErrors } from '../../validation.ts';
import { loanDetailCommands } from './commands.ts';
import './finance.css';

type Schedule = Awaited<ReturnType<typeof loadSchedule>>;
type Load = { state: 'loading' } | { state: 'ready'; data: Schedule } | { state: 'failed'; error: ApiError };

const loadSchedule = (id: string) => call(api.GET('/v1/loans/{id}/schedule', { params: { path: { id } } }));

const installmentStatusKeys = {
  paid: 'loans.installmentStatus.paid',
  partial: 'loans.installmentStatus.partial',
  due: 'loans.installmentStatus.due',
  upcoming: 'loans.installmentStatus.upcoming',
} as const;
const paymentKindKeys = {
  payroll: 'loans.paymentKind.payroll',
  settlement: 'loans.paymentKind.settlement',
} as const;

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

export default function LoanDetail({ id, listLabel }: { id: string; listLabel: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite('finance-loan');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [dialog, setDialog] = useState<'settle' | 'skip' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const data = load.state === 'ready' ? load.data.data : null;
  const loan = data?.loan;
  const employee = loan && typeof loan.employee === 'object' ? loan.employee : null;
  const title = loan
    ? t('loans.detail.title', { name: employee?.fullname ?? '', loan: loan.name })
    : t('screen.loanDetail');
  usePageTitle(title);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    loadSchedule(id).then(
      (result) => current && setLoad({ state: 'ready', data: result }),
      (error: unknown) => current && setLoad({ state: 'failed', error: toApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const month = useCallback(
    (year: number, m: number) =>
      new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, m - 1, 1)),
      ),
    [i18n.language],
  );
  const active = loan?.status === 'active';
  useCommands(
    loanDetailCommands({
      canWrite,
      active,
      settle: () => setDialog('settle'),
      skip: () => setDialog('skip'),
      back: () => navigate(-1),
    }),
    [canWrite, active],
  );

  if (load.state !== 'ready' || !data || !loan) {
    return (
      <>
        <header className="screen-header">
          <p className="trail muted">{listLabel}</p>
          <h1>{t('screen.loanDetail')}</h1>
        </header>
        <LoadStatus
          load={load.state === 'ready' ? { state: 'loading' } : load}
          retry={() => setAttempt((n) => n + 1)}
          failure={(error) => <p role="alert">{errorText(t, error)}</p>}
        />
      </>
    );
  }

  const figures: [string, string][] = [
    [t('resources.loans.fields.employee'), employee ? `${employee.fullname} (${employee.employee_id})` : ''],
    [
      t('resources.loans.fields.effective_date'),
      formatDate(loan.effective_date, 'DD MMM YYYY', { locale: i18n.language }),
    ],
    [t('resources.loans.fields.amount'), formatRupiah(loan.amount)],
    [t('resources.loans.fields.installment'), String(loan.installment)],
    [t('resources.loans.fields.interest_rate'), `${loan.interest_rate}% (${t('enums.interest_type.flat')})`],
    [t('loans.detail.interest'), formatRupiah(data.interest_total)],
    [t('resources.loans.fields.total_amount'), formatRupiah(data.total)],
    [t('resources.loans.fields.amount_paid'), formatRupiah(loan.amount_paid)],
    [t('loans.detail.remaining'), formatRupiah(data.remaining)],
    [t('resources.loans.fields.remaining_installment'), String(loan.remaining_installment)],
  ];
  const unpaid = data.installments.filter((item) => item.status !== 'paid' && item.paid === 0 && !item.run);

  return (
    <>
      <header className="screen-header">
        <p className="trail muted">
          <Link to="/dashboard/finance-loan">{listLabel}</Link> / {loan.name}
        </p>
        <h1>{title}</h1>
      </header>
      <section className="loan-detail" aria-label={t('loans.detail.summary')}>
        <p>
          <span className={`status-badge ${loan.status}`}>{t(`enums.loan_status.${loan.status}`)}</span>
          {loan.settled_on && (
            <span className="muted">
              {' '}
              {t('loans.detail.settledOn', {
                date: formatDate(loan.settled_on, 'DD MMM YYYY', { locale: i18n.language }),
              })}
            </span>
          )}
        </p>
        <dl className="loan-figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {loan.description && <p>{loan.description}</p>}
        <LoanAttachment
          id={loan._id}
          stored={loan.attachment ?? null}
          version={loan.version}
          canWrite={canWrite}
          onSaved={() => setAttempt((n) => n + 1)}
        />
        {canWrite && active && (
          <div className="loan-actions">
            <button type="button" onClick={() => setDialog('settle')}>
              {t('loans.commands.settle')}
            </button>
            <button type="button" onClick={() => setDialog('skip')} disabled={unpaid.length === 0}>
              {t('loans.commands.skip')}
            </button>
          </div>
        )}
      </section>

      <section aria-labelledby="loan-schedule">
        <h2 id="loan-schedule">{t('loans.detail.schedule')}</h2>
        {/* Decision 0075: THR runs never deduct; the month's THR is kept whole in the monthly run too. */}
        <p className="muted">{t('loans.detail.thrNote')}</p>
        <table className="loan-schedule">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('loans.detail.month')}</th>
              <th scope="col">{t('loans.detail.principal')}</th>
              <th scope="col">{t('loans.detail.interest')}</th>
              <th scope="col">{t('loans.detail.installment')}</th>
              <th scope="col">{t('loans.detail.paid')}</th>
              <th scope="col">{t('loans.detail.status')}</th>
              <th scope="col">{t('loans.detail.run')}</th>
              <th scope="col">{t('loans.detail.line')}</th>
            </tr>
          </thead>
          <tbody>
            {data.installments.map((item) => (
              <tr key={item.number}>
                <td>{item.number}</td>
                <td>{month(item.year, item.month)}</td>
                <td className="num">{formatRupiah(item.principal)}</td>
                <td className="num">{formatRupiah(item.interest)}</td>
                <td className="num">{formatRupiah(item.amount)}</td>
                <td className="num">{formatRupiah(item.paid)}</td>
                <td>
                  <span className={`status-badge ${item.status}`}>{t(installmentStatusKeys[item.status])}</span>
                </td>
                <td>
                  {item.run
                    ? `${item.run.title} (${t(`enums.payroll_run_status.${item.run.status === 'pending' ? 'pending' : 'completed'}`)})`
                    : '–'}
                </td>
                <td>
                  {item.run?.line
                    ? item.run.line.carried
                      ? t('loans.detail.lineCapped', {
                          amount: formatRupiah(item.run.line.amount),
                          due: formatRupiah(item.run.line.due ?? 0),
                          carried: formatRupiah(item.run.line.carried),
                        })
                      : t('loans.detail.lineFull', { amount: formatRupiah(item.run.line.amount) })
                    : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {loan.skipped_months.length > 0 && (
          <p className="muted">
            {t('loans.detail.skipped', {
              months: loan.skipped_months.map((m) => month(Number(m.slice(0, 4)), Number(m.slice(5, 7)))).join(', '),
            })}
          </p>
        )}
      </section>

      <section aria-labelledby="loan-payments">
        <h2 id="loan-payments">{t('loans.detail.payments')}</h2>
        {data.payments.length === 0 ? (
          <p className="muted">{t('loans.detail.noPayments')}</p>
        ) : (
          <table className="loan-schedule">
            <thead>
              <tr>
                <th scope="col">{t('loans.detail.month')}</th>
                <th scope="col">{t('loans.detail.kind')}</th>
                <th scope="col">{t('loans.detail.amount')}</th>
                <th scope="col">{t('loans.detail.run')}</th>
              </tr>
            </thead>
            <tbody>
              {data.payments.map((payment) => (
                <tr key={payment._id}>
                  <td>{month(payment.year, payment.month)}</td>
                  <td>
                    {t(paymentKindKeys[payment.kind])}
                    {payment.paid_on
                      ? ` (${formatDate(payment.paid_on, 'DD MMM YYYY', { locale: i18n.language })})`
                      : ''}
                    {payment.note ? ` – ${payment.note}` : ''}
                  </td>
                  <td className="num">{formatRupiah(payment.amount)}</td>
                  <td>{payment.run?.title ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {dialog === 'settle' && (
        <SettleDialog
          id={id}
          remaining={data.remaining}
          onCancel={() => setDialog(null)}
          onDone={(next) => {
            setDialog(null);
            setLoad({ state: 'ready', data: next });
            toast(t('loans.detail.settled'), 'success');
          }}
        />
      )}
      {dialog === 'skip' && (
        <SkipDialog
          id={id}
          months={unpaid.map((item) => ({ key: monthKey(item.year, item.month), label: month(item.year, item.month) }))}
          onCancel={() => setDialog(null)}
          onDone={(next) => {
            setDialog(null);
            setLoad({ state: 'ready', data: next });
            toast(t('loans.detail.skippedDone'), 'success');
          }}
        />
      )}
    </>
  );
}

/**
 * The loan's attachment (spec 3 "Loan: attachment"; docs/decisions/0076): opened through the loan; attached, replaced
 * or removed by who may write loans (`PUT /v1/loans/{id}`; the file it held before is deleted by the server).
 */
function LoanAttachment({
  id,
  stored,
  version,
  canWrite,
  onSaved,
}: {
  id: string;
  stored: string | null;
  version: number;
  canWrite: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const label = t('resources.loans.fields.attachment');
  const [chosen, setChosen] = useState<AttachmentValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = chosen && chosen.name === stored ? chosen : stored ? { name: stored, original_name: label } : null;
  const save = async (next: AttachmentValue | null) => {
    setError(null);
    try {
      await call(
        api.PUT('/v1/loans/{id}', {
          params: { path: { id } },
          body: { attachment: next?.name ?? null, version },
          headers: { [INLINE_ERRORS_HEADER]: '1' },
        }),
      );
      setChosen(next);
      toast(t('loans.attachmentSaved'), 'success');
      onSaved();
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };
  return (
    <div className="loan-attachment">
      {stored && <AttachmentLink owner="loan" id={id} file={value ?? { original_name: label }} />}
      {canWrite && <AttachmentField label={label} value={value} error={error} onChange={(next) => void save(next)} />}
    </div>
  );
}

function SettleDialog({
  id,
  remaining,
  onCancel,
  onDone,
}: {
  id: string;
  remaining: number;
  onCancel: () => void;
  onDone: (data: Schedule) => void;
}) {
  const { t, i18n } = useTranslation();
  const [paidOn, setPaidOn] = useState(today());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each field's own message, beside it (issue 25): the day as read here or the server's field errors.
  const [messages, setMessages] = useState<Partial<Record<'paid_on' | 'note', string>>>({});
  const paidOnId = useId();
  const noteId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // Typed day-first and submitted with Enter before the field was left: read it here.
    const day = readDateText(paidOn);
    if (!day) {
      setMessages({ paid_on: t('grid.errors.date') });
      document.getElementById(paidOnId)?.focus();
      return;
    }
    try {
      onDone(
        await call(
          api.POST('/v1/loans/{id}/settle', {
            params: { path: { id } },
            body: { paid_on: day, note: note.trim() || null },
          }),
        ),
      );
    } catch (reason) {
      const failure = toApiError(reason);
      const fields = fieldErrors(t, failure);
      const mine = { paid_on: fields.paid_on, note: fields.note };
      setMessages(mine);
      if (!mine.paid_on && !mine.note) setError(Object.values(fields)[0] ?? errorText(t, failure));
    }
  };
  return (
    <Modal title={t('loans.commands.settle')} onCancel={onCancel}>
      <form onSubmit={submit}>
        <p>{t('loans.detail.settleText', { amount: formatRupiah(remaining) })}</p>
        <label htmlFor={paidOnId}>{t('loans.detail.paidOn')}</label>
        <DateInput
          id={paidOnId}
          required
          value={paidOn}
          invalid={!!messages.paid_on}
          describedBy={fieldErrorProps(paidOnId, messages.paid_on)['aria-describedby']}
          onChange={(value) => {
            setPaidOn(value);
            setMessages((all) => ({ ...all, paid_on: undefined }));
          }}
          onLeave={(problem) => setMessages((all) => ({ ...all, paid_on: problem ?? undefined }))}
          language={i18n.language}
        />
        <FieldError fieldId={paidOnId} message={messages.paid_on} />
        <label htmlFor={noteId}>{t('loans.detail.note')}</label>
        <input
          id={noteId}
          type="text"
          maxLength={500}
          value={note}
          {...fieldErrorProps(noteId, messages.note)}
          onChange={(e) => setNote(e.target.value)}
        />
        <FieldError fieldId={noteId} message={messages.note} />
        {error && <p role="alert">{error}</p>}
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            {t('confirm.no')}
          </button>
          <button type="submit">{t('loans.detail.settleButton')}</button>
        </div>
      </form>
    </Modal>
  );
}

function SkipDialog({
  id,
  months,
  onCancel,
  onDone,
}: {
  id: string;
  months: { key: string; label: string }[];
  onCancel: () => void;
  onDone: (data: Schedule) => void;
}) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(months[0]?.key ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onDone(await call(api.POST('/v1/loans/{id}/skip', { params: { path: { id } }, body: { month } })));
    } catch (reason) {
      const failure = toApiError(reason);
      setError(Object.values(fieldErrors(t, failure))[0] ?? errorText(t, failure));
    }
  };
  return (
    <Modal title={t('loans.commands.skip')} onCancel={onCancel}>
      <form onSubmit={submit}>
        <p>{t('loans.detail.skipText')}</p>
        <label>
          {t('loans.detail.month')}
          <select value={month} onChange={(e) => setMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        {error && <p role="alert">{error}</p>}
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            {t('confirm.no')}
          </button>
          <button type="submit">{t('loans.detail.skipButton')}</button>
        </div>
      </form>
    </Modal>
  );
}
