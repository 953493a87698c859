/**
 * The login page's JavaScript (issue 25: at most 150 KB gzip, what a sign-in page of this kind needs; issue 3 had
 * 200 KB. AG Grid, SheetJS and react-pdf never in it; one language's labels, not three: docs/decisions/0100). Builds the
 * app, opens `/` in Chromium, and sums the gzip size of every script the page loads before anyone signs in.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { machine, writeSection } from './report.ts';

const BUDGET_KB = 150;
const HEAVY = /ag-grid|xlsx|react-pdf|pdfjs/i;

await build({ logLevel: 'warn' });
const server = await preview({ logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('the preview server has no address');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const scripts = new Map<string, number>();
try {
  const page = await browser.newPage({ serviceWorkers: 'block' });
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(new URL(response.url()).pathname, gzipSync(await response.body()).length);
  });
  await page.goto(base);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
} finally {
  await browser.close();
  await server.close();
}
const totalKb = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
const heavy = [...scripts.keys()].filter((path) => HEAVY.test(path));
const ok = totalKb <= BUDGET_KB && heavy.length === 0;
console.log(
  `login page: ${scripts.size} scripts, ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB): ${ok ? 'met' : 'MISSED'}`,
);
writeSection(
  'bundle',
  `## The login page's JavaScript (\`node bench/bundle.ts\`)

${machine()} Every script \`/\` loads before sign-in, gzip level 6: **${totalKb.toFixed(1)} KB** in ${scripts.size}
files (budget ${BUDGET_KB} KB: ${ok ? 'met' : 'missed'}). Grid, spreadsheet and PDF libraries in it: ${heavy.length ? heavy.join(', ') : 'none'}.`,
);
process.exitCode = ok ? 0 : 1;
