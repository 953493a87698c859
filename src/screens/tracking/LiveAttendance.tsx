/**
 * services -> live-attendance (employees and approvers): today's shift, one big Clock in / Clock out button, the
 * result (on time, late N min) and the user's own week. The browser's position is asked for on the click; refused,
 * the clock goes without one when the attendance group allows offsite clocking, else the screen says why it cannot
 * clock (docs/decisions/0038). Server refusals (a second clock-in, offsite) are shown translated.
 */
import type { ParseKeys } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../../api/client.ts';
import { formatDate } from '../../format.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';
import { type ClockStatus, clock, loadToday, type Today } from './attendanceApi.ts';
import { jakartaTime } from './positions.ts';
import './tracking.css';

/** The clock refusals the screen words itself; others fall back to the app's error texts. */
const clockErrors = {
  already_clocked_in: 'liveAttendance.errors.already_clocked_in',
  already_clocked_out: 'liveAttendance.errors.already_clocked_out',
  not_clocked_in: 'liveAttendance.errors.not_clocked_in',
  offsite: 'liveAttendance.errors.offsite',
  position_required: 'liveAttendance.errors.position_required',
  attendance_not_allowed: 'liveAttendance.errors.attendance_not_allowed',
  no_employee: 'liveAttendance.errors.no_employee',
} as const satisfies Record<string, ParseKeys>;

const statusKeys = {
  on_time: 'enums.clock_status.on_time',
  late: 'enums.clock_status.late',
  early: 'enums.clock_status.early',
  missed: 'enums.clock_status.missed',
} as const satisfies Record<ClockStatus, ParseKeys>;

/** hh:mm of a clock time: a timestamp (shown in Jakarta) or already a time of day. */
export const timeText = (value: string | null | undefined): string =>
  !value ? '—' : /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : jakartaTime(value).slice(0, 5);

type Position = { latitude: number; longitude: number } | null;

/** The browser's position, or null when refused, unavailable or too slow. */
function currentPosition(): Promise<Position> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

export default function LiveAttendance({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const [today, setToday] = useState<Today | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState<'locating' | 'sending' | null>(null);
  const [message, setMessage] = useState<string>('');
  const [alert, setAlert] = useState<string>('');
  const button = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(async () => {
    try {
      setToday(await loadToday());
      setFailure(null);
    } catch (reason) {
      setFailure(toApiError(reason));
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const attendance = today?.attendance ?? null;
  const type: 'in' | 'out' | null = !attendance?.clock_in ? 'in' : !attendance.clock_out ? 'out' : null;
  const offsiteAllowed =
    type === 'in' ? Boolean(today?.group?.allowed_offsite_clock_in) : Boolean(today?.group?.allowed_offsite_clock_out);

  const onClock = async () => {
    if (!type) return;
    setAlert('');
    setMessage('');
    setBusy('locating');
    const position = await currentPosition();
    if (!position && today?.group && !offsiteAllowed) {
      setBusy(null);
      setAlert(t('liveAttendance.errors.position_required'));
      return;
    }
    setBusy('sending');
    try {
      await clock({ type, ...(position ?? {}) });
      await refresh();
      setMessage(position ? '' : t('liveAttendance.noLocation'));
    } catch (reason) {
      const error = toApiError(reason);
      const key = (clockErrors as Record<string, ParseKeys>)[error.code];
      setAlert(key ? (t(key) as string) : errorText(t, error));
    } finally {
      setBusy(null);
      button.current?.focus();
    }
  };

  const status = (value: ClockStatus | null | undefined, minutes?: number) => {
    if (!value) return '';
    if (value === 'late' && minutes) return t('liveAttendance.lateBy', { count: minutes });
    if (value === 'early' && minutes) return t('liveAttendance.earlyBy', { count: minutes });
    return t(statusKeys[value]);
  };
  const shiftText = (shift: Today['shift']) =>
    shift
      ? `${shift.name}${shift.start_time && shift.finish_time ? ` · ${shift.start_time}–${shift.finish_time}` : ''}`
      : t('liveAttendance.noShift');
  const date = (value: string) => formatDate(value, 'DD MMM YYYY', { locale: i18n.language, fallback: value });

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
            <section aria-labelledby="live-week">
              <h2 id="live-week">{t('liveAttendance.week')}</h2>
              <table>
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
