/**
 * The blog's RSS and Atom feeds name the site's stylesheet (feedOptions.xslt,
 * src/feed-style/), which is served next to them and loads nothing from another origin.
 * tests/site/feeds.spec.ts opens them in a browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {XMLValidator} from 'fast-xml-parser';
import {BUILD, readBuilt} from '../lib/build-output';

const FEEDS = ['blog/rss.xml', 'blog/atom.xml'];

test('each feed names an XSL stylesheet that the build serves next to it', () => {
  for (const feed of FEEDS) {
    const xml = readBuilt(feed);
    const pi = /<\?xml-stylesheet\s+type="text\/xsl"\s+href="([^"]+)"\?>/.exec(xml);
    expect(pi, feed).not.toBeNull();
    const xsl = path.join(BUILD, path.dirname(feed), pi![1]!);
    expect(fs.existsSync(xsl), `${feed} → ${pi![1]}`).toBe(true);
    expect(XMLValidator.validate(fs.readFileSync(xsl, 'utf8')), xsl).toBe(true);
    expect(XMLValidator.validate(xml), feed).toBe(true);
  }
});

test('the stylesheet loads only its own CSS, from the same folder, and nothing from another origin', () => {
  const xsl = readBuilt('blog/feed.xsl');
  // Namespace names are identifiers, not loads: everything else is checked.
  const loads = [...xsl.matchAll(/\b(href|src)="([^"]*)"/g)].map((m) => m[2]!).filter((url) => !url.startsWith('{'));
  expect(loads).toEqual(['feed.css']);
  expect(xsl).not.toMatch(/<(script|iframe|img|object)\b|@import|document\(/);
  const css = readBuilt('blog/feed.css');
  expect(css).not.toMatch(/@import|url\(/);
});
