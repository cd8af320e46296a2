/**
 * What the project's own documentation promises about itself: the README stays short, the
 * paths the README, CONTRIBUTING.md, UPGRADING.md and the features' READMEs name exist (so a
 * move or a rename cannot leave them behind silently), and every reach into Docusaurus
 * internals under src/ is named in UPGRADING.md, the register of what an upgrade must check.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../src/lib/root.cjs';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Files of a folder of the repository, recursively, relative to the root. */
function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), {withFileTypes: true})) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (keep(child)) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  'UPGRADING.md',
  ...filesUnder('src', (file) => path.posix.basename(file) === 'README.md'),
  ...filesUnder('scripts', (file) => path.posix.basename(file) === 'README.md'),
  ...filesUnder('api-sources', (file) => path.posix.basename(file) === 'README.md'),
];

/** Where a named path may start: the repository's folders and its top-level files. */
const ROOTS = /^(src|tests|scripts|docs|blog|static|api-sources|\.github|\.ci)\//;
const TOP_FILES = new Set(
  fs
    .readdirSync(ROOT, {withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => e.name),
);
/** Generated or local output, absent from a fresh clone. */
const GENERATED = /^(docs\/api|build|bench-results|test-results|node_modules|\.docusaurus)(\/|$)/;

/**
 * The repository paths a Markdown document names: words in code spans that start at one of
 * the repository's folders or are one of its top-level files, and the targets of relative
 * links (resolved from the document's folder). Patterns (`<id>`, `{a,b}`, `*`, `…`) are not
 * paths and are skipped.
 */
function namedPaths(doc: string): string[] {
  const text = read(doc);
  const names = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    for (let word of span!.split(/\s+/)) {
      word = word
        .replace(/[),;.]+$/, '')
        .replace(/#.*$/, '')
        .replace(/:\d[\d-]*$/, '');
      if (/[<>{}*…$]/.test(word)) continue;
      if (ROOTS.test(word) || TOP_FILES.has(word)) names.add(word.replace(/\/$/, ''));
    }
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:|^#/.test(target!)) continue;
    const resolved = path.posix.normalize(
      path.posix.join(path.posix.dirname(doc), target!.replace(/#.*$/, '')),
    );
    if (!resolved.startsWith('..')) names.add(resolved.replace(/\/$/, ''));
  }
  return [...names].filter((name) => !GENERATED.test(name));
}

test('the README stays a page a newcomer reads: under 200 lines', () => {
  const lines = read('README.md').split('\n').length;
  assert.ok(lines < 200, `README.md has ${lines} lines`);
});

test('every path the README, CONTRIBUTING.md, UPGRADING.md and the features’ READMEs name exists', () => {
  const missing: string[] = [];
  let named = 0;
  for (const doc of DOCUMENTS) {
    for (const name of namedPaths(doc)) {
      named++;
      if (!fs.existsSync(path.join(ROOT, name))) missing.push(`${doc}: ${name}`);
    }
  }
  assert.ok(named > 100, `only ${named} paths found: is the extraction reading the documents?`);
  assert.deepEqual(missing, []);
});

/** A reach into Docusaurus internals, as it is written in code (not in a comment's prose). */
const REACHES = [
  /from\s+['"](?:@docusaurus\/[\w-]+\/(?:internal|lib\/)|@theme-(?:original|init)\/)[^'"]*['"]/,
  /(?:require|import)\(\s*['"](?:@docusaurus\/[\w-]+\/(?:internal|lib\/)|@theme-(?:original|init)\/)/,
  /new\s+(?:[\w.]+\.)?NormalModuleReplacementPlugin\s*\(|\{\s*NormalModuleReplacementPlugin\s*\}/,
  /__webpack_public_path__\s*=/,
];

/**
 * The pieces UPGRADING.md registers: the paths in the first cell of its tables' rows (the
 * register's "Piece", the replaced components) and those of its list of wrapped components.
 * A path named only in passing (in "Depends on", say) registers nothing.
 */
function registerNames(): string[] {
  const text = read('UPGRADING.md');
  const pieces: string[] = [];
  for (const line of text.split('\n')) {
    const cell = /^\|([^|]+)\|/.exec(line)?.[1];
    if (cell) pieces.push(cell);
  }
  const wrapped = /\nEvery other swizzled component[\s\S]*?\n\n(?:[-\s][\s\S]*?)(?=\n\n)/.exec(
    text,
  );
  if (wrapped) pieces.push(wrapped[0]);
  const names = new Set<string>();
  for (const piece of pieces)
    for (const [, span] of piece.matchAll(/`([^`]+)`/g))
      if (ROOTS.test(span!)) names.add(span!.replace(/\/$/, ''));
  return [...names];
}

/** A file is registered when its path, or the folder of its plugin or component, is. */
function registered(file: string, names: string[]): boolean {
  return names.some(
    (name) => file === name || (name.split('/').length >= 3 && file.startsWith(`${name}/`)),
  );
}

test('every file under src/ that reaches into Docusaurus internals is registered in UPGRADING.md', () => {
  const names = registerNames();
  const reaching = filesUnder('src', (file) => /\.(tsx?|jsx?|cjs|mjs)$/.test(file)).filter((file) =>
    REACHES.some((reach) => reach.test(read(file))),
  );
  assert.ok(
    reaching.length >= 10,
    `only ${reaching.length} reaches found: are the patterns right?`,
  );
  assert.deepEqual(
    reaching.filter((file) => !registered(file, names)),
    [],
    'give each a row (or a line) in UPGRADING.md with what it buys and its test',
  );
});

test('every swizzled theme component, wrapped or replaced, is registered in UPGRADING.md', () => {
  const names = registerNames();
  const swizzled = filesUnder('src/theme', (file) => /\/index\.tsx?$/.test(file)).map((file) =>
    path.posix.dirname(file),
  );
  // A plugin's own theme components are registered with their plugin.
  const pluginThemes = filesUnder('src/plugins', (file) => /\/theme\/.*\/index\.tsx?$/.test(file));
  assert.ok(swizzled.length >= 10, `only ${swizzled.length} theme components found`);
  assert.deepEqual(
    [
      ...swizzled.filter((dir) => !names.includes(dir)),
      ...pluginThemes.filter((file) => !registered(file, names)),
    ],
    [],
  );
});
