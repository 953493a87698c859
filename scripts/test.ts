/**
 * `npm test`: every test. Format, lint and typecheck; unit and API tests on PGlite; the same API tests on PostgreSQL
 * when TEST_DATABASE_URL is set; the browser tests in system Chromium. Ends with one 'N passed, N failed' line.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = 'test-results/summary';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(title);
  return result.status === 0;
}

function countVitest(file: string) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {}
}

const vitest = (project: string[], file: string) => [
  'vitest',
  'run',
  ...project.flatMap((name) => ['--project', name]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

step('Format, lint and typecheck', 'npm', ['run', '--silent', 'check']);
// Two files at once on 2 cores too (decision 0051): a file's work alternates between the test process and its embedded
// database's process, so one file at a time leaves a core idle much of the time.
step('Unit and API tests (PGlite)', 'npx', [...vitest(['unit', 'api-pglite'], `${out}/pglite.json`), '--maxWorkers=2']);
countVitest(`${out}/pglite.json`);
if (process.env.TEST_DATABASE_URL) {
  // Two files at once even on 2 cores (Vitest's default is cores - 1): the database work happens in the PostgreSQL
  // server's own processes. Measured on 2 cores: 338 s instead of 664 s, every file green.
  step('API tests (PostgreSQL)', 'npx', [...vitest(['api-postgres'], `${out}/postgres.json`), '--maxWorkers=2']);
  countVitest(`${out}/postgres.json`);
} else {
  console.log(
    '\n=== API tests (PostgreSQL) ===\nSkipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to run the PostgreSQL pass.',
  );
}
if (
  step('Browser tests (Playwright, system Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json`,
  })
) {
  // counted below
}
try {
  const report = JSON.parse(readFileSync(`${out}/e2e.json`, 'utf8'));
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
} catch {}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
