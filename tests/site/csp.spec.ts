/**
 * The Content Security Policy in a browser: what only a browser shows. Every page of the
 * sitemap and the not-found page are loaded by tests/site/sitemap.spec.ts, whose checks fail on
 * any CSP violation (the `watch` fixture records `securitypolicyviolation` events; the
 * browser's CSP messages are console errors); the /docs redirect page by
 * tests/site/foundation.spec.ts. Here: proof that the policy and the watch do block and report,
 * and client-side navigation. The policy's text, its hashes and the headers files (the same
 * policy plus frame-ancestors) are checked on the build: tests/build/csp.spec.ts; the hashing
 * itself: tests/unit/content-security-policy.test.ts.
 */
import {sharedTest as test, expect, expectClean, hydrated} from '../lib/fixtures';

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
});
