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
const baseURL = `http://127.0.0.1:${port}`;
const outputDir = port === 3100 ? 'test-results/e2e' : `test-results/e2e-${port}`;
// Playwright empties its output folder before each run: every run starts on a fresh embedded database with demo data.
const dataDir = `${outputDir}/data-${Date.now()}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
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
  webServer: {
    // Exactly what `npm start` runs: builds the app when stale, then serves the API and the app on one origin.
    command: 'node scripts/start.ts',
    url: `${baseURL}/v1/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in mail (the outbox here) point where the browser is.
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
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
  },
});
