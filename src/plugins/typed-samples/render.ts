/**
 * Build time: the HTML of a typed code block. Every TypeScript sample of the site is compiled
 * once, by the compile that checks them (./samples.mjs, `compileSamples`); for each
 * block this module writes its lines as the site's code colours (Prism, with the token colours
 * of ./../../../prism-themes.ts as classes, so both colour modes come from CSS), every
 * identifier the compiler knows wrapped with its quick info, and the compiler's errors under
 * the line they belong to.
 *
 * The markup, read without CSS, is the code followed by each popup's text; with the page's
 * stylesheet (`typedCodeCss`, shipped in the page's HTML) a popup shows on hover and on focus.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import ts from 'typescript';
import {Prism, normalizeTokens, type PrismTheme} from 'prism-react-renderer';
import {lightCodeTheme, darkCodeTheme} from '../../../prism-themes';
import {collectSamples, sharedCompile} from './samples.mjs';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );

/** The style of a token with these Prism types, as prism-react-renderer computes it. */
function tokenStyle(theme: PrismTheme, types: string[], language: string) {
  const dict: Record<string, Record<string, unknown>> = {};
  for (const {types: entryTypes, style, languages} of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of entryTypes) dict[type] = {...dict[type], ...style};
  }
  return Object.assign({}, ...types.map((type) => dict[type] ?? {})) as {
    color?: string;
    fontStyle?: string;
  };
}

/** The token classes: each Prism type combination seen, with its colour in either mode. */
class Palette {
  private readonly classes = new Map<string, string>();
  private readonly rules: string[] = [];
  classOf(types: string[]): string | undefined {
    if (types.length === 1 && types[0] === 'plain') return undefined;
    const key = types.join(' ');
    let name = this.classes.get(key);
    if (name) return name;
    name = `tq-t${this.classes.size}`;
    this.classes.set(key, name);
    // A type the theme does not style takes the plain colour, in either mode.
    const rule = (theme: PrismTheme) => {
      const {color, fontStyle} = tokenStyle(theme, types, 'typescript');
      return `color:${color ?? theme.plain.color};font-style:${fontStyle ?? 'normal'};`;
    };
    this.rules.push(
      `.tq .${name}{${rule(lightCodeTheme)}}`,
      `[data-theme='dark'] .tq .${name}{${rule(darkCodeTheme)}}`,
    );
    return name;
  }
  css(): string {
    return this.rules.join('');
  }
}

/** A run of characters in one colour: [start, end, class]. */
type Run = [number, number, string | undefined];

/** The colour runs of a text, from Prism's tokens. */
function colourRuns(text: string, language: string, palette: Palette): Run[] {
  const grammar = Prism.languages[language] ?? Prism.languages.typescript!;
  const lines = normalizeTokens(Prism.tokenize(text, grammar));
  const runs: Run[] = [];
  let at = 0;
  lines.forEach((line, index) => {
    for (const token of line) {
      // An empty line is one token holding its newline, which the count below already adds.
      if (token.empty) continue;
      runs.push([at, at + token.content.length, palette.classOf(token.types)]);
      at += token.content.length;
    }
    if (index < lines.length - 1) at += 1; // the newline between lines
  });
  return runs;
}

/** The characters [from, to) of a text in the site's code colours, as HTML. */
function colouredSlice(text: string, from: number, to: number, runs: Run[]): string {
  let html = '';
  let at = from;
  for (const [start, end, name] of runs) {
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (a >= b) continue;
    if (a > at) html += escape(text.slice(at, a));
    const piece = escape(text.slice(a, b));
    html += name ? `<span class="${name}">${piece}</span>` : piece;
    at = b;
  }
  // What no run covers: the newlines between Prism's lines.
  if (at < to) html += escape(text.slice(at, to));
  return html;
}

type Mark = {start: number; end: number; info: string; focusable: boolean};
type Problem = {start: number; end: number; line: number; code: number; message: string};

/** Quick info of every identifier of a sample that resolves to a symbol. */
function quickInfos(
  service: ts.LanguageService,
  program: ts.Program,
  file: string,
  length: number,
): Mark[] {
  const source = program.getSourceFile(file);
  if (!source) return [];
  const checker = program.getTypeChecker();
  const marks: Mark[] = [];
  const seen = new Set<string>();
  const visit = (node: ts.Node) => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.getStart(source) < length) {
      const start = node.getStart(source);
      const symbol = checker.getSymbolAtLocation(node);
      const quick = symbol && service.getQuickInfoAtPosition(file, start);
      if (quick?.displayParts?.length) {
        let info = ts.displayPartsToString(quick.displayParts);
        const doc = ts
          .displayPartsToString(quick.documentation ?? [])
          .split(/\n\s*\n/)[0]
          ?.trim();
        if (doc) info += `\n${doc}`;
        // One tab stop per distinct name and type in a block; repeats show on hover.
        const key = `${node.getText(source)}\u0000${info}`;
        marks.push({start, end: node.getEnd(), info, focusable: !seen.has(key)});
        seen.add(key);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return marks;
}

function problems(program: ts.Program, file: string, length: number): Problem[] {
  const source = program.getSourceFile(file);
  if (!source) return [];
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
    .filter((d) => d.start !== undefined && d.start < length)
    .map((d) => ({
      start: d.start!,
      end: Math.min(d.start! + (d.length ?? 0), length),
      line: source.getLineAndCharacterOfPosition(d.start!).line,
      code: d.code,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
}

/** The inner HTML of a block's `<pre>`: `<code>` with the coloured, typed lines. */
function blockHtml(
  code: string,
  language: string,
  marks: Mark[],
  errors: Problem[],
  palette: Palette,
  idPrefix: string,
): string {
  const runs = colourRuns(code, language, palette);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const lineEnd = (line: number) =>
    line + 1 < lineStarts.length ? lineStarts[line + 1]! - 1 : code.length;
  const errorLines = new Map<number, Problem[]>();
  for (const problem of errors)
    errorLines.set(problem.line, [...(errorLines.get(problem.line) ?? []), problem]);

  // Cut points: identifier and error bounds, line ends.
  const segment = (from: number, to: number) => {
    let html = '';
    let at = from;
    const inside = marks
      .filter((m) => m.start >= from && m.end <= to)
      .sort((a, b) => a.start - b.start);
    for (const mark of inside) {
      if (mark.start < at) continue;
      html += underline(at, mark.start);
      const id = `${idPrefix}-${marks.indexOf(mark)}`;
      const text = underline(mark.start, mark.end);
      // The popup is hidden from assistive technology as content (it would be read twice once
      // shown); a focused identifier announces it as its description.
      const info = escape(mark.info);
      html += mark.focusable
        ? `<span class="tq-id" tabindex="0" aria-describedby="${id}"><span class="tq-pop" id="${id}" role="tooltip" aria-hidden="true">${info}</span>${text}</span>`
        : `<span class="tq-id"><span class="tq-pop" aria-hidden="true">${info}</span>${text}</span>`;
      at = mark.end;
    }
    return html + underline(at, to);
  };
  const underline = (from: number, to: number) => {
    let html = '';
    let at = from;
    for (const problem of errors) {
      const a = Math.max(problem.start, at);
      const b = Math.min(problem.end, to);
      if (a >= b) continue;
      html += colouredSlice(code, at, a, runs);
      html += `<span class="tq-squiggle">${colouredSlice(code, a, b, runs)}</span>`;
      at = b;
    }
    return html + colouredSlice(code, at, to, runs);
  };

  let html = '';
  lineStarts.forEach((start, line) => {
    html += segment(start, lineEnd(line));
    for (const problem of errorLines.get(line) ?? []) {
      html += `\n<span class="tq-error" role="note"><span class="tq-error-code">Error TS${problem.code}:</span> ${escape(problem.message)}</span>`;
    }
    if (line < lineStarts.length - 1) html += '\n';
  });
  return `<code class="tq-lines">${html}</code>`;
}

/** The stylesheet of typed blocks: popups, errors, and the token colours a page uses. */
function stylesheet(palette: Palette): string {
  const plain = (theme: PrismTheme) =>
    `--prism-color:${theme.plain.color};--prism-background-color:${theme.plain.backgroundColor};`;
  return [
    `.tq{${plain(lightCodeTheme)}}`,
    `[data-theme='dark'] .tq{${plain(darkCodeTheme)}}`,
    STATIC_CSS,
    palette.css(),
  ].join('');
}

/**
 * Where a browser can anchor a box to another (CSS anchor positioning, with `anchor-scope` so
 * that each popup finds its own identifier), the popup sits against its word, in the viewport:
 * above the line, so that the lines the reader has yet to read stay visible, starting at the
 * word (or ending at it, or centred on it, whichever fits); below the line when there is no
 * room above, under the navbar. It touches its word, so the pointer can move onto it and
 * it stays open (WCAG 1.4.13, hoverable). Elsewhere the popup opens under its line, as below.
 */
const ANCHORED_CSS = [
  '@supports (anchor-scope:all){',
  '.tq-id{anchor-name:--tq-word;anchor-scope:--tq-word}',
  // Above the word, starting at it; the fallbacks: ending at it (flip-inline), centred on it
  // (--tq-mid), then the same three below the line (flip-block: the insets flip too).
  '.tq .tq-pop{position:fixed;position-anchor:--tq-word;margin:0;width:max-content;max-width:min(40rem,calc(100vw - 1rem));pointer-events:auto;',
  'position-area:top span-right;inset:var(--ifm-navbar-height) .5rem 0 0;align-self:end;justify-self:start;',
  'position-try-fallbacks:flip-inline,--tq-mid,flip-block,flip-block flip-inline,--tq-mid flip-block}',
  '@position-try --tq-mid{position-area:top;inset:var(--ifm-navbar-height) .5rem 0;justify-self:anchor-center}',
  '}',
].join('');

/** Layout of the typed blocks; the theme's code block container, rebuilt for an HTML-only block. */
const STATIC_CSS = [
  '.tq{background:var(--prism-background-color);color:var(--prism-color);margin-bottom:var(--ifm-leading);box-shadow:var(--ifm-global-shadow-lw);border-radius:var(--ifm-code-border-radius)}',
  '.tq-title{border-bottom:1px solid var(--ifm-color-emphasis-300);font-size:var(--ifm-code-font-size);font-weight:500;padding:.75rem var(--ifm-pre-padding)}',
  '.tq-body{position:relative;direction:ltr;border-radius:inherit}',
  '.tq-body>pre{--ifm-pre-background:var(--prism-background-color);margin:0;padding:0}',
  '.tq-lines{font:inherit;float:left;min-width:100%;padding:var(--ifm-pre-padding)}',
  '.tq-id{border-radius:2px}',
  '.tq-id:hover,.tq-id:focus{text-decoration:underline dotted;text-underline-offset:.2em}',
  '.tq-id:focus-visible{outline:2px solid var(--ifm-color-primary);outline-offset:1px}',
  // The popup is positioned against the block, not the scrolling <pre>, so it is never cut off;
  // `top: auto` keeps it just under the line it belongs to (the static position of a block).
  '.tq-pop{display:none;position:absolute;z-index:2;left:.5rem;right:.5rem;margin-top:.2em;width:fit-content;max-width:calc(100% - 1rem);padding:.4rem .6rem;white-space:pre-wrap;font-size:.85em;background:var(--prism-background-color);border:1px solid var(--ifm-color-emphasis-500);border-radius:var(--ifm-global-radius);box-shadow:var(--ifm-global-shadow-md);pointer-events:none}',
  '.tq-id:hover>.tq-pop,.tq-id:focus>.tq-pop{display:block}',
  // One popup at a time: the one under the pointer hides the focused identifier's, which would
  // otherwise cover it.
  '.tq-lines:has(.tq-id:hover) .tq-id:focus:not(:hover)>.tq-pop{display:none}',
  // Escape closes a popup until the pointer or the focus leaves its identifier (`TypedCode`).
  '.tq-id.tq-dismissed>.tq-pop{display:none}',
  ANCHORED_CSS,
  '.tq-squiggle{text-decoration:underline wavy var(--tq-error);text-decoration-skip-ink:none}',
  ".tq{--tq-error:#b3261e}[data-theme='dark'] .tq{--tq-error:#ff8a80}",
  '.tq-error{display:inline-block;white-space:pre-wrap;border-left:3px solid var(--tq-error);padding-left:.5rem;color:var(--prism-color)}',
  '.tq-error-code{color:var(--tq-error);font-weight:600}',
  '@media print{.tq-lines{white-space:pre-wrap}}',
].join('');

export type TypedSite = {
  /** Each TypeScript block's code and the inner HTML of its `<pre>`, by absolute source file, in page order. */
  blocks: Map<string, {code: string; html: string}[]>;
  /** The stylesheet every page with a typed block carries. */
  css: string;
};

let compiled: TypedSite | undefined;

/**
 * The typed HTML of every TypeScript block of the site, by source file (path relative to the
 * site) in page order. Computed on the first call: one compile for the whole build.
 */
export function typedBlocks(siteDir: string): TypedSite {
  if (compiled) return compiled;
  // The compile the API reference's "Used in" lists made, when TypeDoc ran in this build.
  const {samples, service, program, byFile, dispose} = sharedCompile(collectSamples());
  const fileOf = new Map([...byFile].map(([file, sample]) => [sample, file] as const));
  const palette = new Palette();
  const blocks: TypedSite['blocks'] = new Map();
  for (const sample of samples) {
    const file = fileOf.get(sample)!;
    const language = sample.lang === 'tsx' ? 'tsx' : 'typescript';
    // Diagnostics before quick info: asking the service for quick info on a JSX tag name first
    // leaves the checker reporting `Cannot find name 'ul'` for that tag (TypeScript 5.9).
    const errors = sample.fragment ? [] : problems(program, file, sample.code.length);
    const marks = quickInfos(service, program, file, sample.code.length);
    const idPrefix = `tq${crypto.createHash('sha1').update(`${sample.file}:${sample.line}`).digest('hex').slice(0, 6)}`;
    const key = path.resolve(siteDir, sample.file);
    const html = blockHtml(sample.code, language, marks, errors, palette, idPrefix);
    blocks.set(key, [...(blocks.get(key) ?? []), {code: sample.code, html}]);
  }
  dispose();
  compiled = {blocks, css: stylesheet(palette)};
  return compiled;
}
