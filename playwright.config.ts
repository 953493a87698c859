import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright's own browser downloads are not used. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}: install it with \`apt-get install chromium\` or set CHROMIUM_PATH`,
  );
}

/** E2E_PORT lets two runs share a machine; each gets its own output folder too. */
const port = Number(process.env.E2E_PORT ?? 3100);
const outputDir = port === 3100 ? 'test-results/e2e' : `test-results/e2e-${port}`;
/**
 * Two workers, each with its own server and demo database (decision 0051): a spec file runs whole in one worker, in
 * file order, against its worker's server, so the specs that write demo data never meet. Server n listens on
 * E2E_PORT + 1000·n. This file is also loaded in every worker process, where Playwright has set TEST_PARALLEL_INDEX
 * (0 … workers - 1, kept by a replacement worker) before loading it: that picks the worker's server.
 * `--workers=1` (or E2E_WORKERS=1) runs everything on one server as before.
 */
// A whole number only: `--workers=50%` leaves the default.
const cliWorkers = process.argv.join(' ').match(/(?:--workers|-j)[= ](\d+)(?!\S)/)?.[1];
const workers = Number(cliWorkers ?? process.env.E2E_WORKERS ?? 2);
const serverPort = (index: number) => port + 1000 * index;
const baseURL = `http://127.0.0.1:${serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`;
// Playwright empties its output folder before each run: every run starts on fresh embedded databases with demo data.
const runId = Date.now();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir,
  fullyParallel: false,
  workers,
  forbidOnly: !!process.env.CI,
  // One retry; a pass on it is named in npm test's summary (decision 0212).
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // `npm test` asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    // A controlling service worker hides the page's requests from page.route (Playwright's documented limit); the
    // worker never touches /v1 anyway, and it only caches the static shell.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // Started one after another: the first builds the web app when stale, the next finds it built.
  webServer: Array.from({ length: workers }, (_, index) => ({
    // Exactly what `npm start` runs: builds the app when stale, then serves the API and the app on one origin.
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${serverPort(index)}/v1/health`,
    env: {
      PORT: String(serverPort(index)),
      HOST: '127.0.0.1',
      // Links in mail (the outbox here) point where the browser is.
      PUBLIC_URL: `http://127.0.0.1:${serverPort(index)}`,
      DATA_DIR: `${outputDir}/data-${runId}-${index}`,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      // The whole demo (its history too) before the server answers: the specs read it (decision 0080).
      DEMO_HISTORY: 'wait',
      SERVE_SPA: 'true',
      LOG_LEVEL: 'warn',
      // No tile server in the tests (nor network): the live-tracking map's tiles fail and the screen still works.
      MAP_TILE_URL: '/map-tiles-offline/{z}/{x}/{y}.png',
    },
    // A loaded shared machine may need longer to build and seed: E2E_SERVER_TIMEOUT (ms) raises it.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 180_000),
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  })),
});
