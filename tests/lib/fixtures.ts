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

/**
 * `test` with a `watch` fixture: it records console errors, page errors, requests to
 * other origins and CSP violations on the test's page; a test asserts on them with
 * `expectClean()`.
 */
export const test = base.extend<{watch: Watch}>({
  watch: async ({page}, use) => {
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
    await use(watch);
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
