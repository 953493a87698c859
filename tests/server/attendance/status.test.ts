import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attendanceDateOf,
  clockInStatus,
  clockOutStatus,
  dayCloses,
  dayKind,
  effectiveTimes,
  jakartaDate,
  jakartaInstant,
  jakartaTime,
  type ShiftTimes,
  type StoredTimes,
} from '../../../server/attendance/status.ts';

const day: ShiftTimes = { type: 'full_day', start_time: '08:00', finish_time: '17:00' };
const night: ShiftTimes = { type: 'full_day', start_time: '22:00', finish_time: '06:00' };
const off: ShiftTimes = { type: 'off_day', start_time: null, finish_time: null };
const at = (date: string, time: string) => new Date(jakartaInstant(date, +time.slice(0, 2) * 60 + +time.slice(3, 5)));
const record = (over: Partial<StoredTimes>): StoredTimes => ({
  date: '2026-03-02',
  clock_in: null,
  clock_out: null,
  clock_in_status: null,
  clock_out_status: null,
  late_minutes: 0,
  early_minutes: 0,
  shift_start: '08:00',
  shift_finish: '17:00',
  ...over,
});

describe('Jakarta time', () => {
  it('is UTC+7', () => {
    expect(at('2026-03-02', '08:00').toISOString()).toBe('2026-03-02T01:00:00.000Z');
    expect(jakartaDate('2026-03-01T18:30:00Z')).toBe('2026-03-02');
    expect(jakartaTime('2026-03-01T18:30:00Z')).toBe('01:30');
  });
});

describe('late and early', () => {
  it('counts whole minutes after the start and before the finish', () => {
    expect(clockInStatus(day, '2026-03-02', at('2026-03-02', '08:00'))).toEqual({ status: 'on_time', minutes: 0 });
    expect(clockInStatus(day, '2026-03-02', new Date(at('2026-03-02', '08:00').getTime() + 59_000)).status).toBe(
      'on_time',
    );
    expect(clockInStatus(day, '2026-03-02', at('2026-03-02', '08:17'))).toEqual({ status: 'late', minutes: 17 });
    expect(clockInStatus(day, '2026-03-02', at('2026-03-02', '07:40')).status).toBe('on_time');
    expect(clockOutStatus(day, '2026-03-02', at('2026-03-02', '16:45'))).toEqual({ status: 'early', minutes: 15 });
    expect(clockOutStatus(day, '2026-03-02', at('2026-03-02', '17:30')).status).toBe('on_time');
  });

  it('puts the finish of a shift across midnight on the next day', () => {
    expect(clockInStatus(night, '2026-03-02', at('2026-03-02', '22:10'))).toEqual({ status: 'late', minutes: 10 });
    expect(clockOutStatus(night, '2026-03-02', at('2026-03-03', '06:00')).status).toBe('on_time');
    expect(clockOutStatus(night, '2026-03-02', at('2026-03-03', '05:30'))).toEqual({ status: 'early', minutes: 30 });
    // Clocking out the morning after belongs to the night shift's date.
    const shiftOn = (date: string) => (date === '2026-03-02' ? night : day);
    expect(attendanceDateOf(at('2026-03-03', '06:05').getTime(), 'out', shiftOn)).toBe('2026-03-02');
    expect(attendanceDateOf(at('2026-03-03', '17:05').getTime(), 'out', shiftOn)).toBe('2026-03-03');
    expect(attendanceDateOf(at('2026-03-03', '06:05').getTime(), 'in', shiftOn)).toBe('2026-03-03');
  });

  it('never makes an off day, a free day, standby, no shift or a holiday late or early', () => {
    for (const shift of [
      off,
      { ...off, type: 'standby' as const },
      { ...off, type: 'free_working_day' as const },
      null,
    ]) {
      expect(clockInStatus(shift, '2026-03-02', at('2026-03-02', '11:00')).status).toBe('on_time');
      expect(clockOutStatus(shift, '2026-03-02', at('2026-03-02', '12:00')).status).toBe('on_time');
    }
    expect(clockInStatus(day, '2026-03-02', at('2026-03-02', '11:00'), true).status).toBe('on_time');
    expect(clockOutStatus(day, '2026-03-02', at('2026-03-02', '12:00'), true).status).toBe('on_time');
  });

  it('property: late minutes are the minutes past the start, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 * 60 }), fc.integer({ min: -600, max: 600 }), (start, offset) => {
        const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const shift: ShiftTimes = { type: 'full_day', start_time: hh(start), finish_time: hh((start + 480) % 1440) };
        const clock = jakartaInstant('2026-03-02', start + offset);
        const result = clockInStatus(shift, '2026-03-02', clock);
        expect(result.minutes).toBe(Math.max(0, offset));
        expect(result.status).toBe(offset > 0 ? 'late' : 'on_time');
        const out = clockOutStatus(shift, '2026-03-02', jakartaInstant('2026-03-02', start + 480 + offset));
        expect(out.minutes).toBe(Math.max(0, -offset));
      }),
    );
  });
});

describe('missed', () => {
  const before = at('2026-03-02', '23:00').getTime();
  const after = at('2026-03-03', '00:01').getTime();

  it('marks a missing clock-out missed once the day has closed', () => {
    const open = record({
      clock_in: at('2026-03-02', '08:05').toISOString(),
      clock_in_status: 'late',
      late_minutes: 5,
    });
    expect(effectiveTimes(open, before).clock_out_status).toBeNull();
    expect(effectiveTimes(open, after)).toMatchObject({ clock_in_status: 'late', clock_out_status: 'missed' });
    const noIn = record({ clock_out: at('2026-03-02', '17:00').toISOString(), clock_out_status: 'on_time' });
    expect(effectiveTimes(noIn, after).clock_in_status).toBe('missed');
  });

  it('closes a night shift the day after', () => {
    expect(dayCloses(night, '2026-03-02')).toBe(jakartaInstant('2026-03-04', 0));
    const open = record({
      shift_start: '22:00',
      shift_finish: '06:00',
      clock_in: at('2026-03-02', '22:00').toISOString(),
    });
    expect(effectiveTimes(open, after).clock_out_status).toBeNull();
    expect(effectiveTimes(open, jakartaInstant('2026-03-04', 1)).clock_out_status).toBe('missed');
  });

  it('closes with the shift finish in an auto_closed group', () => {
    const open = record({ clock_in: at('2026-03-02', '08:00').toISOString(), clock_in_status: 'on_time' });
    const closed = effectiveTimes(open, after, true);
    expect(closed).toMatchObject({ clock_out_status: 'on_time', auto_closed: true });
    expect(closed.clock_out).toBe(at('2026-03-02', '17:00').toISOString());
  });
});

describe('a day without attendance', () => {
  it('is the holiday, the leave, an off day, Absent or nothing, in that order', () => {
    const base = { hasAttendance: false, holiday: false, leave: false, working: true, begun: true };
    expect(dayKind({ ...base, hasAttendance: true, holiday: true })).toBe('present');
    expect(dayKind({ ...base, holiday: true, leave: true })).toBe('holiday');
    expect(dayKind({ ...base, leave: true })).toBe('leave');
    expect(dayKind({ ...base, working: false })).toBe('off');
    expect(dayKind(base)).toBe('absent');
    expect(dayKind({ ...base, begun: false })).toBe('none');
  });
});
