/**
 * The read-only values of the detail, recomputed live from what the forms hold now: age (Personal), service length
 * (Employment, up to the exit date once the employee has left) and the BPJS contributions (common/bpjs.ts, with the
 * company's figures from `GET /v1/employees/:id/bpjs`). Pure.
 */
import type { TFunction } from 'i18next';
import {
  type BpjsContributions,
  type BpjsType,
  bpjsContributions,
  bpjsTypes,
  type Share,
} from '../../../common/bpjs.ts';
import { ageOn, serviceLength } from '../../../common/employment.ts';
import type { ComputedId, EmployeeField } from '../../employeeForm/sections.ts';
import { formatRupiah } from '../../format.ts';
import type { BpjsInfo } from './api.ts';

/** The API value a field has now: the form's when it can be read, else the row's; undefined when absent. */
export type Current = (field: EmployeeField) => unknown;

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const amount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** Age in whole years today, from the birth date. */
export const ageNow = (current: Current, today: string): number | null => ageOn(text(current('birth_date')), today);

/** Service length from the join date to today, or to the exit date once it has passed. */
export function serviceNow(current: Current, today: string) {
  const exit = text(current('exit_date'));
  return serviceLength(text(current('join_date')), exit && exit < today ? exit : today);
}

/**
 * The contributions as the BPJS section holds them now: the BPJS wages (empty means the basic salary), type, JKK rate
 * (empty means the company's) and registrations, on the company's UMK and date. Null when a value cannot be read yet.
 */
export function liveBpjs(current: Current, info: BpjsInfo | null): BpjsContributions | null {
  if (!info) return null;
  const basic = amount(current('basic_salary'));
  const tkSalary = current('bpjs_tk_salary');
  const ksSalary = current('bpjs_ks_salary');
  const tkWage = tkSalary === null ? basic : amount(tkSalary);
  const ksWage = ksSalary === null ? basic : amount(ksSalary);
  const type = current('bpjs_type');
  const jkk = current('jkk_percentage');
  if (tkWage === null || ksWage === null || !bpjsTypes.includes(type as BpjsType)) return info.contributions;
  try {
    return bpjsContributions({
      tkWage,
      ksWage,
      date: info.date,
      jkkPercent: typeof jkk === 'number' ? jkk : info.jkk_percentage,
      umk: info.umk,
      tkRegistered: current('bpjs_tk_registered') === true,
      ksRegistered: current('bpjs_ks_registered') === true,
      type: type as BpjsType,
      additionalFamilyMembers: info.additional_family_members,
    });
  } catch {
    return info.contributions;
  }
}

/** A duration as '2 years, 3 months, 5 days' in the user's language. */
export function durationText(t: TFunction, value: { years: number; months: number; days: number }): string {
  return [
    t('employeeDetail.units.year', { count: value.years }),
    t('employeeDetail.units.month', { count: value.months }),
    t('employeeDetail.units.day', { count: value.days }),
  ].join(', ');
}

const shareText = (t: TFunction, share: Share) =>
  t('employeeDetail.share', { employee: formatRupiah(share.employee), company: formatRupiah(share.company) });

/** Every computed value's text, or null when there is nothing to show (no birth date, no BPJS figures yet). */
export function computedTexts(
  t: TFunction,
  current: Current,
  today: string,
  bpjs: BpjsContributions | null,
  info: BpjsInfo | null,
): Record<ComputedId, string | null> {
  const age = ageNow(current, today);
  const service = serviceNow(current, today);
  const share = (pick: (value: BpjsContributions) => Share) => (bpjs ? shareText(t, pick(bpjs)) : null);
  return {
    age: age === null ? null : t('employeeDetail.units.age', { count: age }),
    service_length: service ? durationText(t, service) : null,
    bpjs_tk_jht: share((value) => value.jht),
    bpjs_tk_jp: share((value) => value.jp),
    bpjs_jkk: share((value) => value.jkk),
    bpjs_jkm: share((value) => value.jkm),
    bpjs_ks: share((value) => value.ks),
    additional_family_member: info ? String(info.additional_family_members) : null,
    total_additional_family: bpjs ? formatRupiah(bpjs.ksAdditional.employee) : null,
  };
}
