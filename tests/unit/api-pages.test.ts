/**
 * What our TypeDoc plugins add to the API pages, without a site build: the notes
 * (api-sources/typedoc-notes.mjs) and the examples (api-sources/typedoc-examples.mjs) run in
 * TypeDoc on a package of two symbols (tests/unit/fixtures/api-pages), with notes and examples
 * written to temporary folders; the source links
 * (api-sources/typedoc-source-links.mjs) are checked against the installed Skip packages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {TraceMap} from '@jridgewell/trace-mapping';
import {ROOT} from '../../src/lib/root.cjs';
import {parseNote} from '../../api-sources/typedoc-notes.mjs';
import {applyCommentFixes, COMMENT_FIXES} from '../../api-sources/typedoc-comment-fixes.mjs';
import {apiPackages} from '../../api-sources/packages';
import {EXAMPLE_LEAD, parseExample} from '../../api-sources/typedoc-examples.mjs';
import {
  repositoryPosition,
  sourceAfterIntroduction,
} from '../../api-sources/typedoc-source-links.mjs';

const FIXTURE = path.join(ROOT, 'tests/unit/fixtures/api-pages');

/** A notes folder holding `files` (name → text), removed after the test. */
function notesFolder(t: {after: (fn: () => void) => void}, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-pages-'));
  t.after(() => fs.rmSync(dir, {recursive: true, force: true}));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/**
 * Runs TypeDoc with the markdown theme, the notes step and the examples step (in the order
 * api-sources/packages.ts gives them); the generated pages by path.
 */
async function generate(
  notesDir: string,
  out: string,
  examplesDir = '',
): Promise<Record<string, string>> {
  // Imported as the plugins import it: a `require` of this CommonJS test would load a second
  // copy of TypeDoc, whose reflections the markdown theme would not recognise.
  const {Application} = await import('typedoc');
  const app = await Application.bootstrapWithPlugins({
    entryPoints: [path.join(FIXTURE, 'index.ts')],
    tsconfig: path.join(FIXTURE, 'tsconfig.json'),
    plugin: [
      'typedoc-plugin-markdown',
      path.join(ROOT, 'api-sources/typedoc-notes.mjs'),
      path.join(ROOT, 'api-sources/typedoc-examples.mjs'),
    ],
    readme: 'none',
    disableSources: true,
    skipErrorChecking: true,
    logLevel: 'Error',
    notesDir,
    notesTitle: 'In Fixture 1.0',
    // A Path option given as '' would be the working directory: left out when there is none.
    ...(examplesDir ? {examplesDir} : {}),
    out,
  });
  const project = await app.convert();
  assert.ok(project, 'TypeDoc converts the fixture');
  await app.generateOutputs(project);
  const pages: Record<string, string> = {};
  for (const file of fs.readdirSync(out, {recursive: true}).map(String)) {
    if (file.endsWith('.md')) pages[file] = fs.readFileSync(path.join(out, file), 'utf8');
  }
  return pages;
}

test('a note splits into the part about the symbol and one part per member, without its comments', () => {
  const note = parseNote(
    'notes/core/Counter.md',
    [
      'About the counter.',
      '',
      '{/* tests/runnable/claims.md, api-notes/run-take */}',
      '',
      '### `add`',
      '',
      '<!-- source: @skipruntime/core dist/src/api.js:1 -->',
      'About add.',
      '',
      '```ts',
      '### not a heading inside code',
      '```',
    ].join('\n'),
  );
  assert.equal(note.symbol, 'Counter');
  assert.equal(note.whole, 'About the counter.');
  assert.deepEqual(note.members, [
    {name: 'add', text: 'About add.\n\n```ts\n### not a heading inside code\n```'},
  ]);
});

test('a note with a heading other than "### `member`" is refused, naming the file and line', () => {
  assert.throws(
    () => parseNote('notes/core/Counter.md', 'Text.\n\n## In short\n'),
    /notes\/core\/Counter\.md:3: .*"## In short"/,
  );
  assert.throws(() => parseNote('notes/core/Counter.md', '### add\n'), /Counter\.md:1/);
});

test('a note appears on its page: the symbol part under the description, the member part in its section; an example follows as the section "Example"', async (t) => {
  const dir = notesFolder(t, {
    'Counter.md':
      'Counters start at the total given.\n\n### `add`\n\nA negative amount subtracts.\n',
  });
  const example =
    'Count two things.\n\n```ts\nconst counter = makeCounter(0);\ncounter.add(2);\n```';
  const examples = notesFolder(t, {'Counter.md': `${example}\n\n<!-- a comment stays out -->\n`});
  const out = notesFolder(t, {});
  const pages = await generate(dir, out, examples);
  const page = pages['interfaces/Counter.md'];
  assert.ok(page, `the fixture has a page for Counter: ${Object.keys(pages)}`);
  const box = (text: string) => `:::note[In Fixture 1.0]\n\n${text}\n\n:::`;
  // After the description, before the first section of the page.
  const whole = page.indexOf(box('Counters start at the total given.'));
  assert.ok(whole > page.indexOf('A counter of things.'), page);
  assert.ok(whole < page.indexOf('\n## '), page);
  // In add's section, after its description and before its parameters.
  const member = page.indexOf(box('A negative amount subtracts.'));
  assert.ok(member > page.indexOf('### add()'), page);
  assert.ok(member > page.indexOf('Adds to the total.'), page);
  assert.ok(member < page.indexOf('#### Parameters'), page);
  assert.equal(page.split(':::note[').length, 3, 'two notes, no more');
  // The example: its own section, after the note on the symbol and before the page's first one,
  // opened by the line that says where the programs run.
  assert.match(EXAMPLE_LEAD, /\]\(\/docs\/getting_started#set-up-the-project\)/);
  const section = page.indexOf(`\n## Example\n\n${EXAMPLE_LEAD}\n\n${example}\n\n## `);
  assert.ok(section > whole, page);
  assert.equal(page.indexOf('\n## '), section, page);
  assert.ok(!page.includes('a comment stays out'), page);
  // A symbol without an example gets no section.
  assert.ok(!pages['functions/makeCounter.md']?.includes('## Example'), 'makeCounter has none');
});

test("a note's part naming a function's parameter appears under the function's Parameters table", async (t) => {
  const dir = notesFolder(t, {'makeCounter.md': '### `start`\n\nA negative start counts down.\n'});
  const pages = await generate(dir, notesFolder(t, {}));
  const page = pages['functions/makeCounter.md'];
  assert.ok(page, `the fixture has a page for makeCounter: ${Object.keys(pages)}`);
  const box = page.indexOf(':::note[In Fixture 1.0]\n\nA negative start counts down.\n\n:::');
  assert.ok(box > page.indexOf('| `start` |'), page);
  assert.ok(box > page.indexOf('## Parameters'), page);
  assert.ok(box < page.indexOf('## Returns'), page);
});

test('a note\'s "### Remarks" part appears at the end of the Remarks section; a symbol without @remarks refuses it', async (t) => {
  const note = parseNote(
    'notes/core/Counter.md',
    'Whole.\n\n### Remarks\n\nThey do.\n\n### `add`\n\nAdd.\n',
  );
  assert.equal(note.remarks, 'They do.');
  assert.deepEqual(
    note.members.map((m) => m.name),
    ['add'],
  );
  const pages = await generate(
    notesFolder(t, {'Counter.md': '### Remarks\n\nThey do overflow.\n'}),
    notesFolder(t, {}),
  );
  const page = pages['interfaces/Counter.md']!;
  const box = page.indexOf(':::note[In Fixture 1.0]\n\nThey do overflow.\n\n:::');
  assert.ok(box > page.indexOf('Counters never overflow.'), page);
  assert.ok(box > page.indexOf('## Remarks'), page);
  assert.ok(box < page.indexOf('\n## ', page.indexOf('## Remarks') + 1), page);
  const dir = notesFolder(t, {'makeCounter.md': '### Remarks\n\nNone to follow.\n'});
  await assert.rejects(generate(dir, notesFolder(t, {})), (error: Error) =>
    error.message.includes(
      `${path.join(dir, 'makeCounter.md')}: makeCounter's comment has no @remarks`,
    ),
  );
});

test("a comment fix mends its text in the symbol's comments, and reports a text it no longer finds", () => {
  const fix = {symbol: 'runService', find: '`GET /a\n', replace: '`GET /a`:\n', why: 'test'};
  const part = {kind: 'text', text: '- `GET /a\n  Checks.\n'};
  const project = {
    children: [
      {name: 'runService', signatures: [{comment: {summary: [part], blockTags: []}}]},
      {name: 'other'},
    ],
  };
  type Project = Parameters<typeof applyCommentFixes>[0];
  assert.deepEqual(applyCommentFixes(project as unknown as Project, [fix]), []);
  assert.equal(part.text, '- `GET /a`:\n  Checks.\n');
  // Applied once, the text is gone: the fix is reported, as when a release mends the comment.
  assert.deepEqual(applyCommentFixes(project as unknown as Project, [fix]), [fix]);
  // A fix of a symbol the package does not have is no one's business here.
  assert.deepEqual(applyCommentFixes({children: []} as unknown as Project, COMMENT_FIXES), []);
});

test('an example with a heading of level 1 or 2 is refused, naming the file and line', () => {
  assert.throws(
    () => parseExample('examples/core/Counter.md', 'Text.\n\n## Output\n'),
    /examples\/core\/Counter\.md:3: .*"## Output"/,
  );
  assert.equal(
    parseExample('examples/core/Counter.md', '```md\n## inside code\n```\n\n### Output\n').symbol,
    'Counter',
  );
});

test('an example whose symbol no longer exists fails the generation, naming the file', async (t) => {
  const examples = notesFolder(t, {'Gauge.md': 'Gone.\n'});
  await assert.rejects(
    generate(notesFolder(t, {}), notesFolder(t, {}), examples),
    (error: Error) =>
      error.message.includes(`${path.join(examples, 'Gauge.md')}: `) &&
      /no symbol Gauge/.test(error.message),
  );
});

test('a note whose member no longer exists fails the generation, naming the file and the member', async (t) => {
  const dir = notesFolder(t, {'Counter.md': 'Fine.\n\n### `subtract`\n\nGone.\n'});
  await assert.rejects(generate(dir, notesFolder(t, {})), (error: Error) =>
    error.message.includes(`${path.join(dir, 'Counter.md')}: Counter has no member subtract`),
  );
});

test('a note whose symbol no longer exists fails the generation, naming the file', async (t) => {
  const dir = notesFolder(t, {'Gauge.md': 'Gone.\n'});
  await assert.rejects(
    generate(dir, notesFolder(t, {})),
    (error: Error) =>
      error.message.includes(`${path.join(dir, 'Gauge.md')}: `) &&
      /no symbol Gauge/.test(error.message),
  );
});

test('every error class a package exports has a note saying what 0.0.15 does with it', () => {
  // The entry modules name what is documented; an error class is a Skip…Error in their exports.
  const missing: string[] = [];
  const classes: string[] = [];
  for (const {id} of apiPackages) {
    const entry = fs.readFileSync(path.join(ROOT, 'api-sources', `${id}.ts`), 'utf8');
    for (const [name] of entry.matchAll(/\bSkip\w*Error\b/g)) {
      classes.push(name);
      const note = path.join(ROOT, 'api-sources/notes', id, `${name}.md`);
      if (!fs.existsSync(note)) missing.push(path.relative(ROOT, note));
    }
  }
  // The nine classes of 0.0.15, so that a pattern matching nothing cannot pass.
  assert.ok(classes.length >= 9, `error classes found: ${classes.join(', ')}`);
  assert.deepEqual(missing, [], 'every error class has a note');
});

test("a declaration of a package's .d.ts maps to its file and line in the repository", () => {
  const dts = path.join(ROOT, 'node_modules/@skipruntime/core/dist/src/api.d.ts');
  const lines = fs.readFileSync(dts, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes('export interface EagerCollection<')) + 1;
  const column = lines[line - 1]!.indexOf('EagerCollection');
  const repository = {packages: {'@skipruntime/core': 'skipruntime-ts/core'}, copied: {}};
  const mapOf = (file: string) =>
    new TraceMap(fs.readFileSync(`${file}.map`, 'utf8'), `${file}.map`);
  const at = repositoryPosition(repository, mapOf, dts, line, column);
  assert.equal(at?.path, 'skipruntime-ts/core/src/api.ts');
  const source = fs.readFileSync(
    path.join(ROOT, 'node_modules/@skipruntime/core/src/api.ts'),
    'utf8',
  );
  assert.match(source.split('\n')[at!.line - 1]!, /export interface EagerCollection</);
  // A file outside the packages named gets no link.
  assert.equal(repositoryPosition({packages: {}, copied: {}}, mapOf, dts, line, column), undefined);
});

test("a page's source line moves below its introduction, so that its description stays its first paragraph", () => {
  const page = [
    '# Interface: `Counter`',
    '',
    'Defined in: [a.ts:3](https://example.com/a.ts#L3)',
    '',
    'A counter of things.',
    '',
    '```ts',
    '## not a section',
    '```',
    '',
    '## Methods',
    '',
    'Defined in: [a.ts:5](https://example.com/a.ts#L5)',
  ].join('\n');
  assert.equal(
    sourceAfterIntroduction(page),
    [
      '# Interface: `Counter`',
      '',
      'A counter of things.',
      '',
      '```ts',
      '## not a section',
      '```',
      '',
      'Defined in: [a.ts:3](https://example.com/a.ts#L3)',
      '',
      '## Methods',
      '',
      'Defined in: [a.ts:5](https://example.com/a.ts#L5)',
    ].join('\n'),
  );
  // A page without sections ends with its source line; a page without one is left alone.
  assert.equal(
    sourceAfterIntroduction('# T\n\nDefined in: x\n\nAbout T.'),
    '# T\n\nAbout T.\n\nDefined in: x',
  );
  assert.equal(sourceAfterIntroduction('# T\n\nAbout T.'), '# T\n\nAbout T.');
});
