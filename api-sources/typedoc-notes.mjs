// @ts-check
// A TypeDoc plugin: our notes on the API pages (issue 28 §1). Where an upstream doc comment is
// wrong or incomplete for the pinned release, the truth lives in one Markdown file per symbol,
// `api-sources/notes/<package id>/<Symbol>.md`, and this step puts it on the symbol's page at
// generation time, as an admonition titled by the `notesTitle` option ("In Skip 0.0.15").
// A part of a note that starts with `### \`member\`` goes to that member's section (for a
// function, `### \`param\`` goes under its Parameters table); the text before the first such
// heading goes under the page's description, and a part headed `### Remarks` at the end of the
// page's Remarks section (the comment's `@remarks`). Comments in a note
// (`{/* … */}`, `<!-- … -->`, the proofs it cites) stay in the note file.
// A note naming a symbol or member the package does not have stops the generation with an
// error naming the file (and the member), so a release that drops one cannot leave a stale note.
import fs from 'node:fs';
import path from 'node:path';
import {Converter, ParameterType, ReflectionKind} from 'typedoc';
import {MarkdownPageEvent} from 'typedoc-plugin-markdown';

/**
 * @typedef {{name: string, text: string}} MemberPart
 * @typedef {{file: string, symbol: string, whole: string, remarks: string, members: MemberPart[]}} Note
 */

const MEMBER_HEADING = /^### `([^`]+)`\s*$/;
// The heading of the part that follows the comment's `@remarks`; a name no member can have.
const REMARKS_HEADING = /^### Remarks\s*$/;
const REMARKS = ' remarks';
const FENCE = /^\s*(```|~~~)/;

/**
 * One note file, split into the part about the symbol and the parts about its members.
 * Throws, naming the file and line, on a heading the convention does not allow.
 * @param {string} file The note's path (for messages; its name is the symbol's).
 * @param {string} source The note's text.
 * @returns {Note}
 */
export function parseNote(file, source) {
  const text = source.replace(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g, '');
  /** @type {{name: string | undefined, lines: string[]}[]} */
  const parts = [{name: undefined, lines: []}];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (FENCE.test(line)) fenced = !fenced;
    const heading = fenced ? null : MEMBER_HEADING.exec(line);
    if (heading || (!fenced && REMARKS_HEADING.test(line))) {
      parts.push({name: heading ? heading[1] : REMARKS, lines: []});
      return;
    }
    if (!fenced && /^#{1,3} /.test(line)) {
      throw new Error(
        `${file}:${index + 1}: a note's only headings up to level 3 are "### \`member\`" and "### Remarks", found "${line}"`,
      );
    }
    parts.at(-1)?.lines.push(line);
  });
  /** @param {string[]} lines */
  const tidy = (lines) =>
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  return {
    file,
    symbol: path.basename(file, '.md'),
    whole: tidy(parts[0].lines),
    remarks: tidy(parts.filter((p) => p.name === REMARKS).flatMap((p) => p.lines)),
    members: parts
      .slice(1)
      .filter((p) => p.name !== REMARKS)
      .map((p) => ({name: /** @type {string} */ (p.name), text: tidy(p.lines)})),
  };
}

/**
 * Every `<Symbol>.md` file of a folder of ours (none when the folder is absent), in name order,
 * each parsed; the notes' and the examples' folders (typedoc-examples.mjs) are read alike.
 * @template T
 * @param {string} dir
 * @param {string} kind What the folder holds, for the error ("notes", "examples").
 * @param {(file: string, source: string) => T} parse
 * @returns {T[]}
 */
export function readSymbolFiles(dir, kind, parse) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, {withFileTypes: true})
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((entry) => {
      const file = path.join(dir, entry.name);
      if (!entry.isFile() || !entry.name.endsWith('.md')) {
        throw new Error(`${file}: a folder of ${kind} holds only <Symbol>.md files`);
      }
      // Named from the site's folder in messages (api-sources/notes/core/X.md) when inside it.
      const shown = path.relative(process.cwd(), file);
      return parse(shown.startsWith('..') ? file : shown, fs.readFileSync(file, 'utf8'));
    });
}

/**
 * The notes of one package: every `.md` file of its folder.
 * @param {string} dir
 * @returns {Note[]}
 */
export function readNotes(dir) {
  return readSymbolFiles(dir, 'notes', parseNote);
}

/**
 * Each note with the reflections it is about. Throws one error listing every note whose
 * symbol is not a page of the project, or whose member the symbol does not have.
 * @param {import('typedoc').ProjectReflection} project
 * @param {Note[]} notes
 * @returns {{note: Note, symbol: import('typedoc').DeclarationReflection,
 *   members: {part: MemberPart, member: import('typedoc').Reflection}[]}[]}
 */
export function resolveNotes(project, notes) {
  const problems = [];
  const resolved = [];
  for (const note of notes) {
    const symbol = project.children?.find((child) => child.name === note.symbol);
    if (!symbol) {
      problems.push(`${note.file}: ${project.name} has no symbol ${note.symbol}`);
      continue;
    }
    if (note.remarks && !symbol.comment?.blockTags.some((tag) => tag.tag === '@remarks')) {
      problems.push(`${note.file}: ${note.symbol}'s comment has no @remarks for "### Remarks"`);
    }
    const members = [];
    for (const part of note.members) {
      // A member, or for a function a parameter of one of its signatures.
      const member =
        symbol.children?.find((child) => child.name === part.name) ??
        symbol.signatures
          ?.flatMap((signature) => signature.parameters ?? [])
          .find((parameter) => parameter.name === part.name);
      if (member) members.push({part, member});
      else problems.push(`${note.file}: ${note.symbol} has no member ${part.name}`);
    }
    resolved.push({note, symbol, members});
  }
  if (problems.length > 0) {
    throw new Error(`API notes name what the package does not have:\n${problems.join('\n')}`);
  }
  return resolved;
}

/** @param {string} title @param {string} text */
function admonition(title, text) {
  return `:::note[${title}]\n\n${text}\n\n:::\n`;
}

/**
 * The member name in a section heading as the markdown theme writes it (`### take()`,
 * `### cause?`, `### ~~old~~`, escapes).
 * @param {string} heading
 */
function headingName(heading) {
  return heading
    .replace(/^### /, '')
    .replace(/~~/g, '')
    .replace(/\?$/, '')
    .replace(/\(\)$/, '')
    .replace(/\\(.)/g, '$1')
    .trim();
}

/**
 * A generated page with the note's parts inserted: the part about the symbol before the page's
 * first `##` section (after its description), each member's part after the member's own
 * description (before its first `####` section, or at the end of its section), a function's
 * parameter's part at the end of the page's `## Parameters` section, under the table, and the
 * Remarks part at the end of the page's `## Remarks` section.
 * @param {string} contents The page's Markdown.
 * @param {{note: Note, members: {part: MemberPart, member: import('typedoc').Reflection}[]}} target
 * @param {string} title
 */
export function placeNote(contents, {note, members}, title) {
  const lines = contents.split('\n');
  /** @type {Map<number, string[]>} Insertions before a line index. */
  const inserts = new Map();
  const insert = (/** @type {number} */ at, /** @type {string} */ text) =>
    inserts.set(at, [...(inserts.get(at) ?? []), admonition(title, text)]);

  // Headings and section ends outside code blocks.
  /** @type {{index: number, line: string}[]} */
  const marks = [];
  let fenced = false;
  lines.forEach((line, index) => {
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced && (/^#{2,4} /.test(line) || line === '***')) marks.push({index, line});
  });

  if (note.whole) {
    const firstSection = marks.find((m) => m.line.startsWith('## '));
    insert(firstSection ? firstSection.index : lines.length, note.whole);
  }
  if (note.remarks) {
    const remarks = marks.filter((m) => m.line === '## Remarks');
    if (remarks.length !== 1) {
      throw new Error(`${note.file}: found ${remarks.length} Remarks sections on its page`);
    }
    const next = marks.slice(marks.indexOf(remarks[0]) + 1).find((m) => /^## /.test(m.line));
    insert(next ? next.index : lines.length, note.remarks);
  }
  for (const {part, member} of members) {
    if (!part.text) continue;
    if (member.kindOf(ReflectionKind.Parameter)) {
      const table = marks.filter((m) => m.line === '## Parameters');
      if (table.length !== 1) {
        throw new Error(
          `${note.file}: found ${table.length} Parameters sections for parameter ${part.name} on its page`,
        );
      }
      const next = marks.slice(marks.indexOf(table[0]) + 1).find((m) => /^## /.test(m.line));
      insert(next ? next.index : lines.length, part.text);
      continue;
    }
    const name = member.kindOf(ReflectionKind.Constructor) ? 'Constructor' : member.name;
    const headings = marks.filter((m) => m.line.startsWith('### ') && headingName(m.line) === name);
    if (headings.length !== 1) {
      throw new Error(
        `${note.file}: found ${headings.length} sections for member ${part.name} on its page`,
      );
    }
    // The member's section runs to the next `***`, `##` or `###`; its first `####` (Parameters,
    // Returns…) follows the member's description.
    const after = marks.slice(marks.indexOf(headings[0]) + 1);
    const stop = after.find((m) => !m.line.startsWith('#### ')) ?? {index: lines.length};
    const sub = after.find((m) => m.line.startsWith('#### ') && m.index < stop.index);
    insert((sub ?? stop).index, part.text);
  }

  const out = [];
  for (let i = 0; i <= lines.length; i++) {
    for (const block of inserts.get(i) ?? []) {
      // A directive opens a block only after a blank line.
      if (out.length > 0 && out.at(-1) !== '') out.push('');
      out.push(block);
    }
    if (i < lines.length) out.push(lines[i]);
  }
  return out.join('\n');
}

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  app.options.addDeclaration({
    name: 'notesDir',
    help: "The folder of the package's notes, one <Symbol>.md each (api-sources/README.md).",
    type: ParameterType.Path,
    defaultValue: '',
  });
  app.options.addDeclaration({
    name: 'notesTitle',
    help: 'The title of the notes on a page.',
    type: ParameterType.String,
    defaultValue: 'Note',
  });

  /** @type {Map<unknown, ReturnType<typeof resolveNotes>[number]>} The notes by reflection. */
  const bySymbol = new Map();
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    bySymbol.clear();
    const dir = app.options.getValue('notesDir');
    if (!dir) return;
    for (const target of resolveNotes(context.project, readNotes(dir))) {
      bySymbol.set(target.symbol, target);
    }
  });
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    const target = bySymbol.get(page.model);
    if (!target || !page.contents) return;
    page.contents = placeNote(page.contents, target, app.options.getValue('notesTitle'));
  });
}
