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

/** A twin's text with Markdown's line breaks as the spaces a reader sees. */
const flat = (twin: string) => twin.replace(/\s+/g, ' ');

for (const name of ['comments.md', 'comments-mdx.mdx']) {
  test(`${name}: a comment at the start, in the middle or at the end of a line takes no text with it`, () => {
    const twin = flat(convertFixture(name).twin);
    for (const sentence of [
      'A comment sits in the middle of this line, and the sentence goes on.',
      'A comment closes this line. The paragraph goes on after it.',
      'The runtime prints two lines and keeps running.',
      'Check that it sees the table by reading a snapshot.',
    ]) {
      assert.ok(twin.includes(sentence), `${name}: "${sentence}" in ${twin}`);
    }
    const opening =
      name === 'comments.md'
        ? 'A comment opens this paragraph, and its sentence goes on to the next line.'
        : 'And the `collections` list names what `createGraph` returns.';
    assert.ok(twin.includes(opening), `${name}: "${opening}"`);
  });

  test(`${name}: the gap a comment leaves is no blank written as a character reference`, () => {
    const {twin} = convertFixture(name);
    assert.doesNotMatch(twin, /&#x?[0-9a-f]+;/i);
    assert.doesNotMatch(twin, /<!--|\{\/\*| {2}/);
    assert.doesNotMatch(twin, /^ /m);
  });
}
