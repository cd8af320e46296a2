/**
 * Broken front matter fails the build with a message naming the file and the field
 * (src/plugins/front-matter-check). Each case breaks one file in a temporary copy of the
 * project and runs `docusaurus build`, which must stop in loadContent, before bundling.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import frontMatterCheck from '../../src/plugins/front-matter-check';
import type {LoadContext} from '@docusaurus/types';

const root = path.resolve(__dirname, '../..');
const POST = 'blog/2025-02-11-why-skip.mdx';
const GUIDE = 'docs/glossary.md';

/** Top-level entries left out of the copy; node_modules is linked instead. */
const SKIP = new Set(['node_modules', 'build', '.docusaurus', '.git', 'test-results', 'playwright-report', 'bench-results']);

/** Copies the project (with the generated docs/api/ and its stamp, so TypeDoc is not rerun). */
function copyProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-matter-'));
  for (const entry of fs.readdirSync(root)) {
    if (SKIP.has(entry)) continue;
    fs.cpSync(path.join(root, entry), path.join(dir, entry), {recursive: true});
  }
  fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Replaces the front matter line `key: ...` (or removes it when `value` is null). */
function setField(text: string, key: string, value: string | null): string {
  const line = new RegExp(`^${key}:.*\\n`, 'm');
  expect(text, `front matter has ${key}`).toMatch(line);
  return text.replace(line, value === null ? '' : `${key}: ${value}\n`);
}

type Case = {name: string; file: string; field: string; edit: (text: string) => string};

const CASES: Case[] = [
  {name: 'a post without a title', file: POST, field: 'title', edit: (t) => setField(t, 'title', null)},
  {name: 'a post with an empty title', file: POST, field: 'title', edit: (t) => setField(t, 'title', '""')},
  {name: 'a post without a date', file: POST, field: 'date', edit: (t) => setField(t, 'date', null)},
  {name: 'a post dated on a day that does not exist', file: POST, field: 'date', edit: (t) => setField(t, 'date', '2025-02-31')},
  {name: 'a post whose date is not a date', file: POST, field: 'date', edit: (t) => setField(t, 'date', 'soon')},
  {name: 'a post whose date disagrees with its file name', file: POST, field: 'date', edit: (t) => setField(t, 'date', '2025-02-12T12:00:01Z')},
  {name: 'a post without a slug', file: POST, field: 'slug', edit: (t) => setField(t, 'slug', null)},
  {name: 'a post with an invalid slug', file: POST, field: 'slug', edit: (t) => setField(t, 'slug', 'Why Skip')},
  {name: 'a post with a slug another post has', file: POST, field: 'slug', edit: (t) => setField(t, 'slug', 'skip-alpha')},
  {name: 'a guide without a title', file: GUIDE, field: 'title', edit: (t) => setField(t, 'title', null)},
  {name: 'a guide with an invalid slug', file: GUIDE, field: 'slug', edit: (t) => t.replace(/^title:/m, 'slug: /Glossary Page\ntitle:')},
];

type Build = {code: number | null; output: string; seconds: number};

function build(dir: string): Promise<Build> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['docusaurus', 'build'],
      {cwd: dir, timeout: 150_000, maxBuffer: 16 * 1024 * 1024, env: {...process.env, FORCE_COLOR: '0'}},
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: `${stdout}\n${stderr}`,
          seconds: (Date.now() - started) / 1000,
        }),
    );
  });
}

test.describe('front matter check', () => {
  // One worker, one case after the other in a single copy; a failing case does not skip the
  // rest. A build that fails in loadContent takes seconds; the margin is for loaded machines.
  test.describe.configure({mode: 'default', timeout: 180_000});
  let dir = '';
  const originals = new Map<string, string>();

  test.beforeAll(() => {
    dir = copyProject();
    expect(fs.existsSync(path.join(dir, 'docs/api/.inputs-hash')), 'generated API reference copied').toBe(true);
    for (const file of [POST, GUIDE]) originals.set(file, fs.readFileSync(path.join(dir, file), 'utf8'));
  });

  test.afterAll(() => {
    if (dir) fs.rmSync(dir, {recursive: true, force: true});
  });

  test('the blog posts and guides as they are pass the check', async () => {
    const plugin = frontMatterCheck({siteDir: root} as LoadContext);
    await expect(plugin.loadContent?.()).resolves.toBeUndefined();
  });

  for (const c of CASES) {
    test(`${c.name} fails the build, naming the file and the "${c.field}" field`, async () => {
      const file = path.join(dir, c.file);
      fs.writeFileSync(file, c.edit(originals.get(c.file) ?? ''));
      try {
        const result = await build(dir);
        test.info().annotations.push({type: 'build time', description: `${result.seconds.toFixed(1)} s`});
        expect(result.code, 'exit code').not.toBe(0);
        expect(result.output).toContain(`${c.file}: front matter field "${c.field}"`);
        // It stopped while loading the site: the bundler never created build/, and the API
        // reference was reused, not regenerated (its stamp is only removed to regenerate).
        expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
        expect(fs.existsSync(path.join(dir, 'docs/api/.inputs-hash')), 'TypeDoc not rerun').toBe(true);
      } finally {
        fs.writeFileSync(file, originals.get(c.file) ?? '');
      }
    });
  }

  test('broken YAML fails the build, naming the file', async () => {
    const file = path.join(dir, POST);
    fs.writeFileSync(file, setField(originals.get(POST) ?? '', 'title', '[Why Skip?'));
    try {
      const result = await build(dir);
      test.info().annotations.push({type: 'build time', description: `${result.seconds.toFixed(1)} s`});
      expect(result.code, 'exit code').not.toBe(0);
      expect(result.output).toContain(POST);
      expect(result.output).toMatch(/YAML|yaml/);
      expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
    } finally {
      fs.writeFileSync(file, originals.get(POST) ?? '');
    }
  });
});
