/**
 * `node bench/home.ts`: home (issue 16) for the admin of a company of BENCH_EMPLOYEES (default 10,000) demo employees
 * with the demo's year of schedules, leave, attendance, requests and payroll, on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, default the local server). Target: the admin's home on screen in under 1 s.
 * - `GET /v1/dashboard` for the admin, a department admin and an employee, through the app (inject: routing, access,
 *   the handler's statements, serialisation): median of BENCH_RUNS (default 5) after one warm-up, with this process's
 *   CPU time, since the machine is shared.
 * - the admin's home in Chromium (`BENCH_BROWSER=0` skips it; CHROMIUM_PATH, default Debian's /usr/bin/chromium): the
 *   app as `npm start` serves it over the same database, 1440×900. Timed in the page from the navigation's start (a
 *   page load: the document's time origin; from another screen: the click's or Enter's event time stamp) to the end
 *   of the frame after home's cards show their figures ("Today's attendance" with its five, the requests waiting,
 *   "People" with its three, the headcount chart's component with its table), and to the end of the frame after AG
 *   Charts' first drawing of the chart. Four ways in, each 1 + BENCH_BROWSER_RUNS (default 5) times, the first reported
 *   apart: a page load with the session stored and an empty browser cache (a new browser context each), a page load
 *   with the cache warm, the sidebar's Home link and Ctrl+K "Home" from Company Info. BENCH_SCREENSHOT (default
 *   <tmpdir>/bench-home.png): a screenshot of one more page load at the moment the cards show their figures.
 * `BENCH_KEEP_DB=hrw_attperf_10k` reuses (or seeds and keeps) the database bench/attendance.ts keeps; it is migrated
 * first.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, writeSection } from './report.ts';
import { startServer } from './server.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BROWSER_RUNS = Math.max(1, Number(process.env.BENCH_BROWSER_RUNS ?? 5));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT = process.env.BENCH_SCREENSHOT ?? join(tmpdir(), 'bench-home.png');
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const keep = process.env.BENCH_KEEP_DB;
/** The machine's load before this run adds its own (report.ts's line gives it at the end). */
const loadAtStart = loadavg()[0] ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : '—');

async function keptDatabase(adminUrl: string, name: string) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('BENCH_KEEP_DB: lower-case letters, digits and _ only');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), fresh: !exists, drop: async () => undefined };
  } finally {
    await admin.end();
  }
}

// ---- in the page ------------------------------------------------------------------------------------------------------

/** What home is checked by: its cards' accessible names (the English strings of locales/en.json). */
interface ProbeNames {
  today: string;
  /** A regular expression: the waiting card's name carries its count ("62 requests waiting"). */
  waiting: string;
  people: string;
  headcount: string;
}

interface Seen {
  /** When the state was first seen in the DOM (ms since the page's time origin). */
  seen: number;
  /** The end of the next frame after that (style, layout and paint included). */
  frame: number;
}

interface ProbeWindow {
  homeProbe: {
    /** The measurement under way: its start (page time) and the two moments it waits for. */
    armed?: { start: Promise<number>; cards: Promise<Seen>; chart: Promise<Seen> };
    /** Arms a measurement starting at the next event of `type` that `filter` accepts (capture phase). */
    armOn: (type: string, filter: (event: Event) => boolean) => void;
  };
}

/**
 * Installed before the app's scripts in every page: the two checks, tested on every DOM change. A page loaded at
 * /dashboard/home is armed from its time origin (the navigation's start).
 */
function installHomeProbe(names: ProbeNames) {
  performance.setResourceTimingBufferSize(10_000);
  const afterFrame = () =>
    new Promise<number>((resolve) =>
      requestAnimationFrame(() => {
        // A task queued from requestAnimationFrame runs after that frame's paint.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  const when = (check: () => boolean, timeout = 120_000) =>
    new Promise<Seen>((resolve, reject) => {
      const done = () => {
        const seen = performance.now();
        void afterFrame().then((frame) => resolve({ seen, frame }));
      };
      if (check()) return done();
      const observer = new MutationObserver(() => {
        if (!check()) return;
        observer.disconnect();
        clearTimeout(timer);
        done();
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`home's figures not on screen within ${timeout} ms (${location.pathname})`));
      }, timeout);
    });
  const waiting = new RegExp(names.waiting);
  /** A card by its accessible name (a section labelled by its heading). */
  const card = (test: (name: string) => boolean) => {
    for (const section of document.querySelectorAll('section[aria-labelledby]')) {
      const label = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
      if (label && test(label.textContent?.trim() ?? '')) return section;
    }
    return null;
  };
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  /** The card's figures: links whose text starts with a number ("8.602 Headcount"), laid out. */
  const figures = (section: Element | null) =>
    section
      ? [...section.querySelectorAll('a')].filter((a) => /^\s*\d/.test(a.textContent ?? '') && shown(a)).length
      : 0;
  const cardsShown = () => {
    const chart = card((name) => name === names.headcount);
    // The chart's component (its own chunk) renders its figures as a table (closed, so not laid out) and its canvas.
    if (!chart?.querySelector('tbody tr') || !shown(chart)) return false;
    const requests = card((name) => waiting.test(name));
    return (
      !!requests &&
      shown(requests) &&
      figures(card((name) => name === names.today)) >= 5 &&
      figures(card((name) => name === names.people)) >= 3
    );
  };
  /** AG Charts marks its wrapper with the count of scenes it has drawn on its canvas. */
  const chartDrawn = () => {
    const wrapper = card((name) => name === names.headcount)?.querySelector('[role="img"] [data-scene-renders]');
    return !!wrapper && Number(wrapper.getAttribute('data-scene-renders')) > 0;
  };
  const probe: ProbeWindow['homeProbe'] = {
    armOn: (type, filter) => {
      const start = new Promise<number>((resolve) => {
        const listener = (event: Event) => {
          if (!filter(event)) return;
          document.removeEventListener(type, listener, true);
          resolve(event.timeStamp);
        };
        document.addEventListener(type, listener, true);
      });
      probe.armed = { start, cards: when(cardsShown), chart: when(chartDrawn) };
    },
  };
  if (location.pathname === '/dashboard/home')
    probe.armed = { start: Promise.resolve(0), cards: when(cardsShown), chart: when(chartDrawn) };
  (window as unknown as ProbeWindow).homeProbe = probe;
}

/** The English names of home's cards, from the strings the app shows. */
function probeNames(): ProbeNames {
  const en = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8'));
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const counted = (text: string) => literal(text).replace(literal('{{count}}'), '[\\d.,\\s]+');
  const { home } = en;
  return {
    today: home.today.title,
    waiting: `^(?:${counted(home.waiting.title_one)}|${counted(home.waiting.title_other)})$`,
    people: home.people.title,
    headcount: home.people.chart,
  };
}

// ---- the browser's side ---------------------------------------------------------------------------------------------

interface Visit {
  /** From the start to the end of the frame after the cards show their figures. */
  cards: number;
  /** From the start to the end of the frame after the chart's first drawing. */
  chart: number;
  /** The page's `GET /v1/dashboard`: sent and answered, from the start. */
  sent: number;
  answered: number;
  /** A page load's first contentful paint (NaN when home was reached from another screen). */
  fcp: number;
  /** The requests of the visit (from the start), for the waterfall. */
  requests: { name: string; start: number; end: number; bytes: number }[];
}

/** Waits for the armed measurement; a screenshot at the cards' moment when `screenshot` is a path. */
async function measured(page: Page, screenshot?: string): Promise<Visit> {
  const cards = await page.evaluate(() => (window as unknown as ProbeWindow).homeProbe.armed!.cards);
  if (screenshot) await page.screenshot({ path: screenshot });
  const chart = await page.evaluate(() => (window as unknown as ProbeWindow).homeProbe.armed!.chart);
  const start = await page.evaluate(() => (window as unknown as ProbeWindow).homeProbe.armed!.start);
  const timing = await page.evaluate((from) => {
    const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime >= from)
      .map((entry) => ({
        name: new URL(entry.name).pathname,
        start: entry.startTime - from,
        end: entry.responseEnd - from,
        bytes: entry.encodedBodySize,
      }));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (from === 0 && navigation)
      requests.unshift({
        name: new URL(navigation.name).pathname,
        start: navigation.startTime,
        end: navigation.responseEnd,
        bytes: navigation.encodedBodySize,
      });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    return { requests, fcp: from === 0 && fcp !== undefined ? fcp : Number.NaN };
  }, start);
  const dashboard = timing.requests.filter((request) => request.name === '/v1/dashboard').at(-1);
  if (!dashboard) throw new Error('home was shown without a GET /v1/dashboard');
  return {
    cards: cards.frame - start,
    chart: chart.frame - start,
    sent: dashboard.start,
    answered: dashboard.end,
    fcp: timing.fcp,
    requests: timing.requests,
  };
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/** Ctrl+K, the screen's name, its command selected. */
async function paletteTo(page: Page, name: string) {
  await page.keyboard.press('Control+k');
  await palette(page).getByRole('combobox').fill(name);
  await palette(page)
    .getByRole('option', { selected: true, name: new RegExp(`^${name}`) })
    .waitFor();
}

/** To Company Info (a one-record screen) through the palette: home gone, Company Info's two requests answered. */
async function leaveHome(page: Page) {
  await paletteTo(page, 'Company Info');
  const loaded = Promise.all(
    ['/v1/company/profile', '/v1/company/tax'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    ),
  );
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/company-info');
  await page.locator('.home-cards').waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 1, name: 'Company Info' }).waitFor();
  await loaded;
}

type Way = 'cold' | 'warm' | 'sidebar' | 'palette';

async function browserHome(databaseUrl: string): Promise<Record<Way, Visit[]> | null> {
  if (process.env.BENCH_BROWSER === '0') return null;
  if (!existsSync(CHROMIUM)) {
    console.log(`bench/home.ts: no Chromium at ${CHROMIUM}, the browser part is skipped`);
    return null;
  }
  const visits: Record<Way, Visit[]> = { cold: [], warm: [], sidebar: [], palette: [] };
  const server = await startServer(mkdtempSync(join(tmpdir(), 'hrw-bench-home-web-')), {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const home = `${server.base}/dashboard/home`;
  const names = probeNames();
  const log = (way: Way, visit: Visit) =>
    console.log(
      `${way} ${visits[way].length}: cards ${ms(visit.cards)}, chart ${ms(visit.chart)}; /v1/dashboard sent ${ms(visit.sent)}, answered ${ms(visit.answered)}`,
    );
  try {
    const options = { viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' as const };
    // Signed in once through the login form; every context after starts with that session stored.
    const signIn = await browser.newContext(options);
    const login = await signIn.newPage();
    await login.goto(`${server.base}/`);
    await login.getByLabel('Username or email').fill('admin');
    await login.getByLabel('Password').fill(DEMO_PASSWORD);
    await login.getByLabel('Password').press('Enter');
    await login.waitForURL('**/dashboard/home');
    await login.getByRole('region', { name: names.today }).getByRole('link').first().waitFor();
    const storageState = await signIn.storageState();
    await signIn.close();
    const context = async (): Promise<BrowserContext> => {
      const created = await browser.newContext({ ...options, storageState });
      await created.addInitScript(installHomeProbe, names);
      return created;
    };

    // A page load with the session stored and nothing in the browser's cache: a new context each time.
    for (let visit = 0; visit <= BROWSER_RUNS; visit++) {
      const cold = await context();
      const page = await cold.newPage();
      await page.goto(home);
      visits.cold.push(await measured(page));
      log('cold', visits.cold.at(-1)!);
      if (visit === 0)
        console.log(
          visits.cold[0]!.requests.map(
            (request) => `  ${request.name} ${ms(request.start)} → ${ms(request.end)} (${request.bytes} B)`,
          ).join('\n'),
        );
      await cold.close();
    }

    // The same page loaded again (the cache warm), then home from Company Info by the sidebar and by the palette.
    const warm = await context();
    const page = await warm.newPage();
    await page.goto(home);
    await measured(page);
    for (let visit = 0; visit <= BROWSER_RUNS; visit++) {
      await page.goto(home);
      visits.warm.push(await measured(page));
      log('warm', visits.warm.at(-1)!);
    }
    for (let visit = 0; visit <= BROWSER_RUNS; visit++) {
      await leaveHome(page);
      await page.evaluate(() =>
        (window as unknown as ProbeWindow).homeProbe.armOn(
          'click',
          (event) => (event.target as Element).closest?.('a')?.getAttribute('href') === '/dashboard/home',
        ),
      );
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
      visits.sidebar.push(await measured(page));
      log('sidebar', visits.sidebar.at(-1)!);
    }
    for (let visit = 0; visit <= BROWSER_RUNS; visit++) {
      await leaveHome(page);
      await paletteTo(page, 'Home');
      await page.evaluate(() =>
        (window as unknown as ProbeWindow).homeProbe.armOn(
          'keydown',
          (event) => (event as KeyboardEvent).key === 'Enter',
        ),
      );
      await page.keyboard.press('Enter');
      visits.palette.push(await measured(page));
      log('palette', visits.palette.at(-1)!);
    }
    if (new URL(page.url()).pathname !== '/dashboard/home') throw new Error(`ended on ${page.url()}`);

    // One more page load, not counted: a screenshot of what is on screen when the cards show their figures.
    await page.goto(home);
    await measured(page, SCREENSHOT);
    console.log(`screenshot at the cards' moment: ${SCREENSHOT}`);
    await warm.close();
    return visits;
  } finally {
    await browser.close();
    await server.stop();
  }
}

// ---- the run ---------------------------------------------------------------------------------------------------------

const scratch = keep
  ? await keptDatabase(pgUrl, keep)
  : { ...(await createScratchPostgres(pgUrl, 'hrw_bench_home')), fresh: true };
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-home-'));
const database = await openDatabase({ url: scratch.url, dataDir: `${dataDir}/pg`, statementTimeoutMs: 600_000 });
try {
  await migrateDatabase(database);
  let seedMs = Number.NaN;
  if (scratch.fresh) {
    const t0 = performance.now();
    await seedDemo(database.db, { employees: { DEMO: EMPLOYEES, CJ: 20 } });
    seedMs = performance.now() - t0;
    console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  }
  const config = { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files`, demoMode: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const login = async (username: string) => {
    const reply = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    return JSON.parse(reply.body).data.token as string;
  };
  const rows: string[] = [];
  for (const who of ['admin', 'deptadmin', 'employee']) {
    const token = await login(who);
    const wall: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    let headcount = 0;
    for (let run = 0; run <= RUNS; run++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const reply = await app.inject({
        method: 'GET',
        url: '/v1/dashboard',
        headers: { authorization: `Bearer ${token}` },
      });
      const elapsed = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (reply.statusCode !== 200) throw new Error(`${who}: ${reply.statusCode} ${reply.body}`);
      bytes = reply.rawPayload.length;
      headcount = JSON.parse(reply.body).data.people?.headcount ?? 0;
      if (run > 0) {
        wall.push(elapsed);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    rows.push(
      `| ${who} | ${headcount.toLocaleString('en')} | ${median(wall).toFixed(0)} ms | ${Math.max(...wall).toFixed(0)} ms | ${median(cpu).toFixed(0)} ms | ${(bytes / 1024).toFixed(1)} KB |`,
    );
    console.log(rows.at(-1));
  }
  await app.close();

  const visits = await browserHome(scratch.url);
  const ways: [Way, string][] = [
    ['cold', 'page load of /dashboard/home, the session stored, the browser cache empty (a new browser context each)'],
    ['warm', 'the same page load again, the browser cache warm'],
    ['sidebar', 'from Company Info, a click on the sidebar\'s "Home"'],
    ['palette', 'from Company Info, Enter on "Home" in the Ctrl+K palette'],
  ];
  const spread = (values: number[]) => {
    const rest = values.slice(1);
    return `${ms(values[0]!)} / ${ms(median(rest))} / ${ms(Math.max(...rest))}`;
  };
  const browserRows = visits
    ? ways.map(([way, what]) => {
        const list = visits[way];
        const rest = list.slice(1);
        return `| ${what} | 1 + ${rest.length} | ${spread(list.map((v) => v.cards))} | ${spread(list.map((v) => v.chart))} | ${ms(median(rest.map((v) => v.sent)))} → ${ms(median(rest.map((v) => v.answered)))} (${ms(median(rest.map((v) => v.answered - v.sent)))}) | < 1,000 ms |`;
      })
    : [];
  /** The first cold load's requests that home waits for, in order. */
  const waterfall = (() => {
    const first = visits?.cold[0];
    if (!first) return '';
    const at = (pattern: RegExp) => first.requests.find((request) => pattern.test(request.name));
    const steps: [string, RegExp][] = [
      ['the page', /^\/dashboard\/home$/],
      ["the app's entry script", /^\/assets\/index-.*\.js$/],
      ['`GET /v1/auth/me`', /^\/v1\/auth\/me$/],
      ["the shell's code", /^\/assets\/Shell-.*\.js$/],
      ["home's code", /^\/assets\/Home-.*\.js$/],
      ['`GET /v1/dashboard`', /^\/v1\/dashboard$/],
      ["the chart card's code", /^\/assets\/HeadcountChart-.*\.js$/],
      [`AG Charts' code`, /^\/assets\/main\.esm-.*\.js$/],
    ];
    return steps
      .map(([label, pattern]) => {
        const request = at(pattern);
        return request ? `${label} ${ms(request.start)} → ${ms(request.end)}` : null;
      })
      .filter((step) => step !== null)
      .join(', ');
  })();
  const browserText = visits
    ? `
The admin's home in Chromium (Debian's \`${CHROMIUM}\` through Playwright, 1440×900, no CPU or network throttling,
service worker blocked), the app as \`npm start\` serves it (built, logging on) over the same database, in the same
run. Timed in the page from the navigation's start (a page load: the document's time origin; from another screen: the
click's or Enter's event time stamp) to the end of the frame after **the cards show their figures** ("Today's
attendance" with its five figures, the "… requests waiting" card, "People" with its three, and the headcount card's
component with its table of figures, closed) and to the end of the frame after **AG Charts' first drawing** of the
headcount chart (below the fold at 1440×900). Each way 1 + ${BROWSER_RUNS} times; the first is reported apart from
the median and max of the others. The last column is the page's own \`GET /v1/dashboard\` (resource timing): sent →
answered, from the start (median), and its duration.

| how home is reached | visits | cards' figures: first / median / max | chart drawn: first / median / max | \`GET /v1/dashboard\` in the page | target |
| --- | --- | --- | --- | --- | --- |
${browserRows.join('\n')}

The first cold load's requests home waits for, from the navigation's start (the script prints them all): ${waterfall};
first contentful paint ${ms(visits.cold[0]!.fcp)}.
`
    : '\nThe browser part was not run (`BENCH_BROWSER=0` or no Chromium).\n';

  const text = `## Home: \`GET /v1/dashboard\` and the admin's home in Chromium (\`node bench/home.ts\`)

${machine()} Load average ${loadAtStart.toFixed(1)} when the run started. PostgreSQL, ${EMPLOYEES.toLocaleString('en')} demo employees with the demo's year of schedules, leave,
attendance, requests and payroll ${Number.isNaN(seedMs) ? '(kept database)' : `(demo seed: ${(seedMs / 1000).toFixed(1)} s)`}.
\`GET /v1/dashboard\` through the app (inject), median and max of ${RUNS} runs after a warm-up; CPU is this process's
(Node) time, the database's own work is in the wall time only. Target: the admin's home on screen in under 1 s.

| caller | headcount | median | max | Node CPU | reply |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
${browserText}`;
  writeSection('home', text);
  console.log(text);
} finally {
  await database.close();
  if (!keep) await scratch.drop();
}
