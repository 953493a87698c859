/**
 * Short words people type for a screen or a list ('dept', 'ot', 'thr'…), by menu id or list name: the navigation
 * commands keep them as keywords (navigation.ts, lists.ts), so they rank with the words of a name (rank.ts).
 */
export const abbreviations: Readonly<Record<string, readonly string[]>> = {
  departments: ['dept', 'depts', 'div', 'divisi'],
  'sub-departments': ['dept', 'sub dept', 'subdept'],
  'admin-department': ['dept admin'],
  'job-titles': ['jabatan', 'position'],
  'active-employees': ['emp', 'staff', 'pegawai'],
  'resigned-employees': ['emp', 'exit', 'ex employee'],
  'daily-worker': ['emp', 'dw', 'harian'],
  'employee-onboarding': ['emp', 'onboard'],
  'payroll-employees': ['emp', 'thr', 'gaji', 'salary'],
  'approval-overtime': ['ot', 'lembur'],
  'overtime-report': ['ot', 'lembur'],
  'overtime-rules': ['ot', 'lembur'],
  bonuses: ['thr', 'yearly bonus'],
  allowances: ['tunjangan'],
  'dev-bpjs': ['bpjs', 'bpjs kesehatan'],
  'pph-report': ['pph', 'pph21', 'tax', 'pajak'],
  'a1-form': ['pph', 'tax', 'pajak', '1721 a1'],
  'employees-payroll': ['pph', 'tax', 'pajak'],
  payslips: ['slip', 'slip gaji'],
  'payroll-run': ['gaji', 'salary', 'run payroll'],
  'tax-calculator': ['pph', 'pph21', 'pajak', 'kalkulator pajak', 'ter', 'tax'],
  'mass-leave': ['cuti bersama', 'holiday'],
  balance: ['cuti', 'leave balance'],
  hierarchy: ['org chart', 'organisation chart', 'struktur'],
  'kpi-assessment': ['kpi', 'appraisal'],
};

export const abbreviationsOf = (id: string): readonly string[] => abbreviations[id] ?? [];
