/**
 * The blog (posts, authors, archive and feeds), read from the sources and build/. The posts are
 * those of blog/ (tests/lib/sources.ts), however many there are; the spec's slugs must be
 * among them (tests/lib/spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {XMLParser} from 'fast-xml-parser';
import {test, expect} from '@playwright/test';
import {BUILD, readRoute, routeFile, ROOT} from '../lib/build-output';
import {POSTS, POSTS_NEWEST_FIRST, POST_SLUGS} from '../lib/sources';
import {SPEC_POST_SLUGS} from '../lib/spec';

const POSTS_PER_PAGE = 10;

test("every slug the spec lists has a post, and each post's file name carries its date", () => {
  expect(POST_SLUGS).toEqual(expect.arrayContaining([...SPEC_POST_SLUGS]));
  expect(new Set(POST_SLUGS).size, 'slugs are unique').toBe(POSTS.length);
  for (const {file, date} of POSTS) {
    expect(file.startsWith(date.toISOString().slice(0, 10)), `${file}: file name carries the date`).toBe(true);
  }
});

test('every post has a description, role authors, no tags and a truncate marker', () => {
  const authors = yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as Record<string, unknown>;
  for (const {file, data, body} of POSTS) {
    expect(String(data.description ?? '').length, `${file}: description`).toBeGreaterThan(30);
    expect(data.tags, `${file}: tags (the site has no tag pages)`).toBeUndefined();
    const postAuthors = data.authors as string[];
    expect(postAuthors.length, `${file}: authors`).toBeGreaterThan(0);
    for (const key of postAuthors) expect(Object.keys(authors), `${file}: author ${key}`).toContain(key);
    const marker = body.indexOf('<!-- truncate -->');
    expect(marker, `${file}: truncate marker`).toBeGreaterThan(0);
    // The marker follows the opening, not the whole post.
    expect(marker / body.length, `${file}: marker after the opening`).toBeLessThan(0.4);
  }
});

test('authors are roles of the company, each with a title and an image of our own', () => {
  const authors = yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as Record<
    string,
    {name: string; title: string; image_url: string; page?: unknown}
  >;
  expect(Object.keys(authors).length).toBeGreaterThanOrEqual(3);
  for (const [key, author] of Object.entries(authors)) {
    expect(author.name, key).toMatch(/^Skip /);
    expect(author.title.length, key).toBeGreaterThan(5);
    expect(author.image_url, key).toMatch(/^\/img\/authors\//);
    expect(fs.existsSync(path.join(ROOT, 'static', author.image_url)), key).toBe(true);
    // No author has a page of their own (spec §2: no /blog/authors/<author> route).
    expect(author.page, key).toBeUndefined();
  }
});

/** Post links of a list page, in order. */
function listedSlugs(route: string): string[] {
  const $ = readRoute(route);
  return $('main article h2 a')
    .map((_, a) => $(a).attr('href')!.replace('/blog/', ''))
    .get();
}

test('/blog shows the ten newest posts and /blog/page/2 the others, newest first', () => {
  const order = POSTS_NEWEST_FIRST.map((post) => post.slug);
  expect(order.length, 'the posts fill two list pages').toBeGreaterThan(POSTS_PER_PAGE);
  expect(order.length).toBeLessThanOrEqual(2 * POSTS_PER_PAGE);
  expect(listedSlugs('/blog')).toEqual(order.slice(0, POSTS_PER_PAGE));
  expect(listedSlugs('/blog/page/2')).toEqual(order.slice(POSTS_PER_PAGE));
  expect(routeFile('/blog/page/3')).toBeUndefined();
});

test('each post has its page at /blog/<slug> with its title', () => {
  for (const post of POSTS) {
    const $ = readRoute(`/blog/${post.slug}`);
    expect($('article header h1').text().trim(), post.slug).toBe(post.title);
  }
});

test('the archive lists every post', () => {
  const $ = readRoute('/blog/archive');
  const links = $('main a[href^="/blog/"]')
    .map((_, a) => $(a).attr('href')!.replace('/blog/', ''))
    .get();
  expect(new Set(links)).toEqual(new Set(POST_SLUGS));
});

test('the sidebar lists every post, grouped by year', () => {
  const $ = readRoute('/blog/why-skip');
  const groups = new Map<string, string[]>();
  $('aside nav [role="group"], aside nav div:has(> ul)').each((_, group) => {
    const year = $(group).find('> h3, > div, > span').first().text().trim();
    const slugs = $(group)
      .find('a')
      .map((__, a) => $(a).attr('href')!.replace('/blog/', ''))
      .get();
    if (/^\d{4}$/.test(year)) groups.set(year, slugs);
  });
  const years = [...new Set(POSTS_NEWEST_FIRST.map((post) => String(post.date.getUTCFullYear())))];
  expect([...groups.keys()]).toEqual(years);
  for (const year of years) {
    const expected = POSTS_NEWEST_FIRST.filter((post) => String(post.date.getUTCFullYear()) === year);
    expect(groups.get(year), year).toEqual(expected.map((post) => post.slug));
  }
});

test('"read more" links name their post', () => {
  for (const route of ['/blog', '/blog/page/2']) {
    const $ = readRoute(route);
    // The footer's link back to the post itself.
    const links = $('main article footer a').filter((_, a) => /^\/blog\/[\w-]+$/.test($(a).attr('href') ?? ''));
    expect(links.length, route).toBe(listedSlugs(route).length);
    links.each((_, a) => {
      const slug = $(a).attr('href')!.replace('/blog/', '');
      const title = POSTS.find((post) => post.slug === slug)!.title;
      expect($(a).attr('aria-label') ?? $(a).text(), route).toContain(title);
    });
  }
});

test('every blog list page has one level-one heading, inside main (src/theme/BlogListPage)', () => {
  for (const [route, title] of [
    ['/blog', 'Skip blog'],
    ['/blog/page/2', 'Skip blog, page 2'],
  ]) {
    const $ = readRoute(route);
    expect($('h1'), route).toHaveLength(1);
    expect($('main h1').text(), route).toBe(title);
  }
});

test("a post's table of contents is a labelled navigation landmark (src/theme/BlogLayout)", () => {
  const $ = readRoute('/blog/why-skip');
  const toc = $('.table-of-contents');
  expect(toc.length, 'tables of contents').toBeGreaterThan(0);
  expect(toc.closest('nav[aria-label="On this page"]')).toHaveLength(1);
});

test("the archive's title is inside main and its years are level-two headings (src/theme/BlogArchivePage)", () => {
  const $ = readRoute('/blog/archive');
  expect($('h1')).toHaveLength(1);
  expect($('main h1').text()).toBe('Archive');
  expect($('main h3')).toHaveLength(0);
  const years = [...new Set(POSTS_NEWEST_FIRST.map((post) => String(post.date.getUTCFullYear())))];
  expect($('main h2').map((_, h) => $(h).text().replace(/\u200b/g, '').trim()).get()).toEqual(years);
});

test('the authors page lists every author with their count of posts, and links to no author page', () => {
  const authors = yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as Record<string, {name: string}>;
  const $ = readRoute('/blog/authors');
  expect($('a[href^="/blog/authors/"]'), 'links to author pages').toHaveLength(0);
  const main = $('main').text();
  for (const [key, {name}] of Object.entries(authors)) {
    const count = POSTS.filter((post) => post.authors.includes(key)).length;
    expect(main, key).toContain(name);
    expect(count, `${key} signs at least one post`).toBeGreaterThan(0);
  }
  for (const key of Object.keys(authors)) expect(routeFile(`/blog/authors/${key}`), key).toBeUndefined();
});

test('each post names its authors, and no page links to a tag or author page', () => {
  const authors = yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as Record<string, {name: string}>;
  for (const post of POSTS) {
    const $ = readRoute(`/blog/${post.slug}`);
    const names = $('article header .avatar__name').map((_, el) => $(el).text().trim()).get();
    expect(names, post.slug).toEqual(post.authors.map((key) => authors[key].name));
  }
  for (const route of ['/blog', '/blog/page/2', '/blog/archive', '/blog/authors', ...POST_SLUGS.map((slug) => `/blog/${slug}`)]) {
    const $ = readRoute(route);
    expect($('a[href^="/blog/tags"], a[href^="/blog/authors/"]').length, route).toBe(0);
  }
  expect(routeFile('/blog/tags')).toBeUndefined();
  expect(fs.existsSync(path.join(BUILD, 'blog', 'tags')), 'build/blog/tags').toBe(false);
  expect(fs.existsSync(path.join(BUILD, 'blog', 'authors', 'team')), 'build/blog/authors/team').toBe(false);
});

test('the RSS, Atom and JSON feeds are valid and carry every post', () => {
  const parser = new XMLParser({ignoreAttributes: false});
  const titles = new Set(POSTS.map((post) => post.title));

  const rss = parser.parse(fs.readFileSync(path.join(BUILD, 'blog', 'rss.xml'), 'utf8'));
  const rssItems = [rss.rss.channel.item].flat();
  expect(new Set(rssItems.map((i: {title: string}) => i.title))).toEqual(titles);
  for (const item of rssItems) expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);

  const atom = parser.parse(fs.readFileSync(path.join(BUILD, 'blog', 'atom.xml'), 'utf8'));
  const entries = [atom.feed.entry].flat();
  expect(new Set(entries.map((e: {title: string | {'#text': string}}) => (typeof e.title === 'string' ? e.title : e.title['#text'])))).toEqual(titles);

  const json = JSON.parse(fs.readFileSync(path.join(BUILD, 'blog', 'feed.json'), 'utf8')) as {
    version: string;
    items: {title: string; url: string; date_modified?: string; date_published?: string}[];
  };
  expect(json.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1/);
  expect(new Set(json.items.map((i) => i.title))).toEqual(titles);
  for (const item of json.items) expect(item.url).toMatch(/\/blog\/[\w-]+$/);
});

test('pictures in posts are our own, with alt text and a size', () => {
  let count = 0;
  for (const {slug} of POSTS) {
    const $ = readRoute(`/blog/${slug}`);
    $('article .markdown img').each((_, img) => {
      count++;
      const $img = $(img);
      expect($img.attr('alt')?.trim().length, slug).toBeGreaterThan(10);
      expect($img.attr('width'), slug).toBeTruthy();
      expect($img.attr('height'), slug).toBeTruthy();
      expect($img.attr('src'), slug).toMatch(/^\/(img|assets)\//);
    });
  }
  // The facts name five diagrams: two for the origins, two for why-skip, one for scaling.
  expect(count).toBeGreaterThanOrEqual(5);
});

test('post dates and reading times read as the theme writes them (src/theme/BlogPostItem/Header/Info)', () => {
  // The component formats without Intl; Node's Intl, with full locale data, is the reference.
  const intl = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});
  let seen = 0;
  for (const route of ['/blog', '/blog/page/2', ...POST_SLUGS.map((slug) => `/blog/${slug}`)]) {
    const $ = readRoute(route);
    $('main article header time').each((_, el) => {
      const time = $(el);
      expect(time.text(), `${route}: date of ${time.attr('datetime')}`).toBe(intl.format(new Date(time.attr('datetime')!)));
      const info = time.parent().text();
      expect(info, `${route}: reading time`).toMatch(/ · (One min read|([2-9]|[1-9]\d+) min read)$/);
      seen++;
    });
  }
  expect(seen, 'dates checked (one list entry and one post page per post)').toBe(2 * POSTS.length);
});
