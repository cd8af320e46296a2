// @ts-check
// A TypeDoc plugin: "Used in" on the API pages (issue 28 §3). Each symbol's page ends with the
// sections of the guides and posts whose samples use the symbol, found by the samples' compile
// (src/plugins/typed-samples/usage.mjs), never listed by hand: a new sample that calls `Count`
// lists its section on Count's page with no other edit. A member's use counts for its class or
// interface (`EagerCollection.map` on EagerCollection's page) and is named beside the section.
// The guides come in reading order (the `usedInGuides` option, from guides.ts), then the posts,
// newest first.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {Converter, ParameterType} from 'typedoc';
import {MarkdownPageEvent} from 'typedoc-plugin-markdown';
import {declarationKey, siteUsage} from '../src/plugins/typed-samples/usage.mjs';

/** @typedef {import('../src/plugins/typed-samples/usage.mjs').Use} Use */

/** The site whose guides and posts are read: this file's folder's parent. */
const siteDir = fileURLToPath(new URL('..', import.meta.url));

/** Link text in Markdown: brackets and backslashes escaped. */
const linkText = (/** @type {string} */ text) => text.replace(/[\\[\]]/g, '\\$&');

/**
 * The "Used in" section of a symbol's page, or '' when no sample uses the symbol: each page,
 * then its sections linked, each followed by the members its samples use.
 * @param {string} name The symbol's name.
 * @param {Use[]} uses
 * @param {readonly string[]} guideOrder Guide ids in reading order (`docs/<id>.md`).
 */
export function usedInSection(name, uses, guideOrder) {
  if (uses.length === 0) return '';
  /** @type {Map<string, Use[]>} */
  const byPage = new Map();
  for (const use of uses) byPage.set(use.page.file, [...(byPage.get(use.page.file) ?? []), use]);
  const guideRank = (/** @type {string} */ file) => {
    const rank = guideOrder.indexOf(path.posix.basename(file).replace(/\.mdx?$/, ''));
    return rank < 0 ? guideOrder.length : rank;
  };
  const pages = [...byPage.values()];
  const list = (/** @type {Use[][]} */ group) =>
    group.flatMap((sections) => {
      const {page} = sections[0];
      return [
        `- [${linkText(page.title)}](${page.route})`,
        ...sections.map(({section, members}) => {
          const link = section
            ? `[${linkText(section.title)}](${page.route}#${section.id})`
            : `[its opening](${page.route})`;
          const named = members.map((m) => `\`${m}\``).join(', ');
          return `  - ${link}${named ? ` (${named})` : ''}`;
        }),
      ];
    });
  const guides = pages
    .filter((p) => p[0].page.kind === 'guide')
    .sort(
      (a, b) =>
        guideRank(a[0].page.file) - guideRank(b[0].page.file) ||
        a[0].page.file.localeCompare(b[0].page.file),
    );
  // A post's file name starts with its date: newest first.
  const posts = pages
    .filter((p) => p[0].page.kind === 'post')
    .sort((a, b) => b[0].page.file.localeCompare(a[0].page.file));
  const withMembers = uses.some((use) => use.members.length > 0);
  const parts = [
    '## Used in',
    '',
    `The sections of the guides and posts whose code samples use \`${name}\`, found by compiling the samples.${withMembers ? ` In parentheses, the members of \`${name}\` they use.` : ''}`,
  ];
  if (guides.length > 0) parts.push('', 'In the guides:', '', ...list(guides));
  if (posts.length > 0) parts.push('', 'In the posts:', '', ...list(posts));
  return `${parts.join('\n')}\n`;
}

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  app.options.addDeclaration({
    name: 'usedInGuides',
    help: 'The guide ids in reading order, the order of the "Used in" lists.',
    type: ParameterType.Array,
    defaultValue: [],
  });

  /** @type {Map<unknown, {name: string, uses: Use[]}>} The uses by reflection. */
  const byReflection = new Map();
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    byReflection.clear();
    const index = siteUsage(siteDir);
    for (const child of context.project.children ?? []) {
      let symbol = context.getSymbolFromReflection(child);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
        symbol = context.checker.getAliasedSymbol(symbol);
      }
      const keys = (symbol?.declarations ?? []).map((d) =>
        declarationKey(d.getSourceFile().fileName, /** @type {ts.Symbol} */ (symbol).name),
      );
      const uses = [...new Set(keys)].flatMap((key) => index.get(key) ?? []);
      if (uses.length > 0) byReflection.set(child, {name: child.name, uses});
    }
  });
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    const found = byReflection.get(page.model);
    if (!found || !page.contents) return;
    const section = usedInSection(found.name, found.uses, app.options.getValue('usedInGuides'));
    page.contents = `${page.contents.trimEnd()}\n\n${section}`;
  });
}
