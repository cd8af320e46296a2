/**
 * What a newcomer types works (issue 31 §6): every install of a Skip package that a page
 * shows names version 0.0.15, the version the site is built and tested against, and every
 * install of TypeScript names the minor version the samples are compiled with (our own
 * devDependency), since an unpinned `npm i -D typescript` brings a major whose `tsc` refuses
 * the guides' commands. A `package.json` shown on a page pins the same versions.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP_VERSION = '0.0.15';
const SKIP_PACKAGE = /^@(skipruntime|skip-adapter|skiplabs)\//;

/** The minor version of TypeScript the site compiles its samples with, e.g. "5.9". */
function typescriptMinor(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const match = /(\d+)\.(\d+)/.exec(pkg.devDependencies.typescript);
  assert.ok(match, 'package.json pins typescript');
  return `${match[1]}.${match[2]}`;
}

/** Pages and page parts a reader sees: guides, posts and the landing page's sources. */
function pageFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(ROOT, 'docs', 'api')) walk(full);
      } else if (/\.(md|mdx|tsx)$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of ['docs', 'blog', 'src/pages']) walk(path.join(ROOT, dir));
  return files;
}

type Problem = {where: string; spec: string};

/**
 * The package specs of each install command in `text` (npm i/install/add, pnpm add/i/install,
 * yarn add) that name a Skip package or TypeScript without the expected version.
 */
export function unpinnedInstalls(text: string, tsMinor: string, file = '<text>'): Problem[] {
  const problems: Problem[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const m of line.matchAll(
      /\b(?:npm\s+(?:i|install|add)|pnpm\s+(?:add|i|install)|yarn\s+add)\s+([^`"'<\n;&|]*)/g,
    )) {
      for (const spec of m[1].split(/\s+/).filter((word) => word && !word.startsWith('-'))) {
        const at = spec.lastIndexOf('@');
        const name = at > 0 ? spec.slice(0, at) : spec;
        const version = at > 0 ? spec.slice(at + 1) : '';
        const ok = SKIP_PACKAGE.test(name)
          ? version === SKIP_VERSION
          : name === 'typescript'
            ? version === tsMinor || version.startsWith(`${tsMinor}.`) || version === `~${tsMinor}`
            : true;
        if (!ok) problems.push({where: `${file}:${index + 1}`, spec});
      }
    }
    // A package.json shown on a page: "name": "version".
    for (const m of line.matchAll(/"(@[\w-]+\/[\w.-]+|typescript)"\s*:\s*"([^"]*)"/g)) {
      const [, name, range] = m;
      const ok = SKIP_PACKAGE.test(name)
        ? range === SKIP_VERSION
        : name === 'typescript'
          ? new RegExp(`^[~=]?${tsMinor.replace('.', '\\.')}(\\.\\d+)?$`).test(range)
          : true;
      if (!ok) problems.push({where: `${file}:${index + 1}`, spec: `${name}: ${range}`});
    }
  });
  return problems;
}

test('the install check finds an unpinned Skip package, an unpinned TypeScript and a loose package.json', () => {
  const sample = [
    'npm i @skipruntime/core @skipruntime/server@0.0.15',
    'npm install -D typescript @types/node',
    'pnpm add @skip-adapter/postgres@latest',
    '"@skipruntime/helpers": "^0.0.15",',
    '"typescript": "^7.0.0"',
    'npm i @skipruntime/core@0.0.15 && npm i -D typescript@5.9 tsx',
    '"typescript": "~5.9.3"',
  ].join('\n');
  assert.deepEqual(
    unpinnedInstalls(sample, '5.9').map((problem) => problem.spec),
    [
      '@skipruntime/core',
      'typescript',
      '@skip-adapter/postgres@latest',
      '@skipruntime/helpers: ^0.0.15',
      'typescript: ^7.0.0',
    ],
  );
});

test('every install of a Skip package or TypeScript on a page is pinned (0.0.15, and our TypeScript minor)', () => {
  const tsMinor = typescriptMinor();
  const files = pageFiles();
  assert.ok(files.length > 20, `pages found: ${files.length}`);
  const problems = files.flatMap((file) =>
    unpinnedInstalls(fs.readFileSync(file, 'utf8'), tsMinor, path.relative(ROOT, file)),
  );
  assert.deepEqual(problems, []);
});
