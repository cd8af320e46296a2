// @ts-check
// A TypeDoc plugin: an "Example" section on the API pages (issue 28 §2). Each example is a
// Markdown file of ours, `api-sources/examples/<package id>/<Symbol>.md`: a line or two of prose
// and fenced blocks (the program, the command that runs it, what it prints). This step puts it
// on the symbol's page at generation time, as a `## Example` section before the page's first
// section (after its description, notes and source line), never by editing generated files.
// Its TypeScript is compiled and typed with the guides' samples (src/plugins/typed-samples), and
// its `run=`/`output=` blocks run in the runnable tests (tests/lib/runnable.ts), so the output
// shown is the output printed.
// An example naming a symbol the package does not have stops the generation with an error
// naming the file, so a release that drops a symbol cannot leave a stale example.
import path from 'node:path';
import {Converter, ParameterType} from 'typedoc';
import {MarkdownPageEvent} from 'typedoc-plugin-markdown';
import {readSymbolFiles} from './typedoc-notes.mjs';

/** @typedef {{file: string, symbol: string, text: string}} Example */

const FENCE = /^\s*(```|~~~)/;

/** The heading the section gets on a page. */
export const EXAMPLE_HEADING = '## Example';

/**
 * The line under the heading, the one place that says where the programs run (most use a
 * top-level `await`, which needs an ES module).
 */
export const EXAMPLE_LEAD =
  "The program runs in a project set up as Getting started's [Set up the project](/docs/getting_started#set-up-the-project) does: an ES module (its top-level `await` needs one) with the Skip packages and `tsx`, run as `npx tsx <file>`.";

/**
 * One example file: its text without comments. Throws, naming the file and line, on a heading
 * of level 1 or 2 outside code (the page gives the section its heading).
 * @param {string} file The example's path (for messages; its name is the symbol's).
 * @param {string} source The file's text.
 * @returns {Example}
 */
export function parseExample(file, source) {
  const text = source.replace(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g, '');
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,2} /.test(line)) {
      throw new Error(
        `${file}:${index + 1}: an example's headings are of level 3 or more (the page gives it "${EXAMPLE_HEADING}"), found "${line}"`,
      );
    }
  });
  const tidy = text.replace(/\n{3,}/g, '\n\n').trim();
  if (!tidy) throw new Error(`${file}: the example is empty`);
  return {file, symbol: path.basename(file, '.md'), text: tidy};
}

/**
 * The examples of one package: every `.md` file of its folder.
 * @param {string} dir
 * @returns {Example[]}
 */
export function readExamples(dir) {
  return readSymbolFiles(dir, 'examples', parseExample);
}

/**
 * A generated page with the example as its `## Example` section (the lead line, then the
 * example), before the page's first `##` section outside code (at the end when it has none).
 * @param {string} contents The page's Markdown.
 * @param {Example} example
 */
export function placeExample(contents, example) {
  const lines = contents.split('\n');
  let fenced = false;
  let at = lines.findIndex((line) => {
    if (FENCE.test(line)) fenced = !fenced;
    return !fenced && line.startsWith('## ');
  });
  if (at < 0) at = lines.length;
  const before = lines.slice(0, at);
  while (before.length > 0 && before.at(-1) === '') before.pop();
  const section = ['', EXAMPLE_HEADING, '', EXAMPLE_LEAD, '', example.text, ''];
  return [...before, ...section, ...(at < lines.length ? ['', ...lines.slice(at)] : [])]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  app.options.addDeclaration({
    name: 'examplesDir',
    help: "The folder of the package's examples, one <Symbol>.md each (api-sources/README.md).",
    type: ParameterType.Path,
    defaultValue: '',
  });

  /** @type {Map<unknown, Example>} The example by reflection. */
  const bySymbol = new Map();
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    bySymbol.clear();
    const dir = app.options.getValue('examplesDir');
    if (!dir) return;
    const problems = [];
    for (const example of readExamples(dir)) {
      const symbol = context.project.children?.find((child) => child.name === example.symbol);
      if (symbol) bySymbol.set(symbol, example);
      else
        problems.push(`${example.file}: ${context.project.name} has no symbol ${example.symbol}`);
    }
    if (problems.length > 0) {
      throw new Error(`API examples name what the package does not have:\n${problems.join('\n')}`);
    }
  });
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    const example = bySymbol.get(page.model);
    if (!example || !page.contents) return;
    page.contents = placeExample(page.contents, example);
  });
}
