/**
 * "Used in" on the API pages (issue 28 §3), without a site build: the usage index
 * (src/plugins/typed-samples/usage.mjs) on a small site of a guide and a post written to a
 * temporary folder and compiled against the installed packages, and the section the TypeDoc
 * step (api-sources/typedoc-used-in.mjs) writes from it. The real pages' lists are read from
 * the build by tests/build/api-reference.spec.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {collectSamples, sharedCompile} from '../../src/plugins/typed-samples/samples.mjs';
import {headingIds, indexUsage, type Use} from '../../src/plugins/typed-samples/usage.mjs';
import {usedInSection} from '../../api-sources/typedoc-used-in.mjs';

const fence = (code: string) => ['```ts', code, '```'].join('\n');

/** A guide of the fixture: Sum in its opening, EagerCollection's members under two headings. */
const GUIDE = [
  '---',
  'title: Reducing collections',
  '---',
  '',
  fence("import {Sum} from '@skipruntime/helpers';\nexport const sum = new Sum();"),
  '',
  '## Mapping with `map` {#mapping}',
  '',
  fence(
    [
      "import type {EagerCollection, Mapper, Values} from '@skipruntime/core';",
      'class Twice implements Mapper<string, number, string, number> {',
      '  mapEntry(key: string, values: Values<number>): Iterable<[string, number]> {',
      '    return [[key, values.getUnique() * 2]];',
      '  }',
      '}',
      'export const twice = (c: EagerCollection<string, number>) => c.map(Twice).size();',
    ].join('\n'),
  ),
  '',
  '## Summing',
  '',
  'No sample here.',
  '',
  '## Summing',
  '',
  fence(
    [
      "import type {EagerCollection} from '@skipruntime/core';",
      "import {Sum} from '@skipruntime/helpers';",
      'export const total = (c: EagerCollection<string, number>) => c.reduce(Sum);',
    ].join('\n'),
  ),
].join('\n');

/** A post of the fixture, with a slug of its own. */
const POST = [
  '---',
  'slug: sums-everywhere',
  'title: Sums everywhere',
  '---',
  '',
  '## The service',
  '',
  // Count is imported and never used: no use of Count.
  fence("import {Count, Sum} from '@skipruntime/helpers';\nexport const sum = new Sum();"),
].join('\n');

/** A page no list could name in advance: its name is new on every run. */
const NEW_PAGE = `counting-${crypto.randomBytes(4).toString('hex')}`;

/** The fixture site, the new page included, in a temporary folder. */
function site(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'used-in-'));
  const files = {
    'docs/reducing.md': GUIDE,
    'blog/2025-01-02-sums.md': POST,
    [`docs/${NEW_PAGE}.md`]: [
      '---',
      'title: Counting',
      '---',
      '',
      '## How many values',
      '',
      fence(
        [
          "import type {EagerCollection} from '@skipruntime/core';",
          "import {Count} from '@skipruntime/helpers';",
          'export const count = (c: EagerCollection<string, number>) => c.reduce(Count);',
        ].join('\n'),
      ),
    ].join('\n'),
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

let found: Map<string, {key: string; uses: Use[]}> | undefined;
let handedOver = false;

/** The uses of each symbol the fixture's samples use, by symbol name ("Count"…): one compile. */
function usage() {
  if (found) return found;
  const dir = site();
  const compile = sharedCompile(collectSamples(dir));
  try {
    const index = indexUsage(dir, compile.samples, compile);
    found = new Map(
      [...index].map(([key, uses]) => [key.slice(key.lastIndexOf('#') + 1), {key, uses}]),
    );
    // The typed blocks, a second reader in the same build, collect equal samples of their own.
    const again = sharedCompile(collectSamples(dir));
    const compiled = new Set(again.byFile.values());
    handedOver = again === compile && again.samples.every((sample) => compiled.has(sample));
    return found;
  } finally {
    compile.dispose();
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

test('the index and the typed blocks share one compile: a second reader gets it, with the samples it was made from', () => {
  usage();
  assert.equal(handedOver, true);
});

test("a new sample that calls Count is listed on Count's page, under the heading above it, with no other edit", () => {
  const count = usage().get('Count');
  assert.ok(count, 'Count is used');
  assert.match(
    count.key,
    /node_modules\/@skipruntime\/helpers\//,
    'the declaration of the package',
  );
  // Only the new page: the post imports Count without using it.
  assert.deepEqual(count.uses, [
    {
      page: {
        kind: 'guide',
        file: `docs/${NEW_PAGE}.md`,
        route: `/docs/${NEW_PAGE}`,
        title: 'Counting',
      },
      section: {id: 'how-many-values', title: 'How many values'},
      members: [],
    },
  ]);
});

test('a member counts for its class or interface, named; an import alone is no use; every section is its own entry', () => {
  const found = usage();
  const eager = found.get('EagerCollection')?.uses ?? [];
  assert.deepEqual(
    eager.map((use) => [use.page.route, use.section?.id, use.members]),
    [
      [`/docs/${NEW_PAGE}`, 'how-many-values', ['reduce']],
      ['/docs/reducing', 'mapping', ['map', 'size']],
      // The second "Summing" heading: Docusaurus numbers a repeated slug.
      ['/docs/reducing', 'summing-1', ['reduce']],
    ],
  );
  // Values's getUnique is a member of Values; Mapper is named by `implements`.
  assert.deepEqual(
    found.get('Values')?.uses.map((u) => u.members),
    [['getUnique']],
  );
  assert.equal(found.get('Mapper')?.uses.length, 1);
  // Sum: the guide's opening (no heading above), its last section, and the post.
  assert.deepEqual(
    found
      .get('Sum')
      ?.uses.map((u) => `${u.page.route}#${u.section?.id ?? ''}`)
      .sort(),
    ['/blog/sums-everywhere#the-service', '/docs/reducing#', '/docs/reducing#summing-1'],
  );
});

test('heading ids are the ones Docusaurus gives: an explicit {#id}, else the slug of the text, numbered when repeated', () => {
  const ids = headingIds([
    {line: 1, text: 'The `eventsource` package in Node'},
    {line: 2, text: 'Deep-frozen, dependency-safe [values](/docs/glossary#values)'},
    {line: 3, text: 'Reactive service {#reactive-service}'},
    {line: 4, text: 'Step 3: the service'},
    {line: 5, text: 'Step 3: the service'},
  ]);
  assert.deepEqual(
    ids.map(({id, title}) => [id, title]),
    [
      ['the-eventsource-package-in-node', 'The eventsource package in Node'],
      ['deep-frozen-dependency-safe-values', 'Deep-frozen, dependency-safe values'],
      ['reactive-service', 'Reactive service'],
      ['step-3-the-service', 'Step 3: the service'],
      ['step-3-the-service-1', 'Step 3: the service'],
    ],
  );
});

test('the "Used in" section lists the guides in reading order, then the posts newest first, each section linked to its anchor', () => {
  const page = (file: string, route: string, title: string) =>
    ({kind: file.startsWith('blog/') ? 'post' : 'guide', file, route, title}) as const;
  const section = usedInSection(
    'Count',
    [
      {page: page('blog/2024-01-01-old.md', '/blog/old', 'Old'), members: []},
      {
        page: page('docs/functions.mdx', '/docs/functions', 'Functions'),
        section: {id: 'ready-made-reducers', title: 'Ready-made reducers'},
        members: ['add'],
      },
      {
        page: page('docs/b.md', '/docs/b', 'B [draft]'),
        section: {id: 'x', title: 'X'},
        members: [],
      },
      {page: page('blog/2025-01-01-new.md', '/blog/new', 'New'), members: []},
    ],
    ['introduction', 'functions', 'b'],
  );
  assert.equal(
    section,
    [
      '## Used in',
      '',
      'The sections of the guides and posts whose code samples use `Count`, found by compiling the samples. In parentheses, the members of `Count` they use.',
      '',
      'In the guides:',
      '',
      '- [Functions](/docs/functions)',
      '  - [Ready-made reducers](/docs/functions#ready-made-reducers) (`add`)',
      '- [B \\[draft\\]](/docs/b)',
      '  - [X](/docs/b#x)',
      '',
      'In the posts:',
      '',
      '- [New](/blog/new)',
      '  - [its opening](/blog/new)',
      '- [Old](/blog/old)',
      '  - [its opening](/blog/old)',
      '',
    ].join('\n'),
  );
  assert.equal(usedInSection('Count', [], []), '', 'no use, no section');
});
