// @ts-check
/**
 * "Used in" (issue 28 §3): the guide and post samples that use each symbol of the framework
 * packages, found by the compiler, as rustdoc's scraped examples are. The typed samples'
 * compile (./samples.mjs) resolves every identifier of every sample; an identifier whose
 * declaration is in `@skipruntime/*` or `@skip-adapter/*` is a use of that declaration's
 * top-level symbol, a member (`EagerCollection.map`) counting for its class or interface and
 * named with the use. A use is placed in its page's section: the heading above the sample,
 * with the id Docusaurus gives that heading (its `{#id}`, or the slug of its text).
 *
 * The API reference's TypeDoc step (api-sources/typedoc-used-in.mjs) calls `siteUsage` and
 * lists the uses on each symbol's page. Nothing here reads a file another plugin writes: the
 * pages' sources, and the same compile the typed blocks take (`sharedCompile`), so a build
 * compiles the samples once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import yaml from 'js-yaml';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import {createSlugger, parseMarkdownHeadingId} from '@docusaurus/utils';
import outlines from './outline.cjs';
import {collectSamples, sharedCompile} from './samples.mjs';

/**
 * @typedef {{kind: 'guide' | 'post', file: string, route: string, title: string}} Page
 * @typedef {{id: string, title: string}} Section
 * @typedef {{page: Page, section?: Section, members: string[]}} Use
 *   One section of a page whose samples use a symbol; `members` are the symbol's members
 *   they use (`map`, `getArray`), empty when they name only the symbol itself.
 */

/** Declarations in these packages are the API reference's symbols. */
const PACKAGES = /[\\/]node_modules[\\/](?:@skipruntime|@skip-adapter)[\\/]/;

/**
 * The key of a top-level declaration, the same from any compile that sees the file: its
 * file's real path and its name. TypeDoc's step computes it from its own program.
 * @param {string} fileName
 * @param {string} name
 */
export function declarationKey(fileName, name) {
  let file = path.resolve(fileName);
  try {
    file = fs.realpathSync(file);
  } catch {
    // A file the compiler saw that is gone: its path as given.
  }
  return `${file.split(path.sep).join('/')}#${name}`;
}

/** A heading's text as Docusaurus reads it: the Markdown's text content, HTML left out. */
function headingText(/** @type {string} */ markdown) {
  /** @param {any} node @returns {string} */
  const text = (node) =>
    node.type === 'html'
      ? ''
      : (node.value ?? node.alt ?? (node.children ?? []).map(text).join(''));
  return text(unified().use(remarkParse).parse(markdown));
}

/**
 * The id of every heading of a page, as Docusaurus's heading step gives them
 * (@docusaurus/mdx-loader, remark/headings): an explicit `{#id}`, or the slug of the
 * heading's text, numbered when a slug repeats on the page.
 * @param {{line: number, text: string}[]} headings
 * @returns {(Section & {line: number})[]}
 */
export function headingIds(headings) {
  const slugger = createSlugger();
  return headings.map(({line, text}) => {
    const parsed = parseMarkdownHeadingId(headingText(text), 'classic');
    return {line, id: parsed.id ?? slugger.slug(parsed.text), title: parsed.text};
  });
}

/**
 * The page a guide or post is, from its path and front matter: its route, title and kind.
 * @param {string} file Path relative to the site (`docs/x.md`, `blog/2025-01-01-x.md`).
 * @param {string} frontMatter The raw YAML.
 * @returns {Page}
 */
export function pageOf(file, frontMatter) {
  const data = /** @type {Record<string, unknown>} */ (yaml.load(frontMatter) ?? {});
  const name = path.posix.basename(file).replace(/\.mdx?$/, '');
  const title = typeof data.title === 'string' ? data.title : name;
  if (file.startsWith('blog/')) {
    // Every post names its slug (the front-matter check of the blog refuses a post without).
    if (typeof data.slug !== 'string') throw new Error(`${file}: a post without a slug`);
    return {kind: 'post', file, route: `/blog/${data.slug.replace(/^\//, '')}`, title};
  }
  const dir = path.posix.dirname(file.replace(/^docs\/?/, ''));
  const folder = dir === '.' ? '' : `${dir}/`;
  const slug = typeof data.slug === 'string' ? data.slug : undefined;
  const id = typeof data.id === 'string' ? data.id : name;
  const route = slug?.startsWith('/') ? `/docs${slug}` : `/docs/${folder}${slug ?? id}`;
  return {kind: 'guide', file, route, title};
}

/**
 * The symbol a package declaration belongs to, and the member path under it: a method of an
 * interface is a use of the interface, named by the method.
 * @param {ts.Symbol} symbol
 * @returns {{owner: ts.Symbol, member: string}}
 */
function ownerOf(symbol) {
  // `parent` is the compiler's own link from a member to its container (not in its typings).
  const parentOf = (/** @type {ts.Symbol} */ s) =>
    /** @type {ts.Symbol & {parent?: ts.Symbol}} */ (s).parent;
  let owner = symbol;
  const members = [];
  for (let up = parentOf(owner); up && !up.declarations?.some(ts.isSourceFile); up = parentOf(up)) {
    members.unshift(owner.name);
    owner = up;
  }
  return {owner, member: members.join('.')};
}

/**
 * The symbols of the packages a sample uses: each top-level symbol's keys, with the members of
 * it named. An import names a symbol without using it, so imports and exports are skipped.
 * @param {ts.Program} program
 * @param {string} fileName The sample's file in the compile.
 * @returns {Map<string, Set<string>>} members ('' for the symbol itself) by declaration key
 */
export function symbolsUsed(program, fileName) {
  const source = program.getSourceFile(fileName);
  /** @type {Map<string, Set<string>>} */
  const used = new Map();
  if (!source) return used;
  const checker = program.getTypeChecker();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isIdentifier(node)) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const inPackage = symbol?.declarations?.some((d) =>
        PACKAGES.test(d.getSourceFile().fileName),
      );
      if (symbol && inPackage) {
        const {owner, member} = ownerOf(symbol);
        for (const declaration of owner.declarations ?? []) {
          const file = declaration.getSourceFile().fileName;
          if (!PACKAGES.test(file) || owner.name.startsWith('__')) continue;
          const key = declarationKey(file, owner.name);
          used.set(key, (used.get(key) ?? new Set()).add(member));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/**
 * The uses of every package symbol by the guides' and posts' samples, by declaration key, in
 * page then section order, one entry per section.
 * @param {string} siteDir The site whose `docs/` and `blog/` are read.
 * @param {{file: string, line: number}[]} samples The samples of the compile (./samples.mjs).
 * @param {{program: ts.Program, byFile: Map<string, object>}} compile Their compile.
 * @returns {Map<string, Use[]>}
 */
export function indexUsage(siteDir, samples, {program, byFile}) {
  const fileOf = new Map([...byFile].map(([file, sample]) => [sample, file]));
  /** @type {Map<string, {page: Page, sections: (Section & {line: number})[]}>} */
  const pages = new Map();
  for (const outline of outlines.pageOutlines(siteDir)) {
    pages.set(outline.file, {
      page: pageOf(outline.file, outline.frontMatter),
      sections: headingIds(outline.headings),
    });
  }
  /** @type {Map<string, Map<string, Use>>} uses by key, then by page and section */
  const index = new Map();
  for (const sample of samples) {
    const where = pages.get(sample.file.split(path.sep).join('/'));
    const file = fileOf.get(sample);
    if (!where || !file) continue;
    const section = where.sections.filter((s) => s.line < sample.line).at(-1);
    const at = `${where.page.route}#${section?.id ?? ''}`;
    for (const [key, members] of symbolsUsed(program, file)) {
      const uses = index.get(key) ?? new Map();
      index.set(key, uses);
      const use = uses.get(at) ?? {
        page: where.page,
        ...(section && {section: {id: section.id, title: section.title}}),
        members: [],
      };
      uses.set(at, use);
      for (const member of members) {
        if (member && !use.members.includes(member)) use.members.push(member);
      }
    }
  }
  return new Map([...index].map(([key, uses]) => [key, [...uses.values()]]));
}

/** @type {{key: string, index: Map<string, Use[]>} | undefined} */
let memo;

/**
 * The usage index of the site, from the compile its typed blocks share (./samples.mjs,
 * `sharedCompile`). Kept while the samples and the pages' outlines are the same, so the five
 * TypeDoc instances of a build make it once.
 * @param {string} siteDir
 */
export function siteUsage(siteDir) {
  const samples = collectSamples(siteDir);
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify(samples))
    .update(outlines.usageInputs(siteDir))
    .digest('hex');
  if (memo?.key !== key) {
    const compile = sharedCompile(samples);
    memo = {key, index: indexUsage(siteDir, compile.samples, compile)};
  }
  return memo.index;
}
