import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { bpjsContributions } from '../../../../common/bpjs.ts';
import type { BpjsInfo } from '../../../../src/screens/employee/api.ts';
import { ageNow, computedTexts, liveBpjs, serviceNow } from '../../../../src/screens/employee/computed.ts';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key) as unknown as TFunction;
const from = (values: Record<string, unknown>) => (field: string) => values[field];

const info: BpjsInfo = {
  umk: 5_000_000,
  jkk_percentage: 0.24,
  date: '2025-06-15',
  additional_family_members: 1,
  contributions: bpjsContributions({
    tkWage: 8_000_000,
    ksWage: 8_000_000,
    date: '2025-06-15',
    jkkPercent: 0.24,
    umk: 5_000_000,
    tkRegistered: true,
    ksRegistered: true,
    type: 1,
    additionalFamilyMembers: 1,
  }),
};

describe('computed values', () => {
  it('age in whole years today, from the birth date as the form holds it', () => {
    expect(ageNow(from({ birth_date: '1990-06-16' }), '2025-06-15')).toBe(34);
    expect(ageNow(from({ birth_date: '1990-06-15' }), '2025-06-15')).toBe(35);
    expect(ageNow(from({ birth_date: null }), '2025-06-15')).toBeNull();
  });

  it('service length to today, or to the exit date once it has passed', () => {
    expect(serviceNow(from({ join_date: '2020-01-31', exit_date: null }), '2025-06-15')).toEqual({
      years: 5,
      months: 4,
      days: 15,
    });
    expect(serviceNow(from({ join_date: '2020-01-01', exit_date: '2021-01-01' }), '2025-06-15')).toEqual({
      years: 1,
      months: 0,
      days: 0,
    });
    // A future exit date does not end the count yet.
    expect(serviceNow(from({ join_date: '2025-06-01', exit_date: '2025-12-31' }), '2025-06-15')?.days).toBe(14);
  });

  it('recomputes BPJS live: an empty BPJS wage is the basic salary, an empty JKK rate the company’s', () => {
    const live = liveBpjs(
      from({
        basic_salary: 8_000_000,
        bpjs_tk_salary: null,
        bpjs_ks_salary: null,
        bpjs_type: 1,
        jkk_percentage: null,
        bpjs_tk_registered: true,
        bpjs_ks_registered: true,
      }),
      info,
    );
    // The reference's worked example (June 2025, wage 8,000,000, JKK 0.24 %).
    expect(live?.jht).toEqual({ employee: 160_000, company: 296_000 });
    expect(live?.jp).toEqual({ employee: 80_000, company: 160_000 });
    expect(live?.jkk).toEqual({ employee: 0, company: 19_200 });
    expect(live?.jkm).toEqual({ employee: 0, company: 24_000 });
    expect(live?.ks).toEqual({ employee: 80_000, company: 320_000 });
    expect(live?.ksAdditional.employee).toBe(80_000);

    const raised = liveBpjs(
      from({
        basic_salary: 8_000_000,
        bpjs_tk_salary: 10_000_000,
        bpjs_ks_salary: null,
        bpjs_type: 1,
        jkk_percentage: 1.74,
        bpjs_tk_registered: true,
        bpjs_ks_registered: false,
      }),
      info,
    );
    expect(raised?.jht.employee).toBe(200_000);
    expect(raised?.jkk.company).toBe(174_000);
    expect(raised?.ks).toEqual({ employee: 0, company: 0 });
  });

  it('falls back to the server’s figures while a value cannot be read, and shows nothing without them', () => {
    expect(liveBpjs(from({ basic_salary: undefined, bpjs_tk_salary: null, bpjs_type: 1 }), info)).toBe(
      info.contributions,
    );
    expect(liveBpjs(from({}), null)).toBeNull();
  });

  it('writes the texts: years, durations, shares in rupiah', () => {
    const texts = computedTexts(
      t,
      from({ birth_date: '1990-06-15', join_date: '2024-06-14', exit_date: null }),
      '2025-06-15',
      info.contributions,
      info,
    );
    expect(texts.age).toBe('employeeDetail.units.age{"count":35}');
    expect(texts.service_length).toBe(
      'employeeDetail.units.year{"count":1}, employeeDetail.units.month{"count":0}, employeeDetail.units.day{"count":1}',
    );
    expect(texts.bpjs_tk_jht).toBe('employeeDetail.share{"employee":"Rp 160.000","company":"Rp 296.000"}');
    expect(texts.additional_family_member).toBe('1');
    expect(texts.total_additional_family).toBe('Rp 80.000');
    const empty = computedTexts(t, from({}), '2025-06-15', null, null);
    expect(empty.age).toBeNull();
    expect(empty.bpjs_ks).toBeNull();
  });
});
