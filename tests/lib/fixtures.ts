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

/** Empty records. */
const noRecords = (): Watch => ({errors: [], foreign: [], csp: []});

/** Records console errors, page errors and other-origin requests into `watch`. */
function listen(page: Page, watch: Watch): void {
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
}

/**
 * Passes the page's CSP violations to `report`. It is installed once per page: it adds an init
 * script and exposes a function, neither of which can be added twice.
 */
async function reportViolations(page: Page, report: (line: string) => void): Promise<void> {
  // Reported from an init script, so that a violation during parsing is seen too.
  await page.exposeFunction('reportCspViolation', (v: Violation) =>
    report(`${v.page}: ${v.directive} blocked ${v.blocked || v.sample}`),
  );
  await page.addInitScript(() => {
    const send = (window as unknown as {reportCspViolation: (v: Violation) => void})
      .reportCspViolation;
    document.addEventListener('securitypolicyviolation', (e) =>
      send({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        page: location.pathname,
      }),
    );
  });
}

/** Starts recording console errors, page errors, other-origin requests and CSP violations. */
async function startWatching(page: Page): Promise<Watch> {
  const watch = noRecords();
  listen(page, watch);
  await reportViolations(page, (line) => watch.csp.push(line));
  return watch;
}

/** The worker's page, and the records of the test using it now. */
type WorkerPage = {page: Page; current: {watch: Watch}};

/** A page and what it has recorded. */
type SharedPage = {page: Page; watch: Watch};

/** The viewport and media of a new page (Playwright's defaults), given back after each test. */
const VIEWPORT = {width: 1280, height: 720};
const MEDIA = {
  media: null,
  colorScheme: 'light',
  reducedMotion: 'no-preference',
  forcedColors: 'none',
  contrast: 'no-preference',
} as const;

/** The page events a test may listen to; the shared page drops every listener after a test. */
const PAGE_EVENTS = [
  'console',
  'pageerror',
  'request',
  'requestfinished',
  'requestfailed',
  'response',
  'dialog',
  'popup',
  'worker',
  'download',
  'framenavigated',
  'load',
  'domcontentloaded',
] as const;

/**
 * `test` with a `watch` fixture: it records console errors, page errors, requests to
 * other origins and CSP violations on the test's page; a test asserts on them with
 * `expectClean()`.
 *
 * `sharedPage` is one browser context and page per worker, reused from test to test. Opening
 * a page costs about 0.9 s of both cores on the test machine (a new renderer process, the
 * site's scripts compiled afresh); loading the next page in the same one, about 0.3 s. Between
 * tests it is given back as a new page would be: on `about:blank` (the last test's workers and
 * timers stopped), storage emptied, routes and listeners removed, the default viewport and
 * media, and empty records. A failed test ends the worker, so the next one starts with a new
 * context.
 */
export const test = base.extend<{watch: Watch; sharedPage: SharedPage}, {workerPage: WorkerPage}>({
  watch: async ({page}, use) => {
    await use(await startWatching(page));
  },
  workerPage: [
    async ({browser}, use) => {
      const context = await browser.newContext({baseURL: BASE_URL});
      const page = await context.newPage();
      const current = {watch: noRecords()};
      await reportViolations(page, (line) => current.watch.csp.push(line));
      await use({page, current});
      await context.close();
    },
    {scope: 'worker'},
  ],
  sharedPage: async ({workerPage}, use) => {
    const {page, current} = workerPage;
    const watch = noRecords();
    current.watch = watch;
    listen(page, watch);
    await use({page, watch});
    if (page.url().startsWith(BASE_URL)) {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await page.goto('about:blank');
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({behavior: 'ignoreErrors'});
    await page.context().unrouteAll({behavior: 'ignoreErrors'});
    await page.context().clearCookies();
    await page.setViewportSize(VIEWPORT);
    await page.emulateMedia(MEDIA);
  },
});

/**
 * `test` whose `page` (and `watch`) is the worker's shared page (`sharedPage` above): for
 * tests that load pages of the site and read them. A test that needs a page of its own (one
 * that counts requests, needs an empty cache, adds init scripts, emulates a network, or is
 * granted permissions) takes `context` or `browser` and opens one.
 */
export const sharedTest = test.extend<{page: Page; watch: Watch}>({
  page: async ({sharedPage}, use) => {
    await use(sharedPage.page);
  },
  watch: async ({sharedPage}, use) => {
    await use(sharedPage.watch);
  },
});

/** A page of its own in `context`, with its records: for a test of a `sharedTest` file that needs one. */
export async function ownPage(context: BrowserContext): Promise<{page: Page; watch: Watch}> {
  const page = await context.newPage();
  return {page, watch: await startWatching(page)};
}

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

/** What routeOnlyScripts found in this worker, by `from` and `path`: the build does not change. */
const routeOnly = new Map<string, Promise<string[]>>();

/**
 * The scripts `path` loads beyond those `from` loads (by default the not-found page), found
 * once per worker in a page of `context` (two loads, about 1.5 CPU s): later calls for the same
 * pair get the same list.
 */
export function routeOnlyScripts(
  context: BrowserContext,
  path: string,
  from = '/no/such/page',
): Promise<string[]> {
  const key = `${from} -> ${path}`;
  let found = routeOnly.get(key);
  if (!found) {
    found = (async () => {
      const probe = await context.newPage();
      const base = await scriptsLoadedBy(probe, from);
      const target = await scriptsLoadedBy(probe, path);
      await probe.close();
      return [...target].filter((src) => !base.has(src));
    })();
    // A failed probe is not kept: the next call tries again.
    found.catch(() => routeOnly.delete(key));
    routeOnly.set(key, found);
  }
  return found;
}
