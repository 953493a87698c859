/**
 * services -> live-attendance (employees and approvers): today's shift, one big Clock in / Clock out button, the
 * result (on time, late N min) and the user's own week. The browser's position is asked for on the click; refused,
 * the clock goes without one when the attendance group allows offsite clocking, else the screen says why it cannot
 * clock (docs/decisions/0038). Server refusals (a second clock-in, offsite) are shown translated. A sales employee
 * also records store visits here (src/screens/sales/RecordVisit.tsx, through panels.ts).
 */
import { useAtomValue } from 'jotai';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { companySettings, hasFeature } from '../../../common/menu.ts';
import { EarlyClockOutDialog } from '../../components/EarlyClockOutDialog.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate, timeText } from '../../format.ts';
import { viewerOf } from '../../menu/index.ts';
import { userAtom } from '../../session.ts';
import { errorText } from '../../validation.ts';
import { RecordVisit } from '../panels.ts';
import type { ScreenProps } from '../types.ts';
import './tracking.css';
import { useClock } from '../../components/useClock.ts';

export default function LiveAttendance({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const button = useRef<HTMLButtonElement>(null);
  const { today, attendance, failure, busy, message, alert, type, onClock, status, shiftText, earlyQuestion } =
    useClock(() => button.current?.focus());
  const date = (value: string) => formatDate(value, 'DD MMM YYYY', { locale: i18n.language, fallback: value });
  const user = useAtomValue(userAtom);
  // A sales employee records store visits here (issue 29), where the company's sales setting is on.
  const sales = !!user && hasFeature(viewerOf(user), companySettings.sales);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="live-attendance">
        {failure && (
          <p role="alert" className="error">
            {errorText(t, failure)}
          </p>
        )}
        {today && (
          <>
            <section aria-labelledby="live-today">
              <h2 id="live-today">
                {t('liveAttendance.today')} · {date(today.date)}
              </h2>
              <p>
                {t('liveAttendance.shift')}: <strong>{shiftText(today.shift)}</strong>
              </p>
              <p className="muted">
                {t('liveAttendance.group')}: {today.group?.name ?? t('liveAttendance.noGroup')}
              </p>
            </section>
            {type ? (
              <button
                ref={button}
                type="button"
                className="primary clock-button"
                disabled={busy !== null}
                aria-busy={busy !== null}
                onClick={() => void onClock()}
              >
                {type === 'in' ? t('liveAttendance.clockIn') : t('liveAttendance.clockOut')}
              </button>
            ) : (
              <p>{t('liveAttendance.done')}</p>
            )}
            <div role="status" aria-live="polite">
              {busy === 'locating' && <p>{t('liveAttendance.locating')}</p>}
              {attendance?.clock_in && (
                <p>
                  {t('liveAttendance.clockedIn', { time: timeText(attendance.clock_in) })} ·{' '}
                  <strong className={attendance.clock_in_status === 'late' ? 'clock-late' : undefined}>
                    {status(attendance.clock_in_status, attendance.late_minutes)}
                  </strong>
                </p>
              )}
              {attendance?.clock_out && (
                <p>
                  {t('liveAttendance.clockedOut', { time: timeText(attendance.clock_out) })} ·{' '}
                  <strong className={attendance.clock_out_status === 'early' ? 'clock-late' : undefined}>
                    {status(attendance.clock_out_status, attendance.early_minutes)}
                  </strong>
                </p>
              )}
              {message && <p className="muted">{message}</p>}
            </div>
            {alert && (
              <p role="alert" className="error">
                {alert}
              </p>
            )}
            {earlyQuestion && (
              <EarlyClockOutDialog
                minutes={earlyQuestion.minutes}
                finish={earlyQuestion.finish}
                onCancel={earlyQuestion.cancel}
                onConfirm={earlyQuestion.confirm}
              />
            )}
            {sales && (
              <Suspense fallback={null}>
                <RecordVisit />
              </Suspense>
            )}
            <section aria-labelledby="live-week">
              <h2 id="live-week">{t('liveAttendance.week')}</h2>
              <table aria-labelledby="live-week">
                <thead>
                  <tr>
                    <th scope="col">{t('liveAttendance.date')}</th>
                    <th scope="col">{t('liveAttendance.shift')}</th>
                    <th scope="col">{t('liveAttendance.in')}</th>
                    <th scope="col">{t('liveAttendance.out')}</th>
                    <th scope="col">{t('liveAttendance.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {today.week.map((day) => (
                    <tr key={day.date} aria-current={day.date === today.date ? 'date' : undefined}>
                      <td>{date(day.date)}</td>
                      <td>{day.shift?.name ?? ''}</td>
                      <td>{day.clock_in ? timeText(day.clock_in) : ''}</td>
                      <td>{day.clock_out ? timeText(day.clock_out) : ''}</td>
                      <td>
                        {day.holiday
                          ? `${t('liveAttendance.holiday')}: ${day.holiday}`
                          : day.leave
                            ? `${t('liveAttendance.leave')}: ${day.leave}`
                            : [status(day.clock_in_status), status(day.clock_out_status)].filter(Boolean).join(' / ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </div>
    </>
  );
}
