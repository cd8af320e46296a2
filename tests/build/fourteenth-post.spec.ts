/**
 * A fourteenth post needs no test edit (the spec allows 13 to 14 posts): a temporary copy of
 * the site gains one, newest of all, is built once, and the build-level checks of everything
 * that depends on the list of posts run on that copy, unchanged, with the copy's own test
 * files (they read the posts from its blog/, tests/lib/sources.ts): the blog's list pages,
 * archive, sidebar, authors and post pages, the feeds, the sitemap, the structured data and
 * social cards, llms.txt and the Markdown twins, the static-host answers and the CSP hashes.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import {test, expect} from '@playwright/test';
import {copySite, type TempSite} from '../lib/temp-site';

/** The checks that read the list of posts, as paths of the copy. */
const CHECKS = [
  'tests/build/blog.spec.ts',
  'tests/build/feeds.spec.ts',
  'tests/build/machine-readable.spec.ts',
  'tests/build/markdown-twins.spec.ts',
  'tests/build/static-host.spec.ts',
  'tests/build/csp.spec.ts',
];

const SLUG = 'fourteenth-post';

/** Newer than every post of the site, so it heads the lists and pushes one to page 2. */
const POST = `---
slug: ${SLUG}
title: A fourteenth post
date: 2099-01-05
authors: [devrel]
description: A post that exists only in a temporary copy of the site, to show that one more post needs no test edit.
---

This post is written by a test. It shows that the list pages, the archive, the feeds and the
sitemap take one more post as they are.

<!-- truncate -->

## What it checks

Every build-level check that depends on the list of posts runs again on the copy: the two list
pages, now with four posts on the second, the archive and the sidebar with a year of their own,
the authors page, the feeds, the sitemap, the structured data and the social card drawn for this
post, the Markdown twin and its line in llms.txt.

## Why it is newest

Its date comes after every real post, so it heads the first list page and pushes the oldest
post of that page onto the second one. The tests compute that order from the sources, as they
do for the thirteen posts of the site.
`;

/** The nested run's configuration: the build checks only, no server, results as JSON. */
const CONFIG = `import base from './playwright.config';
export default {
  ...base,
  webServer: undefined,
  workers: 1,
  projects: [{name: 'build', testDir: './tests/build'}],
  reporter: [['json', {outputFile: 'fourteenth-results.json'}]],
};
`;

type Suite = {
  title: string;
  specs?: {title: string; ok: boolean; tests: {results: {error?: {message?: string}}[]}[]}[];
  suites?: Suite[];
};
type Results = {
  stats: {expected: number; unexpected: number; skipped: number; flaky: number};
  suites: Suite[];
};

/** Each failed test of the nested run, with its file and the start of its error. */
function failures(suites: Suite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const error = spec.tests.flatMap((t) => t.results).find((r) => r.error)?.error?.message;
        return `${suite.title} › ${spec.title}\n${(error ?? '').slice(0, 1500)}`;
      }),
    ...failures(suite.suites ?? []),
  ]);
}

test.describe('a fourteenth post', () => {
  test.describe.configure({timeout: 15 * 60_000});
  let site: TempSite | undefined;
  test.afterAll(() => site?.cleanup());

  test('passes the build-level checks of the blog, feeds, sitemap and twins, with no test edited', async () => {
    site = copySite({label: 'fourteenth-post'});
    site.write(`blog/2099-01-05-${SLUG}.md`, POST);
    const built = await site.build({timeoutMs: 12 * 60_000, env: {FORCE_COLOR: '0'}});
    expect(built.ok, built.output.slice(-3000)).toBe(true);
    expect(fs.existsSync(site.path(`build/blog/${SLUG}/index.html`)), 'the post is built').toBe(true);

    site.write('playwright.fourteenth.config.ts', CONFIG);
    // The nested run is a Playwright run of its own: none of this worker's variables.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^(TEST_|PW_|PLAYWRIGHT_)/.test(key)),
    );
    const run = spawnSync(
      site.path('node_modules/.bin/playwright'),
      ['test', '--config', 'playwright.fourteenth.config.ts', ...CHECKS],
      {cwd: site.dir, env: {...env, FORCE_COLOR: '0'}, encoding: 'utf8', timeout: 5 * 60_000},
    );
    const report = fs.existsSync(site.path('fourteenth-results.json'))
      ? (JSON.parse(site.read('fourteenth-results.json')) as Results)
      : undefined;
    const output = `${run.stdout}\n${run.stderr}`;
    await test.info().attach('nested run', {body: output, contentType: 'text/plain'});
    expect(report, output.slice(-3000)).toBeDefined();
    expect(failures(report!.suites), 'failed checks on the copy').toEqual([]);
    expect(report!.stats.unexpected).toBe(0);
    expect(report!.stats.skipped + report!.stats.flaky, 'skipped or flaky').toBe(0);
    // Every check ran: the blog's alone has more than fifteen tests.
    expect(report!.stats.expected).toBeGreaterThan(40);
    expect(run.status).toBe(0);
  });
});
