import { describe, expect, it } from 'vitest';
import { minutesBeforeFinish } from '../../../src/components/earlyClockOut.ts';

const regular = { type: 'full_day', start_time: '08:00', finish_time: '17:00' };
/** An instant given as Jakarta wall time. */
const jakarta = (date: string, time: string) => Date.parse(`${date}T${time}+07:00`);

describe('how early a clock-out would be (issue 25)', () => {
  it('counts whole minutes before the finish in Jakarta', () => {
    expect(minutesBeforeFinish(regular, '2026-11-27', jakarta('2026-11-27', '09:38'))).toBe(442);
    expect(minutesBeforeFinish(regular, '2026-11-27', jakarta('2026-11-27', '16:59:59'))).toBe(1);
    expect(minutesBeforeFinish(regular, '2026-11-27', jakarta('2026-11-27', '17:00'))).toBe(0);
    expect(minutesBeforeFinish(regular, '2026-11-27', jakarta('2026-11-27', '18:30'))).toBe(0);
  });

  it('puts the finish of a shift across midnight on the next day', () => {
    const night = { type: 'long_shift', start_time: '22:00', finish_time: '06:00:00' };
    expect(minutesBeforeFinish(night, '2026-11-27', jakarta('2026-11-28', '05:00'))).toBe(60);
    expect(minutesBeforeFinish(night, '2026-11-27', jakarta('2026-11-27', '23:00'))).toBe(420);
  });

  it('never asks for a shift without a start and a finish', () => {
    const at = jakarta('2026-11-27', '09:38');
    expect(minutesBeforeFinish(null, '2026-11-27', at)).toBe(0);
    expect(minutesBeforeFinish({ ...regular, type: 'off_day' }, '2026-11-27', at)).toBe(0);
    expect(minutesBeforeFinish({ ...regular, type: 'free_working_day' }, '2026-11-27', at)).toBe(0);
    expect(minutesBeforeFinish({ ...regular, finish_time: null }, '2026-11-27', at)).toBe(0);
  });
});
