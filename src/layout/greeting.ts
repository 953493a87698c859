/** Greetings of spec 1: morning, lunch, afternoon and evening, by the local hour. */
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
