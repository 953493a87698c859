import { describe, expect, it } from 'vitest';
import { companyHour, greetingAt } from '../../../src/layout/greeting.ts';

describe("greetings in the company's time zone (Asia/Jakarta), not the browser's", () => {
  it('09:34 in Jakarta is morning, whatever the machine says', () => {
    // 02:34 UTC: evening on the US west coast (18:34 the day before), 09:34 in Jakarta.
    expect(companyHour(new Date('2026-11-27T02:34:00Z'))).toBe(9);
    expect(greetingAt(new Date('2026-11-27T02:34:00Z'))).toBe('morning');
  });
  it('each part of the Jakarta day', () => {
    expect(greetingAt(new Date('2026-11-27T04:30:00Z'))).toBe('lunch');
    expect(greetingAt(new Date('2026-11-27T08:00:00Z'))).toBe('afternoon');
    expect(greetingAt(new Date('2026-11-27T13:00:00Z'))).toBe('evening');
    expect(greetingAt(new Date('2026-11-26T21:30:00Z'))).toBe('morning');
  });
});
