/**
 * Payroll rules whose fields depend on the chosen method (spec 3 "Payroll rules", spec 4 "Conditional form fields"):
 * overtime `government_rule` leaves out the hourly rate and the maximum hours, and each deduction method has only its
 * own amount field. The server requires a method's own fields and stores the others as null; the grid makes only the
 * method's own cells editable. Plain data and pure functions: it imports nothing, so both `server/` and `src/` use it.
 */

export const overtimeMethods = ['hourly', 'government_rule'] as const;
export type OvertimeMethod = (typeof overtimeMethods)[number];

/** Early-leave and absence deductions. */
export const deductionMethods = ['daily', 'prorate', 'percentage'] as const;
export type DeductionMethod = (typeof deductionMethods)[number];

/** A missed (clock-in or clock-out) deduction is always prorated. */
export const missedDeductionMethods = ['prorate'] as const satisfies readonly DeductionMethod[];

/** Late deductions: every method uses the same fields (limit and deduction). */
export const lateDeductionMethods = ['daily', 'accumulative', 'minutely', 'custom'] as const;

/** Which fields depend on a row's `method`, and which of them each method uses. */
export interface MethodFields<M extends string = string, F extends string = string> {
  /** Every field whose use depends on the method. */
  readonly fields: readonly F[];
  /** The fields each method uses: shown, editable and required. The method's other fields do not apply. */
  readonly byMethod: Readonly<Record<M, readonly F[]>>;
}

export const overtimeFields = {
  fields: ['hourly_overtime', 'maximum_hour'],
  byMethod: { hourly: ['hourly_overtime', 'maximum_hour'], government_rule: [] },
} as const satisfies MethodFields<OvertimeMethod>;

/** Early, absent and missed deductions. */
export const deductionFields = {
  fields: ['nominal', 'pro_rate_day', 'percentage'],
  byMethod: { daily: ['nominal'], prorate: ['pro_rate_day'], percentage: ['percentage'] },
} as const satisfies MethodFields<DeductionMethod>;

const usedBy = (rules: MethodFields, method: unknown): readonly string[] =>
  typeof method === 'string' && Object.hasOwn(rules.byMethod, method)
    ? (rules.byMethod as Record<string, readonly string[]>)[method]!
    : [];

/**
 * Whether `field` applies to a row with this method. Fields outside the table always do; a method-dependent field
 * applies only when the row's method uses it (so none does while the method is empty or unknown).
 */
export function fieldApplies(rules: MethodFields, method: unknown, field: string): boolean {
  return !rules.fields.includes(field) || usedBy(rules, method).includes(field);
}

/**
 * What a row's method asks of it: `missing`, its own fields that are empty (null, undefined or blank), and
 * `notApplicable`, the method-dependent fields it does not use. An unknown method reports nothing (the method
 * field's own validation says why).
 */
export function methodFieldIssues(
  rules: MethodFields,
  row: Readonly<Record<string, unknown>>,
): { missing: string[]; notApplicable: string[] } {
  const method = row.method;
  if (typeof method !== 'string' || !Object.hasOwn(rules.byMethod, method)) return { missing: [], notApplicable: [] };
  const own = usedBy(rules, method);
  return {
    missing: own.filter((field) => row[field] === null || row[field] === undefined || row[field] === ''),
    notApplicable: rules.fields.filter((field) => !own.includes(field)),
  };
}
