/**
 * What a 1721-A1 PDF shows, in one language: the form row (./repository.ts `a1Rows`), the company (pemotong), the tax
 * person and the selected digital signature. The document (./a1-document.ts) only lays this out.
 */
import type { A1LineNumber } from '../../common/payroll/a1.ts';
import type { PayslipLanguage } from '../payslips/view.ts';
import type { A1Row, TaxSigner } from './repository.ts';

type Texts = Record<PayslipLanguage, string>;

/** Every line of the form (reference section 6), in each language; Indonesian as the form prints it. */
export const a1LineLabels = {
  1: { en: 'Salary or periodic pension', id: 'Gaji/pensiun atau THT/JHT', zh: '工资或定期养老金' },
  2: { en: 'Tax allowance', id: 'Tunjangan PPh', zh: '税务津贴' },
  3: { en: 'Other allowances, overtime', id: 'Tunjangan lainnya, uang lembur dan sebagainya', zh: '其他津贴、加班费' },
  4: { en: 'Honoraria and similar', id: 'Honorarium dan imbalan lain sejenisnya', zh: '酬金及类似报酬' },
  5: {
    en: 'Insurance premiums paid by the employer',
    id: 'Premi asuransi yang dibayar pemberi kerja',
    zh: '雇主支付的保险费',
  },
  6: {
    en: 'Benefits in kind taxed under PPh 21',
    id: 'Penerimaan dalam bentuk natura dan kenikmatan lainnya yang dikenakan pemotongan PPh Pasal 21',
    zh: '应税实物福利',
  },
  7: {
    en: 'Bonus, THR, tantiem',
    id: 'Tantiem, bonus, gratifikasi, jasa produksi dan THR',
    zh: '奖金、节日津贴、分红',
  },
  8: { en: 'Gross income (1 to 7)', id: 'Jumlah penghasilan bruto (1 s.d. 7)', zh: '总收入（1至7）' },
  9: { en: 'Occupational expense (biaya jabatan)', id: 'Biaya jabatan/biaya pensiun', zh: '职务费用' },
  10: { en: 'Pension / old-age contributions', id: 'Iuran pensiun atau iuran THT/JHT', zh: '养老金/老年保障缴款' },
  11: {
    en: 'Zakat paid through the employer',
    id: 'Zakat/sumbangan keagamaan yang bersifat wajib',
    zh: '经雇主缴纳的天课',
  },
  12: { en: 'Total deductions (9 to 11)', id: 'Jumlah pengurangan (9 s.d. 11)', zh: '扣除合计（9至11）' },
  13: { en: 'Net income (8 - 12)', id: 'Jumlah penghasilan neto (8 - 12)', zh: '净收入（8 - 12）' },
  14: {
    en: 'Net income from the previous employer',
    id: 'Penghasilan neto masa pajak sebelumnya',
    zh: '前雇主净收入',
  },
  15: {
    en: 'Net income for the PPh 21 calculation',
    id: 'Jumlah penghasilan neto untuk penghitungan PPh Pasal 21 (setahun/disetahunkan)',
    zh: '用于计算 PPh 21 的净收入',
  },
  16: { en: 'Non-taxable income (PTKP)', id: 'Penghasilan tidak kena pajak (PTKP)', zh: '免税收入额 (PTKP)' },
  17: {
    en: 'Taxable income (PKP, 15 - 16)',
    id: 'Penghasilan kena pajak setahun/disetahunkan (15 - 16)',
    zh: '应税收入 (PKP, 15 - 16)',
  },
  18: {
    en: 'PPh 21 on taxable income',
    id: 'PPh Pasal 21 atas penghasilan kena pajak setahun/disetahunkan',
    zh: '应税收入的 PPh 21',
  },
  19: {
    en: 'PPh 21 withheld by the previous employer',
    id: 'PPh Pasal 21 yang telah dipotong masa pajak sebelumnya',
    zh: '前雇主已预扣的 PPh 21',
  },
  20: {
    en: 'PPh 21 borne by the government (DTP)',
    id: 'PPh Pasal 21 ditanggung pemerintah (DTP) yang telah dipotong sebelumnya',
    zh: '政府承担的 PPh 21 (DTP)',
  },
  21: {
    en: 'PPh 21 due (18 - 19 - 20)',
    id: 'PPh Pasal 21 terutang (18 - 19 - 20)',
    zh: '应缴 PPh 21（18 - 19 - 20）',
  },
  22: {
    en: 'PPh 21 withheld in the other periods',
    id: 'PPh Pasal 21 yang telah dipotong dan dilunasi pada masa pajak lainnya',
    zh: '其他期间已预扣的 PPh 21',
  },
  23: {
    en: 'PPh 21 under- or over-payment in the last period',
    id: 'PPh Pasal 21 kurang/(lebih) dipotong pada masa pajak terakhir',
    zh: '最后期间少缴/多缴的 PPh 21',
  },
} as const satisfies Record<A1LineNumber, Texts>;

export const a1Texts = {
  title: {
    en: 'Withholding slip of PPh 21 for permanent employees',
    id: 'Bukti pemotongan pajak penghasilan Pasal 21 bagi pegawai tetap',
    zh: '长期雇员 PPh 21 预扣税凭证',
  },
  form: { en: 'Form 1721-A1', id: 'Formulir 1721-A1', zh: '1721-A1 表' },
  number: { en: 'Number', id: 'Nomor', zh: '编号' },
  period: { en: 'Income period', id: 'Masa perolehan penghasilan', zh: '收入期间' },
  provisional: {
    en: 'PROVISIONAL: the last tax period of the year is not completed yet',
    id: 'SEMENTARA: masa pajak terakhir tahun ini belum diselesaikan',
    zh: '临时：本年度最后纳税期尚未完成',
  },
  recipient: { en: 'A. Income recipient', id: 'A. Identitas penerima penghasilan', zh: 'A. 收入接收人' },
  details: {
    en: 'B. Income and PPh 21 withheld',
    id: 'B. Rincian penghasilan dan penghitungan PPh Pasal 21',
    zh: 'B. 收入明细与 PPh 21 计算',
  },
  withholder: { en: 'C. Withholder', id: 'C. Identitas pemotong', zh: 'C. 扣缴义务人' },
  name: { en: 'Name', id: 'Nama', zh: '姓名' },
  npwp: { en: 'NPWP', id: 'NPWP', zh: '税号 NPWP' },
  nik: { en: 'NIK', id: 'NIK', zh: '身份证号 NIK' },
  address: { en: 'Address', id: 'Alamat', zh: '地址' },
  gender: { en: 'Gender', id: 'Jenis kelamin', zh: '性别' },
  ptkp: { en: 'PTKP status', id: 'Status PTKP', zh: 'PTKP 状态' },
  jobTitle: { en: 'Position', id: 'Jabatan', zh: '职位' },
  employeeNumber: { en: 'Employee ID', id: 'NIK Karyawan', zh: '员工编号' },
  company: { en: 'Withholder', id: 'Nama pemotong', zh: '扣缴单位' },
  taxPerson: { en: 'Signed by', id: 'Nama penandatangan', zh: '签署人' },
  taxPersonId: { en: 'Signer NPWP/NIK', id: 'NPWP/NIK penandatangan', zh: '签署人 NPWP/NIK' },
  notSet: { en: 'not set', id: 'belum diisi', zh: '未设置' },
  male: { en: 'Male', id: 'Laki-laki', zh: '男' },
  female: { en: 'Female', id: 'Perempuan', zh: '女' },
  other: { en: 'Other', id: 'Lainnya', zh: '其他' },
} as const satisfies Record<string, Texts>;

export interface A1View {
  language: PayslipLanguage;
  row: A1Row;
  signer: TaxSigner;
}

export const a1View = (row: A1Row, signer: TaxSigner, language: PayslipLanguage): A1View => ({ language, row, signer });

/** The file name an A1 is downloaded as: '1721-A1 2025 EMP-0001 Budi Santoso.pdf'. */
export const a1FileName = (row: A1Row) =>
  `1721-A1 ${row.year} ${row.employee.employee_id} ${row.employee.fullname}`
    .replace(/[\\/:*?"<>|]+/g, '-')
    .concat('.pdf');
