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
/** Each failed test by file and name, printed again at the end: CI shows only the output's tail. */
const failures: string[] = [];
const flaky: string[] = [];
const firstLine = (text: unknown) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

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
    for (const suite of report.testResults ?? []) {
      const path = String(suite.name ?? '').replace(`${process.cwd()}/`, '');
      const failed = (suite.assertionResults ?? []).filter((test: { status: string }) => test.status === 'failed');
      for (const test of failed) failures.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A file that failed outside any test (an import, a hook) has no failed test of its own.
      if (!failed.length && suite.status === 'failed') failures.push(`${path}: ${firstLine(suite.message)}`);
    }
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
  type Spec = {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  };
  type Suite = { specs?: Spec[]; suites?: Suite[] };
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const where = `tests/e2e/${spec.file}:${spec.line} › ${spec.title}`;
        if (test.status === 'unexpected') failures.push(`${where}: ${firstLine(test.results.at(-1)?.error?.message)}`);
        if (test.status === 'flaky') flaky.push(`${where}: ${firstLine(test.results[0]?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
} catch {}

if (flaky.length) console.log(`\nPassed on a retry (flaky):\n${flaky.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`\nFailed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
