/**
 * home (spec 2.3 "dashboard", issue 16): what each role sees and does first, from one request (`GET /v1/dashboard`,
 * whose sections follow the user's menus). Admins: today's attendance, waiting requests, people, the headcount
 * chart, payroll and loans; employees and approvers: the clock, leave balances, open requests, the latest payslip and
 * requests to approve. Every figure is a link to the screen behind it; cards are sections in Tab order, and the
 * palette jumps to each ("Home: Today", ...). Keys outside fields: i clocks in or out, l / o / c ask for leave,
 * overtime or a clock correction, r reviews the oldest waiting requests (home/commands.ts).
 */
import './home.css';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { approvalMenuOf } from '../../../common/approvals.ts';
import { canAccess } from '../../../common/menu.ts';
import { type Schemas, toApiError } from '../../api/client.ts';
import { saveBlob } from '../../api/files.ts';
import { ownPayslipPdf } from '../../api/payslips.ts';
import { MY_PROFILE_PATH } from '../../commands/global.ts';
import { useCommands } from '../../commands/registry.ts';
import { requestsPathOf } from '../../commands/requests.ts';
import { EarlyClockOutDialog } from '../../components/EarlyClockOutDialog.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useClock } from '../../components/useClock.ts';
import { takeDashboard } from '../../earlyDashboard.ts';
import { formatDate, formatRupiah, timeText } from '../../format.ts';
import { contextText, statusText } from '../../labels/approvals.ts';
import { statusLabels } from '../../labels/attendance.ts';
import { greetingAt, greetingKeys } from '../../layout/greeting.ts';
import { menuPathFor, viewerOf } from '../../menu/index.ts';
import { toast } from '../../overlays/progress.ts';
import { userAtom } from '../../session.ts';
import { errorText } from '../../validation.ts';
import { NewRequest, PortalCards } from '../panels.ts';
import type { ScreenProps } from '../types.ts';
import { type CardId, type HomeRequest, homeCommands } from './commands.ts';
import { PlatformNotes } from './PlatformNotes.tsx';

const HeadcountChart = lazy(() => import('./HeadcountChart.tsx'));

type Dashboard = Schemas['Dashboard'];
/** The daily screen's groups shown on home, in order, with the attendance cell's tone (spec 2.4). */
const todayFigures = [
  ['present', ''],
  ['late', 'warn'],
  ['absent', 'missed'],
  ['not_in', 'muted'],
  ['leave', 'muted'],
] as const;

const runStatusKeys = {
  notStarted: 'home.payroll.notStarted',
  pending: 'home.payroll.pending',
  completed: 'home.payroll.completed',
} as const;

const dailyPath = (status?: string) => `${menuPathFor('daily')}${status ? `?status=${status}` : ''}`;

function Card({ id, title, children, wide }: { id: CardId; title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section id={`home-${id}`} className={`home-card${wide ? ' wide' : ''}`} aria-labelledby={`home-${id}-title`}>
      <h2 id={`home-${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A figure in its attendance tone, only when there is something to see (an amber or red 0 is noise). */
function Figure({ to, label, value, tone }: { to: string; label: string; value: number; tone?: string }) {
  return (
    <Link to={to} className={`home-figure${tone && value > 0 ? ` tone-${tone}` : ''}`}>
      <span className="home-figure-value">{value.toLocaleString('id-ID')}</span>
      <span className="home-figure-label">{label}</span>
    </Link>
  );
}

function ClockCard({ onClocked }: { onClocked: () => void }) {
  const { t, i18n } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const clock = useClock(() => {
    button.current?.focus();
    onClocked();
  });
  const { today, attendance, type, busy } = clock;
  useCommands(
    type
      ? [
          {
            id: 'home:clock',
            label: type === 'in' ? 'liveAttendance.clockIn' : 'liveAttendance.clockOut',
            keywords: ['clock', 'absen', 'masuk', 'pulang', '打卡'],
            group: 'context',
            shortcut: { key: 'i' },
            isVisible: () => true,
            isEnabled: () => busy === null,
            run: () => void clock.onClock(),
          },
        ]
      : [],
    [type, busy],
  );
  return (
    <Card id="clock" title={t('home.clock.title')}>
      {clock.failure && (
        <p role="alert" className="error">
          {errorText(t, clock.failure)}
        </p>
      )}
      {today && (
        <>
          <p>
            {formatDate(today.date, 'DD MMM YYYY', { locale: i18n.language })} · {t('liveAttendance.shift')}:{' '}
            <strong>{clock.shiftText(today.shift)}</strong>
          </p>
          {type ? (
            <button
              ref={button}
              type="button"
              className="primary clock-button"
              disabled={busy !== null}
              aria-busy={busy !== null}
              aria-keyshortcuts="i"
              onClick={() => void clock.onClock()}
            >
              {type === 'in' ? t('liveAttendance.clockIn') : t('liveAttendance.clockOut')}
            </button>
          ) : (
            <p>{t('liveAttendance.done')}</p>
          )}
          <div role="status" aria-live="polite" className="home-clock-status">
            {busy === 'locating' && <p>{t('liveAttendance.locating')}</p>}
            {!attendance?.clock_in && <p>{t('home.clock.notYet')}</p>}
            {attendance?.clock_in && (
              <p>
                {t('liveAttendance.clockedIn', { time: timeText(attendance.clock_in) })} ·{' '}
                <strong className={attendance.clock_in_status === 'late' ? 'clock-late' : undefined}>
                  {clock.status(attendance.clock_in_status, attendance.late_minutes)}
                </strong>
              </p>
            )}
            {attendance?.clock_out && (
              <p>
                {t('liveAttendance.clockedOut', { time: timeText(attendance.clock_out) })} ·{' '}
                <strong className={attendance.clock_out_status === 'early' ? 'clock-late' : undefined}>
                  {clock.status(attendance.clock_out_status, attendance.early_minutes)}
                </strong>
              </p>
            )}
            {clock.message && <p className="muted">{clock.message}</p>}
          </div>
          {clock.alert && (
            <p role="alert" className="error">
              {clock.alert}
            </p>
          )}
          {clock.earlyQuestion && (
            <EarlyClockOutDialog
              minutes={clock.earlyQuestion.minutes}
              finish={clock.earlyQuestion.finish}
              onCancel={clock.earlyQuestion.cancel}
              onConfirm={clock.earlyQuestion.confirm}
            />
          )}
        </>
      )}
    </Card>
  );
}

export default function Home({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const viewer = useMemo(() => (user ? viewerOf(user) : null), [user]);
  /** The "New request" form open on home (l / o / c, or the action buttons). */
  const [asking, setAsking] = useState<HomeRequest | null>(null);

  const load = useCallback(async () => {
    try {
      setData((await takeDashboard()).data);
      setError(null);
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const date = (value: string) => formatDate(value, 'DD MMM YYYY', { locale: i18n.language, fallback: value });
  const me = data?.me;
  const canClock = !!viewer && canAccess('live-attendance', viewer);
  const oldest = data?.waiting?.contexts[0];
  const reviewPath = oldest ? menuPathFor(approvalMenuOf[oldest.context]) : null;

  const cards = useMemo(() => {
    const list: CardId[] = [];
    const own: CardId[] = me ? ['leave', 'requests', 'payslip'] : [];
    const adminFirst = !!(data?.today || data?.people || data?.payroll);
    if (canClock && me) list.push('clock');
    if (!adminFirst) list.push(...own);
    if (data?.today) list.push('today');
    if (data?.waiting) list.push('waiting');
    if (data?.people) list.push('people', 'headcount');
    if (data?.payroll) list.push('payroll');
    if (data?.loans) list.push('loans');
    if (adminFirst) list.push(...own);
    return list;
  }, [data, me, canClock]);

  useCommands(
    homeCommands({
      cards,
      hasEmployee: !!me,
      ask: setAsking,
      reviewPath,
      navigate,
    }),
    [cards, me, reviewPath, navigate],
  );

  if (!user) return null;
  /** An admin's home leads with the company's cards; an employee's with their own. */
  const adminFirst = !!(data?.today || data?.people || data?.payroll);
  const greeting = t(greetingKeys[greetingAt()], { name: user.fullname });
  const download = async (summary: string, name: string) => {
    try {
      saveBlob(await ownPayslipPdf(summary), `${name}.pdf`);
    } catch (reason) {
      toast(errorText(t, toApiError(reason)), 'error');
    }
  };
  const monthName = (year: number, month: number) =>
    formatDate(`${year}-${String(month).padStart(2, '0')}-01`, 'DD MMM YYYY', { locale: i18n.language }).replace(
      /^\d+\s/,
      '',
    );

  const personal = me && (
    <>
      <Card id="leave" title={t('home.leave.title')}>
        {me.balances.length === 0 ? (
          <p className="muted">{t('home.empty')}</p>
        ) : (
          <ul className="home-list">
            {me.balances.map((b) => (
              <li key={b.leave_rule}>
                {b.type}:{' '}
                <strong>
                  {b.unlimited
                    ? t('leave.unlimited')
                    : t(b.unit === 'hour' ? 'home.leave.hours' : 'home.leave.days', { count: b.remaining ?? 0 })}
                </strong>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="requests" title={t('home.requests.title')}>
        {me.open_requests.length === 0 ? (
          <p className="muted">{t('home.requests.none')}</p>
        ) : (
          <ul className="home-list">
            {me.open_requests.map((r) => (
              <li key={r._id}>
                <Link to={`${requestsPathOf(viewerOf(user))}?open=${r._id}`}>
                  {contextText(t, r.context)} · {date(r.start_date)}
                </Link>{' '}
                <span className="muted">
                  {r.approval_number} · {statusText(t, r.status)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="payslip" title={t('home.payslip.title')}>
        {me.latest_payslip ? (
          <>
            <p>
              {me.latest_payslip.title} · {monthName(me.latest_payslip.year, me.latest_payslip.month)}
            </p>
            <p className="home-money">{formatRupiah(me.latest_payslip.thp)}</p>
            <p className="home-row">
              <Link to={MY_PROFILE_PATH}>{t('home.payslip.open')}</Link>
              <button
                type="button"
                onClick={() =>
                  void download(
                    me.latest_payslip?.summary ?? '',
                    `${me.latest_payslip?.title ?? 'payslip'}`.replace(/[^\w.-]+/g, '-'),
                  )
                }
              >
                {t('home.payslip.download')}
              </button>
            </p>
          </>
        ) : (
          <p className="muted">{t('payslips.noneYet')}</p>
        )}
      </Card>
    </>
  );

  return (
    <>
      <ScreenHeader trail={trail} title={t(entry.titleKey)} />
      <p className="home-greeting">
        {greeting}
        {data && ` · ${date(data.date)}`}
      </p>
      {!user.company && <p className="muted">{t('home.intro')}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {data && <PlatformNotes notices={data.notices} banners={data.banners} />}
      {me && (
        <div className="home-actions" role="toolbar" aria-label={t('home.actions')}>
          <button type="button" onClick={() => setAsking('leave')} aria-keyshortcuts="l">
            {t('approvals.commands.requestLeave')} <kbd>L</kbd>
          </button>
          <button type="button" onClick={() => setAsking('overtime')} aria-keyshortcuts="o">
            {t('approvals.commands.requestOvertime')} <kbd>O</kbd>
          </button>
          <button type="button" onClick={() => setAsking('clock_correction')} aria-keyshortcuts="c">
            {t('approvals.commands.correctClock')} <kbd>C</kbd>
          </button>
        </div>
      )}
      {asking && (
        <Suspense fallback={null}>
          <NewRequest
            initial={asking}
            onClose={(created) => {
              setAsking(null);
              if (created) {
                toast(t('approvals.mine.sent', { number: created.approval_number }), 'success');
                void load();
              }
            }}
          />
        </Suspense>
      )}
      <div className="home-cards">
        {canClock && me && <ClockCard onClocked={() => void load()} />}

        {!adminFirst && personal}

        {user.company && (
          <Suspense fallback={null}>
            <PortalCards />
          </Suspense>
        )}

        {data?.today && (
          <Card id="today" title={t('home.today.title')}>
            <div className="home-figures">
              <Figure to={dailyPath()} label={t('home.today.scheduled')} value={data.today.scheduled} />
              {todayFigures.map(([status, tone]) => (
                <Figure
                  key={status}
                  to={dailyPath(status)}
                  label={t(statusLabels[status])}
                  value={data.today?.[status] ?? 0}
                  tone={tone}
                />
              ))}
            </div>
          </Card>
        )}

        {data?.waiting && (
          <Card id="waiting" title={t('home.waiting.title', { count: data.waiting.total })}>
            {data.waiting.contexts.length === 0 ? (
              <p className="muted">{t('home.waiting.none')}</p>
            ) : (
              <ul className="home-list">
                {data.waiting.contexts.map((row) => (
                  <li key={row.context}>
                    <Link to={menuPathFor(approvalMenuOf[row.context])}>
                      <strong>{row.count}</strong> {contextText(t, row.context)}
                    </Link>{' '}
                    <span className="muted">{t('home.waiting.since', { date: date(row.oldest.slice(0, 10)) })}</span>
                  </li>
                ))}
              </ul>
            )}
            {reviewPath && (
              <Link className="button" to={reviewPath} aria-keyshortcuts="r">
                {t('home.waiting.review')} <kbd>R</kbd>
              </Link>
            )}
          </Card>
        )}

        {data?.people && (
          <Card id="people" title={t('home.people.title')}>
            <div className="home-figures">
              {/* Everyone employed today (daily workers too): the daily attendance's rows, which it opens. */}
              <Figure to={dailyPath()} label={t('home.people.headcount')} value={data.people.headcount} />
              <Figure
                to={menuPathFor('active-employees')}
                label={t('home.people.joiners')}
                value={data.people.joiners}
              />
              <Figure
                to={menuPathFor('resigned-employees')}
                label={t('home.people.leavers')}
                value={data.people.leavers}
              />
            </div>
            <h3>{t('home.people.ending', { count: data.people.ending.length })}</h3>
            {data.people.ending.length === 0 ? (
              <p className="muted">{t('home.people.noneEnding')}</p>
            ) : (
              <ul className="home-list">
                {data.people.ending.slice(0, 8).map((row) => (
                  <li key={row.employee}>
                    <Link to={`/dashboard/edit/active-employees/${row.user}`}>{row.fullname}</Link>{' '}
                    <span className="muted">
                      {t(row.kind === 'pkwt' ? 'home.people.contract' : 'home.people.probation')} · {date(row.date)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <h3>{t('home.people.thisWeek')}</h3>
            {data.people.birthdays.length + data.people.anniversaries.length === 0 ? (
              <p className="muted">{t('home.people.noneThisWeek')}</p>
            ) : (
              <ul className="home-list">
                {data.people.birthdays.slice(0, 6).map((row) => (
                  <li key={`b${row.employee}`}>
                    <Link to={`/dashboard/edit/active-employees/${row.user}`}>{row.fullname}</Link>{' '}
                    <span className="muted">{t('home.people.birthday', { date: date(row.date) })}</span>
                  </li>
                ))}
                {data.people.anniversaries.slice(0, 6).map((row) => (
                  <li key={`a${row.employee}`}>
                    <Link to={`/dashboard/edit/active-employees/${row.user}`}>{row.fullname}</Link>{' '}
                    <span className="muted">
                      {t('home.people.anniversary', { count: row.years, date: date(row.date) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}

        {data?.people && (
          <Card id="headcount" title={t('home.people.chart')} wide>
            <Suspense fallback={<p className="muted">{t('home.loading')}</p>}>
              <HeadcountChart rows={data.people.by_department} titleId="home-headcount-title" />
            </Suspense>
          </Card>
        )}

        {data?.payroll && (
          <Card id="payroll" title={t('home.payroll.title')}>
            {(() => {
              const { this_month: now, last_month: last, thr } = data.payroll;
              const status = now ? (now.status === 'completed' ? 'completed' : 'pending') : 'notStarted';
              const change = now && last?.thp ? Math.round(((now.thp - last.thp) / last.thp) * 1000) / 10 : null;
              return (
                <>
                  <p>
                    <Link to={menuPathFor('payroll-run')}>
                      {monthName(data.payroll.year, data.payroll.month)}: {t(runStatusKeys[status])}
                    </Link>
                  </p>
                  {now && (
                    <dl className="home-dl">
                      <dt>{t('home.payroll.thp')}</dt>
                      <dd>
                        {formatRupiah(now.thp)}
                        {change !== null && (
                          <span className="muted">
                            {' '}
                            ({change > 0 ? '+' : ''}
                            {change.toLocaleString(i18n.language)}% {t('home.payroll.vsLast')})
                          </span>
                        )}
                      </dd>
                      <dt>{t('home.payroll.bruto')}</dt>
                      <dd>{formatRupiah(now.bruto)}</dd>
                      <dt>{t('home.payroll.employees')}</dt>
                      <dd>{now.employees}</dd>
                    </dl>
                  )}
                  {last && (
                    <p className="muted">
                      {t('home.payroll.lastMonth')}: {formatRupiah(last.thp)}
                    </p>
                  )}
                  <p>
                    {thr ? (
                      <Link to={menuPathFor('payroll-run')}>
                        {t('home.payroll.thr', { date: date(thr.holiday) })} ·{' '}
                        {t(
                          thr.run
                            ? thr.run.status === 'completed'
                              ? 'home.payroll.thrDone'
                              : 'home.payroll.thrPending'
                            : 'home.payroll.thrNotStarted',
                        )}
                      </Link>
                    ) : (
                      <span className="muted">{t('home.payroll.noThr')}</span>
                    )}
                  </p>
                </>
              );
            })()}
          </Card>
        )}

        {data?.loans && (
          <Card id="loans" title={t('home.loans.title', { count: data.loans.ending })}>
            {data.loans.items.length === 0 ? (
              <p className="muted">{t('home.loans.none')}</p>
            ) : (
              <ul className="home-list">
                {data.loans.items.slice(0, 6).map((loan) => (
                  <li key={loan._id}>
                    <Link to={`/dashboard/payroll/employee-loan/detail/${loan._id}`}>{loan.fullname}</Link>{' '}
                    <span className="muted">
                      {loan.name} · {formatRupiah(loan.outstanding)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Link to={menuPathFor('finance-loan')}>{t('home.loans.all')}</Link>
          </Card>
        )}
        {adminFirst && personal}
      </div>
    </>
  );
}
