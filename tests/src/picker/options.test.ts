// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  autoCreateBody,
  BASIC_SALARY,
  basicSalaryOption,
  loopOptions,
  matchOptions,
  optionText,
  recordOption,
  salaryGradeOption,
  salarySource,
  toCode,
  valueKey,
} from '../../../src/picker/options.ts';

const { default: i18n } = await import('../../../src/i18n.ts');

describe('loopOptions', () => {
  it('generates an inclusive numeric range: children 0 to 20', () => {
    const children = loopOptions(0, 20);
    expect(children).toHaveLength(21);
    expect(children[0]).toEqual({ key: '0', label: '0', value: 0 });
    expect(children.at(-1)).toEqual({ key: '20', label: '20', value: 20 });
  });

  it('counts down toward `to` (years, newest first) and takes the step by its size', () => {
    expect(loopOptions(2026, 2022).map((option) => option.value)).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(loopOptions(10, 0, 5).map((option) => option.value)).toEqual([10, 5, 0]);
    expect(loopOptions(0, 10, -5).map((option) => option.value)).toEqual([0, 5, 10]);
    expect(loopOptions(5, 6).map((option) => option.label)).toEqual(['5', '6']);
  });

  it('stops at the last step inside the range and keeps fractional steps exact', () => {
    expect(loopOptions(1, 10, 4).map((option) => option.value)).toEqual([1, 5, 9]);
    expect(loopOptions(0, 0.3, 0.1).map((option) => option.value)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(loopOptions(3, 3)).toEqual([{ key: '3', label: '3', value: 3 }]);
  });

  it('refuses a zero or non-finite step', () => {
    expect(() => loopOptions(0, 10, 0)).toThrow(RangeError);
    expect(() => loopOptions(0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('auto-create', () => {
  it('strips the code to letters and digits and upper-cases it', () => {
    expect(toCode('Quality & Ops-2')).toBe('QUALITYOPS2');
    expect(toCode(' hr/ga ')).toBe('HRGA');
    expect(toCode('Café Ünited')).toBe('CAFEUNITED');
    expect(toCode('销售')).toBe('');
  });

  it('puts the trimmed text in every field and the code in the code field', () => {
    const autoCreate = {
      path: '/v1/refs/employees/orgs/locations',
      fields: ['code', 'name'],
      codeField: 'code',
    } as const;
    expect(autoCreateBody(autoCreate, '  Jakarta Selatan ')).toEqual({
      code: 'JAKARTASELATAN',
      name: 'Jakarta Selatan',
    });
    expect(autoCreateBody({ ...autoCreate, fields: ['name'] }, 'Bandung')).toEqual({ name: 'Bandung' });
  });
});

describe('options', () => {
  const options = [
    { key: 'a', label: 'Engineering', detail: 'ENG', value: 'a' },
    { key: 'b', label: 'Finance', value: 'b' },
  ];

  it('matches a case-insensitive substring of the label and detail', () => {
    expect(matchOptions(options, 'NEER')).toEqual([options[0]]);
    expect(matchOptions(options, 'eng')).toEqual([options[0]]);
    expect(matchOptions(options, '  ')).toBe(options);
    expect(matchOptions(options, 'x')).toEqual([]);
  });

  it('names an option by its label and detail', () => {
    expect(optionText(options[0]!)).toBe('Engineering · ENG');
    expect(optionText(options[1]!)).toBe('Finance');
  });

  it('keys values by record id or by text', () => {
    expect(valueKey({ _id: 'x1', name: 'X' })).toBe('x1');
    expect(valueKey(7)).toBe('7');
    expect(valueKey(null)).toBeNull();
  });

  it('labels a record by a field, its id when that is empty', () => {
    expect(recordOption({ _id: 'r1', name: 'Sales', code: 'SLS' }, 'name', 'code')).toEqual({
      key: 'r1',
      label: 'Sales',
      detail: 'SLS',
      value: { _id: 'r1', name: 'Sales', code: 'SLS' },
    });
    expect(recordOption({ _id: 'r2', name: '' }, 'name').label).toBe('r2');
  });
});

describe('salary choices', () => {
  it('shows a grade with its nominal amount', () => {
    const grade = { _id: 'g3', grade: 'G3', reported_salary: 7_500_000 };
    const option = salaryGradeOption(grade);
    expect(optionText(option)).toBe('G3 · Rp 7.500.000');
    expect(option.value).toBe(grade);
    expect(optionText(salaryGradeOption({ _id: 'g0', grade: 'G0', reported_salary: 0 }))).toBe('G0 · Rp 0,00');
    expect(salaryGradeOption({ _id: 'gx', grade: 'GX' }).detail).toBe('No Data');
  });

  it("labels basic_salary 'Basic Salary ' and lists it before the grades", async () => {
    await i18n.changeLanguage('en');
    expect(basicSalaryOption(i18n.t)).toEqual({ key: BASIC_SALARY, label: 'Basic Salary ', value: 'basic_salary' });
    const source = salarySource(i18n.t);
    expect(source.path).toBe('/v1/refs/payrolls/salary-grades');
    expect(source.fixed?.map((option) => option.label)).toEqual(['Basic Salary ']);
    expect(source.searchField).toBe('grade');
    await i18n.changeLanguage('id');
    expect(basicSalaryOption(i18n.t).label).toBe('Gaji Pokok');
    await i18n.changeLanguage('en');
  });
});
