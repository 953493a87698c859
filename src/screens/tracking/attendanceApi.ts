/**
 * The services screen's calls to rec's attendance routes (issue #12 contract): `GET /v1/attendance/today` and
 * `POST /v1/attendance/clock`, through the app's client (token, errors, timeout).
 */
import { api, call, INLINE_ERRORS_HEADER } from '../../api/client.ts';

export type ClockStatus = 'on_time' | 'late' | 'early' | 'missed';
export interface TodayShift {
  id: string;
  code: string;
  name: string;
  type: string;
  start_time: string | null;
  finish_time: string | null;
}
export interface Today {
  date: string;
  shift: TodayShift | null;
  group: { id: string; name: string; allowed_offsite_clock_in: boolean; allowed_offsite_clock_out: boolean } | null;
  attendance: {
    clock_in: string | null;
    clock_out: string | null;
    clock_in_status: ClockStatus | null;
    clock_out_status: ClockStatus | null;
    late_minutes: number;
    early_minutes: number;
  } | null;
  week: {
    date: string;
    shift: TodayShift | null;
    clock_in: string | null;
    clock_out: string | null;
    clock_in_status: ClockStatus | null;
    clock_out_status: ClockStatus | null;
    leave: string | null;
    holiday: string | null;
  }[];
}
export interface ClockBody {
  type: 'in' | 'out';
  latitude?: number;
  longitude?: number;
  note?: string;
}

type Untyped = {
  GET: (path: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  POST: (path: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
};
const client = api as unknown as Untyped;
const inline = { headers: { [INLINE_ERRORS_HEADER]: '1' } };

export const loadToday = async (): Promise<Today> =>
  ((await call(client.GET('/v1/attendance/today'))) as { data: Today }).data;

export const clock = async (body: ClockBody): Promise<unknown> =>
  ((await call(client.POST('/v1/attendance/clock', { body, ...inline }))) as { data: unknown }).data;
