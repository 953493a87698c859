/**
 * The monthly PPh 21 report as the tax office's e-Bupot 21 bulk-import workbook (decision 0067): a "Rekap" sheet
 * (tax year, tax month, the count of slips) and a "21" sheet, one row per employee, in the template's columns and
 * order. Tax ids and codes are text cells (leading zeros kept); names and addresses are neutralised against formula
 * injection like every exported text. Written in the browser with SheetJS (decision 0011).
 */
import type { WorkBook } from 'xlsx';
import type { Schemas } from '../../api/client.ts';
import type { Xlsx } from '../../grids/export.ts';
import { neutraliseFormula } from '../../grids/safeCell.ts';

type Report = Schemas['PphReport'];
type Row = Schemas['PphReportRow'];

/** The "21" sheet's columns, in the template's order (header row 2; data from row 3). */
export const ebupotColumns = [
  'No',
  'Tgl Pemotongan (dd/MM/yyyy)',
  'Penerima Penghasilan? (NPWP/NIK)',
  'NPWP (tanpa format/tanda baca)',
  'NIK (tanpa format/tanda baca)',
  'Nama Penerima Penghasilan Sesuai NIK',
  'Alamat Penerima Penghasilan Sesuai NIK',
  'Kode Objek Pajak',
  'Penandatangan Menggunakan? (NPWP/NIK)',
  'NPWP Penandatangan (tanpa format/tanda baca)',
  'NIK Penandatangan (tanpa format/tanda baca)',
  'Kode PTKP',
  'Pegawai Harian? (Ya/Tidak)',
  'Menggunakan Gross Up? (Ya/Tidak)',
  'Penghasilan Bruto',
  'Terdapat Akumulasi Penghasilan Bruto Sebelumnya? (Ya/Tidak)',
  'Akumulasi Penghasilan Bruto Sebelumnya',
  'Mendapatkan Fasilitas ? (N/SKB/DTP)',
  'Nomor SKB/Nomor DTP',
] as const;

const yesNo = (value: boolean) => (value ? 'Ya' : 'Tidak');

/** The withholding date: the last day of the tax month, dd/MM/yyyy. */
export const withholdingDate = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(last).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
};

/** One employee's row of the "21" sheet, as cell values (strings are text cells; numbers numeric). */
export function ebupotRow(report: Report, row: Row, index: number): (string | number)[] {
  const signer = report.withholder.tax_person;
  const signerKind = signer?.tax_id_kind ?? 'NPWP';
  return [
    index + 1,
    withholdingDate(report.year, report.month),
    row.tax_id_kind,
    row.tax_id_kind === 'NPWP' ? (row.tax_id ?? '') : '',
    row.tax_id_kind === 'NIK' ? (row.tax_id ?? '') : '',
    neutraliseFormula(row.employee.fullname),
    neutraliseFormula(row.address ?? ''),
    row.object_code,
    signerKind,
    signerKind === 'NPWP' ? (signer?.tax_id ?? '') : '',
    signerKind === 'NIK' ? (signer?.tax_id ?? '') : '',
    row.ptkp_status.toUpperCase(),
    yesNo(row.employment_kind === 'daily'),
    yesNo(row.gross_up),
    row.bruto,
    'Tidak',
    0,
    'N',
    '',
  ];
}

export function ebupotWorkbook(XLSX: Xlsx, report: Report): WorkBook {
  const book = XLSX.utils.book_new();
  const rekap = XLSX.utils.aoa_to_sheet([
    ['No', 'Nama', 'Isian'],
    [1, 'Tahun Pajak', report.year],
    [2, 'Masa Pajak', report.month],
    [3, 'Jumlah Bukti Potong PPh Pasal 21', report.rows.length],
    [4, 'Jumlah Bukti Potong PPh Pasal 26', 0],
  ]);
  XLSX.utils.book_append_sheet(book, rekap, 'Rekap');
  const sheet = XLSX.utils.aoa_to_sheet([
    [`Bukti Potong PPh Pasal 21 — ${report.withholder.name}`],
    [...ebupotColumns],
    ...report.rows.map((row, i) => ebupotRow(report, row, i)),
  ]);
  // Tax ids, dates and codes stay text: a number cell would drop leading zeros or turn 16 digits into 1.2E+15.
  sheet['!cols'] = ebupotColumns.map((name) => ({ wch: Math.min(40, Math.max(10, name.length)) }));
  XLSX.utils.book_append_sheet(book, sheet, '21');
  return book;
}

export const ebupotFileName = (report: Report) =>
  `e-Bupot-21-${report.year}-${String(report.month).padStart(2, '0')}.xlsx`;
