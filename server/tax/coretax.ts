/**
 * Coretax withholding-slip XML (decision 0166): BPMP (monthly slips of permanent employees), BP21 (non-permanent
 * workers) and BPA1 (the 1721-A1 of the last tax period). Pure: rows in, a pre-check and the XML out; the loads are in
 * ./coretax-data.ts, the routes in ./coretax-routes.ts.
 *
 * Element names and their order are the DATA sheets of DJP's converters (bpmp.xlsx, bp21.xlsx, bpa1.xlsx) as listed
 * in /work/shared/reference/coretax-incentives-severance.md section 1 and a public Coretax converter's format table
 * (decision 0166). The pre-check refuses, per employee, what Coretax refuses on upload: no 16-digit NIK/NPWP, an
 * unknown PTKP status, a PPh 21 that is not the rate of the category × gross, no position. The file is written only
 * without such rows, or without those employees when the caller says so (`leave_out`), naming who is left out.
 */
import { monthlyTer } from '../../common/payroll/pph21.ts';
import { periodDate } from '../../common/payroll/rates.ts';
import type { PtkpStatus } from '../../common/payroll/types.ts';

export type CoretaxKind = 'bpmp' | 'bp21' | 'bpa1';

/** Why Coretax would refuse a row; each has a translated message and a link to where it is fixed. */
export type CoretaxProblem = 'tin' | 'ptkp' | 'rate' | 'position';
/** Why no file can be written at all: the withholder's own ids. */
export type CoretaxCompanyProblem = 'npwp' | 'nitku';

export interface CoretaxWithholder {
  npwp: string | null;
  nitku: string | null;
}

export interface CoretaxPerson {
  _id: string;
  fullname: string;
  employee_id: string;
}

export interface CoretaxRefusal {
  employee: CoretaxPerson;
  problems: CoretaxProblem[];
  /** Where the row is fixed: the employee record (tax id, PTKP, job title) or the run (a PPh 21 off its rate). */
  fix: 'employee' | 'run';
}

export interface CoretaxCheck {
  kind: CoretaxKind;
  /** Rows that pass (written in the file). */
  ready: number;
  refused: CoretaxRefusal[];
  company: CoretaxCompanyProblem[];
  /** Totals of the rows that pass: what the file carries. */
  totals: { gross: number; pph21: number; pph21_dtp: number };
}

const digits = (value: string | null | undefined) => value?.replace(/\D/g, '') ?? '';

/** Coretax's tax id of a person: a 16-digit NPWP, else a 16-digit NIK; null when neither. */
export function coretaxTin(npwp: string | null, nik: string | null): string | null {
  const n = digits(npwp);
  if (n.length === 16) return n;
  const k = digits(nik);
  return k.length === 16 ? k : null;
}

export function companyProblems(withholder: CoretaxWithholder): CoretaxCompanyProblem[] {
  const out: CoretaxCompanyProblem[] = [];
  const npwp = digits(withholder.npwp);
  if (npwp.length !== 16) out.push('npwp');
  const nitku = digits(withholder.nitku);
  if (nitku.length !== 22 || (npwp.length === 16 && !nitku.startsWith(npwp))) out.push('nitku');
  return out;
}

/** Percent with two decimals, from a fraction (0.015 → '1.50'). */
const percent = (fraction: number) => (Math.round(fraction * 10_000) / 100).toFixed(2);
const lastDayOf = (year: number, month: number) => {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
const ptkpCode = (status: PtkpStatus) => status.toUpperCase();
/** An empty optional element: `<Tag xsi:nil="true"/>`. */
const NIL = Symbol('nil');

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => (/[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => escapes[c]!) : text);

/**
 * The file, written directly: elements in the order of each item's keys, `NIL` as `<Tag xsi:nil="true"/>`. A string
 * template rather than an XML builder: 10,000 employees' BPMP in well under 2 s (docs/benchmarks.md); the tests parse
 * every file with fast-xml-parser.
 */
function document(root: string, list: string, item: string, tin: string, items: Record<string, unknown>[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    `  <TIN>${escapeXml(tin)}</TIN>`,
  ];
  if (items.length === 0) out.push(`  <${list}/>`);
  else {
    out.push(`  <${list}>`);
    for (const fields of items) {
      let text = `    <${item}>`;
      for (const tag in fields) {
        const value = fields[tag];
        text +=
          value === NIL || value === null || value === undefined || value === ''
            ? `\n      <${tag} xsi:nil="true"/>`
            : typeof value === 'number'
              ? `\n      <${tag}>${value}</${tag}>`
              : `\n      <${tag}>${escapeXml(String(value))}</${tag}>`;
      }
      out.push(`${text}\n    </${item}>`);
    }
    out.push(`  </${list}>`);
  }
  out.push(`</${root}>`, '');
  return out.join('\n');
}

// ---- BPMP: the month's permanent employees (not their last tax period) ----

export interface BpmpRow {
  employee: CoretaxPerson;
  npwp: string | null;
  nik: string | null;
  /** The payslip's input PTKP (as of 1 January); null: unknown. */
  ptkp_status: PtkpStatus | null;
  position: string | null;
  bruto: number;
  pph21: number;
  pph21_dtp: number;
  /** The payslip's tax id flag: without it the PPh 21 carried a surcharge no Coretax rate expresses. */
  tax_id_valid: boolean;
}

interface Judged<T> {
  row: T;
  problems: CoretaxProblem[];
  /** The Coretax tax id and the rate (fraction), worked out once by the check for the file. */
  tin?: string | null;
  rate?: number | null;
}

/** The TER rate of the row's category and gross, when the withheld PPh 21 is exactly that rate × gross. */
function terRateOf(row: BpmpRow, year: number, month: number): number | null {
  if (!row.ptkp_status) return null;
  const tax = monthlyTer({
    bruto: row.bruto,
    status: row.ptkp_status,
    taxIdValid: true,
    date: periodDate(year, month),
  });
  return row.tax_id_valid && tax.pph === row.pph21 ? (tax.rate ?? 0) : null;
}

function judgeBpmp(row: BpmpRow, year: number, month: number): Judged<BpmpRow> {
  const problems: CoretaxProblem[] = [];
  const tin = coretaxTin(row.npwp, row.nik);
  if (!tin) problems.push('tin');
  const rate = row.ptkp_status ? terRateOf(row, year, month) : null;
  if (!row.ptkp_status) problems.push('ptkp');
  else if (rate === null) problems.push('rate');
  if (!row.position?.trim()) problems.push('position');
  return { row, problems, tin, rate };
}

function checkOf<T extends { employee: CoretaxPerson }>(
  kind: CoretaxKind,
  judged: Judged<T>[],
  withholder: CoretaxWithholder,
  totals: (row: T) => { gross: number; pph21: number; pph21_dtp: number },
): CoretaxCheck {
  const sum = { gross: 0, pph21: 0, pph21_dtp: 0 };
  let ready = 0;
  const refused: CoretaxRefusal[] = [];
  for (const { row, problems } of judged) {
    if (problems.length) {
      refused.push({ employee: row.employee, problems, fix: problems.every((p) => p === 'rate') ? 'run' : 'employee' });
      continue;
    }
    ready += 1;
    const t = totals(row);
    sum.gross += t.gross;
    sum.pph21 += t.pph21;
    sum.pph21_dtp += t.pph21_dtp;
  }
  return { kind, ready, refused, company: companyProblems(withholder), totals: sum };
}

export function bpmp(withholder: CoretaxWithholder, year: number, month: number, rows: readonly BpmpRow[]) {
  const judged = rows.map((row) => judgeBpmp(row, year, month));
  const check = checkOf('bpmp', judged, withholder, (row) => ({
    gross: row.bruto,
    pph21: row.pph21,
    pph21_dtp: row.pph21_dtp,
  }));
  const xml = () => {
    const nitku = digits(withholder.nitku);
    const date = lastDayOf(year, month);
    const items = judged
      .filter((j) => j.problems.length === 0)
      .map(({ row, tin, rate }) => ({
        TaxPeriodMonth: month,
        TaxPeriodYear: year,
        CounterpartOpt: 'Resident',
        CounterpartPassport: NIL,
        CounterpartTin: tin,
        StatusTaxExemption: ptkpCode(row.ptkp_status as PtkpStatus),
        Position: row.position?.trim(),
        TaxCertificate: row.pph21_dtp > 0 ? 'DTP' : 'N/A',
        TaxObjectCode: '21-100-01',
        Gross: row.bruto,
        Rate: percent(rate ?? 0),
        IDPlaceOfBusinessActivity: nitku,
        WithholdingDate: date,
      }));
    return document('MmPayrollBulk', 'ListOfMmPayroll', 'MmPayroll', digits(withholder.npwp), items);
  };
  return { check, xml };
}

// ---- BP21: one daily payroll's non-permanent workers ----

export interface Bp21Row {
  employee: CoretaxPerson;
  npwp: string | null;
  nik: string | null;
  ptkp_status: PtkpStatus | null;
  bruto: number;
  pph21: number;
  /** The rate the daily rule applied (fraction), null when it was Pasal 17 layers (no single rate). */
  rate: number | null;
  tax_id_valid: boolean;
}

export interface Bp21Payment {
  year: number;
  month: number;
  /** The payroll's reference (its title) and its last day: the payment proof Coretax asks for. */
  document_number: string;
  document_date: string;
}

const bp21RateOk = (row: Bp21Row) =>
  row.tax_id_valid && row.rate !== null && Math.round(row.bruto * row.rate) === row.pph21;

export function bp21(withholder: CoretaxWithholder, payment: Bp21Payment, rows: readonly Bp21Row[]) {
  const judged = rows.map((row): Judged<Bp21Row> => {
    const problems: CoretaxProblem[] = [];
    if (!coretaxTin(row.npwp, row.nik)) problems.push('tin');
    if (!row.ptkp_status) problems.push('ptkp');
    if (!bp21RateOk(row)) problems.push('rate');
    return { row, problems };
  });
  const check = checkOf('bp21', judged, withholder, (row) => ({ gross: row.bruto, pph21: row.pph21, pph21_dtp: 0 }));
  const xml = () => {
    const nitku = digits(withholder.nitku);
    const items = judged
      .filter((j) => j.problems.length === 0)
      .map(({ row }) => {
        const tin = coretaxTin(row.npwp, row.nik) as string;
        return {
          TaxPeriodMonth: payment.month,
          TaxPeriodYear: payment.year,
          CounterpartTin: tin,
          IDPlaceOfBusinessActivityOfIncomeRecipient: `${tin}000000`,
          StatusTaxExemption: ptkpCode(row.ptkp_status as PtkpStatus),
          TaxCertificate: 'N/A',
          TaxObjectCode: '21-100-03',
          Gross: row.bruto,
          Deemed: 100,
          Rate: percent(row.rate ?? 0),
          Document: 'PaymentProof',
          DocumentNumber: payment.document_number,
          DocumentDate: payment.document_date,
          IDPlaceOfBusinessActivity: nitku,
          WithholdingDate: payment.document_date,
        };
      });
    return document('Bp21Bulk', 'ListOfBp21', 'Bp21', digits(withholder.npwp), items);
  };
  return { check, xml };
}

// ---- BPA1: the year's final 1721-A1 forms ----

export interface Bpa1Row {
  employee: CoretaxPerson;
  npwp: string | null;
  nik: string | null;
  ptkp_status: PtkpStatus | null;
  position: string | null;
  period_start: number;
  period_end: number;
  annualised: boolean;
  lines: Record<`line_${number}`, number>;
}

export function bpa1(withholder: CoretaxWithholder, year: number, rows: readonly Bpa1Row[]) {
  const judged = rows.map((row): Judged<Bpa1Row> => {
    const problems: CoretaxProblem[] = [];
    if (!coretaxTin(row.npwp, row.nik)) problems.push('tin');
    if (!row.ptkp_status) problems.push('ptkp');
    if (!row.position?.trim()) problems.push('position');
    return { row, problems };
  });
  const line = (row: Bpa1Row, n: number) => row.lines[`line_${n}`] ?? 0;
  const check = checkOf('bpa1', judged, withholder, (row) => ({
    gross: line(row, 8),
    pph21: line(row, 18) - line(row, 19),
    pph21_dtp: line(row, 20),
  }));
  const xml = () => {
    const nitku = digits(withholder.nitku);
    const items = judged
      .filter((j) => j.problems.length === 0)
      .map(({ row }) => ({
        WorkForSecondEmployer: 'No',
        TaxPeriodMonthStart: row.period_start,
        TaxPeriodMonthEnd: row.period_end,
        TaxPeriodYear: year,
        CounterpartOpt: 'Resident',
        CounterpartPassport: NIL,
        CounterpartTin: coretaxTin(row.npwp, row.nik),
        TaxExemptOpt: ptkpCode(row.ptkp_status as PtkpStatus),
        StatusOfWithholding: row.annualised
          ? 'Annualized'
          : row.period_start === 1 && row.period_end === 12
            ? 'FullYear'
            : 'PartialYear',
        CounterpartPosition: row.position?.trim(),
        TaxObjectCode: '21-100-01',
        NumberOfMonths: row.period_end - row.period_start + 1,
        SalaryPensionJhtTht: line(row, 1),
        GrossUpOpt: line(row, 2) !== 0 ? 'Yes' : 'No',
        IncomeTaxBenefit: line(row, 2),
        OtherBenefit: line(row, 3),
        Honorarium: line(row, 4),
        InsurancePaidByEmployer: line(row, 5),
        Natura: line(row, 6),
        TantiemBonusThr: line(row, 7),
        PensionContributionJhtThtFee: line(row, 10),
        Zakat: line(row, 11),
        PrevWhTaxSlip: NIL,
        TaxCertificate: line(row, 20) > 0 ? 'DTP' : 'N/A',
        Article21IncomeTax: line(row, 18) - line(row, 19),
        IDPlaceOfBusinessActivity: nitku,
        WithholdingDate: lastDayOf(year, row.period_end),
      }));
    return document('A1Bulk', 'ListOfA1', 'A1', digits(withholder.npwp), items);
  };
  return { check, xml };
}
