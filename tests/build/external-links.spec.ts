/**
 * Links to other sites carry rel="noopener noreferrer", on every page of the sitemap: the
 * navbar's icon links, markdown links in guides and posts, and the API reference. Reads the
 * built HTML from build/ directly.
 */
import fs from 'node:fs';
import {test, expect} from '@playwright/test';
import {sitemapUrls} from '../lib/sitemap';
import {routeFile} from '../../scripts/lib/route-file.cjs';
import {BUILD} from '../lib/build-output';


type Anchor = {tag: string; href: string; rel: string[]};

/**
 * The `<a>` elements of an HTML document with an absolute http(s) or protocol-relative href.
 * Script bodies and comments are not markup and are left out (the theme's base-URL banner
 * keeps its link inside an inline script, inserted only when the site fails to load).
 */
function externalAnchors(html: string, siteOrigin: string): Anchor[] {
  const markup = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const anchors: Anchor[] = [];
  for (const [tag] of markup.matchAll(/<a\b[^>]*>/gi)) {
    const attrs = new Map<string, string>();
    for (const m of tag.slice(2, -1).matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
    }
    const href = attrs.get('href') ?? '';
    if (!/^(https?:)?\/\//i.test(href)) continue;
    if (new URL(href, siteOrigin).origin === siteOrigin) continue;
    anchors.push({tag, href, rel: (attrs.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean)});
  }
  return anchors;
}

/** The built file of a sitemap path. */
function builtFile(pathname: string): string {
  const file = routeFile(BUILD, pathname);
  if (!file) throw new Error(`no built file for ${pathname}`);
  return file;
}

test('the scan finds an external link without rel, and passes one with it', () => {
  const origin = 'https://skiplabs.io';
  const html =
    '<a href=https://example.com/a>a</a><a href="//example.com/b" rel="noopener noreferrer">b</a>' +
    '<a href="/docs">c</a><a href="https://skiplabs.io/blog">d</a><script>x="<a href=https://example.com/c>"</script>';
  const found = externalAnchors(html, origin);
  expect(found.map((a) => a.href)).toEqual(['https://example.com/a', '//example.com/b']);
  expect(found.map((a) => a.rel)).toEqual([[], ['noopener', 'noreferrer']]);
});

test('every link to another origin on every sitemap page has rel="noopener noreferrer"', () => {
  const locs = sitemapUrls().map((url) => new URL(url));
  expect(locs.length).toBeGreaterThan(50);
  const siteOrigin = locs[0].origin;

  let checked = 0;
  const missing: string[] = [];
  for (const loc of locs) {
    for (const anchor of externalAnchors(fs.readFileSync(builtFile(loc.pathname), 'utf8'), siteOrigin)) {
      checked++;
      if (!anchor.rel.includes('noopener') || !anchor.rel.includes('noreferrer')) {
        missing.push(`${loc.pathname}: ${anchor.tag.slice(0, 160)}`);
      }
    }
  }
  test.info().annotations.push({type: 'external links', description: `${checked} on ${locs.length} pages`});
  // The navbar's three icon links alone put external links on every page.
  expect(checked).toBeGreaterThanOrEqual(locs.length * 3);
  expect(missing).toEqual([]);
});
