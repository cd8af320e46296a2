/**
 * Old links keep working on a plain static host (issue 13, spec gap 3): with the build
 * served by tests/lib/static-host.ts (files as they are, `/dir` redirected to `/dir/`,
 * `404.html` for anything else, no rewrites, no `.html` guessing), every page of the sitemap
 * answers at its canonical path and with a trailing slash, as do the API package index
 * pages the previous site linked with a slash. `trailingSlash` is undefined in
 * docusaurus.config.ts, so each page is `<route>/index.html` (scripts/lib/route-file.cjs). The
 * blog's tag and author paths, which the spec does not have, answer 404 with the not-found page.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {test, expect} from '@playwright/test';
import {BUILD, builtPages, ROOT} from '../lib/build-output';
import {sitemapPaths} from '../lib/sitemap';
import {routeFile} from '../../scripts/lib/route-file.cjs';
import {startStaticHost, type StaticHost} from '../lib/static-host';

/** The previous site's links to the API package index pages, trailing slash included. */
const OLD_URLS = ['/docs/api/core/', '/docs/api/server/', '/docs/api/helpers/', '/docs/api/adapters/kafka/', '/docs/api/adapters/postgres/'];

let host: StaticHost;
test.beforeAll(async () => {
  host = await startStaticHost(BUILD);
});
test.afterAll(async () => host.close());

type Answer = {statuses: number[]; finalPath: string; body: string};

/** Follows at most three redirects by hand, recording each status. */
async function get(pathname: string): Promise<Answer> {
  const statuses: number[] = [];
  let url = new URL(pathname, host.url);
  for (let hop = 0; hop < 4; hop++) {
    const response = await fetch(url, {redirect: 'manual'});
    statuses.push(response.status);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      url = new URL(location, url);
      continue;
    }
    return {statuses, finalPath: url.pathname, body: await response.text()};
  }
  throw new Error(`${pathname}: more than three redirects (${statuses.join(' ')})`);
}

/** The page a route is built to, as the host must serve it. */
const builtHtml = (route: string) => fs.readFileSync(routeFile(BUILD, route)!, 'utf8');

/** The answer is a 200, straight or after redirects, with the route's own page. */
function expectPage(answer: Answer, route: string, label: string) {
  expect(answer.statuses.at(-1), `${label}: ${answer.statuses.join(' → ')}`).toBe(200);
  expect(answer.statuses.slice(0, -1).every((s) => s >= 300 && s < 400), label).toBe(true);
  expect(answer.body === builtHtml(route), `${label}: the body is the page of ${route}`).toBe(true);
}

test('the host is plain: an unknown path is a 404 with the not-found page, and .html is not guessed', async () => {
  const unknown = await get('/no/such/page');
  expect(unknown.statuses).toEqual([404]);
  expect(unknown.body).toBe(fs.readFileSync(`${BUILD}/404.html`, 'utf8'));
  expect((await get('/docs/introduction.html')).statuses).toEqual([404]);
});

test("the blog's tag and author paths are not pages: each is a 404 with the not-found page", async () => {
  // Spec §2: the blog slug is the only route parameter, any other path shows the not-found
  // page. The blog plugin would publish a page per tag and per author: front-matter.ts refuses
  // tags and authors.yml gives no author a page. tests/build/blog.spec.ts checks that nothing
  // links to them; tests/site/sitemap.spec.ts renders the not-found page in a browser.
  const authors = Object.keys(yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as object);
  expect(authors.length).toBeGreaterThan(0);
  const notFound = fs.readFileSync(`${BUILD}/404.html`, 'utf8');
  for (const route of ['/blog/tags', '/blog/tags/essay', '/blog/tags/release', ...authors.map((key) => `/blog/authors/${key}`)]) {
    const answer = await get(route);
    expect(answer.statuses, route).toEqual([404]);
    expect(answer.body === notFound, `${route}: the not-found page`).toBe(true);
  }
});

test('every page of the sitemap answers at its path, without and with a trailing slash', async () => {
  const routes = sitemapPaths();
  expect(routes.length).toBeGreaterThan(50);
  for (const route of routes) {
    const bare = route.replace(/\/$/, '') || '/';
    expectPage(await get(bare), route, bare);
    expectPage(await get(`${bare.replace(/\/$/, '')}/`), route, `${bare}/`);
  }
});

test('the five API package index pages answer at their old URLs with a trailing slash', async () => {
  for (const url of OLD_URLS) {
    const answer = await get(url);
    expect(answer.statuses, url).toEqual([200]);
    expectPage(answer, url, url);
    expect(answer.body, url).toContain('<h1');
  }
});

test('/docs sends the reader on from /docs and /docs/ alike', async () => {
  for (const url of ['/docs', '/docs/']) {
    const answer = await get(url);
    expect(answer.statuses.at(-1), url).toBe(200);
    expect(answer.body, url).toMatch(/http-equiv="?refresh"?[^>]*url=\/docs\/introduction/);
  }
});

test('pages link and load with root-relative or absolute URLs only, so /x/ works like /x', () => {
  const relative: string[] = [];
  for (const page of builtPages()) {
    for (const [, attr, double, single, bare] of page.html.matchAll(/\s(href|src)=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)) {
      const url = double ?? single ?? bare ?? '';
      if (attr && url && !/^(\/|#|[a-z][a-z0-9+.-]*:)/i.test(url)) relative.push(`${page.file}: ${attr}=${url}`);
    }
  }
  expect(relative).toEqual([]);
});
