import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { dtpColumns, dtpFileName, dtpWorkbook } from '../../../../src/screens/tax/dtp-realisation.ts';

const row = (id: string, name: string, pph21: number, dtp: number) => ({
  _id: id,
  employee: { _id: id, fullname: name, employee_id: id },
  npwp: null,
  nik: '0012345678901234',
  tax_id: '0012345678901234',
  tax_id_kind: 'NIK' as const,
  address: null,
  ptkp_status: 'tk/0' as const,
  ter_category: 'A' as const,
  employment_kind: 'permanent' as const,
  object_code: '21-100-01',
  gross_up: false,
  last_period: false,
  bruto: 8_000_000,
  pph21,
  regular_bruto: 8_000_000,
  pph21_dtp: dtp,
});

describe('the DTP realisation workbook', () => {
  it('lists the employees with DTP, keeps tax ids as text, totals the columns', () => {
    const report = {
      year: 2026,
      month: 3,
      rows: [row('a', '=cmd()', 120_000, 120_000), row('b', 'Budi', 120_000, 0), row('c', 'Citra', 120_000, 120_000)],
      totals: { employees: 3, bruto: 24_000_000, pph21: 360_000, pph21_dtp: 240_000 },
      pending: 0,
      withholder: { name: 'PT Contoh Jaya', npwp: '0027654321424000', klu_code: '14111', tax_person: null },
    };
    const book = dtpWorkbook(XLSX, report);
    const sheet = book.Sheets['Realisasi DTP']!;
    const aoa = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1 });
    expect(aoa[3]).toEqual([...dtpColumns]);
    expect(aoa.length).toBe(4 + 2 + 1);
    expect(aoa[4]![1]).toBe('0012345678901234');
    expect(String(aoa[4]![2]).startsWith('=')).toBe(false);
    expect(aoa[6]![10]).toBe(240_000);
    expect(aoa[1]).toEqual(['NPWP Pemotong', '0027654321424000', 'KLU', '14111']);
    expect(dtpFileName(report)).toBe('Realisasi-PPh21-DTP-2026-03.xlsx');
  });
});
