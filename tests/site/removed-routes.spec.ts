/**
 * Spec §2: "the blog slug is the only route parameter" and "any other path shows a not-found
 * page". The blog plugin's tag pages and per-author pages are not published (tags are refused
 * by front-matter.ts, authors.yml gives no author a page): each such path answers 404 with the
 * not-found page, once. tests/build/blog.spec.ts checks that nothing links to them.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {sharedTest as test, expect, hydrated} from '../lib/fixtures';
import {ROOT} from '../lib/build-output';

const authors = Object.keys(
  yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as Record<
    string,
    unknown
  >,
);

/** The tags index, two tags the posts once had, and every author's would-be page. */
const PATHS = [
  '/blog/tags',
  '/blog/tags/essay',
  '/blog/tags/release',
  ...authors.map((key) => `/blog/authors/${key}`),
];

for (const route of PATHS) {
  test(`${route} is not a page: 404 and the not-found page`, async ({page}) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
    await expect(page.locator('nav.navbar')).toHaveCount(1);
    await expect(page.locator('main')).toHaveCount(1);
  });
}
