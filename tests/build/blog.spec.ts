/** The blog (issue: thirteen posts, authors, archive and feeds), read from the sources and build/. */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {XMLParser} from 'fast-xml-parser';
import {test, expect} from '@playwright/test';
import {BUILD, readRoute, routeFile, ROOT} from '../lib/build-output';
import {BLOG_POSTS, BLOG_SLUGS} from '../lib/spec';

type Fact = {date: Date; slug: string; title: string};

/** The fixed slug, title and date of every post (tests/lib/spec.ts), dates as Date. */
function facts(): Fact[] {
  return BLOG_POSTS.map(({date, slug, title}) => ({
    date: new Date(date.length === 10 ? `${date}T00:00:00Z` : date),
    slug,
    title,
  }));
}

type Post = {file: string; data: Record<string, unknown>; body: string};

function posts(): Post[] {
  const dir = path.join(ROOT, 'blog');
  return fs
    .readdirSync(dir)
    .filter((f) => /\.mdx?$/.test(f))
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${file}: no front matter`);
      return {file, data: yaml.load(match[1]) as Record<string, unknown>, body: match[2]};
    });
}

/** Newest first, as the list pages order them. */
const byDate = () => [...facts()].sort((a, b) => b.date.getTime() - a.date.getTime());

test('every post has the slug, title and date of the facts', () => {
  const all = posts();
  expect(all).toHaveLength(13);
  const expected = new Map(facts().map((f) => [f.slug, f]));
  for (const {file, data} of all) {
    const fact = expected.get(String(data.slug));
    expect(fact, `${file}: slug ${String(data.slug)}`).toBeTruthy();
    expect(data.title, `${file}: title`).toBe(fact!.title);
    expect(new Date(data.date as string | Date).getTime(), `${file}: date`).toBe(fact!.date.getTime());
    expect(file.startsWith(fact!.date.toISOString().slice(0, 10)), `${file}: file name carries the date`).toBe(true);
  }
});

test('every post has a description, tags, role authors, an image and a truncate marker', () => {
  const authors = yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as Record<string, unknown>;
  for (const {file, data, body} of posts()) {
    expect(String(data.description ?? '').length, `${file}: description`).toBeGreaterThan(30);
    expect((data.tags as string[] | undefined)?.length, `${file}: tags`).toBeGreaterThan(0);
    const postAuthors = data.authors as string[];
    expect(postAuthors.length, `${file}: authors`).toBeGreaterThan(0);
    for (const key of postAuthors) expect(Object.keys(authors), `${file}: author ${key}`).toContain(key);
    expect(data.image, `${file}: image`).toBe(`/img/social/${String(data.slug)}.png`);
    const marker = body.indexOf('<!-- truncate -->');
    expect(marker, `${file}: truncate marker`).toBeGreaterThan(0);
    // The marker follows the opening, not the whole post.
    expect(marker / body.length, `${file}: marker after the opening`).toBeLessThan(0.4);
  }
});

test('authors are roles of the company, each with a title and an image of our own', () => {
  const authors = yaml.load(fs.readFileSync(path.join(ROOT, 'blog', 'authors.yml'), 'utf8')) as Record<
    string,
    {name: string; title: string; image_url: string; page?: boolean}
  >;
  expect(Object.keys(authors).length).toBeGreaterThanOrEqual(3);
  for (const [key, author] of Object.entries(authors)) {
    expect(author.name, key).toMatch(/^Skip /);
    expect(author.title.length, key).toBeGreaterThan(5);
    expect(author.image_url, key).toMatch(/^\/img\/authors\//);
    expect(fs.existsSync(path.join(ROOT, 'static', author.image_url)), key).toBe(true);
    expect(author.page, key).toBe(true);
  }
});

/** Post links of a list page, in order. */
function listedSlugs(route: string): string[] {
  const $ = readRoute(route);
  return $('main article h2 a')
    .map((_, a) => $(a).attr('href')!.replace('/blog/', ''))
    .get();
}

test('/blog shows the ten newest posts and /blog/page/2 the other three, newest first', () => {
  const order = byDate().map((f) => f.slug);
  expect(listedSlugs('/blog')).toEqual(order.slice(0, 10));
  expect(listedSlugs('/blog/page/2')).toEqual(order.slice(10));
  expect(routeFile('/blog/page/3')).toBeUndefined();
});

test('each post has its page at /blog/<slug> with its title', () => {
  for (const fact of facts()) {
    const $ = readRoute(`/blog/${fact.slug}`);
    expect($('article header h1').text().trim(), fact.slug).toBe(fact.title);
  }
});

test('the archive lists all thirteen posts', () => {
  const $ = readRoute('/blog/archive');
  const links = $('main a[href^="/blog/"]')
    .map((_, a) => $(a).attr('href')!.replace('/blog/', ''))
    .get();
  expect(new Set(links)).toEqual(new Set(BLOG_SLUGS));
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
  expect([...groups.keys()]).toEqual(['2025', '2024']);
  const expected = (year: number) => byDate().filter((f) => f.date.getUTCFullYear() === year).map((f) => f.slug);
  expect(groups.get('2025')).toEqual(expected(2025));
  expect(groups.get('2024')).toEqual(expected(2024));
});

test('"read more" links name their post', () => {
  for (const route of ['/blog', '/blog/page/2']) {
    const $ = readRoute(route);
    // The footer's link back to the post itself (its tag links go elsewhere).
    const links = $('main article footer a').filter((_, a) => /^\/blog\/[\w-]+$/.test($(a).attr('href') ?? '') && !$(a).attr('href')!.startsWith('/blog/tags'));
    expect(links.length, route).toBe(listedSlugs(route).length);
    links.each((_, a) => {
      const slug = $(a).attr('href')!.replace('/blog/', '');
      const title = facts().find((f) => f.slug === slug)!.title;
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
  const years = [...new Set(BLOG_POSTS.map((post) => post.date.slice(0, 4)))].reverse();
  expect($('main h2').map((_, h) => $(h).text().replace(/\u200b/g, '').trim()).get()).toEqual(years);
});

test('the authors page lists the authors, and each author page lists their posts', () => {
  const $ = readRoute('/blog/authors');
  const authorLinks = $('main a[href^="/blog/authors/"]')
    .map((_, a) => $(a).attr('href'))
    .get();
  const keys = [...new Set(authorLinks.map((href) => href.split('/').pop()!))];
  expect(keys.sort()).toEqual(['devrel', 'engineering', 'team']);
  for (const key of keys) {
    const expected = posts()
      .filter((p) => (p.data.authors as string[]).includes(key))
      .map((p) => String(p.data.slug));
    const page = readRoute(`/blog/authors/${key}`);
    const listed = page('main article h2 a')
      .map((_, a) => page(a).attr('href')!.replace('/blog/', ''))
      .get();
    expect(new Set(listed), key).toEqual(new Set(expected));
  }
});

test('the RSS, Atom and JSON feeds are valid and carry all thirteen posts', () => {
  const parser = new XMLParser({ignoreAttributes: false});
  const titles = new Set(facts().map((f) => f.title));

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
  for (const fact of facts()) {
    const $ = readRoute(`/blog/${fact.slug}`);
    $('article .markdown img').each((_, img) => {
      count++;
      const $img = $(img);
      expect($img.attr('alt')?.trim().length, fact.slug).toBeGreaterThan(10);
      expect($img.attr('width'), fact.slug).toBeTruthy();
      expect($img.attr('height'), fact.slug).toBeTruthy();
      expect($img.attr('src'), fact.slug).toMatch(/^\/(img|assets)\//);
    });
  }
  // The facts name five diagrams: two for the origins, two for why-skip, one for scaling.
  expect(count).toBeGreaterThanOrEqual(5);
});

test('post dates and reading times read as the theme writes them (src/theme/BlogPostItem/Header/Info)', () => {
  // The component formats without Intl; Node's Intl, with full locale data, is the reference.
  const intl = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});
  let seen = 0;
  for (const route of ['/blog', '/blog/page/2', ...BLOG_SLUGS.map((slug) => `/blog/${slug}`)]) {
    const $ = readRoute(route);
    $('main article header time').each((_, el) => {
      const time = $(el);
      expect(time.text(), `${route}: date of ${time.attr('datetime')}`).toBe(intl.format(new Date(time.attr('datetime')!)));
      const info = time.parent().text();
      expect(info, `${route}: reading time`).toMatch(/ · (One min read|([2-9]|[1-9]\d+) min read)$/);
      seen++;
    });
  }
  expect(seen, 'dates checked (10 + 3 list entries and 13 posts)').toBe(26);
});
