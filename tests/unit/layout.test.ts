/**
 * Two rules of the code's layout (CONTRIBUTING.md, "Code"): what the site and the bench run
 * lives under src/ and scripts/, and the tests import it from there, never the reverse; and
 * no file there grows past 400 lines, the point at which a file is split by concern.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {ROOT} from '../../src/lib/root.cjs';

const CODE = /\.(ts|tsx|mjs|cjs|js|css)$/;
const MAX_LINES = 400;

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(rel);
    return CODE.test(entry.name) ? [rel] : [];
  });
}

/** Module specifiers of `text` (import … from, import(), require(), export … from). */
export function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm,
  )) {
    found.push(m[1]);
  }
  return found;
}

/** The specifiers of `file` that resolve into the project's tests/ folder. */
export function importsFromTests(file: string, text: string): string[] {
  return specifiers(text).filter((spec) => {
    if (!spec.startsWith('.')) return spec.startsWith('@site/tests/');
    const target = path.resolve(ROOT, path.dirname(file), spec);
    return path.relative(ROOT, target).split(path.sep)[0] === 'tests';
  });
}

test('the import check sees relative, @site and dynamic imports into tests/', () => {
  const sample = [
    "import {x} from '../../../tests/lib/a';",
    "const y = require('../../../tests/lib/b.cjs');",
    "import w from '../../tests/lib/not-the-tests-folder';",
    "await import('@site/tests/lib/c');",
    "import z from './tests-like';",
  ].join('\n');
  assert.deepEqual(importsFromTests('src/plugins/p/index.ts', sample), [
    '../../../tests/lib/a',
    '../../../tests/lib/b.cjs',
    '@site/tests/lib/c',
  ]);
});

test('nothing under src/ or scripts/ imports from tests/', () => {
  const code = [...files('src'), ...files('scripts')];
  assert.ok(code.length > 50, `files found: ${code.length}`);
  const offenders = code.flatMap((file) =>
    importsFromTests(file, fs.readFileSync(path.join(ROOT, file), 'utf8')).map(
      (spec) => `${file}: ${spec}`,
    ),
  );
  assert.deepEqual(offenders, []);
});

test(`no file under src/ or scripts/ is over ${MAX_LINES} lines`, () => {
  const long = [...files('src'), ...files('scripts')]
    .map((file) => ({
      file,
      lines: fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1,
    }))
    .filter(({lines}) => lines > MAX_LINES);
  assert.deepEqual(long, []);
});
