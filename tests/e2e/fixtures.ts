/**
 * Every browser spec imports `test` and `expect` from here: a spec fails when a page it opened logs an error in the
 * console or throws an uncaught error (AG Grid's "error #200", a React warning logged as an error, a failed chunk).
 * Pages of the test's own `page` and of every context or page the test opens with `browser` are watched.
 *
 * One kind of console line is not the page's error: Chromium's "Failed to load resource: … status of 4xx" for a
 * request the app expects to be refused and shows to the user (a wrong password, a 409 conflict, a forbidden screen).
 * A 5xx stays an error. Decision 0106.
 */
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** Chromium's line for a request answered 4xx: an answer the app handles, not an error of the page. */
const refusedRequest = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** What a spec may say of the console: a line it causes on purpose (a request it aborts) is expected, not an error. */
export interface ConsoleErrors {
  /** Console errors matching `pattern` are expected in this test (say why beside the call). */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watched = new WeakSet<Page>();
      const watchPage = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on('console', (message) => {
          if (message.type() !== 'error' || refusedRequest.test(message.text())) return;
          const where = message.location();
          errors.push(`${message.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
        });
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      };
      const watchContext = (watchedContext: BrowserContext) => {
        for (const page of watchedContext.pages()) watchPage(page);
        watchedContext.on('page', watchPage);
      };
      watchContext(context);
      // Contexts and pages the spec opens itself (another user, a geolocation) are watched too.
      const newContext = browser.newContext;
      const newPage = browser.newPage;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext.apply(browser, args);
        watchContext(opened);
        return opened;
      };
      browser.newPage = async (...args: Parameters<typeof newPage>) => {
        const page = await newPage.apply(browser, args);
        watchPage(page);
        return page;
      };
      try {
        await use({ allow: (pattern) => allowed.push(pattern) });
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      const unexpected = errors.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, 'the pages logged errors in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
