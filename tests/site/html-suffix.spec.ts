/**
 * Spec §2: a path ending in `.html` or `/index.html` is the same page without that suffix.
 * After hydration exactly one page is in the document: one navbar, one main, one site footer,
 * and no "Page Not Found" unless the path is unknown. Checked on a plain static host, like
 * GitHub Pages, that answers `/blog/why-skip.html` with `404.html` (src/ssr-template.ts,
 * HTML_SUFFIX, sends the browser to the clean path there): the site's own code does the work
 * there. The script maps a path by its shape alone, and tests/unit/html-suffix.test.ts checks
 * that mapping for every shape of path the site has; here one route of each shape (the root, one
 * segment, two, a deep API path) shows that the script runs before the page hydrates and that
 * the page shows once. The tests' `docusaurus serve` (`npm run serve`) redirects such paths
 * itself, before any page is sent, the same way for every route: one route is checked there.
 */
import path from 'node:path';
import type {Page} from '@playwright/test';
import {sharedTest as test, expect, hydrated} from '../lib/fixtures';
import {BUILD} from '../lib/build-output';
import {startStaticHost, type StaticHost} from '../lib/static-host';

const NOT_FOUND = 'Page Not Found';

/** One route of each shape of path: the root, one segment, two, and a deep API path. */
const ROUTES = ['/', '/blog', '/blog/why-skip', '/docs/api/core/interfaces/Resource'];

/** The suffixed paths of a route: `/index.html` for the root, both forms elsewhere. */
const suffixed = (route: string) =>
  route === '/' ? ['/index.html'] : [`${route}.html`, `${route}/index.html`];

/** Counts what a single page has once: navbar, main, site footer, level-one heading. */
async function expectOnePage(page: Page, label: string) {
  await hydrated(page);
  await expect(page.locator('nav.navbar'), `${label}: navbars`).toHaveCount(1);
  await expect(page.locator('main'), `${label}: main elements`).toHaveCount(1);
  await expect(page.locator('footer.footer'), `${label}: site footers`).toHaveCount(1);
  await expect(page.locator('h1'), `${label}: level-one headings`).toHaveCount(1);
}

/** The routes checked on each host. */
const ROUTES_ON = {
  'docusaurus serve': ['/docs/introduction'],
  'a plain static host': ROUTES,
} as const;

for (const host of ['docusaurus serve', 'a plain static host'] as const) {
  test.describe(`on ${host}`, () => {
    let plain: StaticHost | undefined;
    test.beforeAll(async () => {
      if (host === 'a plain static host') plain = await startStaticHost(BUILD);
    });
    test.afterAll(async () => plain?.close());
    const url = (p: string) => (plain ? `${plain.url}${p}` : p);

    for (const route of ROUTES_ON[host]) {
      for (const variant of suffixed(route)) {
        test(`${variant} shows the page of ${route}, once`, async ({page}) => {
          await page.goto(url(`${variant}#top`));
          await expectOnePage(page, variant);
          await expect(page.getByRole('heading', {name: NOT_FOUND})).toHaveCount(0);
          const at = new URL(page.url());
          expect(at.pathname.replace(/(.)\/$/, '$1'), 'the address is the clean path').toBe(route);
          expect(at.hash, 'fragment kept').toBe('#top');
        });
      }
    }

    test('an unknown path ending in .html shows the not-found page, once', async ({page}) => {
      await page.goto(url('/no/such/page.html'));
      await expectOnePage(page, '/no/such/page.html');
      await expect(page.getByRole('heading', {name: NOT_FOUND})).toBeVisible();
    });
  });
}

test('the plain host answers a suffixed path with the not-found file, which the page then leaves', async ({
  page,
}) => {
  // The situation the head script exists for: without it the post hydrated over this file.
  const plain = await startStaticHost(path.resolve(BUILD));
  try {
    const response = await page.request.get(`${plain.url}/blog/why-skip.html`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain(NOT_FOUND);
    await page.goto(`${plain.url}/blog/why-skip.html`);
    await page.waitForURL(`${plain.url}/blog/why-skip/`);
    await expectOnePage(page, 'post');
    await expect(page.locator('article header h1')).toHaveText('Why Skip?');
  } finally {
    await plain.close();
  }
});
