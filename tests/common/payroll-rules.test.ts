import { describe, expect, it } from 'vitest';
import {
  deductionFields,
  deductionMethods,
  fieldApplies,
  methodFieldIssues,
  missedDeductionMethods,
  overtimeFields,
  overtimeMethods,
} from '../../common/payroll-rules.ts';

describe('payroll rule method fields', () => {
  it('names a field list for every method, drawn from the method-dependent fields', () => {
    for (const [rules, methods] of [
      [overtimeFields, overtimeMethods],
      [deductionFields, deductionMethods],
    ] as const) {
      expect(Object.keys(rules.byMethod).sort()).toEqual([...methods].sort());
      for (const fields of Object.values(rules.byMethod)) {
        for (const field of fields) expect(rules.fields).toContain(field);
      }
    }
    for (const method of missedDeductionMethods) expect(deductionMethods).toContain(method);
  });

  it('says which fields apply: government_rule has no rate or hours; each deduction method only its own', () => {
    expect(fieldApplies(overtimeFields, 'hourly', 'hourly_overtime')).toBe(true);
    expect(fieldApplies(overtimeFields, 'government_rule', 'hourly_overtime')).toBe(false);
    expect(fieldApplies(overtimeFields, 'government_rule', 'maximum_hour')).toBe(false);
    expect(fieldApplies(overtimeFields, 'government_rule', 'name')).toBe(true);
    expect(fieldApplies(deductionFields, 'daily', 'nominal')).toBe(true);
    expect(fieldApplies(deductionFields, 'daily', 'percentage')).toBe(false);
    expect(fieldApplies(deductionFields, 'prorate', 'pro_rate_day')).toBe(true);
    expect(fieldApplies(deductionFields, 'percentage', 'percentage')).toBe(true);
    // No method yet (a new row) or an unknown one: none of the dependent fields.
    expect(fieldApplies(deductionFields, undefined, 'nominal')).toBe(false);
    expect(fieldApplies(deductionFields, 'toString', 'nominal')).toBe(false);
  });

  it("finds a method's missing fields and the fields it does not use", () => {
    expect(
      methodFieldIssues(overtimeFields, { method: 'hourly', hourly_overtime: 25_000, maximum_hour: null }),
    ).toEqual({
      missing: ['maximum_hour'],
      notApplicable: [],
    });
    expect(methodFieldIssues(overtimeFields, { method: 'government_rule', hourly_overtime: 1 })).toEqual({
      missing: [],
      notApplicable: ['hourly_overtime', 'maximum_hour'],
    });
    expect(methodFieldIssues(deductionFields, { method: 'percentage', percentage: 0 })).toEqual({
      missing: [],
      notApplicable: ['nominal', 'pro_rate_day'],
    });
    expect(methodFieldIssues(deductionFields, { method: 'daily', nominal: '' }).missing).toEqual(['nominal']);
    expect(methodFieldIssues(deductionFields, { method: 'weekly' })).toEqual({ missing: [], notApplicable: [] });
  });
});
