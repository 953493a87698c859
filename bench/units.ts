/**
 * Timings that used to be assertions in unit tests (issue 10, section 8: a unit test on a shared machine must not
 * fail because the machine is busy), measured here instead, with their budgets:
 * - the palette's search over 500 commands: building the entries, and each keystroke of a query (one frame, 16 ms);
 * - planning a paste of 1,000 rows × 8 columns, 600 of them changes and 400 new rows (1 s);
 * - seeding the default demo data into an empty embedded database (10 s).
 * `node bench/units.ts` writes its section of docs/benchmarks.md. Not part of `npm test`. BENCH_RUNS sets the
 * repetitions (default 9).
 */
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { navigationCommands } from '../src/commands/navigation.ts';
import { arrange, buildEntries } from '../src/commands/search.ts';
import { planPaste } from '../src/grids/paste.ts';
import { makeContext as commandContext, fixedT, makeCommand, makeUser } from '../tests/src/commands/fixtures.ts';
import { largePasteInput } from '../tests/src/grids/fixtures.ts';
import { machine, percentile, writeSection } from './report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const BUDGET = { paletteBuild: 100, keystroke: 16, paste: 1_000, seed: 10_000 };

const figures = (values: readonly number[]) =>
  `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (n=${values.length})`;
const verdict = (values: readonly number[], budget: number) =>
  percentile(values, 95) < budget ? `within ${budget} ms` : `OVER ${budget} ms`;

/** The palette: 500 contributed commands, searched keystroke by keystroke. */
function palette() {
  const ctx = commandContext(makeUser('admin'));
  const many = Array.from({ length: 500 }, (_, i) =>
    makeCommand(`command-${i}`, {
      label: navigationCommands[i % navigationCommands.length]!.label,
      keywords: [`keyword ${i}`, 'employee payroll attendance'],
    }),
  );
  const build: number[] = [];
  const keystrokes: number[] = [];
  const query = 'resigned employees';
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const entries = buildEntries(many, ctx, [fixedT('en'), fixedT('id')]);
    build.push(performance.now() - started);
    for (let length = 1; length <= query.length; length++) {
      const start = performance.now();
      arrange(entries, query.slice(0, length), ['command-3']);
      keystrokes.push(performance.now() - start);
    }
  }
  return { build, keystrokes };
}

/** A paste of 1,000 rows × 8 columns onto 600 rows: 600 changes and 400 new rows. */
function paste() {
  const input = largePasteInput();
  planPaste(input); // warm up
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = planPaste(input);
    times.push(performance.now() - started);
    if (result.counts.new !== 400 || result.counts.changed !== 600) throw new Error('paste plan changed');
  }
  return times;
}

/** The default demo data into an empty embedded (in-memory) database, a fresh one each run. */
async function seed() {
  const times: number[] = [];
  let employees = 0;
  for (let run = 0; run < Math.min(RUNS, 3); run++) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(database);
    const started = performance.now();
    employees = (await seedDemo(database.db)).employees;
    times.push(performance.now() - started);
    await database.close();
  }
  return { times, employees };
}

const { build, keystrokes } = palette();
const pasteTimes = paste();
const seeded = await seed();
const lines = [
  `- Palette, 500 commands: building the entries ${figures(build)} (${verdict(build, BUDGET.paletteBuild)}); each keystroke of "resigned employees" ${figures(keystrokes)} (${verdict(keystrokes, BUDGET.keystroke)}).`,
  `- Paste plan, 1,000 rows × 8 columns (600 changed, 400 new): ${figures(pasteTimes)} (${verdict(pasteTimes, BUDGET.paste)}).`,
  `- Demo seed, ${seeded.employees} employees into an empty embedded database: ${figures(seeded.times)} (${verdict(seeded.times, BUDGET.seed)}).`,
];
console.log(lines.join('\n'));
writeSection('units', `## Pure functions and the seed\n\n${machine()}\n\n${lines.join('\n')}`);
