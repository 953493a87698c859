import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dateFieldText } from '../../../src/components/DateInput.tsx';
import {
  applySameAddress,
  buildChanges,
  changedFields,
  choiceLabel,
  conflictFields,
  displayValue,
  filterInput,
  isLockedBySameAddress,
  toDraft,
  withPopulated,
} from '../../../src/employeeForm/form.ts';
import {
  domicileAddressFields,
  type Employee,
  type FieldSpec,
  type FormSection,
  fieldSpecs,
  formSections,
  idCardAddressFields,
} from '../../../src/employeeForm/sections.ts';

const section = (id: FormSection['id']) => formSections.find((candidate) => candidate.id === id)!;
const spec = (id: FormSection['id'], field: string): FieldSpec =>
  fieldSpecs(section(id)).find((candidate) => candidate.field === field)!;
/** A `t` that shows the key and its values, so the tests read which text was chosen. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options && Object.keys(options).some((name) => name !== 'defaultValue')
    ? `${key}(${JSON.stringify(Object.fromEntries(Object.entries(options).filter(([name]) => name !== 'defaultValue')))})`
    : key) as unknown as TFunction;

const department = { _id: 'dep-1', code: 'FIN', name: 'Finance' };
const row = {
  _id: 'emp-1',
  version: 3,
  fullname: 'Ratna Wulandari',
  nickname: null,
  birth_date: '1990-05-01',
  no_of_children: 2,
  gender: 'female',
  basic_salary: 5_000_000,
  thp: 6_000_000,
  transport_allowance: 0,
  meal_allowance: 0,
  communication_allowance: 0,
  job_allowance: 0,
  other_allowance: 0,
  bank: 'BCA',
  account_number: '0123456789',
  account_name: 'RATNA W',
  pph_deduction: 'gross',
  payroll_active: true,
  department,
  sub_department: null,
  work_days: 5,
  jkk_percentage: null,
  bpjs_type: 1,
  id_card_address: 'Jl. Melati 5',
  id_card_rt: '001',
  id_card_rw: '002',
  id_card_postal_code: '12345',
  id_card_province: 'DKI Jakarta',
  id_card_city: 'Jakarta Selatan',
  id_card_district: 'Tebet',
  id_card_sub_district: 'Manggarai',
  same_address: false,
  domicile_address: null,
  domicile_rt: null,
  domicile_rw: null,
  domicile_postal_code: null,
  domicile_province: null,
  domicile_city: null,
  domicile_district: null,
  domicile_sub_district: null,
} as unknown as Employee;

describe('date fields', () => {
  it.each([
    ['29/09/1995', '1995-09-29'],
    ['29-9-1995', '1995-09-29'],
    ['1995-09-29', '1995-09-29'],
    ['29 Sep 1995', '1995-09-29'],
    ['29 Agu 1995', '1995-08-29'],
    ['1995年9月29日', '1995-09-29'],
  ])('reads %s as %s (typed day-first, ISO, or as the field shows it)', (text, iso) => {
    expect(buildChanges(section('personal'), row, { ...toDraft(section('personal'), row), birth_date: text })).toEqual({
      changes: { birth_date: iso },
      errors: {},
    });
  });

  it('refuses text that is no day, and month-first days', () => {
    for (const text of ['31/02/1995', '09/29/1995', 'soon']) {
      const { errors } = buildChanges(section('personal'), row, {
        ...toDraft(section('personal'), row),
        birth_date: text,
      });
      expect(errors.birth_date, text).toEqual({ key: 'grid.errors.date' });
    }
  });

  it('shows a day as spec 9 does, in the language; other text as typed', () => {
    expect(dateFieldText('1995-09-29', 'en')).toBe('29 Sep 1995');
    expect(dateFieldText('1995-08-29', 'id')).toBe('29 Agu 1995');
    expect(dateFieldText('1995-09-29', 'zh')).toBe('1995年9月29日');
    expect(dateFieldText('29/09', 'en')).toBe('29/09');
  });
});

describe('toDraft and buildChanges', () => {
  it('sends nothing for an untouched section', () => {
    for (const id of ['personal', 'salary', 'assignment', 'address'] as const) {
      const draft = toDraft(section(id), row);
      expect(buildChanges(section(id), row, draft), id).toEqual({ changes: {}, errors: {} });
      expect(changedFields(section(id), row, draft), id).toEqual([]);
    }
  });

  it('holds money grouped the Indonesian way and sends only the changed fields as integers', () => {
    const draft = toDraft(section('salary'), row);
    expect(draft.basic_salary).toBe('5.000.000');
    expect(draft.account_name).toBeUndefined();
    const changed = { ...draft, basic_salary: '7.500.000', bank: 'BCA ', meal_allowance: '250000' };
    expect(buildChanges(section('salary'), row, changed)).toEqual({
      changes: { basic_salary: 7_500_000, meal_allowance: 250_000 },
      errors: {},
    });
    expect(changedFields(section('salary'), row, changed)).toEqual(['basic_salary', 'bank', 'meal_allowance']);
  });

  it('refuses what the field cannot hold, under the field', () => {
    const draft = {
      ...toDraft(section('salary'), row),
      basic_salary: '',
      thp: '5,5',
      account_number: '123',
    };
    const { changes, errors } = buildChanges(section('salary'), row, draft);
    expect(changes).toEqual({});
    expect(errors.basic_salary).toEqual({ key: 'validation.required' });
    expect(errors.thp?.key).toBe('grid.errors.integer');
    expect(errors.account_number).toEqual({ key: 'employeeDetail.errors.digitsBetween', params: { min: 5, max: 20 } });
  });

  it('checks children 0 to 20, a required full name, email and phone formats', () => {
    const draft = toDraft(section('personal'), { ...row, email: null, phone: null });
    const { errors, changes } = buildChanges(
      section('personal'),
      { ...row, email: null, phone: null },
      { ...draft, fullname: '  ', no_of_children: '21', email: 'not-an-email', phone: '12' },
    );
    expect(errors.fullname).toEqual({ key: 'validation.required' });
    expect(errors.no_of_children).toEqual({ key: 'grid.errors.max', params: { max: 20 } });
    expect(errors.email).toEqual({ key: 'employeeDetail.errors.email' });
    expect(errors.phone).toEqual({ key: 'employeeDetail.errors.phone' });
    expect(changes).toEqual({});
    const fixed = buildChanges(
      section('personal'),
      { ...row, email: null, phone: null },
      { ...draft, no_of_children: '', email: ' ratna@example.com ', phone: '+62 812-3456-7890' },
    );
    expect(fixed).toEqual({
      changes: { no_of_children: null, email: 'ratna@example.com', phone: '+6281234567890' },
      errors: {},
    });
  });

  it('sends a reference as its id, and a cleared one as null', () => {
    const draft = toDraft(section('assignment'), row);
    expect(draft.department).toEqual(department);
    const moved = { ...draft, department: { _id: 'dep-2', name: 'Sales' }, work_days: '6' };
    expect(buildChanges(section('assignment'), row, moved).changes).toEqual({ department: 'dep-2', work_days: 6 });
    expect(buildChanges(section('assignment'), row, { ...draft, department: null }).changes).toEqual({
      department: null,
    });
  });

  it('never sends read-only fields or fields the row does not have (private ones)', () => {
    const noPayroll = { ...row } as Record<string, unknown>;
    delete noPayroll.basic_salary;
    const draft = { ...toDraft(section('salary'), row), account_name: 'CHANGED', basic_salary: '1' };
    const { changes } = buildChanges(section('salary'), noPayroll as Employee, draft);
    expect(changes).not.toHaveProperty('account_name');
    expect(changes).not.toHaveProperty('basic_salary');
  });

  it('reads the JKK choice as a number, empty as the company rate (null)', () => {
    const draft = toDraft(section('bpjs'), row);
    expect(draft.jkk_percentage).toBe('');
    expect(buildChanges(section('bpjs'), row, { ...draft, jkk_percentage: '0.54' }).changes).toEqual({
      jkk_percentage: 0.54,
    });
  });
});

describe('same address', () => {
  it('copies the eight ID-card fields to the domicile fields while checked', () => {
    const draft: Record<string, unknown> = { ...toDraft(section('address'), row), same_address: true };
    const copied = applySameAddress(draft as Parameters<typeof applySameAddress>[0]);
    idCardAddressFields.forEach((field, index) => {
      expect(copied[domicileAddressFields[index]!]).toBe(draft[field]);
    });
    expect(copied.domicile_address).toBe('Jl. Melati 5');
    expect(copied.domicile_postal_code).toBe('12345');
    expect(buildChanges(section('address'), row, copied).changes).toEqual({
      same_address: true,
      domicile_address: 'Jl. Melati 5',
      domicile_rt: '001',
      domicile_rw: '002',
      domicile_postal_code: '12345',
      domicile_province: 'DKI Jakarta',
      domicile_city: 'Jakarta Selatan',
      domicile_district: 'Tebet',
      domicile_sub_district: 'Manggarai',
    });
    expect(isLockedBySameAddress('domicile_city', copied)).toBe(true);
    expect(isLockedBySameAddress('id_card_city', copied)).toBe(false);
  });

  it('leaves the domicile alone while unchecked', () => {
    const draft = { ...toDraft(section('address'), row), domicile_city: 'Bogor' };
    expect(applySameAddress(draft)).toBe(draft);
    expect(isLockedBySameAddress('domicile_city', draft)).toBe(false);
  });
});

describe('typing', () => {
  it('blocks non-digits in digits-only fields and non-numeric characters in amounts', () => {
    expect(filterInput(spec('salary', 'account_number'), '12a3-4 5')).toBe('12345');
    expect(filterInput(spec('address', 'id_card_rt'), 'RT 07')).toBe('07');
    expect(filterInput(spec('salary', 'basic_salary'), 'Rp 5.000.000,-')).toBe(' 5.000.000,');
    expect(filterInput(spec('personal', 'no_of_children'), '2 kids')).toBe('2');
    expect(filterInput(spec('personal', 'fullname'), 'Ratna 2')).toBe('Ratna 2');
  });
});

describe('read-only texts', () => {
  it('shows enums by label, dates in the language, money in rupiah and choices with their unit', () => {
    expect(displayValue(spec('employment', 'exit_reason'), 'resign', t, 'en', '—')).toBe('enums.exit_reason.resign');
    expect(displayValue(spec('employment', 'exit_date'), '2025-01-31', t, 'en', '—')).toBe('31 Jan 2025');
    expect(displayValue(spec('salary', 'basic_salary'), 5_000_000, t, 'en', '—')).toBe('Rp 5.000.000');
    expect(displayValue(spec('salary', 'account_name'), null, t, 'en', '—')).toBe('—');
    expect(choiceLabel(spec('bpjs', 'jkk_percentage'), 0.24, t, 'en')).toBe('0.24%');
    expect(choiceLabel(spec('bpjs', 'jkk_percentage'), null, t, 'en')).toBe('employeeDetail.companyRate');
    expect(choiceLabel(spec('bpjs', 'bpjs_type'), 2, t, 'en')).toBe('enums.bpjs_type.2');
  });
});

describe('after a save or a conflict', () => {
  it('keeps populated references the save replied with as ids', () => {
    const saved = { ...row, version: 4, department: 'dep-2', job_title: 'job-1' } as unknown as Employee;
    const chosen = { department: { _id: 'dep-2', name: 'Sales' } };
    const merged = withPopulated(saved, row, chosen, ['department', 'job_title']);
    expect(merged.department).toEqual({ _id: 'dep-2', name: 'Sales' });
    expect(merged.job_title).toBe('job-1');
    const unchanged = withPopulated({ ...row, department: 'dep-1' } as unknown as Employee, row, {}, ['department']);
    expect(unchanged.department).toEqual(department);
  });

  it('names the fields of the section someone else changed', () => {
    const current = { ...row, version: 4, fullname: 'Ratna W.', basic_salary: 9_000_000 };
    expect(conflictFields(section('personal'), row, current)).toEqual(['fullname']);
    expect(conflictFields(section('salary'), row, current)).toEqual(['basic_salary']);
    expect(conflictFields(section('personal'), row, undefined)).toEqual([]);
  });
});
