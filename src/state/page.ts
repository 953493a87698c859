/** Page state of spec 3: items keyed by _id, the current form data, the active menu route paths, the view detail. */
import { atom } from 'jotai';
import type { FormValues } from './settings.ts';

export interface Identified {
  _id: string;
}

/** The loaded rows of the current list, keyed by _id. */
export const pageItemsAtom = atom<Readonly<Record<string, Identified>>>({});
/** The form data of the record open on the page. */
export const currentFormAtom = atom<FormValues | null>(null);
/** The menu route paths of the current screen, outermost first (e.g. ['attendance', 'shift']). */
export const activeMenuPathsAtom = atom<readonly string[]>([]);
/** The record shown in a detail view, when one is open. */
export const viewDetailAtom = atom<Identified | null>(null);
/** The total count of employees, shown in headers and used by range pickers. */
export const employeeTotalAtom = atom<number | null>(null);
