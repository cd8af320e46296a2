/**
 * Opened in a browser, the blog's feeds read as a page (src/feed-style/feed.xsl): the blog's
 * title, every post with its link and summary, the site's stylesheet applied, with the
 * production Content Security Policy (build/_headers) in force and no other origin asked.
 */
import fs from 'node:fs';
import path from 'node:path';
import {sharedTest as test, expect, expectClean} from '../lib/fixtures';
import {BUILD, readBuilt} from '../lib/build-output';

/** The policy the production host sends with every file (build/_headers). */
const headerPolicy = () =>
  /Content-Security-Policy:\s*(.+)/.exec(readBuilt('_headers'))![1]!.trim();

for (const [feed, items] of [
  ['/blog/rss.xml', /<item>/g],
  ['/blog/atom.xml', /<entry>/g],
] as const) {
  test(`${feed} shows as a styled page listing every post`, async ({page, watch}) => {
    // Served with the production policy as a header, as a host serving build/_headers would.
    await page.route(`**${feed}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {...response.headers(), 'content-security-policy': headerPolicy()},
      });
    });
    await page.goto(feed);
    const count = fs.readFileSync(path.join(BUILD, feed), 'utf8').match(items)!.length;
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Skip blog');
    await expect(page.locator('main ol > li')).toHaveCount(count);
    await expect(page.locator('main ol > li h3 a').first()).toHaveAttribute(
      'href',
      /^https:\/\/skiplabs\.io\/blog\//,
    );
    // feed.css applies: the column is narrowed, the notice boxed.
    await expect(page.locator('main')).toHaveCSS('max-width', /^\d+(\.\d+)?px$/);
    await expect(page.locator('.notice')).toHaveCSS('border-left-style', 'solid');
    // Chromium 155+ inserts its own banner announcing the end of XSLT in browsers, with an
    // inline event handler that the policy blocks: the browser's element, not ours.
    if ((await page.locator('xslt-warning-banner').count()) > 0) {
      const banner = (text: string) => /inline event handler|script-src-attr/.test(text);
      watch.errors.splice(0, watch.errors.length, ...watch.errors.filter((e) => !banner(e)));
      watch.csp.splice(0, watch.csp.length, ...watch.csp.filter((e) => !banner(e)));
    }
    expectClean(watch);
  });
}
