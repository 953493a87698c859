/** Repository state of spec 3: ranges, the picker's selected option name, the range selector result, notifications. */
import { atom } from 'jotai';

export interface Range {
  from: number;
  to: number;
}

export interface AppNotification {
  id: string;
  text: string;
  at: string;
  read: boolean;
}

export const employeeRangeAtom = atom<Range | null>(null);
export const companyRangeAtom = atom<Range | null>(null);
/** The display name of the option last picked in the floating option picker. */
export const selectedOptionNameAtom = atom<string | null>(null);
/** What the range selector returned (a two-number range or two dates). */
export const rangeSelectorResultAtom = atom<readonly [number, number] | readonly [string, string] | null>(null);
export const notificationsAtom = atom<readonly AppNotification[]>([]);
