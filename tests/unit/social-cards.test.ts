/**
 * The social cards' layout (src/plugins/social-cards/card.ts): titles are set as large as
 * three lines allow, text is escaped, and the picture is the 1200×630 PNG link previews want.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cardSvg, renderCard, WIDTH, HEIGHT, type Card} from '../../src/plugins/social-cards/card';

const card = (title: string): Card => ({
  title,
  kicker: 'Blog',
  footer: 'July 4, 2025',
  host: 'site.test',
});

/** The title's font size and its lines, read back from the SVG. */
function titleOf(svg: string): {size: number; lines: string[]} {
  const text = /<text[^>]*font-size="(\d+)"[^>]*>((?:<tspan[^>]*>[^<]*<\/tspan>)+)<\/text>/.exec(
    svg,
  );
  if (!text) throw new Error('no title in the card');
  const lines = [...text[2]!.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!);
  return {size: Number(text[1]), lines};
}

test('a short title is one line at the largest size', () => {
  assert.deepEqual(titleOf(cardSvg(card('Why Skip?'))), {size: 84, lines: ['Why Skip?']});
});

test('a long title wraps into at most three lines, at a smaller size, every word kept', () => {
  const title =
    'Building a Real-time Blog with Skip and PostgreSQL, one table, one stream and one terminal at a time';
  const {size, lines} = titleOf(cardSvg(card(title)));
  assert.ok(lines.length > 1 && lines.length <= 3, `${lines.length} lines`);
  assert.ok(size < 84, `size ${size}`);
  assert.equal(lines.join(' '), title);
});

test('a title that cannot fit in three lines fails with its text', () => {
  assert.throws(() => cardSvg(card('word '.repeat(80).trim())), /does not fit in three lines/);
});

test('text is escaped for XML', () => {
  const svg = cardSvg({...card('Tom & <Jerry>'), footer: '"quoted"'});
  assert.ok(!svg.includes('Tom & <Jerry>'));
  assert.ok(svg.includes('Tom &#38; &#60;Jerry&#62;'));
  assert.ok(svg.includes('&#34;quoted&#34;'));
});

test('the card is a 1200×630 PNG', () => {
  const png = renderCard(card('Why Skip?'));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [WIDTH, HEIGHT]);
  assert.deepEqual([WIDTH, HEIGHT], [1200, 630]);
});
