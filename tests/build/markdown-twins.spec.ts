/**
 * The Markdown twins (src/plugins/markdown-twins): every page of the sitemap but the blog's
 * list and tag pages has one at its path plus `.md`, listed in llms.txt, linked from its
 * HTML page, and written as clean CommonMark (no JSX, no HTML, no import/export lines, fence
 * languages only, absolute links). They read build/ directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import type {Root, Nodes} from 'mdast';
import {BUILD, ROOT, routeFile, fileForPath, parse, readBuilt} from '../lib/build-output';
import {sitemapUrls} from '../lib/sitemap';
import {GUIDES} from '../lib/sources';
import {twinPath} from '../../src/plugins/markdown-twins/twin-path';

/** The blog's list pages: pagination, archive and authors. They have no twin. */
const LIST_PAGE = /^\/blog(\/page\/\d+|\/archive|\/authors)?$/;

const origin = () => new URL(sitemapUrls()[0]!).origin;

/** The routes that must have a twin: the sitemap's pages minus the list and tag pages. */
const twinnedRoutes = () =>
  sitemapUrls()
    .map((url) => new URL(url).pathname)
    .filter((route) => !LIST_PAGE.test(route))
    .sort();

/** Every `.md` file of the build, as a site path. */
function builtTwins(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : e.name.endsWith('.md') ? [`/${path.relative(BUILD, full).split(path.sep).join('/')}`] : [];
    });
  return walk(BUILD).sort();
}

type Md = {fromMarkdown: (s: string, o: object) => Root; gfm: () => object; gfmFromMarkdown: () => object[]};
let md: Md | undefined;
/** Twins parsed in this worker, by their text: four tests read every twin; the trees are read only. */
const trees = new Map<string, Root>();
async function parseMarkdown(text: string): Promise<Root> {
  const known = trees.get(text);
  if (known) return known;
  md ??= {
    fromMarkdown: (await import('mdast-util-from-markdown')).fromMarkdown as Md['fromMarkdown'],
    gfm: (await import('micromark-extension-gfm')).gfm as Md['gfm'],
    gfmFromMarkdown: (await import('mdast-util-gfm')).gfmFromMarkdown as Md['gfmFromMarkdown'],
  };
  const tree = md.fromMarkdown(text, {extensions: [md.gfm()], mdastExtensions: md.gfmFromMarkdown()});
  trees.set(text, tree);
  return tree;
}

function nodes(tree: Nodes): Nodes[] {
  return [tree, ...('children' in tree ? tree.children.flatMap((child) => nodes(child)) : [])];
}

/** The twin's text with code blocks and code spans blanked out: what a reader sees as prose. */
function prose(text: string, tree: Root): string {
  let out = text;
  for (const node of nodes(tree)) {
    if ((node.type === 'code' || node.type === 'inlineCode') && node.position) {
      const {start, end} = node.position;
      out = out.slice(0, start.offset) + ' '.repeat(end.offset! - start.offset!) + out.slice(end.offset);
    }
  }
  return out;
}

const llmsLinks = () => [...readBuilt('llms.txt').matchAll(/^- \[.+\]\((\S+)\)(?::\s*(.*))?$/gm)].map((m) => ({url: m[1]!, description: m[2] ?? ''}));

test('every page of the sitemap but the list and tag pages has a twin at its path plus .md, and no other twin exists', () => {
  const expected = twinnedRoutes().map(twinPath).sort();
  expect(expected.length).toBeGreaterThan(GUIDES.length + 20);
  expect(expected).toContain('/index.md');
  expect(expected).toContain('/docs/functions.md');
  expect(expected).toContain('/docs/api/core/interfaces/Context.md');
  expect(expected).toContain('/blog/why-skip.md');
  expect(builtTwins()).toEqual(expected);
});

test('llms.txt has one line per twin, each linking the twin with a description', () => {
  const links = llmsLinks();
  const twins = links.map((l) => new URL(l.url).pathname);
  expect(twins.sort()).toEqual(twinnedRoutes().map(twinPath).sort());
  expect(new Set(twins).size, 'no twin listed twice').toBe(twins.length);
  expect(links.filter((l) => new URL(l.url).origin !== origin())).toEqual([]);
  expect(links.filter((l) => l.description.trim() === '').map((l) => l.url)).toEqual([]);
});

test('each HTML page links its twin with <link rel="alternate" type="text/markdown">', () => {
  const wrong: string[] = [];
  for (const route of twinnedRoutes()) {
    const $ = parse(fs.readFileSync(routeFile(route)!, 'utf8'));
    const hrefs = $('link[rel="alternate"][type="text/markdown"]').map((_, el) => $(el).attr('href')).get();
    if (hrefs.join() !== `${origin()}${twinPath(route)}`) wrong.push(`${route}: ${hrefs.join(', ') || 'none'}`);
  }
  expect(wrong).toEqual([]);
  // The list pages have no twin, so no such link.
  const $ = parse(fs.readFileSync(routeFile('/blog')!, 'utf8'));
  expect($('link[type="text/markdown"]')).toHaveLength(0);
});

test('every twin is clean CommonMark: an h1 first, no front matter, JSX, HTML, comments or import/export lines', async () => {
  const problems: string[] = [];
  for (const twin of builtTwins()) {
    const text = fs.readFileSync(path.join(BUILD, twin), 'utf8');
    const tree = await parseMarkdown(text);
    const first = tree.children[0];
    if (!(first?.type === 'heading' && first.depth === 1)) problems.push(`${twin}: does not open with a # title`);
    const html = nodes(tree).filter((n) => n.type === 'html');
    for (const node of html) problems.push(`${twin}: HTML or JSX ${JSON.stringify((node as {value: string}).value.slice(0, 60))}`);
    const visible = prose(text, tree);
    for (const [pattern, what] of [
      [/^\s*(import|export)\s/m, 'an import/export line'],
      [/<!--|-->/, 'an HTML comment'],
      [/<\/?[A-Za-z][\w.:-]*(\s+[\w:-]+(=("[^"]*"|'[^']*'|\{[^}]*\}))?)*\s*\/?>/, 'a tag'],
      [/\{\/\*/, 'an MDX comment'],
      [/^:::/m, 'an admonition fence'],
      [/\{#[\w-]+\}/, 'a heading id'],
      // What a blank left at a paragraph's edge is written as (a comment dropped beside text).
      [/&#x?[0-9a-f]+;/i, 'a numeric character reference'],
    ] as const) {
      const match = pattern.exec(visible);
      if (match) problems.push(`${twin}: ${what}: ${JSON.stringify(match[0])}`);
    }
  }
  expect(problems).toEqual([]);
});

test('code fences keep their language and nothing else of their meta', async () => {
  const problems: string[] = [];
  let fences = 0;
  for (const twin of builtTwins()) {
    const tree = await parseMarkdown(fs.readFileSync(path.join(BUILD, twin), 'utf8'));
    for (const node of nodes(tree)) {
      if (node.type !== 'code') continue;
      fences++;
      if (!node.lang) problems.push(`${twin}: a fence without a language`);
      if (node.meta) problems.push(`${twin}: fence meta ${JSON.stringify(node.meta)}`);
    }
  }
  expect(fences).toBeGreaterThan(100);
  expect(problems).toEqual([]);
  // The guides' fences carry titles and runner attributes in their source: all gone.
  const sources = GUIDES.map((id) => ['md', 'mdx'].map((ext) => path.join(ROOT, 'docs', `${id}.${ext}`)).find(fs.existsSync)!);
  expect(sources.some((file) => /^```\w+ .*(title|run)=/m.test(fs.readFileSync(file, 'utf8')))).toBe(true);
});

test('links and images are absolute, and those to the site reach a page, a twin or a file of the build', async () => {
  const problems: string[] = [];
  let images = 0;
  for (const twin of builtTwins()) {
    const tree = await parseMarkdown(fs.readFileSync(path.join(BUILD, twin), 'utf8'));
    for (const node of nodes(tree)) {
      if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') continue;
      if (node.type === 'image') {
        images++;
        if (!node.alt) problems.push(`${twin}: an image without alt text: ${node.url}`);
      }
      if (!/^(https?:\/\/|mailto:)/.test(node.url)) {
        problems.push(`${twin}: relative ${node.type} ${node.url}`);
        continue;
      }
      const url = new URL(node.url);
      if (url.origin !== origin()) continue;
      if (/\.mdx$/.test(url.pathname)) problems.push(`${twin}: a link to a source file: ${node.url}`);
      if (!fileForPath(url.pathname)) problems.push(`${twin}: ${node.url} is not in the build`);
    }
  }
  expect(problems).toEqual([]);
  expect(images).toBeGreaterThan(0);
});

test('every <img> of a guide or post becomes a Markdown image with its alt text and absolute URL', () => {
  const sources = [
    ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => /\.mdx?$/.test(f)).map((f) => ({file: `docs/${f}`, route: `/docs/${f.replace(/\.mdx?$/, '')}`})),
  ];
  let checked = 0;
  for (const {file, route} of sources) {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const twin = readBuilt(`${twinPath(route).slice(1)}`);
    for (const [tag] of source.matchAll(/<img\b[\s\S]*?\/?>/g)) {
      const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
      const alt = /\balt="([^"]+)"/.exec(tag)?.[1];
      if (!src || !alt) continue;
      checked++;
      expect(twin, `${file}: ${src}`).toContain(`![${alt}](${new URL(src, origin()).toString()})`);
    }
  }
  expect(checked).toBeGreaterThan(0);
});

test("a twin carries its page's prose: the source's plain lines appear in it unchanged", () => {
  for (const [source, route] of [
    ['docs/introduction.mdx', '/docs/introduction'],
    ['docs/glossary.md', '/docs/glossary'],
    ['blog/2025-07-04-cache_invalidation.md', '/blog/cache_invalidation'],
  ]) {
    const twin = readBuilt(twinPath(route).slice(1));
    const body = fs.readFileSync(path.join(ROOT, source), 'utf8').split('\n---\n').slice(1).join('\n---\n');
    const lines = body.split('\n').filter((line) => line.length > 40 && /^[A-Za-z][^`*_[\]<>{}|\\]*$/.test(line));
    expect(lines.length, source).toBeGreaterThan(5);
    expect(lines.filter((line) => !twin.includes(line)), source).toEqual([]);
  }
});

test("the API pages' twins come from the generated reference", () => {
  const twin = readBuilt('docs/api/core/interfaces/Context.md');
  const generated = fs.readFileSync(path.join(ROOT, 'docs/api/core/interfaces/Context.md'), 'utf8');
  expect(twin.split('\n')[0]).toBe(generated.split('\n').find((line) => line.startsWith('# ')));
  const methods = [...generated.matchAll(/^### (\w+)\(\)$/gm)].map((m) => m[1]!);
  expect(methods.length).toBeGreaterThan(1);
  for (const method of methods) expect(twin).toContain(`### ${method}()`);
});

test("the landing page's twin and llms.txt carry the landing page's own description and code sample", () => {
  const $ = parse(readBuilt('index.html'));
  const description = $('meta[name="description"]').attr('content') ?? '';
  expect(description.length).toBeGreaterThan(40);
  expect(readBuilt('index.md')).toContain(description);
  expect(readBuilt('llms.txt')).toContain(description);
  // The sample shown on the landing page (its first line of code) is in the twin.
  const firstCodeLine = $('main pre code .token-line').first().text().trim();
  expect(firstCodeLine.length).toBeGreaterThan(5);
  expect(readBuilt('index.md')).toContain(firstCodeLine);
});

/** Elements whose text is one block of their own on the page (the rest is inline). */
const BLOCKS = new Set(
  'address article aside blockquote dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p section summary table tbody td tfoot th thead tr ul'.split(' '),
);

/**
 * The sentences a reader sees in a page's article, block by block, whitespace collapsed. Left
 * out: code blocks (the twin keeps them as fences; their lines are not sentences), the heading
 * anchors' `#` links, and buttons (the page's controls, not its text).
 */
function articleSentences(route: string): string[] {
  const $ = parse(fs.readFileSync(routeFile(route)!, 'utf8'));
  expect($('article .markdown'), `${route}: one article body`).toHaveLength(1);
  // A copy: the parsed page is shared with the other tests (tests/lib/build-output.ts, parse).
  const article = $('article .markdown').clone();
  article.find('.theme-code-block, pre, .hash-link, script, style, svg').remove();
  // The live examples' bars of buttons (Run live, Check) with their one-line hint: controls.
  article.find('p:has(> button)').remove();
  article.find('button').remove();
  // An admonition's label is its kind, which the theme writes in lower case and shows in
  // capitals; the twin writes it as a word (Note). Its own title is a sentence like any other.
  const labels = article.find('.theme-admonition > [class*="admonitionHeading"]');
  const kinds = labels.map((_, el) => $(el).text().trim()).get();
  labels.remove();
  const blocks: string[] = [''];
  const walk = (node: import('domhandler').AnyNode) => {
    if (node.type === 'text') blocks[blocks.length - 1] += (node as import('domhandler').Text).data;
    else if (node.type === 'tag') {
      const block = BLOCKS.has(node.name);
      if (block) blocks.push('');
      if (node.name === 'br') blocks[blocks.length - 1] += ' ';
      for (const child of node.children) walk(child);
      if (block) blocks.push('');
    }
  };
  for (const child of article.get(0)!.children) walk(child);
  return [...kinds.map((kind) => kind.replace(/^[a-z]/, (c) => c.toUpperCase())), ...blocks]
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((block) => block.split(/(?<=[.!?:;])\s+/))
    .filter((sentence) => /[A-Za-z0-9]/.test(sentence));
}

/** A twin's text as a reader of its Markdown sees it: the parsed text, without the syntax. */
async function twinText(route: string): Promise<string> {
  const tree = await parseMarkdown(readBuilt(twinPath(route).slice(1)));
  const text = (node: Nodes): string => {
    if (node.type === 'code') return '\n';
    if (node.type === 'text' || node.type === 'inlineCode') return node.value;
    if (node.type === 'break') return ' ';
    const inner = 'children' in node ? node.children.map((child) => text(child)).join('') : '';
    return /^(paragraph|heading|listItem|tableCell|blockquote|list|table|tableRow)$/.test(node.type) ? `\n${inner}\n` : inner;
  };
  return text(tree).replace(/\s+/g, ' ');
}

test("every sentence of a guide's, an API page's or a post's article is in its twin", async () => {
  const routes = twinnedRoutes().filter((route) => route.startsWith('/docs/') || /^\/blog\/[^/]+$/.test(route));
  expect(routes.filter((route) => route.startsWith('/blog/')).length).toBeGreaterThan(10);
  expect(routes.filter((route) => route.startsWith('/docs/api/')).length).toBeGreaterThan(40);
  const missing: string[] = [];
  let sentences = 0;
  for (const route of routes) {
    const twin = await twinText(route);
    for (const sentence of articleSentences(route)) {
      sentences++;
      if (!twin.includes(sentence)) missing.push(`${route}: ${sentence}`);
    }
  }
  expect(sentences).toBeGreaterThan(5000);
  expect(missing).toEqual([]);
});
