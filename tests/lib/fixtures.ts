import {test as base, expect, type BrowserContext, type Page, type Request} from '@playwright/test';
import {BASE_URL} from '../../playwright.config';

export {expect};

/** Waits until React has hydrated the page (Docusaurus sets this attribute). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

type Watch = {
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Requests made to any origin other than the site's own. */
  foreign: string[];
  /** Content Security Policy violations (`securitypolicyviolation` events), across navigations. */
  csp: string[];
};

type Violation = {directive: string; blocked: string; sample: string; page: string};

/** Starts recording console errors, page errors, other-origin requests and CSP violations. */
async function startWatching(page: Page): Promise<Watch> {
  const watch: Watch = {errors: [], foreign: [], csp: []};
  const origin = new URL(BASE_URL).origin;
  page.on('console', (msg) => {
    if (msg.type() === 'error') watch.errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => watch.errors.push(`${page.url()}: ${err.message}`));
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) watch.foreign.push(url);
  });
  // Reported from an init script, so that a violation during parsing is seen too.
  await page.exposeFunction('reportCspViolation', (v: Violation) =>
    watch.csp.push(`${v.page}: ${v.directive} blocked ${v.blocked || v.sample}`),
  );
  await page.addInitScript(() => {
    const report = (window as unknown as {reportCspViolation: (v: Violation) => void})
      .reportCspViolation;
    document.addEventListener('securitypolicyviolation', (e) =>
      report({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        page: location.pathname,
      }),
    );
  });
  return watch;
}

/** A page and what it has recorded, shared by the tests of one worker. */
type SharedPage = {page: Page; watch: Watch};

/**
 * `test` with a `watch` fixture: it records console errors, page errors, requests to
 * other origins and CSP violations on the test's page; a test asserts on them with
 * `expectClean()`.
 *
 * `sharedPage` is the same for tests that each load a page of the site and need nothing
 * of their own (the sitemap's page-by-page test): one browser context and page per worker,
 * reused from test to test, with its records cleared and its local storage emptied between
 * tests. A failed test ends the worker, so the next one starts with a new context.
 */
export const test = base.extend<{watch: Watch; sharedPage: SharedPage}, {workerPage: SharedPage}>({
  watch: async ({page}, use) => {
    await use(await startWatching(page));
  },
  workerPage: [
    async ({browser}, use) => {
      const context = await browser.newContext({baseURL: BASE_URL});
      const page = await context.newPage();
      await use({page, watch: await startWatching(page)});
      await context.close();
    },
    {scope: 'worker'},
  ],
  sharedPage: async ({workerPage}, use) => {
    const {page, watch} = workerPage;
    for (const list of Object.values(watch)) list.length = 0;
    await use(workerPage);
    if (page.url().startsWith(BASE_URL)) await page.evaluate(() => localStorage.clear());
  },
});

export function expectClean(watch: Watch): void {
  expect(watch.errors, 'console errors').toEqual([]);
  expect(watch.foreign, 'requests to other origins').toEqual([]);
  expect(watch.csp, 'Content Security Policy violations').toEqual([]);
}

/**
 * Same-origin scripts a page runs, to tell one route's chunks from another's. Prefetches
 * (`<link rel="prefetch">`, for the pages it links to) are left out.
 */
export async function scriptsLoadedBy(page: Page, path: string): Promise<Set<string>> {
  const scripts = new Set<string>();
  const onRequest = (req: Request) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'script' && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  };
  page.on('request', onRequest);
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return scripts;
}

/** The scripts `path` loads beyond those `from` loads (by default the not-found page). */
export async function routeOnlyScripts(
  context: BrowserContext,
  path: string,
  from = '/no/such/page',
): Promise<string[]> {
  const probe = await context.newPage();
  const base = await scriptsLoadedBy(probe, from);
  const target = await scriptsLoadedBy(probe, path);
  await probe.close();
  return [...target].filter((src) => !base.has(src));
}
