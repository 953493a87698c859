/**
 * `node bench/payroll-engine.ts`: the payroll engine alone (common/payroll/payslip.ts), no database: 10,000 payslips
 * of a regular month (June) and of the last tax period (December, Pasal 17 settlement), each with BPJS, overtime by
 * PP 35/2021, a late deduction, a bonus and one in seven grossed up. 5 timed rounds after a warm-up of 2,000; the
 * median and the range are reported. The run (issue 14's 3 s for 10,000 computed and persisted) spends this on the
 * computing; the rest is the database's. One payslip is also what the run grid recalculates after an edit.
 */
import { computePayslip } from '../common/payroll/payslip.ts';
import type { CompanyPayrollSettings, PayslipInput } from '../common/payroll/types.ts';
import { machine, writeSection } from './report.ts';

const company: CompanyPayrollSettings = {
  umk: 5_000_000,
  jkk_percentage: 0.24,
  rules: { overtime: { method: 'government_rule' }, late: { method: 'minutely', limit: 5, deduction: 1_000 } },
};
const statuses = ['tk/0', 'k/1', 'k/3'] as const;
const make = (i: number, month: number): PayslipInput => ({
  period: { year: 2025, month },
  employee: { ptkp_status: statuses[i % 3]!, pph_method: i % 7 === 0 ? 'gross_up' : 'gross' },
  salary: { basic_salary: 5_000_000 + (i % 50) * 250_000, transport_allowance: 500_000 },
  items: { bonuses: [{ name: 'Bonus', amount: (i % 5) * 100_000 }] },
  overtime: [{ date: '2025-06-03', hours: 2, day_type: 'working_day' }],
  attendance: { late: [{ minutes: 10 }] },
  bpjs: { tk_registered: true, ks_registered: true },
  ytd: { months: month - 1, bruto: 80_000_000, pension: 2_000_000, zakat: 0, pph_withheld: 1_500_000 },
  last_period: month === 12,
});

const lines: string[] = [];
for (const month of [6, 12]) {
  for (let i = 0; i < 2_000; i++) computePayslip(make(i, month), company);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const inputs = Array.from({ length: 10_000 }, (_, i) => make(i, month));
    const start = performance.now();
    for (const input of inputs) computePayslip(input, company);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const label = month === 12 ? 'December (settlement)' : 'June (TER)';
  lines.push(
    `| ${label} | ${times[2]!.toFixed(0)} ms | ${times[0]!.toFixed(0)}–${times[4]!.toFixed(0)} ms | ${((times[2]! / 10_000) * 1000).toFixed(0)} µs |`,
  );
}
const markdown = [
  '## Payroll engine (`bench/payroll-engine.ts`)',
  '',
  machine(),
  '',
  '| 10,000 payslips | median of 5 | range | per payslip |',
  '|---|---|---|---|',
  ...lines,
].join('\n');
writeSection('payroll-engine', markdown);
console.log(markdown);
