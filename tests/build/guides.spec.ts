/** The nine guides (issue: accurate, original, every sample compiling), read from the sources and build/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {test, expect} from '@playwright/test';
import {API, API_NAMES, SPEC_GUIDES} from '../lib/spec';
import {GUIDES} from '../lib/sources';
import {readRoute, ROOT} from '../lib/build-output';

type SampleReport = {
  compiled: number;
  fragments: number;
  failures: {file: string; line: number; message: string}[];
  files: string[];
};

/** Runs the sample checker the way a writer does, and reads its JSON report. */
function checkSamples(root = ROOT): SampleReport {
  const script = path.join(ROOT, 'src/plugins/typed-samples/samples.mjs');
  const out = execFileSync('node', [script, '--json', '--root', root], {cwd: ROOT, encoding: 'utf8'});
  return JSON.parse(out) as SampleReport;
}

/** Minimum words of prose (code and front matter left out) per guide. */
const MIN_WORDS: Record<string, number> = {
  introduction: 300,
  getting_started: 1500,
  functions: 600,
  resources: 600,
  externals: 600,
  client: 600,
  deploying: 600,
};

function guideSource(id: string): {file: string; text: string} {
  for (const ext of ['.md', '.mdx']) {
    const file = path.join(ROOT, 'docs', id + ext);
    if (fs.existsSync(file)) return {file, text: fs.readFileSync(file, 'utf8')};
  }
  throw new Error(`no source for the guide ${id}`);
}

/** The prose of a markdown file: no front matter, no fenced code, no tags. */
function prose(text: string): string {
  return text
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(`{3,}|~{3,})[\s\S]*?^\1\s*$/gm, '')
    .replace(/<[^>]+>/g, ' ');
}

const words = (text: string) => text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;

/** Where each API name's reference page lives. */
const apiPage = new Map<string, string>();
for (const [pkg, kinds] of Object.entries(API)) {
  for (const [kind, names] of Object.entries(kinds)) {
    for (const name of names ?? []) apiPage.set(name, `/docs/api/${pkg}/${kind}/${name}`);
  }
}

test("the sidebar's guides are the nine the spec names", () => {
  expect([...GUIDES].sort()).toEqual([...SPEC_GUIDES].sort());
});

test('the guides come first in the sidebar, in order, each with a label', () => {
  const $ = readRoute('/docs/introduction');
  const links = $('.theme-doc-sidebar-menu > li > a.menu__link')
    .map((_, a) => ({href: $(a).attr('href'), label: $(a).text().trim()}))
    .get();
  // Spec §2: the sidebar's top link goes to the main doc.
  expect(links[0]?.href).toBe('/docs/introduction');
  expect(links.slice(0, GUIDES.length).map((l) => l.href)).toEqual(GUIDES.map((id) => `/docs/${id}`));
  for (const {label} of links.slice(0, GUIDES.length)) {
    expect(label.length).toBeGreaterThan(2);
    expect(label, 'a label, not a file name').not.toMatch(/_/);
  }
});

test('each guide has the depth of a real guide', () => {
  for (const [id, min] of Object.entries(MIN_WORDS)) {
    const count = words(prose(guideSource(id).text));
    expect(count, `${id}: ${count} words of prose`).toBeGreaterThanOrEqual(min);
  }
});

test('guides use h2 and h3 headings only', () => {
  for (const id of GUIDES) {
    const body = prose(guideSource(id).text);
    const bad = body.split('\n').filter((line) => /^(#|#{4,6})\s/.test(line));
    expect(bad, id).toEqual([]);
    const $ = readRoute(`/docs/${id}`);
    expect($('article h1'), `${id}: the title is the only h1`).toHaveLength(1);
    expect($('article .markdown').find('h4, h5, h6'), id).toHaveLength(0);
  }
});

test('every TypeScript sample compiles against the real packages', () => {
  const {failures, compiled, fragments, files} = checkSamples();
  expect(failures.map((f) => `${f.file}:${f.line}: ${f.message}`)).toEqual([]);
  // Guides, posts and the landing page's sample are all found.
  expect(files).toContain('docs/getting_started.mdx');
  expect(files.some((f) => f.startsWith('blog/'))).toBe(true);
  expect(files).toContain('src/pages/_home/sample.mdx');
  expect(compiled).toBeGreaterThan(20);
  // At most one block in ten may be a marked fragment.
  expect(fragments * 10).toBeLessThanOrEqual(compiled + fragments);
});

test('a sample that does not compile is reported with its file and line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-samples-'));
  try {
    fs.mkdirSync(path.join(dir, 'docs'));
    const page = '# t\n\n```ts\nconst ok = 1;\nconst n: number = "text";\n```\n';
    fs.writeFileSync(path.join(dir, 'docs', 'broken.md'), page);
    const {failures} = checkSamples(dir);
    expect(failures).toEqual([expect.objectContaining({file: 'docs/broken.md', line: 5})]);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('every API name of the spec is linked from the guides', () => {
  const linked = new Set<string>();
  for (const id of GUIDES) {
    const $ = readRoute(`/docs/${id}`);
    $('article a[href^="/docs/api/"]').each((_, a) => {
      linked.add(new URL($(a).attr('href')!, 'http://site').pathname);
    });
  }
  const missing = API_NAMES.filter((name) => !linked.has(apiPage.get(name)!));
  expect(missing).toEqual([]);
});

test('on each guide, the first mention of an API name in code links to its page', () => {
  const problems: string[] = [];
  for (const id of GUIDES) {
    const $ = readRoute(`/docs/${id}`);
    const seen = new Set<string>();
    // Inline code and links, in document order; code blocks (<pre>) are samples, not mentions.
    $('article .markdown')
      .find('code, a')
      .each((_, el) => {
        const $el = $(el);
        if ($el.closest('pre').length) return;
        // A link to an anchor of the same page (the glossary's own terms) is not a mention.
        if (($el.is('a') ? $el : $el.closest('a')).attr('href')?.startsWith('#')) return;
        const text = $el.text().trim();
        const name = text.replace(/\(\)$/, '');
        if (!apiPage.has(name) || seen.has(name)) return;
        if (el.tagName === 'a' || $el.closest('a').length || $el.find('a').length) {
          const href = ($el.is('a') ? $el : $el.closest('a').length ? $el.closest('a') : $el.find('a')).attr('href') ?? '';
          seen.add(name);
          if (new URL(href, 'http://site').pathname !== apiPage.get(name)) problems.push(`${id}: ${name} links to ${href}`);
          return;
        }
        seen.add(name);
        problems.push(`${id}: first mention of ${name} is not linked`);
      });
  }
  expect(problems).toEqual([]);
});

test('the glossary defines at least 25 terms, each with its own anchor, linked from the guides', () => {
  const $ = readRoute('/docs/glossary');
  const terms = $('article .markdown h3[id]')
    .map((_, h) => $(h).attr('id'))
    .get();
  expect(terms.length).toBeGreaterThanOrEqual(25);
  expect(new Set(terms).size).toBe(terms.length);
  const linked = new Set<string>();
  for (const id of GUIDES.filter((g) => g !== 'glossary')) {
    const page = readRoute(`/docs/${id}`);
    page('article a[href*="/docs/glossary#"]').each((_, a) => {
      linked.add(page(a).attr('href')!.split('#')[1]);
    });
  }
  const unlinked = terms.filter((t) => !linked.has(t));
  // A handful of terms only matter within the glossary itself.
  expect(unlinked.length, `terms no guide links: ${unlinked.join(', ')}`).toBeLessThanOrEqual(Math.floor(terms.length / 4));
  for (const anchor of linked) expect(terms, `a guide links #${anchor}`).toContain(anchor);
});

test('diagrams in the guides are our own SVGs with alt text and a size', () => {
  let count = 0;
  for (const id of GUIDES) {
    const $ = readRoute(`/docs/${id}`);
    $('article img').each((_, img) => {
      const $img = $(img);
      count++;
      expect($img.attr('alt')?.trim().length, `${id}: alt`).toBeGreaterThan(10);
      expect($img.attr('width'), `${id}: width`).toBeTruthy();
      expect($img.attr('height'), `${id}: height`).toBeTruthy();
      const src = $img.attr('src')!;
      expect(src, `${id}: served from the site`).toMatch(/^\/(img|assets)\//);
    });
  }
  expect(count).toBeGreaterThanOrEqual(2);
});

test('the content is original: the originality check reports 0 copied runs', () => {
  // The one test that reads outside the repository: the check and its corpus are the project's
  // shared tools, beside the site's folder, and not part of a clone of the site.
  const check = path.join(ROOT, '..', 'shared', 'originality', 'check.mjs');
  test.skip(!fs.existsSync(check), `${check} is not there (a clone of the site alone): originality not checked`);
  const out = execFileSync('node', [check, '--quiet'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(out.trim().split('\n').pop()).toMatch(/, 0 copied runs$/);
});
