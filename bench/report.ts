import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

const file = new URL('../docs/benchmarks.md', import.meta.url);

/** The machine line each section starts with; a machine busy with other work says so (the figures are not the app's). */
export const machine = () => {
  const load = loadavg()[0] ?? 0;
  const busy = load > cpus().length * 0.75;
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; loopback only; load average ${load.toFixed(1)} at the end, ${otherProcesses()} other Node and Chromium processes running${busy ? ' — **measured under load, to be re-measured**' : ''}.`;
};

/** Node and Chromium processes on the machine outside this benchmark's own process tree (other people's work). */
function otherProcesses(): number {
  try {
    // The command line, not the name: Node 24 names its process after its main thread ("MainThread").
    const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .map(([pid, ppid, command]) => ({ pid: Number(pid), ppid: Number(ppid), comm: command ?? '' }));
    const parent = new Map(rows.map((row) => [row.pid, row.ppid]));
    const ours = (pid: number) => {
      for (let at = pid; at > 1; at = parent.get(at) ?? 0) if (at === process.pid) return true;
      return false;
    };
    return rows.filter((row) => /(^|\/)(node|chromium)$/.test(row.comm) && !ours(row.pid)).length;
  } catch {
    return Number.NaN;
  }
}

/**
 * Replaces one benchmark's section of docs/benchmarks.md (between `<!-- name -->` markers), keeping the others, so
 * each benchmark script writes only its own figures.
 */
export function writeSection(name: string, markdown: string) {
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nWritten by `npm run bench`.\n';
  if (!text.includes('<!--')) text = '# Benchmarks\n\nWritten by `npm run bench`.\n';
  const at = text.indexOf(start);
  const until = text.indexOf(end);
  text =
    at >= 0 && until > at
      ? text.slice(0, at) + block + text.slice(until + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}

/** The value below which `p` percent of the values fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
