/**
 * tests/README.md maps each row of the spec and each promise of the README to the test that holds
 * it. This keeps the map true: every test it names (`file` › `title`) exists, as a test (or
 * describe) title in that file, so a test renamed, moved or removed fails here until the map
 * follows.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MAP = fs.readFileSync(path.join(ROOT, 'tests/README.md'), 'utf8');

type Entry = {file: string; title: string};

/** Every `file` › `title` the map names. */
const entries: Entry[] = [...MAP.matchAll(/`(tests\/[^`]+\.(?:spec|test)\.ts)` › `([^`]+)`/g)].map(
  (m) => ({file: m[1]!, title: m[2]!}),
);

/**
 * The titles of the tests and groups in a test file, as written: a `${…}` part stays as it is,
 * and an escaped quote is read as the quote.
 */
function titles(file: string): string[] {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const call =
    /\b(?:test|it|describe)(?:\.(?:describe|only|skip|fixme|serial|parallel))*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(call)].map((m) => m[2]!.replace(/\\(['"`\\])/g, '$1'));
}

test('the map names tests, and has a row for each part of the spec', () => {
  assert.ok(entries.length > 100, `${entries.length} entries`);
  for (const part of [
    '§2 Routes',
    'Shared screen behaviour',
    '§4 States',
    '§5 Validation',
    '§7 Calls',
    '§8 Errors',
    '§9 Constants',
    "The README's promises",
  ]) {
    assert.match(MAP, new RegExp(`^##+ ${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'), part);
  }
});

test('every test the map names exists, with that title, in that file', () => {
  const missing: string[] = [];
  const cache = new Map<string, string[]>();
  for (const {file, title} of entries) {
    if (!fs.existsSync(path.join(ROOT, file))) {
      missing.push(`${file}: no such file`);
      continue;
    }
    if (!cache.has(file)) cache.set(file, titles(file));
    if (!cache.get(file)!.some((t) => t.includes(title)))
      missing.push(`${file}: no test titled "${title}"`);
  }
  assert.deepEqual(missing, []);
});

test('the title reader finds titles as the test files write them', () => {
  const dir = fs.mkdtempSync(path.join(ROOT, 'tests/unit/.map-'));
  try {
    const file = path.join(dir, 'x.spec.ts');
    fs.writeFileSync(
      file,
      [
        "test('a plain title', () => {});",
        'test(`${route}: a title in a loop`, async () => {});',
        "test.describe('a group', () => {});",
        "test('the README\\'s commands', () => {});",
      ].join('\n'),
    );
    const found = titles(path.relative(ROOT, file));
    assert.ok(found.includes('a plain title'));
    assert.ok(found.some((t) => t.includes(': a title in a loop')));
    assert.ok(found.includes('a group'));
    assert.ok(found.includes("the README's commands"));
    assert.ok(!found.some((t) => t.includes('no such test')));
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
