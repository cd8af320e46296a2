/**
 * The API reference cache's decision (api-sources/packages.ts), on a copy of api-sources/ with
 * made-up pages, no TypeDoc and no build: the inputs hash follows every file under
 * api-sources/ and what the "Used in" lists are made from (the guides' samples and headings),
 * and nothing else; with a stamp of the current inputs and every package's pages
 * no TypeDoc instance starts and docs/api/ is left alone; a changed input or a missing package
 * makes the reference stale, and its stamp is written again. A real build through Docusaurus
 * with unchanged inputs is tests/build/api-cache.spec.ts; a real generation is every build of a
 * fresh clone (docs/api/ is not committed), whose stamp that file checks.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {ROOT} from '../../src/lib/root.cjs';

type Packages = typeof import('../../api-sources/packages');

/** A copy of api-sources/ in a folder of its own, its node_modules the project's. */
async function copy(): Promise<{dir: string; packages: Packages; cleanup: () => void}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-cache-'));
  // api-sources/ with what packages.ts loads from the site: the guides' order, and the modules
  // of the "Used in" lists.
  for (const part of ['api-sources', 'guides.ts', 'src/lib', 'src/plugins/typed-samples']) {
    fs.cpSync(path.join(ROOT, part), path.join(dir, part), {recursive: true});
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // packages.ts finds the site's folder from its own place, so this copy is a site of its own.
  const packages = (await import(path.join(dir, 'api-sources', 'packages.ts'))) as Packages;
  for (const pkg of packages.apiPackages) {
    const out = path.join(dir, 'docs', 'api', pkg.route);
    fs.mkdirSync(out, {recursive: true});
    fs.writeFileSync(path.join(out, 'typedoc-sidebar.cjs'), 'module.exports = [];\n');
    fs.writeFileSync(path.join(out, 'index.md'), `# ${pkg.title}\n`);
  }
  return {dir, packages, cleanup: () => fs.rmSync(dir, {recursive: true, force: true})};
}

/** Every file under `dir` with a hash of its content and its modification time. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const digest = crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex');
    files[path.relative(dir, file)] = `${digest} ${fs.statSync(file).mtimeMs}`;
  }
  return files;
}

/**
 * What a build's plugin initialisation does with the plugins: each TypeDoc instance is
 * started (non-null is TypeDoc running, so only a fresh reference is asked for that), then
 * the stamp plugin's loadContent runs. A new context is a new build.
 */
async function stampAfterBuild(packages: Packages): Promise<void> {
  const context = {} as LoadContext;
  const plugins = packages.apiReferencePlugins({watch: false});
  const stamp = plugins.at(-1) as (context: LoadContext) => Plugin;
  await stamp(context).loadContent!();
}

test('the inputs hash follows every file under api-sources/, a note in a sub-folder included, and no guide without a sample', async () => {
  const {dir, packages, cleanup} = await copy();
  try {
    const first = packages.apiInputsHash();
    assert.equal(packages.apiInputsHash(), first, 'the same inputs, the same hash');
    fs.writeFileSync(path.join(dir, 'docs', 'guide.md'), '# Not an input\n');
    assert.equal(packages.apiInputsHash(), first, 'a guide without a sample is not an input');
    const kafka = path.join(dir, 'api-sources', 'kafka.md');
    fs.appendFileSync(kafka, '\nOne more sentence.\n');
    const second = packages.apiInputsHash();
    assert.notEqual(second, first, 'the text of api-sources/kafka.md');
    const notes = path.join(dir, 'api-sources', 'notes');
    const note = fs
      .readdirSync(notes, {recursive: true, encoding: 'utf8'})
      .find((file) => file.endsWith('.md'));
    assert.ok(note, 'api-sources/notes/ holds a note');
    fs.appendFileSync(path.join(notes, note), '\nOne more sentence.\n');
    assert.notEqual(packages.apiInputsHash(), second, `the note ${note}`);
  } finally {
    cleanup();
  }
});

test('with a stamp of the current inputs and every package, no TypeDoc instance starts and docs/api is left untouched', async () => {
  const {dir, packages, cleanup} = await copy();
  try {
    fs.writeFileSync(packages.API_STAMP, packages.apiInputsHash());
    const before = snapshot(path.join(dir, 'docs', 'api'));
    const context = {} as LoadContext;
    const plugins = packages.apiReferencePlugins({watch: false});
    assert.equal(plugins.length, packages.apiPackages.length + 1);
    for (const instance of plugins.slice(0, -1)) {
      const [plugin, options] = instance as [
        (context: LoadContext, options: unknown) => Promise<Plugin | null>,
        unknown,
      ];
      assert.equal(await plugin(context, options), null, 'a TypeDoc instance stays off');
    }
    await (plugins.at(-1) as (context: LoadContext) => Plugin)(context).loadContent!();
    assert.deepEqual(snapshot(path.join(dir, 'docs', 'api')), before);
  } finally {
    cleanup();
  }
});

test('a changed input, or a package without its pages, makes the reference stale: its stamp is written again with the inputs it is made from', async () => {
  const {dir, packages, cleanup} = await copy();
  try {
    fs.writeFileSync(packages.API_STAMP, packages.apiInputsHash());
    fs.appendFileSync(path.join(dir, 'api-sources', 'kafka.md'), '\nOne more sentence.\n');
    const changed = packages.apiInputsHash();
    assert.notEqual(fs.readFileSync(packages.API_STAMP, 'utf8'), changed);
    await stampAfterBuild(packages);
    assert.equal(fs.readFileSync(packages.API_STAMP, 'utf8'), changed);

    // The stamp is current, but one package's pages are gone (an interrupted generation).
    fs.rmSync(path.join(dir, 'docs', 'api', 'adapters', 'kafka'), {recursive: true});
    const stampFile = path.relative(path.join(dir, 'docs', 'api'), packages.API_STAMP);
    const before = snapshot(path.join(dir, 'docs', 'api'))[stampFile];
    await new Promise((resolve) => setTimeout(resolve, 20));
    await stampAfterBuild(packages);
    assert.notEqual(
      snapshot(path.join(dir, 'docs', 'api'))[stampFile],
      before,
      'the stamp is removed and written again',
    );
  } finally {
    cleanup();
  }
});

test('a guide\'s samples and headings are inputs of the reference ("Used in"), its prose is not', async () => {
  const {dir, packages, cleanup} = await copy();
  try {
    const guide = path.join(dir, 'docs', 'guide.md');
    const page = (prose: string, heading: string, call: string) =>
      `---\ntitle: A guide\n---\n\n${prose}\n\n## ${heading}\n\n\`\`\`ts\n${call}\n\`\`\`\n`;
    fs.writeFileSync(guide, page('Some prose.', 'Counting', 'new Count();'));
    const first = packages.apiInputsHash();
    fs.writeFileSync(
      guide,
      page('Other prose, longer,\nover two lines.', 'Counting', 'new Count();'),
    );
    assert.equal(packages.apiInputsHash(), first, 'prose moves the sample, not its section');
    fs.writeFileSync(guide, page('Some prose.', 'Counting values', 'new Count();'));
    const renamed = packages.apiInputsHash();
    assert.notEqual(renamed, first, 'the heading above a sample');
    fs.writeFileSync(guide, page('Some prose.', 'Counting values', 'new Sum();'));
    assert.notEqual(packages.apiInputsHash(), renamed, 'the code of a sample');
  } finally {
    cleanup();
  }
});
