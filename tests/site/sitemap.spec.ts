/**
 * Every page of build/sitemap.xml, in the browser: it loads, hydrates, and neither logs a
 * console error nor requests anything from another origin (spec §7). The API reference's
 * pages are among them.
 */
import fs from 'node:fs';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';
import {BUILD} from '../lib/build-output';

const sitemap = fs.readFileSync(`${BUILD}/sitemap.xml`, 'utf8');
const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

test('the sitemap lists the pages', () => {
  expect(paths.length).toBeGreaterThan(90);
  expect(paths).toContain('/');
  expect(paths).toContain('/docs/api/core/interfaces/Context');
});

for (const path of paths) {
  test(`${path} loads cleanly`, async ({page, watch}) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expectClean(watch);
  });
}
