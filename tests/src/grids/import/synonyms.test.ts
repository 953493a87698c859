import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ImportTarget, mapColumns } from '../../../../src/grids/import/mapping.ts';
import { headerLabels } from '../../../../src/grids/import/synonyms.ts';

type Locale = { resources: Record<string, { fields: Record<string, string> }> };
const locales = ['en', 'id', 'zh'].map(
  (code) => JSON.parse(readFileSync(new URL(`../../../../locales/${code}.json`, import.meta.url), 'utf8')) as Locale,
);

/** A resource's import targets as the import dialog builds them: every language's label, then the synonyms. */
function targetsOf(resource: string, synonyms: boolean): ImportTarget[] {
  const fields = Object.keys(locales[0]!.resources[resource]!.fields);
  return fields.map((field) => {
    const labels = locales.map((locale) => locale.resources[resource]!.fields[field]!).filter(Boolean);
    return { field, required: false, labels: synonyms ? headerLabels(field, labels) : labels };
  });
}

describe('import headers people use (issue 25)', () => {
  const sheet = [
    'NIK',
    'Nama Karyawan',
    'Bagian',
    'Posisi',
    'Tgl Masuk',
    'No. HP',
    'Gapok',
    'No Rek',
    'JK',
    'Tgl Lahir',
  ];
  const expected = [
    'employee_id',
    'fullname',
    'department',
    'job_title',
    'join_date',
    'phone',
    'basic_salary',
    'account_number',
    'gender',
    'birth_date',
  ];

  it("maps an Indonesian HR sheet's usual headers to the employee fields", () => {
    expect(mapColumns(sheet, targetsOf('employees', true))).toEqual(expected);
  });

  it('did not map them by the labels alone', () => {
    const byLabels = mapColumns(sheet, targetsOf('employees', false));
    expect(byLabels.filter((field, index) => field === expected[index]).length).toBeLessThan(expected.length / 2);
  });

  it('maps English and Chinese sheet words too, and keeps the labels of all three languages', () => {
    expect(mapColumns(['Staff ID', 'Employee Name', 'Hire date', '手机'], targetsOf('employees', true))).toEqual([
      'employee_id',
      'fullname',
      'join_date',
      'phone',
    ]);
    expect(mapColumns(['Kode', 'Keterangan', 'Jam Masuk', 'Jam Pulang'], targetsOf('shifts', true))).toEqual([
      'code',
      null,
      'start_time',
      'finish_time',
    ]);
  });
});
