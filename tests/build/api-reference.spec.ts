/** The generated API reference (issue: the five published packages), read from build/. */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {apiRoutes} from '../lib/spec';
import {builtRoutes, idsOf, readRoute, ROOT, fileForPath} from '../lib/build-output';

test('the API pages are exactly the ones the spec lists', () => {
  const expected = apiRoutes().map((r) => r.route).sort();
  expect(builtRoutes('docs/api')).toEqual(expected);
});

test('every API page has one h1 naming its symbol, and a description', () => {
  for (const {route, name} of apiRoutes()) {
    const $ = readRoute(route);
    const h1 = $('article h1');
    expect(h1, route).toHaveLength(1);
    const title = h1.text();
    // Index pages are titled with the package's npm name, e.g. "@skip-adapter/kafka".
    expect(title.includes(name) || title.endsWith(`/${name.split('/').pop()}`), `${route}: "${title}"`).toBe(true);
    const description = $('article .markdown > p').first().text().trim();
    expect(description.length, `${route} has a description`).toBeGreaterThan(10);
  }
});

test('no link inside the reference is broken, anchors included', () => {
  const ids = new Map<string, Set<string>>();
  for (const {route} of apiRoutes()) {
    const $ = readRoute(route);
    $('article a[href]').each((_, el) => {
      const href = $(el).attr('href')!;
      if (/^[a-z]+:/i.test(href)) return;
      const url = new URL(href, `http://site${route}`);
      // A page, or a file such as the page's Markdown twin.
      expect(fileForPath(url.pathname), `${route} links to ${href}`).toBeTruthy();
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor) {
        if (!ids.has(url.pathname)) ids.set(url.pathname, idsOf(url.pathname));
        expect(ids.get(url.pathname)!.has(anchor), `${route} links to missing anchor ${href}`).toBe(true);
      }
    });
  }
});

test('relative links in the generated markdown point at files that exist', () => {
  const apiDir = path.join(ROOT, 'docs', 'api');
  const files = fs.readdirSync(apiDir, {recursive: true}).map(String).filter((f) => f.endsWith('.md'));
  expect(files.length).toBe(apiRoutes().length);
  for (const file of files) {
    const text = fs.readFileSync(path.join(apiDir, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)) {
      expect(fs.existsSync(path.resolve(apiDir, path.dirname(file), target)), `${file} -> ${target}`).toBe(true);
    }
  }
});

test('signatures are code blocks and parameters are tables', () => {
  const $ = readRoute('/docs/api/server/functions/runService');
  expect($('article pre code').first().text()).toContain('runService');
  const headers = $('article table th').map((_, th) => $(th).text().trim()).get();
  expect(headers).toEqual(expect.arrayContaining(['Parameter', 'Type']));
});

test('public type names link to their pages; built-ins and internal types stay plain code', () => {
  const context = readRoute('/docs/api/core/interfaces/Context');
  const targets = context('article a[href]').map((_, a) => context(a).attr('href')).get();
  expect(targets).toContain('/docs/api/core/interfaces/EagerCollection');
  const mapper = readRoute('/docs/api/core/interfaces/Mapper');
  // `Iterable` is a TypeScript built-in: shown, never linked.
  expect(mapper('article code').text()).toContain('Iterable');
  expect(mapper('article a').filter((_, a) => mapper(a).text().trim() === 'Iterable')).toHaveLength(0);
});
