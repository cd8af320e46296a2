// @ts-check
// A TypeDoc plugin: every "Defined in" of the API reference points at the declaration in the
// Skip repository at the packages' tag (issue 28 §4), file and line.
// TypeDoc reads the packages' published `.d.ts` files, so its own source links (the options
// `sourceLinkTemplate`, `gitRevision`, `disableGit` in packages.ts) would name `dist/…d.ts` and
// its lines. The packages ship declaration maps (`.d.ts.map`) to their `src/`, and their
// `src/` is the repository's file at the tag: this step follows each declaration map and
// turns the package-relative path into the repository's (`sourceRepository` option, from the
// package table), then fills TypeDoc's `sourceLinkTemplate` with it. A declaration outside the
// packages (TypeScript's own `Error` members) loses its link rather than get a wrong one; a
// declaration of a package that has no mapped position fails the generation.
import fs from 'node:fs';
import path from 'node:path';
import {TraceMap, originalPositionFor, LEAST_UPPER_BOUND} from '@jridgewell/trace-mapping';
import {Converter, DeclarationReflection, ParameterType, SignatureReflection} from 'typedoc';
import {MarkdownPageEvent} from 'typedoc-plugin-markdown';

/**
 * @typedef {object} SourceRepository
 * @property {Record<string, string>} packages npm name → the package's folder in the repository.
 * @property {Record<string, string>} copied A folder the packages' build copies into a package
 *   (its first path segment there) → where it lives in the repository.
 */

/** @param {string} file */
function packageRootOf(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      return {
        dir,
        name: /** @type {{name: string}} */ (JSON.parse(fs.readFileSync(manifest, 'utf8'))).name,
      };
    }
  }
  return undefined;
}

/**
 * Where a position of a package's declaration file is declared in the repository, or
 * undefined when the file belongs to none of the packages.
 * @param {SourceRepository} repository
 * @param {(file: string) => TraceMap} mapOf The declaration map of a declaration file.
 * @param {string} file Absolute path of a `.d.ts` file.
 * @param {number} line 1-based.
 * @param {number} column 0-based.
 * @returns {{path: string, line: number} | undefined}
 */
export function repositoryPosition(repository, mapOf, file, line, column) {
  const pkg = packageRootOf(file);
  if (!pkg || !(pkg.name in repository.packages)) return undefined;
  const map = mapOf(file);
  let original = originalPositionFor(map, {line, column});
  if (original.source === null)
    original = originalPositionFor(map, {line, column, bias: LEAST_UPPER_BOUND});
  if (original.source === null || original.line === null) {
    throw new Error(`${file}:${line}:${column} has no position in its declaration map`);
  }
  const inPackage = path.relative(pkg.dir, original.source).split(path.sep).join('/');
  const [first, ...rest] = inPackage.split('/');
  const copied = repository.copied[first];
  const repoPath = copied
    ? [copied, ...rest].join('/')
    : `${repository.packages[pkg.name]}/${inPackage}`;
  return {path: repoPath, line: original.line};
}

/**
 * A page with its own "Defined in" line moved from above its description to the end of its
 * introduction (before its first `##` section): Docusaurus takes a page's first paragraph as
 * its description (the meta description, llms.txt), which must stay the symbol's summary.
 * @param {string} contents The page's Markdown.
 */
export function sourceAfterIntroduction(contents) {
  const lines = contents.split('\n');
  let fenced = false;
  let source = -1;
  let section = -1;
  for (const [index, line] of lines.entries()) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && source < 0 && line.startsWith('Defined in: ')) source = index;
    else if (!fenced && line.startsWith('## ')) {
      section = index;
      break;
    }
  }
  if (source < 0) return contents;
  const removed = lines[source + 1] === '' ? 2 : 1;
  const [line] = lines.splice(source, removed);
  if (section < 0) lines.push('', /** @type {string} */ (line));
  else lines.splice(section - removed, 0, /** @type {string} */ (line), '');
  return lines.join('\n');
}

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  app.options.addDeclaration({
    name: 'sourceRepository',
    help: 'The packages and copied folders by their path in the repository (api-sources/packages.ts).',
    type: ParameterType.Mixed,
    defaultValue: {packages: {}, copied: {}},
  });

  /** @type {Map<string, TraceMap>} */
  const maps = new Map();
  /** @param {string} file */
  const mapOf = (file) => {
    let map = maps.get(file);
    if (!map) {
      map = new TraceMap(fs.readFileSync(`${file}.map`, 'utf8'), `${file}.map`);
      maps.set(file, map);
    }
    return map;
  };

  // After TypeDoc's own source step (priority 0), which set the `.d.ts` positions.
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      if (app.options.getValue('disableSources')) return;
      const repository = /** @type {SourceRepository} */ (app.options.getValue('sourceRepository'));
      const template = app.options.getValue('sourceLinkTemplate');
      const revision = app.options.getValue('gitRevision');
      // TypeDoc shares one array between a signature and its declaration: map each once.
      /** @type {WeakSet<import('typedoc').SourceReference>} */
      const done = new WeakSet();
      for (const reflection of Object.values(context.project.reflections)) {
        const declared =
          reflection instanceof DeclarationReflection || reflection instanceof SignatureReflection;
        if (!declared || !reflection.sources) continue;
        reflection.sources = reflection.sources.filter((source) => {
          if (done.has(source)) return true;
          const at = repositoryPosition(
            repository,
            mapOf,
            source.fullFileName,
            source.line,
            source.character,
          );
          if (!at) return false;
          // Shown as the link's text: the repository's path, not a local one.
          source.fileName = /** @type {import('typedoc').NormalizedPath} */ (at.path);
          source.line = at.line;
          source.url = template
            .replaceAll('{gitRevision}', revision)
            .replaceAll('{path}', at.path)
            .replaceAll('{line}', String(at.line));
          done.add(source);
          return true;
        });
        if (reflection.sources.length === 0) reflection.sources = undefined;
      }
    },
    -100,
  );

  // Listed after typedoc-notes.mjs in the plugin option, so this runs after the notes step
  // and a note on the symbol stays right under the description it corrects.
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.contents && page.model !== page.project) {
      page.contents = sourceAfterIntroduction(page.contents);
    }
  });
}
