import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Schemas } from '../../../../src/api/client.ts';
import { ebupotColumns, ebupotWorkbook, withholdingDate } from '../../../../src/screens/tax/ebupot.ts';

const row = (over: Partial<Schemas['PphReportRow']>): Schemas['PphReportRow'] => ({
  _id: '00000000-0000-4000-8000-000000000001',
  employee: { _id: '00000000-0000-4000-8000-000000000001', fullname: 'Budi Santoso', employee_id: 'EMP-0001' },
  npwp: '01.234.567.8-901.000',
  nik: '3171234567890001',
  tax_id: '012345678901000',
  tax_id_kind: 'NPWP',
  address: 'Jl. Sudirman 1, Jakarta',
  ptkp_status: 'k/1',
  ter_category: 'B',
  employment_kind: 'permanent',
  object_code: '21-100-01',
  gross_up: false,
  last_period: false,
  bruto: 12_345_678,
  pph21: 222_222,
  ...over,
});

describe('the e-Bupot 21 workbook', () => {
  const report: Schemas['PphReport'] = {
    year: 2026,
    month: 2,
    rows: [
      row({}),
      row({
        _id: '00000000-0000-4000-8000-000000000002',
        employee: { _id: '00000000-0000-4000-8000-000000000002', fullname: '=HYPERLINK("x")', employee_id: 'E2' },
        npwp: null,
        tax_id: '0012345678900002',
        tax_id_kind: 'NIK',
        employment_kind: 'daily',
        object_code: '21-100-03',
        gross_up: true,
      }),
    ],
    totals: { employees: 2, bruto: 24_691_356, pph21: 444_444 },
    pending: 0,
    withholder: {
      name: 'PT Demo',
      npwp: '012345678901000',
      tax_person: { fullname: 'Sri', tax_id: '3171000000000009', tax_id_kind: 'NIK' },
    },
  };
  const book = ebupotWorkbook(XLSX, report);

  it('has the Rekap sheet with the year, month and count', () => {
    const rekap = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Rekap!, { header: 1 });
    expect(rekap.slice(1)).toEqual([
      [1, 'Tahun Pajak', 2026],
      [2, 'Masa Pajak', 2],
      [3, 'Jumlah Bukti Potong PPh Pasal 21', 2],
      [4, 'Jumlah Bukti Potong PPh Pasal 26', 0],
    ]);
  });

  it('writes one row per employee in the template’s columns, ids as text, names neutralised', () => {
    const sheet = book.Sheets['21']!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[1]).toEqual([...ebupotColumns]);
    expect(rows[2]).toEqual([
      1,
      '28/02/2026',
      'NPWP',
      '012345678901000',
      '',
      'Budi Santoso',
      'Jl. Sudirman 1, Jakarta',
      '21-100-01',
      'NIK',
      '',
      '3171000000000009',
      'K/1',
      'Tidak',
      'Tidak',
      12_345_678,
      'Tidak',
      0,
      'N',
      '',
    ]);
    expect(rows[3]?.slice(2, 6)).toEqual(['NIK', '', '0012345678900002', `'=HYPERLINK("x")`]);
    expect(rows[3]?.slice(12, 14)).toEqual(['Ya', 'Ya']);
    expect(sheet.E4?.t).toBe('s');
  });

  it('dates the withholding on the last day of the month', () => {
    expect(withholdingDate(2024, 2)).toBe('29/02/2024');
    expect(withholdingDate(2026, 12)).toBe('31/12/2026');
  });
});
