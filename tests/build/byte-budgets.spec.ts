/**
 * Byte budgets: the first-load JavaScript and CSS of the five page types of the
 * performance budget (gzip level 9, read from build/ as scripts/lib/first-load.cjs does).
 * Sizes are stable from build to build, so they are enforced here; timings stay in
 * `npm run bench`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {PAGE_TYPES, firstLoad} from '../../scripts/lib/first-load.cjs';
import {BUILD} from '../lib/build-output';

const KiB = 1024;

/**
 * Budgets, in gzip bytes. Set from the sizes of the build that reached the performance
 * targets (JS: runtime + main 124.7 KiB, CSS 15.7 KiB on every page type) plus about 3 %
 * for ordinary growth; the JavaScript budget stays below the 134 KiB the original site
 * shipped. Raise one only with a bundle analysis that says what grew and why.
 */
const FIRST_LOAD_JS_BUDGET = 128 * KiB;
const FIRST_LOAD_CSS_BUDGET = 16.5 * KiB;

const BUDGETS: Record<(typeof PAGE_TYPES)[number]['type'], {js: number; css: number}> = {
  landing: {js: FIRST_LOAD_JS_BUDGET, css: FIRST_LOAD_CSS_BUDGET},
  guide: {js: FIRST_LOAD_JS_BUDGET, css: FIRST_LOAD_CSS_BUDGET},
  API: {js: FIRST_LOAD_JS_BUDGET, css: FIRST_LOAD_CSS_BUDGET},
  'blog list': {js: FIRST_LOAD_JS_BUDGET, css: FIRST_LOAD_CSS_BUDGET},
  'blog post': {js: FIRST_LOAD_JS_BUDGET, css: FIRST_LOAD_CSS_BUDGET},
};

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

test.beforeAll(() => {
  expect(fs.existsSync(path.join(BUILD, 'index.html')), 'build/ is missing: run npm run build first').toBe(true);
});

for (const {type, path: route} of PAGE_TYPES) {
  test(`${type} page (${route}) loads at most ${kib(BUDGETS[type].js)} of JavaScript and ${kib(BUDGETS[type].css)} of CSS first`, () => {
    const load = firstLoad(BUILD, route);
    // The measure must see the bundles, or a budget would pass on nothing.
    expect(load.files.js.some((file) => /\/main\.[0-9a-f]+\.js$/.test(file)), `main bundle referenced by ${route}`).toBe(true);
    expect(load.files.css.length, `stylesheets referenced by ${route}`).toBeGreaterThan(0);
    expect(load.js, `first-load JavaScript of ${route}: ${kib(load.js)} (${load.files.js.join(', ')})`).toBeLessThanOrEqual(BUDGETS[type].js);
    expect(load.css, `first-load CSS of ${route}: ${kib(load.css)} (${load.files.css.join(', ')})`).toBeLessThanOrEqual(BUDGETS[type].css);
  });
}
