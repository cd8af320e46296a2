/**
 * tests/runnable/claims.md says, in prose, which section of a page each block proves
 * (`client.mdx "Reconnecting"`). A section renamed or moved leaves those words naming nothing, so
 * a maintainer reading a claim can no longer find the sentence it proves. This keeps them true:
 * every heading a claim names in quotes after a page's file name is a heading of that page.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The headings of every guide and post, by file name, as written (without an `{#id}`). */
function headingsByFile(): Map<string, Set<string>> {
  const byFile = new Map<string, Set<string>>();
  for (const dir of ['docs', 'blog']) {
    for (const name of fs.readdirSync(path.join(ROOT, dir))) {
      if (!/\.mdx?$/.test(name)) continue;
      const text = fs.readFileSync(path.join(ROOT, dir, name), 'utf8');
      const headings = [...text.matchAll(/^#{1,6} (.+?)(?:\s*\{#[^}]*\})?\s*$/gm)].map(
        (m) => m[1]!,
      );
      byFile.set(name, new Set(headings));
    }
  }
  return byFile;
}

/** Each `page.mdx "A", "B" and "C"` of the text: the page and the quoted names, spaces collapsed. */
export function namedSections(text: string): {file: string; heading: string; line: number}[] {
  const found: {file: string; heading: string; line: number}[] = [];
  for (const m of text.matchAll(/([\w-]+\.mdx?),?((?:,? (?:and )?"[^"]+")+)/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    for (const q of m[2]!.matchAll(/"([^"]+)"/g)) {
      found.push({file: m[1]!, heading: q[1]!.replace(/\s+/g, ' '), line});
    }
  }
  return found;
}

test('the parser finds every section a claim names after a page', () => {
  assert.deepEqual(
    namedSections(
      'client.mdx "Errors" and "Troubleshooting\nstreams"; resources.mdx, "Watermarks"',
    ),
    [
      {file: 'client.mdx', heading: 'Errors', line: 1},
      {file: 'client.mdx', heading: 'Troubleshooting streams', line: 1},
      {file: 'resources.mdx', heading: 'Watermarks', line: 2},
    ],
  );
});

test('every section claims.md names is a heading of its page', () => {
  const headings = headingsByFile();
  const named = namedSections(fs.readFileSync(path.join(ROOT, 'tests/runnable/claims.md'), 'utf8'));
  assert.ok(named.length > 50, `${named.length} named sections`);
  const missing = named.filter(
    (n) => headings.has(n.file) && !headings.get(n.file)!.has(n.heading),
  );
  assert.deepEqual(
    missing.map((n) => `claims.md:${n.line}: ${n.file} has no heading "${n.heading}"`),
    [],
  );
});
