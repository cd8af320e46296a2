/**
 * Spec §8, base-URL misconfiguration: Docusaurus's banner ('Your Docusaurus site did not load
 * properly.') shows when the bundles really failed to run, and never on a correct serve,
 * although the bundles run after the first paint (src/ssr-template.ts moves the banner's
 * check to after the inserted scripts' load or error events).
 */
import {sharedTest as test, expect, hydrated} from '../lib/fixtures';
import {BUILD} from '../lib/build-output';
import {startStaticHost, type StaticHost} from '../lib/static-host';

const BANNER = 'Your Docusaurus site did not load properly.';
const CONTAINER = '#__docusaurus-base-url-issue-banner-container';

test.describe('base-URL banner', () => {
  test('the home page carries the banner script, so the checks below can see it', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain(BANNER);
  });

  // A correct serve never shows the banner: tests/site/sitemap.spec.ts checks every page for it
  // once the page is loaded and idle.

  test.describe('the build served under /prefix/, a base path it was not built for', () => {
    let host: StaticHost;
    test.beforeAll(async () => {
      host = await startStaticHost(BUILD, {prefix: '/prefix/'});
    });
    test.afterAll(async () => host.close());

    test('shows the banner with its suggestion', async ({page}) => {
      const response = await page.goto(`${host.url}/`);
      expect(response?.status()).toBe(200);
      await expect(page.getByText(BANNER)).toBeVisible();
      await expect(
        page.locator('#__docusaurus-base-url-issue-banner-suggestion-container'),
      ).toHaveText('/prefix/');
      // The page was painted from the server's HTML all the same.
      await expect(page.locator('main h1').first()).toBeVisible();
    });
  });

  test('a correct base path whose bundles fail to load gets the banner (hidden by the loaded CSS)', async ({
    page,
  }) => {
    await page.route('**/assets/js/main.*.js', (route) => route.abort());
    await page.goto('/');
    // The check fired; Docusaurus's stylesheet, which did load, keeps its banner hidden.
    await expect(page.locator(CONTAINER)).toBeAttached();
    await expect(page.locator(CONTAINER)).toContainText(BANNER);
    await expect(page.locator(CONTAINER)).toBeHidden();
  });

  test('the banner waits for the bundles: none when main arrives late, after DOMContentLoaded', async ({
    page,
  }) => {
    // Main is held back well past DOMContentLoaded and the first paint, then served.
    await page.route('**/assets/js/main.*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('load');
    await expect(page.locator(CONTAINER)).toHaveCount(0);
  });
});
