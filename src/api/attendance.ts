/**
 * The services screen's calls to the attendance routes (issue #12 contract): `GET /v1/attendance/today` and
 * `POST /v1/attendance/clock`, through the app's client (token, errors, timeout).
 */
import { api, call, INLINE_ERRORS_HEADER } from './client.ts';
import type { components } from './v1.d.ts';

type Schemas = components['schemas'];
export type Today = Schemas['AttendanceToday'];
export type ClockStatus = NonNullable<NonNullable<Today['attendance']>['clock_in_status']>;
export interface ClockBody {
  type: 'in' | 'out';
  latitude?: number;
  longitude?: number;
  /** The position's reported accuracy, metres. */
  accuracy?: number;
  note?: string;
}

const inline = { headers: { [INLINE_ERRORS_HEADER]: '1' } };

export const loadToday = async (): Promise<Today> => (await call(api.GET('/v1/attendance/today', inline))).data;

export const clock = async (body: ClockBody) =>
  (await call(api.POST('/v1/attendance/clock', { body, ...inline }))).data;
