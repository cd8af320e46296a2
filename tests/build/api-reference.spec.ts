/**
 * The generated API reference (issue: the five published packages; issue 28: source links,
 * our notes and examples, no Node Error members, "Used in"), read from build/.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {apiPackages, copiedSources, SKIP_VERSION} from '../../api-sources/packages';
import {apiRoutes} from '../lib/spec';
import {builtRoutes, idsOf, readBuilt, readRoute, ROOT, fileForPath} from '../lib/build-output';
import {exampleFiles, noteFiles} from '../lib/runnable';
import {firstLoad} from '../../scripts/lib/first-load.cjs';
import fences from '../../src/lib/fences.cjs';
import {pageOutlines} from '../../src/plugins/typed-samples/outline.cjs';

test('the API pages are exactly the ones the spec lists', () => {
  const expected = apiRoutes().map((r) => r.route).sort();
  expect(builtRoutes('docs/api')).toEqual(expected);
});

test("TypeDoc's options stay out of the first JavaScript: the site config keeps only each instance's id", () => {
  const BUILD = path.join(ROOT, 'build');
  const main = firstLoad(BUILD, '/')
    .files.js.map((file: string) => fs.readFileSync(path.join(BUILD, file), 'utf8'))
    .join('\n');
  // Core writes siteConfig.plugins into `main`; an instance's entry is `[null,{id:"core"}]`.
  for (const pkg of apiPackages) expect(main, pkg.id).toContain(`[null,{id:"${pkg.id}"}]`);
  for (const option of ['sourceLinkTemplate', 'notesDir', 'entryPoints', 'typedoc-notes.mjs']) {
    expect(main, option).not.toContain(option);
  }
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
    // The first paragraph is the page's meta description: the symbol's summary, never the
    // source link (api-sources/typedoc-source-links.mjs moves that below the introduction).
    const meta = $('meta[name="description"]').attr('content') ?? '';
    for (const text of [description, meta]) expect(text, route).not.toMatch(/^Defined in/);
  }
});

test('no link inside the reference is broken, anchors included', () => {
  const ids = new Map<string, Set<string>>();
  // Every broken link, listed at once (one expect per link cost a second of CPU here).
  const broken: string[] = [];
  let checked = 0;
  for (const {route} of apiRoutes()) {
    const $ = readRoute(route);
    $('article a[href]').each((_, el) => {
      const href = $(el).attr('href')!;
      if (/^[a-z]+:/i.test(href)) return;
      checked++;
      const url = new URL(href, `http://site${route}`);
      // A page, or a file such as the page's Markdown twin.
      if (!fileForPath(url.pathname)) broken.push(`${route} links to ${href}`);
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor) {
        if (!ids.has(url.pathname)) ids.set(url.pathname, idsOf(url.pathname));
        if (!ids.get(url.pathname)!.has(anchor)) broken.push(`${route} links to missing anchor ${href}`);
      }
    });
  }
  expect(checked, 'internal links in the reference').toBeGreaterThan(100);
  expect(broken).toEqual([]);
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

test("runService's page shows the health check route as code and the event example as written (api-sources/typedoc-comment-fixes.mjs)", () => {
  const $ = readRoute('/docs/api/server/functions/runService');
  const route = $('article li').filter((_, li) => $(li).text().includes('Check that the Skip service is running normally'));
  expect(route.find('code').first().text()).toBe('GET /v1/healthcheck');
  expect($('article').text()).not.toContain('`GET /v1/healthcheck');
  const example = $('article pre code').filter((_, c) => $(c).text().includes('event: (init | update)'));
  expect(example.text()).toContain('id: <watermark>');
  expect(example.text()).not.toContain('\\<');
});

test("Opaque's page shows its declaration as the package writes it, the hidden member's object type included (api-sources/typedoc-comment-fixes.mjs)", () => {
  const $ = readRoute('/docs/api/core/type-aliases/Opaque');
  const declaration = $('article pre code').first().text();
  expect(declaration).toContain('type Opaque<Value, Tag> = Value & { [opaque]: Tag };');
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

/** Where a repository path of SkipLabs/skip is in the installed packages, if they ship it. */
function shippedFile(repoPath: string): string | undefined {
  const pkg = apiPackages.find((p) => repoPath.startsWith(`${p.repoDir}/`));
  return pkg && path.join(ROOT, 'node_modules', pkg.npmName, repoPath.slice(pkg.repoDir.length + 1));
}

test('every class, interface and function page links its declaration in SkipLabs/skip at the pinned tag, on the line that declares it', () => {
  const link = new RegExp(`^https://github\\.com/SkipLabs/skip/blob/v${SKIP_VERSION.replaceAll('.', '\\.')}/(.+)#L(\\d+)$`);
  const pages = apiRoutes().filter(({route}) => /\/(classes|interfaces|functions)\//.test(route));
  expect(pages.length).toBeGreaterThan(30);
  const copied: string[] = [];
  for (const {route, name} of pages) {
    const $ = readRoute(route);
    // The page's own "Defined in", the first one: its members' come after it.
    const source = $('article .markdown > p')
      .filter((_, p) => $(p).text().startsWith('Defined in:'))
      .first();
    const href = source.find('a').attr('href');
    const match = href && link.exec(href);
    expect(match, `${route} links its source: ${href}`).toBeTruthy();
    const [, repoPath, line] = match!;
    const file = shippedFile(repoPath!);
    if (!file) {
      // A folder the packages' build copies in (copiedSources): not shipped as source, so the
      // declaration is looked up in the published declarations it was compiled to.
      const folder = Object.entries(copiedSources).find(([, dir]) => repoPath!.startsWith(`${dir}/`));
      expect(folder, `${route}: ${repoPath} is in no package's folder`).toBeTruthy();
      copied.push(name);
      continue;
    }
    expect(fs.existsSync(file), `${route}: ${repoPath} is shipped as ${file}`).toBe(true);
    const text = fs.readFileSync(file, 'utf8').split('\n')[Number(line) - 1] ?? '';
    expect(text, `${route}: ${repoPath}:${line}`).toMatch(new RegExp(`\\b${name}\\b`));
  }
  // Only deepFreeze lives in a copied folder (skiplang-json); every other page was checked.
  expect(copied).toEqual(['deepFreeze']);
});

test("no API page shows the members Node adds to Error", () => {
  const errorPages = apiRoutes().filter(({name}) => /^Skip\w*Error$/.test(name));
  expect(errorPages.map((p) => p.name)).toEqual(expect.arrayContaining(['SkipError', 'SkipPostgresError']));
  for (const {route} of apiRoutes()) {
    const text = readRoute(route)('article').text();
    for (const member of ['stackTraceLimit', 'captureStackTrace', 'prepareStackTrace']) {
      expect(text.includes(member), `${route} mentions ${member}`).toBe(false);
    }
  }
});

/** An element's text with a space after each block (cheerio's text() runs paragraphs together). */
function blockText($: ReturnType<typeof readRoute>, el: Parameters<ReturnType<typeof readRoute>>[0]): string {
  const copy = $(el).clone();
  copy.find('p, li, pre, td, th, h3, h4').append(' ');
  return copy.text();
}

/** A note's Markdown without the list markers and table rules a page does not show as text. */
const noListMarkers = (markdown: string) =>
  markdown
    .replace(/^[\s>]*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/^([\s>]*)(?:[-*+]|\d+\.)\s+/gm, '$1');

/** Text as a reader sees it, to compare a note's Markdown with a page: no markup, one space. */
const plain = (markdown: string) =>
  markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[`*_[\]>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test("every note of api-sources/notes is on its symbol's page, under the page's description, in its member's section or its Remarks, and in the page's twin", async () => {
  const {parseNote} = await import('../../api-sources/typedoc-notes.mjs');
  const title = `In Skip ${SKIP_VERSION}`;
  const notes = noteFiles();
  expect(notes.length).toBeGreaterThan(0);
  for (const file of notes) {
    const note = parseNote(file, fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const pkg = apiPackages.find((p) => file.startsWith(`api-sources/notes/${p.id}/`))!;
    const page = apiRoutes().find(({route, name}) => name === note.symbol && route.startsWith(`/docs/api/${pkg.route}/`));
    expect(page, `${file}: a page for ${note.symbol}`).toBeTruthy();
    const $ = readRoute(page!.route);
    const boxes = $('article .theme-admonition').filter((_, el) => $(el).text().includes(title));
    const twin = plain(noListMarkers(readBuilt(`${page!.route.slice(1)}.md`)));
    const parts = [
      {member: undefined as string | undefined, text: note.whole},
      // The "### Remarks" part: at the end of the page's Remarks section.
      {member: 'Remarks', text: note.remarks as string},
      ...note.members.map((m: {name: string; text: string}) => ({member: m.name, text: m.text})),
    ].filter((part) => part.text);
    expect(boxes.length, `${page!.route}: one box per part of ${file}`).toBe(parts.length);
    for (const {member, text} of parts) {
      const box = boxes
        .filter((_, el) => plain(blockText($, el)).includes(plain(noListMarkers(text))))
        .first();
      expect(box.length, `${page!.route} shows ${file} (${member ?? 'symbol'})`).toBe(1);
      const heading = box.prevAll('h2, h3').first();
      if (member === 'Remarks') {
        expect(heading.is('h2') && heading.text().startsWith('Remarks'), `${file}: its Remarks part ends that section`).toBe(true);
      } else if (member) {
        // A member's part is in its section; a function parameter's, under the Parameters table.
        const inSection = heading.is('h3') && heading.text().toLowerCase().startsWith(member.toLowerCase());
        const underParameters =
          heading.is('h2') &&
          heading.text().startsWith('Parameters') &&
          box.prevAll('table').first().find('td:first-child code').filter((_, c) => $(c).text().replace(/\?$/, '') === member).length === 1;
        expect(inSection || underParameters, `${file}: ${member}'s part is in its section`).toBe(true);
      } else {
        expect(heading.length, `${file}: the symbol's part comes before the page's first section`).toBe(0);
      }
      expect(twin, `${page!.route}.md holds ${file} (${member ?? 'symbol'})`).toContain(plain(noListMarkers(text)));
    }
    expect(twin).toContain(plain(`**${title}**`));
  }
});

test("every example of api-sources/examples is its symbol's section \"Example\", typed as the guides' samples, with its output, and in the page's twin", async () => {
  const {parseExample} = await import('../../api-sources/typedoc-examples.mjs');
  const files = exampleFiles();
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const example = parseExample(file, fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const pkg = apiPackages.find((p) => file.startsWith(`api-sources/examples/${p.id}/`))!;
    const page = apiRoutes().find(({route, name}) => name === example.symbol && route.startsWith(`/docs/api/${pkg.route}/`));
    expect(page, `${file}: a page for ${example.symbol}`).toBeTruthy();
    const $ = readRoute(page!.route);
    const heading = $('article h2#example');
    expect(heading.length, `${page!.route}: one h2 "Example"`).toBe(1);
    // The section runs to the next h2; its blocks are the example's, in its order.
    const section = heading.nextUntil('h2');
    const blocks = fences.extractBlocks(example.text);
    const ts = blocks.filter((b) => b.lang === 'ts');
    const typed = section.find('.tq pre').add(section.filter('.tq').find('pre'));
    expect(typed.length, `${page!.route}: typed blocks of ${file}`).toBe(ts.length);
    typed.each((i, pre) => {
      const plain = $(pre).clone();
      plain.find('.tq-pop').remove();
      expect(plain.text().replace(/\n+$/, ''), `${file}, block ${i + 1}`).toBe(ts[i]!.code.replace(/\n+$/, ''));
      expect($(pre).find('.tq-id[tabindex="0"]').length, `${file}: identifiers with quick info`).toBeGreaterThan(0);
      expect($(pre).find('.tq-error').length, `${file}: no compile error`).toBe(0);
    });
    // What the example prints (its output blocks) is shown in the section, line for line.
    const shown = section.text();
    for (const block of blocks.filter((b) => fences.parseMeta(b.meta).attrs.output)) {
      for (const line of block.code.split('\n').filter(Boolean)) expect(shown, `${file}: its output`).toContain(line);
    }
    const twin = readBuilt(`${page!.route.slice(1)}.md`);
    expect(twin, `${page!.route}.md`).toContain('\n## Example\n');
    for (const block of ts) expect(twin, `${page!.route}.md holds the code of ${file}`).toContain(block.code.trim());
  }
});

test('a symbol page ends with "Used in": the guide and post sections whose samples use it, linked to their headings, in the page and its twin', () => {
  // The pages whose samples import Count from its package and use it, read from the sources
  // (the index itself is tests/unit/used-in.test.ts; the anchors, the broken-link test above).
  const imports = /import\s*\{[^}]*\bCount\b[^}]*\}\s*from\s*['"]@skipruntime\/helpers['"]/;
  const uses = (code: string) =>
    code.split('\n').some((line) => !/^\s*(import\b|\/\/)/.test(line) && /\bCount\b/.test(line));
  const expected = pageOutlines(ROOT).filter((page) =>
    page.samples.some((sample) => imports.test(sample.code) && uses(sample.code)),
  );
  expect(expected.length, 'some guide or post uses Count').toBeGreaterThan(0);

  const route = '/docs/api/helpers/classes/Count';
  const $ = readRoute(route);
  const heading = $('article h2#used-in');
  expect(heading, `${route} has a "Used in" section`).toHaveLength(1);
  const hrefs = heading
    .nextUntil('h2')
    .find('a[href]')
    .map((_, a) => $(a).attr('href')!)
    .get();
  const urls = hrefs.map((href) => new URL(href, `http://site${route}`));
  for (const url of urls) expect(url.pathname, url.href).toMatch(/^\/(docs\/(?!api\/)|blog\/)/);
  expect(new Set(urls.map((url) => url.pathname)).size, 'one entry per page that uses Count').toBe(expected.length);
  const sections = urls.filter((url) => url.hash);
  expect(sections.length, 'sections linked to their headings').toBeGreaterThan(0);
  const twin = readBuilt(`${route.slice(1)}.md`);
  expect(twin).toContain('## Used in');
  for (const url of sections) expect(twin, `${route}.md links ${url.pathname}${url.hash}`).toContain(`${url.pathname}${url.hash})`);

  // A member counts for its class or interface, and is named there.
  const eager = readRoute('/docs/api/core/interfaces/EagerCollection');
  const named = eager('article h2#used-in').nextUntil('h2').find('code').map((_, c) => eager(c).text()).get();
  expect(named).toContain('map');
});
