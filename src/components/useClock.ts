/**
 * Clocking in and out for the signed-in employee: today's shift and attendance (`GET /v1/attendance/today`), the
 * browser's position asked on the click, the clock call and its refusals worded. The services screen
 * (LiveAttendance.tsx) and the home page's clock card share it (docs/decisions/0038 for the offsite rule).
 */
import type { ParseKeys } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClockStatus, clock, loadToday, type Today } from '../api/attendance.ts';
import { type ApiError, toApiError } from '../api/client.ts';
import { errorText } from '../validation.ts';
import { minutesBeforeFinish } from './earlyClockOut.ts';

/** The clock refusals the screen words itself; others fall back to the app's error texts. */
const clockErrors = {
  already_clocked_in: 'liveAttendance.errors.already_clocked_in',
  already_clocked_out: 'liveAttendance.errors.already_clocked_out',
  not_clocked_in: 'liveAttendance.errors.not_clocked_in',
  offsite: 'liveAttendance.errors.offsite',
  position_required: 'liveAttendance.errors.position_required',
  position_imprecise: 'liveAttendance.errors.position_imprecise',
  attendance_not_allowed: 'liveAttendance.errors.attendance_not_allowed',
  no_employee: 'liveAttendance.errors.no_employee',
} as const satisfies Record<string, ParseKeys>;

const statusKeys = {
  on_time: 'enums.clock_status.on_time',
  late: 'enums.clock_status.late',
  early: 'enums.clock_status.early',
  missed: 'enums.clock_status.missed',
} as const satisfies Record<ClockStatus, ParseKeys>;

/** The position and the accuracy the device reports for it (metres): the server refuses one too imprecise. */
type Position = { latitude: number; longitude: number; accuracy: number } | null;

/** The browser's position, or null when refused, unavailable or too slow. */
function currentPosition(): Promise<Position> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/** `afterClock` runs once a clock call ends, done or refused (the caller puts the focus back). */
export function useClock(afterClock?: () => void) {
  const { t } = useTranslation();
  const [today, setToday] = useState<Today | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState<'locating' | 'sending' | null>(null);
  const [message, setMessage] = useState<string>('');
  const [alert, setAlert] = useState<string>('');
  /** A clock-out before the shift's finish waits for the user's yes (minutes early), issue 25. */
  const [early, setEarly] = useState<number | null>(null);

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

  /** Clocks now, except a clock-out before the shift's finish, which asks first (`early`, then `confirmEarly`). */
  const onClock = async () => {
    if (!type || early !== null) return;
    const minutes = type === 'out' && today ? minutesBeforeFinish(today.shift, today.date, Date.now()) : 0;
    if (minutes > 0) {
      setEarly(minutes);
      return;
    }
    await send();
  };
  const confirmEarly = () => {
    setEarly(null);
    void send();
  };
  const keepWorking = () => {
    setEarly(null);
    // Once the dialog is gone (the page behind a modal dialog takes no focus).
    setTimeout(() => afterClock?.(), 0);
  };

  const send = async () => {
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
      // position_imprecise carries the numbers (±accuracy, the site's radius) in its field's params.
      setAlert(key ? (t(key, error.fields?.accuracy?.params ?? {}) as string) : errorText(t, error));
    } finally {
      setBusy(null);
      afterClock?.();
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

  const earlyQuestion =
    early === null
      ? null
      : {
          minutes: early,
          finish: today?.shift?.finish_time?.slice(0, 5) ?? '',
          confirm: confirmEarly,
          cancel: keepWorking,
        };

  return { today, attendance, failure, busy, message, alert, type, onClock, refresh, status, shiftText, earlyQuestion };
}
