/**
 * Greetings of spec 1: morning, lunch, afternoon and evening, by the hour in the company's time zone (Asia/Jakarta,
 * UTC+7 all year, as the clock and every date on screen), not the browser's: 09:34 in Jakarta is morning wherever the
 * browser is.
 */
export type Greeting = 'morning' | 'lunch' | 'afternoon' | 'evening';

export function greetingFor(hour: number): Greeting {
  if (hour >= 4 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'lunch';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

export const greetingKeys = {
  morning: 'greeting.morning',
  lunch: 'greeting.lunch',
  afternoon: 'greeting.afternoon',
  evening: 'greeting.evening',
} as const satisfies Record<Greeting, `greeting.${Greeting}`>;

/** The hour (0 to 23) of `now` in the company's time zone, Asia/Jakarta (UTC+7, no daylight saving time). */
export const companyHour = (now: Date = new Date()): number => (now.getUTCHours() + 7) % 24;

/** The greeting for the moment `now` in the company's time zone. */
export const greetingAt = (now: Date = new Date()): Greeting => greetingFor(companyHour(now));
