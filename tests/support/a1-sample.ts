/**
 * Sample 1721-A1 forms, for the layout cache's test (tests/server/payslips/layout-cache.test.ts) and the A1 PDF
 * benchmark (bench/tax.ts): one real year of payslips from the engine, so every line of the form is filled as it will
 * be, and rows of it with their own names, numbers and amounts.
 */
import { type A1Form, a1Form } from '../../common/payroll/a1.ts';
import { computePayslip } from '../../common/payroll/payslip.ts';
import type { YearToDate } from '../../common/payroll/types.ts';
import type { PayslipCompany } from '../../server/payslips/view.ts';
import type { A1Row, TaxSigner } from '../../server/tax/repository.ts';

/** 2025 for a married employee with one child (k/1): 12,000,000 basic and 750,000 transport a month, BPJS on. */
function sampleYear(): A1Form {
  const ytd: YearToDate = { months: 0, bruto: 0, pension: 0, zakat: 0, pph_withheld: 0 };
  const months = [];
  for (let month = 1; month <= 12; month++) {
    const result = computePayslip(
      {
        period: { year: 2025, month },
        employee: { ptkp_status: 'k/1' },
        salary: { basic_salary: 12_000_000, transport_allowance: 750_000 },
        bpjs: { tk_registered: true, ks_registered: true },
        ytd: { ...ytd },
        last_period: month === 12,
      },
      { jkk_percentage: 0.24 },
    );
    months.push({ month, lines: result.lines, bruto: result.bruto, pph21: result.pph21, last_period: month === 12 });
    ytd.months += 1;
    ytd.bruto += result.bruto;
    ytd.pension += result.bpjs.jht.employee + result.bpjs.jp.employee;
    ytd.pph_withheld += result.pph21;
  }
  return a1Form({
    year: 2025,
    ptkp_status: 'k/1',
    tax_id_valid: true,
    tax_residence: 'resident',
    months,
    previous: { neto: 0, pph: 0 },
  });
}

let year: A1Form | undefined;

/**
 * The i-th form of a batch: the sample year with lines 1, 8, 14, 18 and 21 moved as salaries differ, its own id,
 * employee number and form number. `person` sets the name (default `Karyawan Nomor i`), NPWP and address.
 */
export function sampleA1Row(
  i: number,
  person: { fullname?: string; npwp?: string | null; address?: string | null } = {},
): A1Row {
  year ??= sampleYear();
  const step = (i * 7919) % 5000;
  return {
    ...year,
    line_1: year.line_1 + step * 10_000,
    line_8: year.line_8 + step * 10_000,
    line_14: year.line_14 + step * 9_500,
    line_18: year.line_18 + step * 1_500,
    line_21: year.line_21 + step * 1_500,
    _id: String(i),
    employee: {
      _id: String(i),
      fullname: person.fullname ?? `Karyawan Nomor ${i}`,
      employee_id: `EMP-${String(i).padStart(5, '0')}`,
    },
    number: `1.1-12.25-${String(i + 1).padStart(7, '0')}`,
    year: 2025,
    npwp: person.npwp === undefined ? '012345678901000' : person.npwp,
    nik: '3171234567890001',
    tax_id: '012345678901000',
    tax_id_kind: 'NPWP',
    ptkp_status: 'k/1',
    gender: 'female',
    address: person.address === undefined ? 'Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan' : person.address,
    job_title: 'Staff',
    department: null,
  };
}

/** The company's signer block: its tax person and a signature with `image`. */
export const sampleA1Signer = (company: PayslipCompany, image: Buffer): TaxSigner => ({
  company,
  npwp: '0013456789073000',
  tax_person: { fullname: 'Sri Wahyuni', tax_id: '098765432109000', tax_id_kind: 'NPWP' },
  signature: { name: 'Sri Wahyuni', title: 'Direktur Keuangan', image },
});
