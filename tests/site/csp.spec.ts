/**
 * The Content Security Policy in a browser. Every page of the sitemap is loaded by
 * tests/site/sitemap.spec.ts, whose `expectClean()` fails on any CSP violation (the `watch`
 * fixture records `securitypolicyviolation` events; the browser's CSP messages are console
 * errors). Here: the pages outside the sitemap, client-side navigation, the policy of the
 * headers file, and proof that the policy and the watch do block and report.
 */
import {sharedTest as test, expect, expectClean, hydrated} from '../lib/fixtures';
import {readBuilt} from '../lib/build-output';

/** Console errors other than the browser's note that the not-found page answered 404. */
const errorsBesides404 = (errors: string[]) =>
  errors.filter((e) => !/status of 404 \(Not Found\)/.test(e));

test.describe('content security policy', () => {
  test('an inline script without a listed hash is blocked and reported', async ({page, watch}) => {
    await page.goto('/docs/introduction');
    await hydrated(page);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as {injected?: boolean}).injected === true;
    });
    expect(ran, 'the injected script ran').toBe(false);
    await expect.poll(() => watch.csp.some((v) => v.includes('script-src'))).toBe(true);
  });

  test('the not-found page raises no CSP violation', async ({page, watch}) => {
    await page.goto('/no/such/page');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(watch.csp).toEqual([]);
    expect(errorsBesides404(watch.errors)).toEqual([]);
  });

  test('the /docs redirect page runs its script under the policy', async ({page, watch}) => {
    await page.goto('/docs?from=test#part');
    // The inline script keeps the query and the hash; the meta refresh alone would drop them.
    await page.waitForURL(
      (url) =>
        url.pathname === '/docs/introduction' &&
        url.search === '?from=test' &&
        url.hash === '#part',
    );
    await hydrated(page);
    expectClean(watch);
  });

  test('client-side navigation across docs, blog, landing page and API raises no CSP violation', async ({
    page,
    watch,
  }) => {
    // Five pages rendered in one document, each prefetching the links it shows: on a loaded
    // two-core machine this takes longer than one page load.
    test.setTimeout(120_000);
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/docs/introduction');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
    await page.locator('.navbar').getByRole('link', {name: 'Blog', exact: true}).click();
    await page.waitForURL('**/blog');
    await page.locator('article h2 a').first().click();
    await page.waitForURL(/\/blog\/[^/]+$/);
    await page.locator('.navbar__brand').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('.navbar').getByRole('link', {name: 'API', exact: true}).click();
    await page.waitForURL('**/docs/api/core');
    await page.waitForLoadState('networkidle');
    // All in one document: React rendered each page and Helmet rewrote the head.
    expect(
      await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument),
    ).toBe(true);
    expectClean(watch);
  });

  test('the policy of _headers, sent as a header without the meta tag, raises no violation', async ({
    page,
    watch,
  }) => {
    const headerPolicy = /^ {2}Content-Security-Policy: (.+)$/m.exec(readBuilt('_headers'))?.[1];
    expect(headerPolicy).toBeDefined();
    // Serve the pages as a host that reads _headers would: the policy as a response header,
    // and the meta tag removed so that only the header applies.
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<meta http-equiv="Content-Security-Policy"[^>]*>/,
        '',
      );
      await route.fulfill({
        response,
        body,
        headers: {...response.headers(), 'content-security-policy': headerPolicy!},
      });
    });
    for (const path of [
      '/',
      '/docs/introduction',
      '/docs/api/core',
      '/blog',
      '/blog/why-skip',
      '/no/such/page',
    ]) {
      await page.goto(path);
      await hydrated(page);
      const metaTags = await page.locator('meta[http-equiv="Content-Security-Policy"]').count();
      expect(metaTags, `${path}: the meta tag was removed`).toBe(0);
    }
    await page.goto('/docs');
    await page.waitForURL('**/docs/introduction');
    await hydrated(page);
    expect(errorsBesides404(watch.errors)).toEqual([]);
    expect(watch.csp).toEqual([]);
  });
});
