// @ts-check
/**
 * The outline of the guides and posts that the "Used in" lists of the API reference are made
 * from (./usage.mjs): per page, its front matter and, in page order, its headings and its
 * TypeScript samples. Nothing else of a page decides what those lists say, so the API
 * reference's inputs hash (api-sources/packages.ts, `apiInputsHash`) hashes this outline:
 * an edit to a guide's prose leaves the reference alone; a new sample, a moved one or a
 * renamed heading regenerates it.
 *
 * CommonJS so that api-sources/packages.ts, which every loader reads as CommonJS, can call it,
 * and cheap: no parsing beyond lines (fences by ../../lib/fences.cjs, the one fence parser).
 */
const fs = require('node:fs');
const path = require('node:path');
const {extractBlocks} = require('../../lib/fences.cjs');

/** The fence languages the samples' compile types (./samples.mjs, `TS_LANGS`). */
const TS_LANGS = new Set(['ts', 'tsx', 'typescript']);

/**
 * @typedef {{line: number, depth: number, text: string}} Heading
 *   line is 1-based; text is the heading's Markdown, explicit `{#id}` included.
 * @typedef {{line: number, code: string, meta: string, lang: string}} Sample
 * @typedef {{file: string, frontMatter: string, headings: Heading[], samples: Sample[]}} Outline
 */

/**
 * The Markdown and MDX files of the guides (`docs/`, the generated `docs/api/` left out) and of
 * the posts (`blog/`), as paths relative to the site, sorted.
 * @param {string} siteDir
 * @returns {string[]}
 */
function pageFiles(siteDir) {
  /** @type {string[]} */
  const out = [];
  for (const top of ['docs', 'blog']) {
    const dir = path.join(siteDir, top);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, {recursive: true, withFileTypes: true})) {
      const rel = path.relative(siteDir, path.join(entry.parentPath, entry.name));
      const posix = rel.split(path.sep).join('/');
      if (!entry.isFile() || !/\.mdx?$/.test(entry.name) || posix.startsWith('docs/api/')) continue;
      out.push(posix);
    }
  }
  return out.sort();
}

/**
 * A page's front matter (the raw YAML), headings and TypeScript samples. Headings inside code
 * fences, and lines of the front matter, are not headings.
 * @param {string} file The page's path relative to the site (kept in the result).
 * @param {string} text The page's source.
 * @returns {Outline}
 */
function outline(file, text) {
  const lines = text.split('\n');
  let start = 0;
  let frontMatter = '';
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
    if (end > 0) {
      frontMatter = lines.slice(1, end).join('\n');
      start = end + 1;
    }
  }
  const blocks = extractBlocks(text);
  // The lines that code fences hold, their opening and closing lines included.
  const fenced = new Set();
  for (const block of blocks) {
    const length = block.code === '' ? 0 : block.code.split('\n').length;
    for (let i = 0; i <= length + 1; i++) fenced.add(block.line + i);
  }
  /** @type {Heading[]} */
  const headings = [];
  for (let i = start; i < lines.length; i++) {
    if (fenced.has(i + 1)) continue;
    const match = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(lines[i] ?? '');
    if (match) headings.push({line: i + 1, depth: match[1].length, text: match[2]});
  }
  const samples = blocks
    .filter((block) => TS_LANGS.has(block.lang))
    .map(({line, code, meta, lang}) => ({line, code, meta, lang}));
  return {file, frontMatter, headings, samples};
}

/**
 * The outline of every guide and post that has a TypeScript sample (a page without one uses
 * no symbol), in file order.
 * @param {string} siteDir
 * @returns {Outline[]}
 */
function pageOutlines(siteDir) {
  return pageFiles(siteDir)
    .map((file) => outline(file, fs.readFileSync(path.join(siteDir, file), 'utf8')))
    .filter((page) => page.samples.length > 0);
}

/**
 * What the usage index depends on, as text to hash: each page's outline without its line
 * numbers (which prose above a sample changes without changing where the sample is).
 * @param {string} siteDir
 * @returns {string}
 */
function usageInputs(siteDir) {
  return JSON.stringify(
    pageOutlines(siteDir).map(({file, frontMatter, headings, samples}) => {
      // Headings and samples interleaved, in page order: which heading a sample is under.
      const items = [
        ...headings.map((h) => ({line: h.line, heading: `${'#'.repeat(h.depth)} ${h.text}`})),
        ...samples.map((s) => ({line: s.line, sample: [s.lang, s.meta, s.code]})),
      ].sort((a, b) => a.line - b.line);
      return {file, frontMatter, items: items.map(({line: _line, ...item}) => item)};
    }),
  );
}

module.exports = {outline, pageFiles, pageOutlines, usageInputs, TS_LANGS};
