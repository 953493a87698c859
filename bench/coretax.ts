/**
 * `node bench/coretax.ts`: the Coretax BPMP of 10,000 permanent employees (server/tax/coretax.ts, decision 0166), no
 * database: the pre-check of every row (tax id, PTKP, the TER rate × gross against the withheld PPh 21, position)
 * and the XML written. Issue 27's budget: under 2 s. 5 timed rounds after a warm-up; the median and the range.
 */

import { monthlyTer } from '../common/payroll/pph21.ts';
import { type BpmpRow, bpmp } from '../server/tax/coretax.ts';
import { machine, writeSection } from './report.ts';

const statuses = ['tk/0', 'k/1', 'k/3'] as const;
const rows: BpmpRow[] = Array.from({ length: 10_000 }, (_, i) => {
  const status = statuses[i % 3]!;
  const bruto = 5_000_000 + (i % 80) * 125_000;
  const pph21 = monthlyTer({ bruto, status, taxIdValid: true, date: '2026-03-01' }).pph;
  return {
    employee: { _id: `e${i}`, fullname: `Karyawan ${i} & Rekan`, employee_id: `EMP${String(i).padStart(5, '0')}` },
    npwp: i % 2 ? null : String(3_201_000_000_000_000 + i),
    nik: String(3_273_000_000_000_000 + i),
    ptkp_status: status,
    position: i % 4 ? 'Operator Jahit' : 'Staf Gudang',
    bruto,
    pph21,
    pph21_dtp: bruto <= 10_000_000 ? pph21 : 0,
    tax_id_valid: true,
  };
});
const withholder = { npwp: '0027654321424000', nitku: '0027654321424000000000' };
for (let i = 0; i < 2; i++) bpmp(withholder, 2026, 3, rows).xml();
const times: number[] = [];
let size = 0;
for (let round = 0; round < 5; round++) {
  const start = performance.now();
  const file = bpmp(withholder, 2026, 3, rows);
  size = file.xml().length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const markdown = [
  '## Coretax BPMP XML (`bench/coretax.ts`)',
  '',
  machine(),
  '',
  '| 10,000 employees: pre-check and XML | median of 5 | range | file size | budget |',
  '|---|---|---|---|---|',
  `| BPMP of one month | ${times[2]!.toFixed(0)} ms | ${times[0]!.toFixed(0)}–${times[4]!.toFixed(0)} ms | ${(size / 2 ** 20).toFixed(1)} MiB | 2,000 ms: ${times[2]! < 2000 ? 'met' : 'missed'} |`,
].join('\n');
writeSection('coretax', markdown);
console.log(markdown);
