/**
 * What a payslip PDF shows, in one language: built from a stored payslip (its engine lines, server/db/schema.ts
 * `payslips`) and the company's letterhead. The document (./document.ts) only lays this out.
 */
import type { KopTemplate } from '../../common/company.ts';
import type { LineCode, LineKind, PayslipLine } from '../../common/payroll/types.ts';

export const payslipLanguages = ['en', 'id', 'zh'] as const;
export type PayslipLanguage = (typeof payslipLanguages)[number];

export interface PayslipCompany {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  npwp_number: string | null;
  kop_template: KopTemplate;
  /** PNG or JPEG bytes; null without a logo (or with one the PDF cannot embed, a GIF). */
  logo: Buffer | null;
}

export interface PayslipEmployee {
  fullname: string;
  employee_number: string;
  department: string | null;
  job_title: string | null;
  location: string | null;
}

export interface PayslipAmountLine {
  label: string;
  amount: number;
}

export interface PayslipView {
  /** A monthly payslip, or the severance slip of the exit month (decision 0207: severance is reported on its own slip). */
  kind?: 'payslip' | 'severance';
  language: PayslipLanguage;
  company: PayslipCompany;
  year: number;
  month: number;
  title: string;
  employee: PayslipEmployee;
  earnings: PayslipAmountLine[];
  deductions: PayslipAmountLine[];
  employer: PayslipAmountLine[];
  bruto: number;
  pph21: number;
  thp: number;
}

type Texts = Record<PayslipLanguage, string>;

/** The label of every engine line, in each payslip language. */
export const lineLabels = {
  basic_salary: { en: 'Basic salary', id: 'Gaji pokok', zh: '基本工资' },
  daily_component: { en: 'Daily pay', id: 'Upah harian', zh: '日薪' },
  daily_wage: { en: 'Daily wage', id: 'Upah harian', zh: '日工资' },
  transport_allowance: { en: 'Transport allowance', id: 'Tunjangan transportasi', zh: '交通津贴' },
  meal_allowance: { en: 'Meal allowance', id: 'Tunjangan makan', zh: '餐费津贴' },
  communication_allowance: { en: 'Communication allowance', id: 'Tunjangan komunikasi', zh: '通讯津贴' },
  job_allowance: { en: 'Job allowance', id: 'Tunjangan jabatan', zh: '职务津贴' },
  other_allowance: { en: 'Other allowance', id: 'Tunjangan lainnya', zh: '其他津贴' },
  allowance: { en: 'Allowance', id: 'Tunjangan', zh: '津贴' },
  incentive: { en: 'Incentive', id: 'Insentif', zh: '奖励金' },
  bonus: { en: 'Bonus', id: 'Bonus', zh: '奖金' },
  thr: { en: 'Religious holiday allowance (THR)', id: 'Tunjangan Hari Raya (THR)', zh: '节日津贴 (THR)' },
  yearly_bonus: { en: 'Yearly bonus', id: 'Bonus tahunan', zh: '年终奖' },
  overtime: { en: 'Overtime', id: 'Lembur', zh: '加班费' },
  business_trip: { en: 'Business trip', id: 'Perjalanan dinas', zh: '出差补贴' },
  tax_allowance: { en: 'Tax allowance', id: 'Tunjangan pajak', zh: '税务津贴' },
  late_deduction: { en: 'Late deduction', id: 'Potongan terlambat', zh: '迟到扣款' },
  early_deduction: { en: 'Early leave deduction', id: 'Potongan pulang cepat', zh: '早退扣款' },
  absent_deduction: { en: 'Absence deduction', id: 'Potongan tidak hadir', zh: '缺勤扣款' },
  missed_deduction: { en: 'Missed clock deduction', id: 'Potongan lupa absen', zh: '漏打卡扣款' },
  unpaid_leave_deduction: { en: 'Unpaid leave deduction', id: 'Potongan cuti tidak dibayar', zh: '无薪假扣款' },
  deduction: { en: 'Deduction', id: 'Potongan', zh: '扣款' },
  loan_installment: { en: 'Loan installment', id: 'Cicilan pinjaman', zh: '贷款分期' },
  deposit: { en: 'Deposit', id: 'Deposit', zh: '押金' },
  deposit_return: { en: 'Deposit returned', id: 'Pengembalian deposit', zh: '押金退还' },
  jht_employee: { en: 'BPJS JHT (employee)', id: 'BPJS JHT (karyawan)', zh: 'BPJS JHT（员工）' },
  jp_employee: { en: 'BPJS JP (employee)', id: 'BPJS JP (karyawan)', zh: 'BPJS JP（员工）' },
  ks_employee: { en: 'BPJS Kesehatan (employee)', id: 'BPJS Kesehatan (karyawan)', zh: 'BPJS 医疗（员工）' },
  ks_additional: {
    en: 'BPJS Kesehatan additional family',
    id: 'BPJS Kesehatan anggota keluarga tambahan',
    zh: 'BPJS 医疗（额外家属）',
  },
  jkk_employee: { en: 'BPJS JKK (employee)', id: 'BPJS JKK (karyawan)', zh: 'BPJS JKK（员工）' },
  jkm_employee: { en: 'BPJS JKM (employee)', id: 'BPJS JKM (karyawan)', zh: 'BPJS JKM（员工）' },
  jht_employer: { en: 'BPJS JHT (company)', id: 'BPJS JHT (perusahaan)', zh: 'BPJS JHT（公司）' },
  jp_employer: { en: 'BPJS JP (company)', id: 'BPJS JP (perusahaan)', zh: 'BPJS JP（公司）' },
  jkk_employer: { en: 'BPJS JKK (company)', id: 'BPJS JKK (perusahaan)', zh: 'BPJS JKK（公司）' },
  jkm_employer: { en: 'BPJS JKM (company)', id: 'BPJS JKM (perusahaan)', zh: 'BPJS JKM（公司）' },
  ks_employer: { en: 'BPJS Kesehatan (company)', id: 'BPJS Kesehatan (perusahaan)', zh: 'BPJS 医疗（公司）' },
  pph21: { en: 'PPh 21', id: 'PPh 21', zh: '个人所得税 PPh 21' },
  pph21_dtp: {
    en: 'PPh 21 DTP (borne by the government)',
    id: 'PPh 21 DTP (ditanggung pemerintah)',
    zh: 'PPh 21 DTP（政府承担）',
  },
  zakat: { en: 'Zakat', id: 'Zakat', zh: '天课 (Zakat)' },
  pesangon: { en: 'Severance pay (pesangon)', id: 'Uang pesangon', zh: '遣散费 (pesangon)' },
  upmk: { en: 'Long-service pay (UPMK)', id: 'Uang penghargaan masa kerja', zh: '工龄补偿金 (UPMK)' },
  uph_leave: { en: 'Untaken leave (UPH)', id: 'Uang penggantian hak cuti', zh: '未休年假补偿 (UPH)' },
  uph_rights: { en: 'Other rights (UPH)', id: 'Uang penggantian hak lainnya', zh: '其他权益补偿 (UPH)' },
  separation_pay: { en: 'Separation pay (uang pisah)', id: 'Uang pisah', zh: '离职金 (uang pisah)' },
  pkwt_compensation: { en: 'Contract compensation (PKWT)', id: 'Uang kompensasi PKWT', zh: '合同补偿金 (PKWT)' },
  pph21_severance: {
    en: 'PPh 21 final on severance',
    id: 'PPh 21 final atas pesangon',
    zh: '遣散费最终所得税 PPh 21',
  },
} as const satisfies Record<LineCode, Texts>;

/** The document's own texts. */
export const payslipTexts = {
  payslip: { en: 'Payslip', id: 'Slip Gaji', zh: '工资单' },
  period: { en: 'Period', id: 'Periode', zh: '期间' },
  employee: { en: 'Employee', id: 'Karyawan', zh: '员工' },
  employeeNumber: { en: 'Employee ID', id: 'NIK Karyawan', zh: '员工编号' },
  department: { en: 'Department', id: 'Departemen', zh: '部门' },
  jobTitle: { en: 'Job title', id: 'Jabatan', zh: '职位' },
  location: { en: 'Location', id: 'Lokasi', zh: '地点' },
  earnings: { en: 'Earnings', id: 'Pendapatan', zh: '收入' },
  deductions: { en: 'Deductions', id: 'Potongan', zh: '扣除' },
  employer: { en: 'Paid by the company', id: 'Dibayar perusahaan', zh: '公司缴纳' },
  totalEarnings: { en: 'Total earnings', id: 'Total pendapatan', zh: '收入合计' },
  totalDeductions: { en: 'Total deductions', id: 'Total potongan', zh: '扣除合计' },
  bruto: { en: 'Gross income (PPh 21)', id: 'Penghasilan bruto (PPh 21)', zh: '税前总收入 (PPh 21)' },
  thp: { en: 'Take-home pay', id: 'Gaji bersih (THP)', zh: '实发工资' },
  severanceSlip: {
    en: 'Severance slip (final PPh 21, PP 68/2009)',
    id: 'Slip Pesangon (PPh 21 final, PP 68/2009)',
    zh: '遣散费单 (最终所得税 PPh 21, PP 68/2009)',
  },
  severanceFile: { en: 'Severance slip', id: 'Slip Pesangon', zh: '遣散费单' },
  severanceGross: {
    en: 'Gross severance (tax object 21-401-01)',
    id: 'Bruto pesangon (objek pajak 21-401-01)',
    zh: '遣散费总额 (税目 21-401-01)',
  },
  severanceNet: { en: 'Severance received', id: 'Pesangon diterima', zh: '实收遣散费' },
  none: { en: 'None', id: 'Tidak ada', zh: '无' },
  npwp: { en: 'NPWP', id: 'NPWP', zh: '税号 NPWP' },
  confidential: {
    en: 'Confidential: for the named employee only.',
    id: 'Rahasia: hanya untuk karyawan yang bersangkutan.',
    zh: '机密：仅限本人查阅。',
  },
} as const satisfies Record<string, Texts>;

/** Month names in the three languages (payslips, letters). */
export const monthNames: Record<PayslipLanguage, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  id: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  zh: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
};

export const periodText = (language: PayslipLanguage, year: number, month: number) =>
  language === 'zh' ? `${year}年${month}月` : `${monthNames[language][month - 1]} ${year}`;

/** One formatter for every amount: `toLocaleString` builds a new one per call (~2 ms a payslip in the zip job). */
const rupiahDigits = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
/** Rupiah as spec 9 shows it: id-ID grouping, no decimals ('Rp 5.396.761'; a refund '-Rp 12.000'). */
export const rupiahText = (amount: number) =>
  `${amount < 0 ? '-' : ''}Rp ${rupiahDigits.format(Math.abs(Math.round(amount)))}`;

/** Where a line goes on the payslip, by its kind. `info` lines are not printed. */
const section = {
  earning: 'earnings',
  deduction: 'deductions',
  tax: 'deductions',
  employer_contribution: 'employer',
  info: null,
} as const satisfies Record<LineKind, 'earnings' | 'deductions' | 'employer' | null>;

export interface StoredPayslip {
  year: number;
  month: number;
  title: string;
  fullname: string;
  employee_number: string;
  department_name: string | null;
  job_title_name: string | null;
  location_name: string | null;
  lines: PayslipLine[];
  bruto: number;
  pph21: number;
  thp: number;
}

export function payslipView(slip: StoredPayslip, company: PayslipCompany, language: PayslipLanguage): PayslipView {
  const groups: Record<'earnings' | 'deductions' | 'employer', PayslipAmountLine[]> = {
    earnings: [],
    deductions: [],
    employer: [],
  };
  for (const line of slip.lines) {
    const where = section[line.kind];
    if (!where || line.amount === 0) continue;
    const label = lineLabels[line.code][language];
    groups[where].push({ label: line.name ? `${label}: ${line.name}` : label, amount: line.amount });
  }
  return {
    language,
    company,
    year: slip.year,
    month: slip.month,
    title: slip.title,
    employee: {
      fullname: slip.fullname,
      employee_number: slip.employee_number,
      department: slip.department_name,
      job_title: slip.job_title_name,
      location: slip.location_name,
    },
    ...groups,
    bruto: slip.bruto,
    pph21: slip.pph21,
    thp: slip.thp,
  };
}

/** Whether a payslip line is severance under the final PPh 21 of PP 68/2009 (or its tax), decision 0170. */
const isSeveranceLine = (line: PayslipLine) =>
  line.code === 'pph21_severance' ||
  (line.kind === 'earning' && (line.explain as { tax?: unknown } | undefined)?.tax === 'final_pp68_2009');

/**
 * The severance slip of the exit month (decision 0207): the severance lines of the stored payslip and their final
 * PPh 21, gross, tax and what was received; null when the payslip pays no severance. Built from the stored payslip,
 * so it is history like the payslip.
 */
export function severanceSlipView(
  slip: StoredPayslip,
  company: PayslipCompany,
  language: PayslipLanguage,
): PayslipView | null {
  const lines = slip.lines.filter((line) => isSeveranceLine(line) && line.amount !== 0);
  const earnings = lines.filter((line) => line.kind === 'earning');
  if (earnings.length === 0) return null;
  const gross = earnings.reduce((sum, line) => sum + line.amount, 0);
  const tax = lines.filter((line) => line.code === 'pph21_severance').reduce((sum, line) => sum + line.amount, 0);
  const view = payslipView({ ...slip, lines, bruto: gross, pph21: tax, thp: gross - tax }, company, language);
  return { ...view, kind: 'severance', employer: [] };
}
