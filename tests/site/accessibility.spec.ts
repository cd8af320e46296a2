/**
 * Accessibility: axe-core (all its default rules) finds no violation on any page of
 * build/sitemap.xml, in the light and in the dark colour mode.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {test, expect, hydrated} from '../lib/fixtures';

const SITEMAP = path.join(__dirname, '..', '..', 'build', 'sitemap.xml');

/** Every page the sitemap lists, as a path on the local server. */
function sitemapPages(): string[] {
  if (!fs.existsSync(SITEMAP)) throw new Error(`${SITEMAP} is missing: build the site first (npm run build)`);
  const xml = fs.readFileSync(SITEMAP, 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

const MODES = ['light', 'dark'] as const;

for (const mode of MODES) {
  test.describe(`axe, ${mode} mode`, () => {
    // The API pages are long; axe checks the contrast of every token of their code.
    test.describe.configure({timeout: 120_000});

    test.beforeEach(async ({context}) => {
      // The site reads the stored choice before its first paint (spec §4: key 'theme').
      await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    });

    for (const route of sitemapPages()) {
      test(`${route} has no axe violation in ${mode} mode`, async ({page}) => {
        await page.goto(route);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        // Legacy mode runs axe in the page itself instead of opening a second page to merge
        // per-frame results; the site has no iframes, so the result is the same, twice as fast.
        const {violations} = await new AxeBuilder({page}).setLegacyMode(true).analyze();
        const found = violations.map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 10),
        }));
        expect(found, `axe violations on ${route} (${mode})`).toEqual([]);
      });
    }
  });
}
