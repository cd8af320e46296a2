/**
 * Broken front matter fails the build with a message naming the file and the field
 * (./front-matter.ts, the site's `markdown.parseFrontMatter`). Each kind of problem is a case
 * against the parser itself, on a broken copy of a real post or guide; two builds of the
 * fixture site (tests/fixtures/site, built with the site's `markdown` options by
 * tests/lib/fixture-config.ts) show that the blog and docs plugins call it and that the
 * build stops while loading content, before bundling.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {checkedFrontMatter} from '../../front-matter';
import {ROOT} from '../../src/lib/root.cjs';
import {fixtureSite, type TempSite} from '../lib/temp-site';
import {GUIDES, POSTS} from '../lib/sources';

const POST = 'blog/2025-02-11-why-skip.mdx';
const OTHER_POST = 'blog/2024-12-24-skip-alpha.md';
const GUIDE = 'docs/glossary.md';

const original = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Parses `fileContent` as the site's file `file` with a fresh parser, after `before` files. */
async function parse(file: string, fileContent: string, before: string[] = []): Promise<unknown> {
  const parseFrontMatter = checkedFrontMatter(ROOT);
  const call = (name: string, text: string) =>
    parseFrontMatter({filePath: path.join(ROOT, name), fileContent: text, defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER});
  for (const name of before) await call(name, original(name));
  return call(file, fileContent);
}

/** Replaces the front matter line `key: ...` (or removes it when `value` is null). */
function setField(text: string, key: string, value: string | null): string {
  const line = new RegExp(`^${key}:.*\\n`, 'm');
  expect(text, `front matter has ${key}`).toMatch(line);
  return text.replace(line, value === null ? '' : `${key}: ${value}\n`);
}

type Case = {name: string; file: string; field: string; edit: (text: string) => string; before?: string[]};

const CASES: Case[] = [
  {name: 'a post without a title', file: POST, field: 'title', edit: (t) => setField(t, 'title', null)},
  {name: 'a post with an empty title', file: POST, field: 'title', edit: (t) => setField(t, 'title', '""')},
  {name: 'a post without a date', file: POST, field: 'date', edit: (t) => setField(t, 'date', null)},
  {name: 'a post dated on a day that does not exist', file: POST, field: 'date', edit: (t) => setField(t, 'date', '2025-02-31')},
  {name: 'a post whose date is not a date', file: POST, field: 'date', edit: (t) => setField(t, 'date', 'soon')},
  {name: 'a post whose date disagrees with its file name', file: POST, field: 'date', edit: (t) => setField(t, 'date', '2025-02-12T12:00:01Z')},
  {name: 'a post without a slug', file: POST, field: 'slug', edit: (t) => setField(t, 'slug', null)},
  {name: 'a post with an invalid slug', file: POST, field: 'slug', edit: (t) => setField(t, 'slug', 'Why Skip')},
  {
    name: 'a post with a slug another post has',
    file: POST,
    field: 'slug',
    edit: (t) => setField(t, 'slug', 'skip-alpha'),
    before: [OTHER_POST],
  },
  {name: 'a guide without a title', file: GUIDE, field: 'title', edit: (t) => setField(t, 'title', null)},
  {name: 'a guide with an invalid slug', file: GUIDE, field: 'slug', edit: (t) => t.replace(/^title:/m, 'slug: /Glossary Page\ntitle:')},
  // The site has no tag pages (spec §2), and each tag used would make one.
  {name: 'a post with tags', file: POST, field: 'tags', edit: (t) => t.replace(/^title:/m, 'tags: [essay]\ntitle:')},
  {name: 'a guide with tags', file: GUIDE, field: 'tags', edit: (t) => t.replace(/^title:/m, 'tags: [reference]\ntitle:')},
  {
    name: 'a post whose image is not its social card',
    file: POST,
    field: 'image',
    edit: (t) => t.replace(/^title:/m, 'image: /img/social/skip-alpha.png\ntitle:'),
  },
];

/** The site's posts and guides (not the generated docs/api/, nor partials), relative to the site. */
function postsAndGuides(): string[] {
  return ['blog', 'docs']
    .flatMap((dir) => fs.readdirSync(path.join(ROOT, dir), {recursive: true, encoding: 'utf8'}).map((f) => `${dir}/${f}`))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.mdx?$/.test(file) && !file.startsWith('docs/api/') && !file.split('/').some((p) => p.startsWith('_')));
}

test.describe('front matter check', () => {
  test('the blog posts and guides as they are pass the check', async () => {
    const files = postsAndGuides();
    expect(files.length, 'posts and guides').toBe(POSTS.length + GUIDES.length);
    const parseFrontMatter = checkedFrontMatter(ROOT);
    for (const file of files) {
      await parseFrontMatter({
        filePath: path.join(ROOT, file),
        fileContent: original(file),
        defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
      });
    }
  });

  test("a post's image is filled in as its social card, and a guide gets none", async () => {
    await expect(parse(POST, original(POST))).resolves.toMatchObject({frontMatter: {image: '/img/social/why-skip.png'}});
    const stated = original(POST).replace(/^title:/m, 'image: /img/social/why-skip.png\ntitle:');
    await expect(parse(POST, stated)).resolves.toMatchObject({frontMatter: {image: '/img/social/why-skip.png'}});
    const guide = (await parse(GUIDE, original(GUIDE))) as {frontMatter: Record<string, unknown>};
    expect(guide.frontMatter.image).toBeUndefined();
  });

  test('a file parsed again keeps its own slug', async () => {
    await expect(parse(POST, original(POST), [POST])).resolves.toMatchObject({frontMatter: {slug: 'why-skip'}});
  });

  for (const c of CASES) {
    test(`${c.name} is refused, naming the file and the "${c.field}" field`, async () => {
      await expect(parse(c.file, c.edit(original(c.file)), c.before)).rejects.toThrow(`${c.file}: front matter field "${c.field}"`);
    });
  }

  test('broken YAML is refused, naming the file', async () => {
    await expect(parse(POST, setField(original(POST), 'title', '[Why Skip?'))).rejects.toThrow(
      `${POST}: front matter is not valid YAML`,
    );
  });
});

test.describe('front matter check in a build', () => {
  // One copy of the fixture site, one build after the other. A build that fails in
  // loadContent takes seconds; the margin is for loaded machines.
  test.describe.configure({mode: 'serial', timeout: 180_000});
  let site: TempSite;
  test.beforeAll(() => {
    site = fixtureSite({label: 'front-matter'});
  });
  test.afterAll(() => site?.cleanup());

  const inFixture: Case[] = [
    {
      name: 'a post dated on a day that does not exist',
      file: 'blog/2025-01-15-fixture-post.md',
      field: 'date',
      edit: (t) => setField(t, 'date', '2025-02-31'),
    },
    {name: 'a guide without a title', file: 'docs/intro.md', field: 'title', edit: (t) => setField(t, 'title', null)},
  ];
  for (const c of inFixture) {
    test(`${c.name} fails the build in loadContent, naming the file and the field`, async () => {
      const text = site.read(c.file);
      site.write(c.file, c.edit(text));
      try {
        const result = await site.build({timeoutMs: 150_000, env: {FORCE_COLOR: '0'}});
        expect(result.ok, 'build succeeded').toBe(false);
        expect(result.output).toContain(`${c.file}: front matter field "${c.field}"`);
        // It stopped while loading the site: the bundler never created build/.
        expect(fs.existsSync(site.path('build'))).toBe(false);
      } finally {
        site.write(c.file, text);
      }
    });
  }
});
