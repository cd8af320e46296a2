/**
 * The machine-readable outputs of the build: sitemap, robots.txt, JSON-LD structured data,
 * Open Graph / Twitter card tags with their PNG cards, llms.txt and llms-full.txt (the Markdown
 * twins themselves: markdown-twins.spec.ts).
 * They read build/ directly (tests/run.sh builds before the tests run).
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {apiRoutes} from '../lib/spec';
import {GUIDES, POST_SLUGS as BLOG_SLUGS, SITE_ROUTES} from '../lib/sources';
import {
  BUILD,
  ROOT,
  builtPages,
  contentPages,
  fileForPath,
  isRedirectPage,
  meta,
  parse,
  pngSize,
  readBuilt,
} from '../lib/build-output';
import {sitemapUrls} from '../lib/sitemap';

/** The site's public origin, as the sitemap writes it. */
const origin = () => new URL(sitemapUrls()[0]!).origin;

/** The build file behind an absolute URL of the site, or undefined. */
function fileForUrl(url: string): string | undefined {
  const parsed = new URL(url);
  return parsed.origin === origin() ? fileForPath(parsed.pathname) : undefined;
}

function pageAt(route: string) {
  const page = builtPages().find((p) => p.route === route);
  if (!page) throw new Error(`no built page for ${route}`);
  return page;
}

type JsonLd = {'@type'?: string; [key: string]: unknown};

function structuredData(html: string): JsonLd[] {
  const $ = parse(html);
  return $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => JSON.parse($(el).text()) as JsonLd);
}

test.describe('sitemap', () => {
  test('every URL of the sitemap is a page of the build on the site origin', () => {
    const urls = sitemapUrls();
    expect(urls.length).toBeGreaterThan(0);
    const missing = urls.filter((url) => !fileForUrl(url)?.endsWith('.html'));
    expect(missing).toEqual([]);
  });

  test('every built page except the not-found and redirect pages is in the sitemap, and only those', () => {
    const listed = sitemapUrls().map((url) => new URL(url).pathname).sort();
    const pages = contentPages()
      .map((p) => p.route)
      .sort();
    expect(listed).toEqual(pages);
  });

  test('the sitemap leaves out /404 and the /docs redirect page', () => {
    const listed = new Set(sitemapUrls().map((url) => new URL(url).pathname));
    expect(isRedirectPage(pageAt('/docs').html), '/docs is a redirect page').toBe(true);
    expect(listed.has('/docs')).toBe(false);
    expect(listed.has('/404')).toBe(false);
    expect(listed.has('/404.html')).toBe(false);
  });

  test('the sitemap lists every route and API page of the spec', () => {
    // Exactly those: the spec's routes with every post and guide, and its API pages.
    const listed = new Set(sitemapUrls().map((url) => new URL(url).pathname.replace(/(.)\/$/, '$1')));
    const expected = [...SITE_ROUTES, ...apiRoutes().map((r) => r.route)];
    expect(expected.filter((route) => !listed.has(route)), 'missing').toEqual([]);
    expect([...listed].filter((route) => !expected.includes(route)), 'not in the spec').toEqual([]);
  });
});

test.describe('robots.txt', () => {
  test('parses, lets every crawler in and names the sitemap URL', () => {
    const lines = readBuilt('robots.txt')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    const fields = lines.map((line) => {
      const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
      expect(match, `"${line}" is a robots.txt field`).not.toBeNull();
      return {name: match![1]!.toLowerCase(), value: match![2]!};
    });
    expect(fields.find((f) => f.name === 'user-agent')?.value).toBe('*');
    expect(fields.filter((f) => f.name === 'disallow' && f.value !== '')).toEqual([]);
    const sitemaps = fields.filter((f) => f.name === 'sitemap').map((f) => f.value);
    expect(sitemaps).toEqual([`${origin()}/sitemap.xml`]);
    expect(fileForUrl(sitemaps[0]!)).toBe('sitemap.xml');
  });
});

test.describe('structured data', () => {
  test('every JSON-LD block of every page is valid JSON with a schema.org type', () => {
    const bad: string[] = [];
    for (const page of builtPages()) {
      try {
        for (const data of structuredData(page.html)) {
          if (data['@context'] !== 'https://schema.org' || typeof data['@type'] !== 'string') bad.push(page.route);
        }
      } catch (err) {
        bad.push(`${page.route}: ${String(err)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('the landing page is a WebSite with name, url and description', () => {
    const sites = structuredData(pageAt('/').html).filter((d) => d['@type'] === 'WebSite');
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({name: 'Skip', url: `${origin()}/`, inLanguage: 'en'});
    expect(String(sites[0]!.description).length).toBeGreaterThan(20);
  });

  test('every guide is a TechArticle with headline, url and description', () => {
    for (const id of GUIDES) {
      const page = pageAt(`/docs/${id}`);
      const articles = structuredData(page.html).filter((d) => d['@type'] === 'TechArticle');
      expect(articles, page.route).toHaveLength(1);
      const $ = parse(page.html);
      expect(articles[0], page.route).toMatchObject({
        headline: $('article h1').first().text(),
        url: `${origin()}/docs/${id}`,
        description: meta($, 'description'),
        isPartOf: {'@type': 'WebSite', url: `${origin()}/`},
      });
    }
  });

  test('every API page is an APIReference (a TechArticle) with headline and url', () => {
    for (const {route, name} of apiRoutes()) {
      const refs = structuredData(pageAt(route).html).filter((d) => d['@type'] === 'APIReference');
      expect(refs, route).toHaveLength(1);
      expect(refs[0]!.url, route).toBe(`${origin()}${route}`);
      expect(String(refs[0]!.headline), route).toContain(name.split('/').pop());
      expect(String(refs[0]!.headline), `${route}: no Markdown escapes`).not.toContain('\\');
    }
  });

  test('every post is one BlogPosting with headline, url, datePublished and its card', () => {
    for (const slug of BLOG_SLUGS) {
      const page = pageAt(`/blog/${slug}`);
      const posts = structuredData(page.html).filter((d) => d['@type'] === 'BlogPosting');
      expect(posts, page.route).toHaveLength(1);
      const post = posts[0]!;
      expect(post.headline, page.route).toBe(parse(page.html)('article h1').first().text());
      expect(post.url, page.route).toBe(`${origin()}/blog/${slug}`);
      expect(Number.isNaN(Date.parse(String(post.datePublished))), `${page.route} datePublished`).toBe(false);
      expect(post.image, page.route).toMatchObject({url: `${origin()}/img/social/${slug}.png`});
    }
  });
});

test.describe('Open Graph and Twitter cards', () => {
  const TAGS = ['og:title', 'og:description', 'og:image', 'og:url', 'og:type', 'twitter:card', 'twitter:image'];

  test('every page has the Open Graph and Twitter card tags', () => {
    const missing: string[] = [];
    for (const page of builtPages().filter((p) => !isRedirectPage(p.html))) {
      const $ = parse(page.html);
      for (const tag of TAGS) {
        const values = $(`meta[property="${tag}"], meta[name="${tag}"]`);
        if (values.length !== 1 || !values.attr('content')) missing.push(`${page.route} ${tag} ×${values.length}`);
      }
      if (meta($, 'twitter:card') !== 'summary_large_image') missing.push(`${page.route} twitter:card`);
      if (meta($, 'og:image') !== meta($, 'twitter:image')) missing.push(`${page.route} twitter:image`);
    }
    expect(missing).toEqual([]);
  });

  test('og:url is the page itself, and og:type is article for docs and posts, website elsewhere', () => {
    const wrong: string[] = [];
    for (const page of contentPages()) {
      const $ = parse(page.html);
      if (meta($, 'og:url') !== `${origin()}${page.route === '/' ? '/' : page.route}`) wrong.push(`${page.route} og:url`);
      const isArticle = page.route.startsWith('/docs/') || BLOG_SLUGS.some((slug) => page.route === `/blog/${slug}`);
      if (meta($, 'og:type') !== (isArticle ? 'article' : 'website')) wrong.push(`${page.route} og:type ${meta($, 'og:type')}`);
    }
    expect(wrong).toEqual([]);
  });

  test('every og:image is a 1200×630 PNG of the build', () => {
    const images = new Set(builtPages().flatMap((p) => meta(parse(p.html), 'og:image') ?? []));
    expect(images.size).toBeGreaterThan(BLOG_SLUGS.length);
    for (const url of images) {
      const file = fileForUrl(url);
      expect(file, url).toBeDefined();
      expect(pngSize(path.join(BUILD, file!)), url).toEqual({width: 1200, height: 630});
    }
  });

  test("each post's og:image is its own card, and other pages share the default card", () => {
    const cards = BLOG_SLUGS.map((slug) => meta(parse(pageAt(`/blog/${slug}`).html), 'og:image'));
    expect(cards).toEqual(BLOG_SLUGS.map((slug) => `${origin()}/img/social/${slug}.png`));
    const hashes = cards.map((url) => fs.readFileSync(path.join(BUILD, fileForUrl(url!)!)).toString('base64'));
    expect(new Set(hashes).size, 'every card is a different picture').toBe(BLOG_SLUGS.length);
    for (const route of ['/', '/docs/introduction', '/blog']) {
      expect(meta(parse(pageAt(route).html), 'og:image'), route).toBe(`${origin()}/img/social-card.png`);
    }
  });

  test('the cards are drawn by the build, not kept in the repository', () => {
    expect(fs.existsSync(path.join(ROOT, 'static/img/social-card.png'))).toBe(false);
    expect(fs.existsSync(path.join(ROOT, 'static/img/social'))).toBe(false);
  });
});

test.describe('llms.txt', () => {
  type Line = {title: string; url: string; description: string};
  const lines = (body: string): Line[] =>
    [...body.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?::\s*(.*))?$/gm)].map((m) => ({
      title: m[1]!,
      url: m[2]!,
      description: m[3] ?? '',
    }));
  /** The text of a `## name` section. */
  function sectionText(text: string, name: string): string {
    const body = text.split(/^## /m).find((s) => s.startsWith(`${name}\n`));
    expect(body, `section "${name}"`).toBeDefined();
    return body!;
  }
  /** `- [title](url): description` lines of a `## name` section. */
  const section = (text: string, name: string): Line[] => lines(sectionText(text, name));
  const pathOf = (url: string) => new URL(url).pathname;

  test('llms.txt opens with the site title and a one-line summary', () => {
    const [title, blank, summary] = readBuilt('llms.txt').split('\n');
    expect(title).toBe('# Skip');
    expect(blank).toBe('');
    expect(summary).toMatch(/^> \S.{10,}$/);
  });

  test('llms.txt lists every guide in sidebar order and every post newest first, with descriptions', () => {
    const text = readBuilt('llms.txt');
    const guides = section(text, 'Guides');
    expect(guides.map((g) => pathOf(g.url))).toEqual(GUIDES.map((id) => `/docs/${id}.md`));
    const posts = section(text, 'Blog');
    expect(posts.map((p) => pathOf(p.url)).sort()).toEqual(BLOG_SLUGS.map((slug) => `/blog/${slug}.md`).sort());
    const dates = posts.map((p) => {
      const [data] = structuredData(pageAt(pathOf(p.url).replace(/\.md$/, '')).html).filter((d) => d['@type'] === 'BlogPosting');
      return Date.parse(String(data!.datePublished));
    });
    expect(dates, 'newest first').toEqual([...dates].sort((a, b) => b - a));
    for (const entry of [...guides, ...posts]) expect(entry.description, entry.url).not.toBe('');
  });

  test('llms.txt lists every API page, grouped by package under its index page', () => {
    const api = sectionText(readBuilt('llms.txt'), 'API reference');
    const groups = api.split(/^### /m).slice(1);
    expect(groups.length).toBeGreaterThanOrEqual(5);
    for (const group of groups) {
      const [index, ...pages] = lines(group).map((l) => pathOf(l.url));
      const pkg = index!.replace(/\.md$/, '');
      expect(pages.filter((page) => !page.startsWith(`${pkg}/`)), `pages of ${pkg}`).toEqual([]);
    }
    const listed = lines(api).map((l) => pathOf(l.url));
    expect(apiRoutes().filter(({route}) => !listed.includes(`${route}.md`))).toEqual([]);
  });

  test('every link in llms.txt resolves to a file of the build', () => {
    const urls = [...readBuilt('llms.txt').matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(GUIDES.length + BLOG_SLUGS.length);
    expect(urls.filter((url) => !fileForUrl(url))).toEqual([]);
  });

  test('llms-full.txt holds the twin of every guide and API page, in the order of llms.txt', () => {
    const text = readBuilt('llms-full.txt');
    const index = readBuilt('llms.txt');
    const expected = [...section(index, 'Guides'), ...section(index, 'API reference')].map((l) => pathOf(l.url));
    const parts = text.split(/^URL: (\S+)\n\n/m).slice(1);
    const order: string[] = [];
    for (let i = 0; i < parts.length; i += 2) {
      const route = pathOf(parts[i]!);
      order.push(`${route}.md`);
      const body = parts[i + 1]!.replace(/\n---\n\n$/, '');
      expect(body.trim(), route).toBe(readBuilt(`${route.slice(1)}.md`).trim());
    }
    expect(order).toEqual(expected);
    expect(text).not.toMatch(/^(slug|sidebar_label|authors):/m);
    expect(text).not.toContain('<!--');
  });

  test('links in llms-full.txt point at pages of the site, not at source files', () => {
    const text = readBuilt('llms-full.txt');
    expect(text).not.toMatch(/\]\(\.{0,2}\/[^)]*\.mdx?(#[^)]*)?\)/);
    const siteLinks = [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)]
      .map((m) => m[1]!.replace(/#.*/, ''))
      .filter((url) => new URL(url).origin === origin());
    expect(siteLinks.length).toBeGreaterThan(50);
    expect([...new Set(siteLinks)].filter((url) => !fileForUrl(url))).toEqual([]);
  });
});
