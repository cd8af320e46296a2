/**
 * The Markdown conversion of the twins (src/plugins/markdown-twins/to-markdown.ts), on
 * fixtures: each source becomes exactly its `.expected.md` twin. Runs in a second, without a
 * build (`npm run test:unit`). To change what a twin looks like, change the expected file in
 * the same commit.
 */
import fs from 'node:fs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {convertFixture, expectedFile, twinFixtures} from './twin-fixtures';

test('there are fixtures to convert', () => {
  assert.ok(twinFixtures().length >= 3);
});

for (const name of twinFixtures()) {
  test(`${name} becomes its expected twin`, () => {
    assert.equal(convertFixture(name).twin, fs.readFileSync(expectedFile(name), 'utf8'));
  });
}

test('a link to a source file that is no page is reported, not silently kept', () => {
  const {warnings} = convertFixture('broken-link.md');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /\.\/missing\.md/);
  assert.deepEqual(convertFixture('guide.mdx').warnings, []);
});
