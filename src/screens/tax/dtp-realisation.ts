/**
 * The month's PPh 21 DTP realisation (PMK 10/2025, 105/2025: the employer reports the incentive's use every month;
 * decision 0165) as an xlsx, from the PPh 21 report: one row per employee with DTP, the withholder's NPWP and KLU,
 * the gross, its fixed and regular part, the PPh 21 and the part borne by the government, with a total row. Tax ids
 * are text cells (leading zeros kept); names are neutralised against formula injection. Written in the browser with
 * SheetJS (decision 0011).
 */
import type { WorkBook } from 'xlsx';
import type { Schemas } from '../../api/client.ts';
import type { Xlsx } from '../../grids/export.ts';
import { neutraliseFormula } from '../../grids/safeCell.ts';

type Report = Schemas['PphReport'];

export const dtpColumns = [
  'No',
  'NPWP/NIK',
  'Nama Pegawai',
  'Masa Pajak',
  'Tahun Pajak',
  'Kode Objek Pajak',
  'Status PTKP',
  'Penghasilan Bruto',
  'Penghasilan Bruto Tetap dan Teratur',
  'PPh Pasal 21',
  'PPh Pasal 21 DTP',
] as const;

/** The rows with DTP, as cell values. */
export function dtpRows(report: Report): (string | number)[][] {
  return report.rows
    .filter((row) => row.pph21_dtp > 0)
    .map((row, index) => [
      index + 1,
      row.tax_id ?? '',
      neutraliseFormula(row.employee.fullname),
      report.month,
      report.year,
      row.object_code,
      row.ptkp_status.toUpperCase(),
      row.bruto,
      row.regular_bruto,
      row.pph21,
      row.pph21_dtp,
    ]);
}

export function dtpWorkbook(XLSX: Xlsx, report: Report): WorkBook {
  const rows = dtpRows(report);
  const sum = (column: number) => rows.reduce((total, row) => total + Number(row[column]), 0);
  const sheet = XLSX.utils.aoa_to_sheet([
    [`Realisasi PPh Pasal 21 DTP — ${neutraliseFormula(report.withholder.name)}`],
    ['NPWP Pemotong', report.withholder.npwp ?? '', 'KLU', report.withholder.klu_code ?? ''],
    ['Masa Pajak', `${String(report.month).padStart(2, '0')}/${report.year}`],
    [...dtpColumns],
    ...rows,
    ['', '', `Jumlah (${rows.length})`, '', '', '', '', sum(7), sum(8), sum(9), sum(10)],
  ]);
  sheet['!cols'] = dtpColumns.map((name) => ({ wch: Math.min(36, Math.max(10, name.length + 2)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Realisasi DTP');
  return book;
}

export const dtpFileName = (report: Report) =>
  `Realisasi-PPh21-DTP-${report.year}-${String(report.month).padStart(2, '0')}.xlsx`;
