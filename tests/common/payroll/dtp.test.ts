/**
 * PPh 21 DTP (common/payroll/dtp.ts, decision 0165), exact to the rupiah.
 *
 * The appendix example of PMK 10/2025 (as summarised by DDTCNews, "Catat! Hanya Pegawai di 4 Industri yang PPh 21-nya
 * Ditanggung Negara", 7 Feb 2025, and Mekari Community "PMK 10 Tahun 2025: Insentif PPh 21 Ditanggung Pemerintah"):
 * Tuan A, permanent employee of PT Z (industri persiapan serat tekstil, KLU 13111) since 2023, TK/0, salary
 * Rp 8,000,000 a month through 2025. Fixed and regular gross of January ≤ Rp 10,000,000 and the KLU is in the appendix,
 * so his PPh 21 is borne: January–November TER A 1.5 % × 8,000,000 = 120,000 a month; December: bruto 96,000,000,
 * biaya jabatan 4,800,000, neto 91,200,000, PTKP 54,000,000, PKP 37,200,000, tax 5 % = 1,860,000, less 11 × 120,000
 * borne already = 540,000. The same cases the Mekari summary lists (Tuan C hired later, Tuan D over the ceiling in
 * January) are the eligibility tests below.
 */
import { describe, expect, it } from 'vitest';
import { dtpEligibility, dtpRegulationOn, sectorOfKlu } from '../../../common/payroll/dtp.ts';
import { computePayslip } from '../../../common/payroll/payslip.ts';
import type {
  CompanyPayrollSettings,
  DtpInput,
  LineCode,
  PayslipInput,
  PayslipResult,
} from '../../../common/payroll/types.ts';

const settings: CompanyPayrollSettings = { jkk_percentage: 0, umk: null };
const line = (result: PayslipResult, code: LineCode) =>
  result.lines.filter((l) => l.code === code).reduce((sum, l) => sum + l.amount, 0);

/** A year of Tuan A through the engine, carrying the year to date and the DTP as a run does. */
function year(
  yearNo: number,
  salary: (month: number) => number,
  extra: (month: number) => Partial<PayslipInput> = () => ({}),
  klu = '13111',
) {
  const ytd = { months: 0, bruto: 0, pension: 0, zakat: 0, pph_withheld: 0 };
  let ytdRegular = 0;
  let ytdDtp = 0;
  let reference: DtpInput['reference'] = null;
  const results: PayslipResult[] = [];
  for (let month = 1; month <= 12; month++) {
    const result = computePayslip(
      {
        period: { year: yearNo, month },
        employee: { ptkp_status: 'tk/0' },
        salary: { basic_salary: salary(month) },
        ytd: { ...ytd },
        last_period: month === 12,
        dtp: { klu, has_tax_id: true, reference, ytd_regular_bruto: ytdRegular, ytd_dtp: ytdDtp },
        ...extra(month),
      },
      settings,
    );
    results.push(result);
    reference ??= { month, regular_bruto: result.regular_bruto };
    ytd.months += 1;
    ytd.bruto += result.bruto;
    ytd.pph_withheld += result.pph21;
    ytdRegular += result.regular_bruto;
    ytdDtp += result.pph21_dtp;
  }
  return results;
}

describe('PMK 10/2025 appendix example: Tuan A, TK/0, Rp 8,000,000 a month, KLU 13111', () => {
  const results = year(2025, () => 8_000_000);

  it('January–November: PPh 21 120,000 withheld and 120,000 paid back as DTP; take-home is the whole salary', () => {
    for (const result of results.slice(0, 11)) {
      expect(result.pph21).toBe(120_000);
      expect(result.pph21_dtp).toBe(120_000);
      expect(line(result, 'pph21_dtp')).toBe(120_000);
      expect(result.thp).toBe(8_000_000);
      expect(result.dtp).toMatchObject({ eligible: true, reason: 'eligible', regulation: 'PMK 10/2025' });
    }
  });

  it('December: the year settled, 540,000 borne (1,860,000 − 11 × 120,000)', () => {
    const december = results[11]!;
    expect(december.settlement).toMatchObject({ bruto_year: 96_000_000, pkp: 37_200_000, tax_year: 1_860_000 });
    expect(december.pph21).toBe(540_000);
    expect(december.pph21_dtp).toBe(540_000);
    expect(december.thp).toBe(8_000_000);
  });

  it('the year in PMK 105/2025 (2026) gives the same figures', () => {
    const y2026 = year(2026, () => 8_000_000);
    expect(y2026.map((r) => r.pph21_dtp)).toEqual([...Array(11).fill(120_000), 540_000]);
    expect(y2026[0]!.dtp?.regulation).toBe('PMK 105/2025');
  });
});

describe('irregular income stays withheld', () => {
  it('a THR month: DTP is the TER of the regular gross only; the rest of the PPh 21 is withheld', () => {
    const results = year(
      2026,
      () => 8_000_000,
      (month) => (month === 3 ? { thr: 8_000_000 } : {}),
    );
    const march = results[2]!;
    // Bruto 16,000,000: TER A 7 % = 1,120,000; regular 8,000,000: TER A 1.5 % = 120,000 borne.
    expect(march.pph21).toBe(1_120_000);
    expect(march.regular_bruto).toBe(8_000_000);
    expect(march.pph21_dtp).toBe(120_000);
    expect(march.thp).toBe(16_000_000 - 1_000_000);
    // December: the year's tax on regular income (1,860,000) less the DTP of the other months (11 × 120,000) is
    // borne; the whole year: bruto 104,000,000, PKP 44,800,000, tax 2,240,000, withheld 2,320,000 → −80,000. The
    // employee's own share of the year (2,240,000 − 1,860,000 = 380,000) was over-withheld on the THR by 620,000.
    const december = results[11]!;
    expect(december.settlement?.tax_year).toBe(2_240_000);
    expect(december.pph21).toBe(-80_000);
    expect(december.pph21_dtp).toBe(540_000);
    expect(december.thp).toBe(8_000_000 + 80_000 + 540_000);
  });
});

describe('eligibility (the reference month decides the year)', () => {
  it('over the ceiling in January: no DTP all year, even after a pay cut (Tuan D)', () => {
    const results = year(2026, (month) => (month === 1 ? 11_000_000 : 9_500_000));
    expect(results.every((r) => r.pph21_dtp === 0)).toBe(true);
    expect(results[4]!.dtp).toMatchObject({ eligible: false, reason: 'over_monthly_ceiling', reference_month: 1 });
  });

  it('a raise after January keeps the DTP (judged on January)', () => {
    const results = year(2026, (month) => (month === 1 ? 9_000_000 : 12_000_000));
    expect(results[5]!.dtp?.eligible).toBe(true);
    expect(results[5]!.pph21_dtp).toBe(results[5]!.pph21);
  });

  it('no KLU, a KLU outside the sectors, a month outside the periods, no tax id', () => {
    const base = { date: '2026-05-01', month: 5, kind: 'permanent' as const, regularBruto: 8_000_000, days: 1 };
    expect(dtpEligibility({ ...base, dtp: { klu: null, has_tax_id: true } }).reason).toBe('no_klu');
    expect(dtpEligibility({ ...base, dtp: { klu: '62019', has_tax_id: true } }).reason).toBe('sector_not_covered');
    expect(dtpEligibility({ ...base, date: '2027-01-01', dtp: { klu: '13111', has_tax_id: true } }).reason).toBe(
      'period_not_covered',
    );
    expect(dtpEligibility({ ...base, dtp: { klu: '13111', has_tax_id: false } }).reason).toBe('no_tax_id');
  });

  it('tourism: October–December 2025 only (PMK 72/2025), all of 2026 (PMK 105/2025)', () => {
    expect(sectorOfKlu('55110')).toBe('tourism');
    expect(dtpRegulationOn('2025-09-01', 'tourism')).toBeNull();
    expect(dtpRegulationOn('2025-10-01', 'tourism')?.id).toBe('PMK 72/2025');
    expect(dtpRegulationOn('2026-06-01', 'tourism')?.id).toBe('PMK 105/2025');
    expect(dtpRegulationOn('2025-06-01', 'furniture')?.id).toBe('PMK 10/2025');
  });

  it('daily workers: an average daily wage up to 500,000', () => {
    const base = { date: '2026-05-01', month: 5, kind: 'daily' as const, days: 10 };
    const dtp = { klu: '15201', has_tax_id: true };
    expect(dtpEligibility({ ...base, dtp, regularBruto: 5_000_000 }).eligible).toBe(true);
    expect(dtpEligibility({ ...base, dtp, regularBruto: 5_000_010 }).reason).toBe('over_daily_ceiling');
  });

  it('without a dtp input the payslip has no DTP and no DTP line', () => {
    const result = computePayslip(
      { period: { year: 2026, month: 5 }, employee: { ptkp_status: 'tk/0' }, salary: { basic_salary: 8_000_000 } },
      settings,
    );
    expect(result.dtp).toBeNull();
    expect(result.pph21_dtp).toBe(0);
    expect(result.lines.some((l) => l.code === 'pph21_dtp')).toBe(false);
  });
});

describe('1721-A1 line 20', () => {
  it('carries the year’s DTP; lines 22 and 23 are what the employee bore', async () => {
    const { a1Form } = await import('../../../common/payroll/a1.ts');
    const results = year(
      2026,
      () => 8_000_000,
      (month) => (month === 3 ? { thr: 8_000_000 } : {}),
    );
    const form = a1Form({
      year: 2026,
      ptkp_status: 'tk/0',
      tax_id_valid: true,
      tax_residence: 'resident',
      months: results.map((r, i) => ({
        month: i + 1,
        lines: r.lines,
        bruto: r.bruto,
        pph21: r.pph21,
        last_period: i === 11,
      })),
      previous: { neto: 0, pph: 0 },
    });
    expect(form.line_18).toBe(2_240_000);
    expect(form.line_20).toBe(1_860_000);
    expect(form.line_21).toBe(380_000);
    expect(form.line_22).toBe(1_000_000);
    expect(form.line_23).toBe(-620_000);
    expect(form.line_22 + form.line_23).toBe(form.line_21);
  });
});
