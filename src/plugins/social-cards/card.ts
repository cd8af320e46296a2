/**
 * The social card design: a 1200×630 SVG in the site's colours with the logo mark, turned
 * into a PNG by resvg with the Inter font files of @expo-google-fonts/inter (no system font
 * is read, so every machine draws the same picture).
 */
import {createRequire} from 'node:module';
import {Resvg, type ResvgRenderOptions} from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

export const WIDTH = 1200;
export const HEIGHT = 630;

const PURPLE = '#4c2bd6';
const DEEP = '#24106f';
const MINT = '#7ff0c4';
const FONT = 'Inter';

const renderOptions: ResvgRenderOptions = {
  font: {
    fontFiles: [
      require.resolve('@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf'),
      require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
    ],
    loadSystemFonts: false,
    defaultFontFamily: FONT,
  },
  fitTo: {mode: 'original'},
};

const MARGIN = 88;
const TEXT_WIDTH = WIDTH - 2 * MARGIN;

export type Card = {
  /** The big line(s): a post's title, or the site's name. */
  title: string;
  /** Above the title, next to the logo mark. */
  kicker: string;
  /** Bottom left, in mint: a post's date or the site's tagline. */
  footer: string;
  /** Bottom right. */
  host: string;
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Width of a bold run at 100 px, measured by resvg with the card's font. */
function measure(text: string): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="400"><text x="0" y="200" font-family="${FONT}" font-weight="700" font-size="100">${escapeXml(text)}</text></svg>`;
  return new Resvg(svg, renderOptions).getBBox()?.width ?? 0;
}

const wordWidths = new Map<string, number>();
let spaceWidth: number | undefined;

/**
 * Width of a bold line at `size`: its words measured once each (resvg loads the fonts
 * for every measurement, the slow part) plus the spaces between them, scaled linearly.
 */
function lineWidth(words: string[], size: number): number {
  spaceWidth ??= measure('x x') - measure('xx');
  let width = spaceWidth * (words.length - 1);
  for (const word of words) {
    if (!wordWidths.has(word)) wordWidths.set(word, measure(word));
    width += wordWidths.get(word)!;
  }
  return (width * size) / 100;
}

/** Greedy line breaking; `null` when the text needs more than `maxLines`. */
function wrap(text: string, size: number, maxLines: number): string[] | null {
  // A little room for the kerning between words that separate measurements miss.
  const limit = TEXT_WIDTH * 0.97;
  const lines: string[][] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last && lineWidth([...last, word], size) <= limit) {
      last.push(word);
    } else {
      if (lineWidth([word], size) > limit || lines.length === maxLines) return null;
      lines.push([word]);
    }
  }
  return lines.map((words) => words.join(' '));
}

/** The largest title size at which the title fits in three lines. */
function layoutTitle(title: string): {size: number; lines: string[]} {
  for (const size of [84, 76, 68, 60, 54, 48]) {
    const lines = wrap(title, size, 3);
    if (lines) return {size, lines};
  }
  throw new Error(`social card: the title "${title}" does not fit in three lines`);
}

/** The logo mark of static/img/logo.svg, at 64 px, drawn at (x, y). */
function logoMark(x: number, y: number): string {
  return `<g transform="translate(${x} ${y}) scale(1.25)">
  <rect width="64" height="64" rx="14" fill="${PURPLE}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
  <path d="M15 40 L27 28 L35 36 L49 22" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="49" cy="22" r="5" fill="${MINT}"/>
  <circle cx="15" cy="40" r="4" fill="#ffffff"/>
</g>`;
}

export function cardSvg(card: Card): string {
  const {size, lines} = layoutTitle(card.title);
  const lineHeight = Math.round(size * 1.15);
  // Centre the title block between the header (ends at y≈168) and the footer (starts at y≈500).
  const firstBaseline = Math.round(334 - ((lines.length - 1) * lineHeight) / 2 + size * 0.36);
  const title = lines
    .map(
      (line, i) =>
        `<tspan x="${MARGIN}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${PURPLE}"/>
    <stop offset="1" stop-color="${DEEP}"/>
  </linearGradient>
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<path d="M760 600 L940 420 L1060 540 L1270 330" fill="none" stroke="#ffffff" stroke-opacity="0.08" stroke-width="72" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="1270" cy="330" r="70" fill="${MINT}" fill-opacity="0.14"/>
${logoMark(MARGIN, 72)}
<text x="${MARGIN + 80 + 24}" y="134" font-family="${FONT}" font-weight="500" font-size="36" fill="#ffffff">${escapeXml(card.kicker)}</text>
<text font-family="${FONT}" font-weight="700" font-size="${size}" fill="#ffffff">${title}</text>
<rect x="${MARGIN}" y="506" width="96" height="8" rx="4" fill="${MINT}"/>
<text x="${MARGIN}" y="566" font-family="${FONT}" font-weight="500" font-size="32" fill="${MINT}">${escapeXml(card.footer)}</text>
<text x="${WIDTH - MARGIN}" y="566" text-anchor="end" font-family="${FONT}" font-weight="500" font-size="32" fill="#ffffff" fill-opacity="0.75">${escapeXml(card.host)}</text>
</svg>`;
}

export function renderCard(card: Card): Buffer {
  return new Resvg(cardSvg(card), renderOptions).render().asPng();
}
