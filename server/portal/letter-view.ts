/**
 * What a warning letter's PDF shows, in one language (./documents.ts lays it out): the company's letterhead and
 * selected signature (company settings), the employee, the letter's level, reason and validity.
 */
import type { WarningLetterType } from '../../common/portal.ts';
import { monthNames, type PayslipCompany, type PayslipLanguage } from '../payslips/view.ts';

export interface LetterView {
  language: PayslipLanguage;
  company: PayslipCompany;
  signature: { name: string; title: string | null; image: Buffer | null } | null;
  employee: { fullname: string; employee_number: string; job_title: string | null; department: string | null };
  letter: { type: WarningLetterType; description: string };
  /** `SP-1/2026/0003`: the level, the year and a number counting the company's letters of that year. */
  number: string;
  /** Written out in the language. */
  dates: { start: string; end: string; issued: string };
}

type Texts = Record<PayslipLanguage, string>;

/** `2026-03-05` as "5 March 2026", "5 Maret 2026" or "2026年3月5日". */
export function longDate(language: PayslipLanguage, date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (language === 'zh') return `${y}年${m}月${d}日`;
  return `${d} ${monthNames[language][m - 1]} ${y}`;
}

export const letterTexts = {
  title: { en: 'WARNING LETTER', id: 'SURAT PERINGATAN', zh: '警告信' } satisfies Texts,
  number: { en: 'Number', id: 'Nomor', zh: '编号' } satisfies Texts,
  to: { en: 'This letter is addressed to:', id: 'Surat ini ditujukan kepada:', zh: '致：' } satisfies Texts,
  name: { en: 'Name', id: 'Nama', zh: '姓名' } satisfies Texts,
  employeeNumber: { en: 'Employee number', id: 'Nomor karyawan', zh: '员工编号' } satisfies Texts,
  jobTitle: { en: 'Job title', id: 'Jabatan', zh: '职位' } satisfies Texts,
  department: { en: 'Department', id: 'Departemen', zh: '部门' } satisfies Texts,
  opening: {
    en: (level: string) => `The company hereby issues Warning Letter ${level} (SP ${level}) for the following:`,
    id: (level: string) => `Dengan ini perusahaan memberikan Surat Peringatan ${level} (SP ${level}) atas hal berikut:`,
    zh: (level: string) => `公司特此就以下事项发出第${level}次警告信（SP ${level}）：`,
  },
  validity: {
    en: (start: string, end: string) => `This warning letter is valid from ${start} to ${end}.`,
    id: (start: string, end: string) => `Surat peringatan ini berlaku sejak ${start} sampai dengan ${end}.`,
    zh: (start: string, end: string) => `本警告信有效期自${start}至${end}。`,
  },
  consequence: {
    en: (level: string) =>
      level === '3'
        ? 'This is the final warning: a further violation while it is valid may end the employment.'
        : 'A further violation while this letter is valid will lead to the next warning letter.',
    id: (level: string) =>
      level === '3'
        ? 'Ini adalah peringatan terakhir: pelanggaran berikutnya selama masa berlaku dapat berakibat pemutusan hubungan kerja.'
        : 'Pelanggaran berikutnya selama masa berlaku surat ini akan diikuti surat peringatan berikutnya.',
    zh: (level: string) =>
      level === '3'
        ? '这是最后警告：在有效期内再次违规可能导致解除劳动关系。'
        : '在本警告信有效期内再次违规，将发出下一级警告信。',
  },
  closing: {
    en: 'We expect you to correct this conduct. Thank you for your attention.',
    id: 'Kami berharap Saudara/i dapat memperbaiki hal tersebut. Atas perhatiannya kami ucapkan terima kasih.',
    zh: '希望您予以改正。感谢您的配合。',
  } satisfies Texts,
  received: { en: 'Received by', id: 'Diterima oleh', zh: '接收人' } satisfies Texts,
  cardNumber: { en: 'No.', id: 'No.', zh: '编号' } satisfies Texts,
  fileName: { en: 'Warning letter', id: 'Surat peringatan', zh: '警告信' } satisfies Texts,
};
