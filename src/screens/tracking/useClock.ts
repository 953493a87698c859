/**
 * Clocking in and out for the signed-in employee: today's shift and attendance (`GET /v1/attendance/today`), the
 * browser's position asked on the click, the clock call and its refusals worded. The services screen
 * (LiveAttendance.tsx) and the home page's clock card share it (docs/decisions/0038 for the offsite rule).
 */
import type { ParseKeys } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../../api/client.ts';
import { errorText } from '../../validation.ts';
import { type ClockStatus, clock, loadToday, type Today } from './attendanceApi.ts';

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

/** `afterClock` runs once a clock call ends, done or refused (the caller puts the focus back). */
export function useClock(afterClock?: () => void) {
  const { t } = useTranslation();
  const [today, setToday] = useState<Today | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState<'locating' | 'sending' | null>(null);
  const [message, setMessage] = useState<string>('');
  const [alert, setAlert] = useState<string>('');

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

  return { today, attendance, failure, busy, message, alert, type, onClock, refresh, status, shiftText };
}
