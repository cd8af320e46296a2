/**
 * The behaviour the guides state in sentences, pinned: tests/runnable/claims.md is a scenario
 * in the pages' markup (status codes, DELETE and resubscription, what an update carries, the
 * initialData rule, a mapper failing on a write, getStreamUUID on failure, a mirror's need for
 * the streaming port; and, section by section, what each guide and post states: the HTTP
 * protocol, instance collection, errors, adapters; the API pages' notes), run against the real
 * runtime like a page. An upgrade of the Skip packages that changes one of these fails here,
 * naming the block, before a page is wrong. The guides, posts and API notes
 * (api-sources/notes/) cite its blocks; a citation that names nothing in it fails here too.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {ROOT, noteFiles, pageFiles, scenariosOf} from '../lib/runnable';
import {scenarioTests} from '../lib/runnable-tests';

const FILE = 'tests/runnable/claims.md';
const TEXT = fs.readFileSync(path.join(ROOT, FILE), 'utf8');
const scenarios = scenariosOf(FILE, TEXT);

test('every scenario named in the file is parsed and run', () => {
  // Read independently of the parser: every id in a `run="<id>/<block> ..."` attribute.
  const named = new Set(
    [...TEXT.matchAll(/\brun="([^"]+)"/g)].flatMap((m) =>
      m[1]!.split(/\s+/).map((r) => r.split('/')[0]),
    ),
  );
  expect(named.size).toBeGreaterThanOrEqual(2);
  expect(scenarios.map((s) => s.id).sort()).toEqual([...named].sort());
});

// Run several at a time (tests/lib/runnable-tests.ts): the lifecycle and protocol scenarios
// spend most of a minute waiting for the runtime's 30 s garbage check.
scenarioTests(
  scenarios,
  (scenario) => `the runtime behaves as the pages say (tests/runnable/claims.md › ${scenario.id})`,
  (report, scenario) => {
    // Every output block of the file was compared, none skipped.
    expect(report.outputs).toBe(scenario.items.filter((i) => i.kind === 'output').length);
  },
);

test('the TypeScript of tests/runnable/claims.md compiles, strict, like a page sample', async () => {
  test.setTimeout(120_000);
  const {checkSamples, extractBlocks} = await import('../../src/plugins/typed-samples/samples.mjs');
  const samples = extractBlocks(TEXT)
    .filter((b: {lang: string}) => b.lang === 'ts')
    .map((b: {lang: string; meta: string; line: number; code: string}) => ({
      ...b,
      file: FILE,
      fragment: false,
    }));
  // As many as the file has ```ts fences, counted without the parser.
  expect(samples.length).toBe(TEXT.match(/^```ts\b/gm)?.length);
  expect(samples.length).toBeGreaterThan(0);
  expect(checkSamples(samples).failures).toEqual([]);
});

test('every reference a page or an API note makes to this file names a scenario, block or section it has', () => {
  // What the file offers: scenario ids, `<scenario>/<block>` names of its run= and output=
  // attributes, and its headings (outside code blocks), which pages quote by their opening words.
  const ids = new Set(scenarios.map((s) => s.id));
  const blocks = new Set(
    [...TEXT.matchAll(/\b(?:run|output)="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/)),
  );
  const headings: string[] = [];
  let fenced = false;
  for (const line of TEXT.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) headings.push(line.replace(/^#+ /, '').trim());
  }

  const wrong: string[] = [];
  let references = 0;
  const notes = noteFiles();
  let noteReferences = 0;
  for (const file of [...pageFiles(), ...notes]) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // Comments in Markdown (<!-- -->) and in MDX ({/* */}) that cite the file.
    for (const m of text.matchAll(/<!--([\s\S]*?)-->|\{\/\*([\s\S]*?)\*\/\}/g)) {
      const comment = m[1] ?? m[2]!;
      const at = comment.indexOf(FILE);
      if (at < 0) continue;
      const cited = comment.slice(at + FILE.length);
      const line = text.slice(0, m.index).split('\n').length;
      const where = `${file}:${line}`;
      references++;
      if (notes.includes(file)) noteReferences++;
      // "<scenario>/<block>": right after the file's name, after "block(s)", or whenever the part
      // before the slash is one of the file's scenarios (so package paths such as dist/src pass).
      for (const r of cited.matchAll(/(^|[\s,:(])([a-z][a-z0-9-]*)\/([\w.-]*\w)/g)) {
        const [scenario, block] = [r[2]!, r[3]!];
        const before = cited.slice(0, r.index + r[1]!.length);
        const direct = /^[\s,:]*$/.test(before) || /\bblocks?\s+$/.test(before);
        if (!ids.has(scenario) && !direct) continue;
        if (!blocks.has(`${scenario}/${block}`))
          wrong.push(`${where}: no block ${scenario}/${block}`);
      }
      // "scenario <id>", where the id ends the phrase ("the lowstock scenario of ..." names
      // another file's).
      for (const r of cited.matchAll(/\bscenario ([a-z][a-z0-9-]*)(?=\s*[,;(]|\s*$| and )/g)) {
        if (!ids.has(r[1]!)) wrong.push(`${where}: no scenario ${r[1]}`);
      }
      // A quoted section: right after the file's name, or after another quoted one.
      for (const r of comment
        .slice(at)
        .matchAll(/(?<=claims\.md,?\s*|"\s*(?:,|and)\s*)"([^"]+)"/g)) {
        if (!headings.some((h) => h.startsWith(r[1]!)))
          wrong.push(`${where}: no section "${r[1]}"`);
      }
    }
  }
  expect(references, 'pages citing the file').toBeGreaterThan(20);
  // The notes of api-sources/notes/ are read too (EagerCollection's cites api-notes/run-take).
  expect(noteReferences, 'API notes citing the file').toBeGreaterThan(0);
  expect(wrong).toEqual([]);
});
