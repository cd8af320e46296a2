/**
 * Types where the reader looks (issue 22, section 3), read from build/: every TypeScript
 * sample of the guides and posts carries the compiler's quick info of its identifiers in the
 * page's HTML, a sample that teaches an error shows the compiler's message under its line,
 * and none of it is in the site's JavaScript. Also the checker's side of such a sample:
 * `errors=` blocks must fail with exactly their codes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {test, expect} from '@playwright/test';
import {BUILD, ROOT, readRoute} from '../lib/build-output';
import fences from '../../src/lib/fences.cjs';
import {firstLoad} from '../../scripts/lib/first-load.cjs';

/** The landing page's sample, an MDX partial of src/pages (route `/`). */
const LANDING_SAMPLE = 'src/pages/_home/sample.mdx';

/** The popup text of the first identifier of a page spelled `name`. */
function quickInfo(route: string, name: string): string | undefined {
  const $ = readRoute(route);
  const ids = $('.tq .tq-id[tabindex="0"]').filter(
    (_, el) => $(el).clone().children('.tq-pop').remove().end().text() === name,
  );
  const popup = $(`#${ids.first().attr('aria-describedby')}`);
  return popup.length ? popup.text() : undefined;
}

/** TypeScript blocks of a source file, live examples included. */
function typedSourceBlocks(file: string) {
  return fences
    .extractBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8'))
    .filter((b) => ['ts', 'tsx', 'typescript'].includes(b.lang));
}

test('an identifier of a guide sample carries its real signature from the package', () => {
  // The declaration the popup must reproduce, read from the installed package.
  const dts = fs.readFileSync(
    path.join(ROOT, 'node_modules/@skipruntime/server/dist/src/server.d.ts'),
    'utf8',
  );
  expect(dts).toMatch(/export declare function runService\(service: SkipService, options\?: \{/);
  const info = quickInfo('/docs/deploying', 'runService');
  expect(info, 'runService has a quick info on /docs/deploying').toBeDefined();
  expect(info).toMatch(/^\(alias\) function runService\(service: SkipService, options\?: \{/);
  expect(info).toContain('streaming_port: number;');
  expect(info).toContain('}): Promise<SkipServer>');
  // Its doc comment's first paragraph follows the signature, as an editor shows it.
  expect(info).toContain('Initialize and start a reactive Skip service.');
});

test('every TypeScript block of the guides, posts and landing page is typed (live examples too), with its plain code and no error it does not teach', () => {
  const sources = [
    ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`),
    ...fs.readdirSync(path.join(ROOT, 'blog')).map((f) => `blog/${f}`),
    LANDING_SAMPLE,
  ].filter((f) => /\.mdx?$/.test(f));
  let typed = 0;
  let live = 0;
  for (const file of sources) {
    const blocks = typedSourceBlocks(file);
    if (blocks.length === 0) continue;
    const id = path.basename(file).replace(/\.mdx?$/, '');
    const route =
      file === LANDING_SAMPLE
        ? '/'
        : file.startsWith('docs/')
          ? `/docs/${id}`
          : `/blog/${/^slug:\s*(\S+)/m.exec(fs.readFileSync(path.join(ROOT, file), 'utf8'))![1]}`;
    const $ = readRoute(route);
    const pres = $('.tq pre');
    expect(pres.length, `typed blocks on ${route}`).toBe(blocks.length);
    pres.each((i, pre) => {
      // Without its popups and error notes (each on a line of its own), the block reads
      // exactly as the source's code.
      const html = $(pre).html()!.replace(/\n<span class="tq-error"[^>]*><span[^>]*>[^<]*<\/span>[^<]*<\/span>/g, '');
      const plain = $('<pre></pre>').html(html);
      plain.find('.tq-pop').remove();
      expect(plain.text().replace(/\n+$/, ''), `block ${i + 1} of ${route}`).toBe(
        blocks[i]!.code.replace(/\n+$/, ''),
      );
      expect($(pre).find('.tq-id[tabindex="0"]').length, `identifiers of block ${i + 1} of ${route}`).toBeGreaterThan(0);
      // A compile error shows only where the block teaches one (`errors=`); the checker passes
      // every other block, so a note there would be the page's compile disagreeing with it.
      if (fences.parseMeta(blocks[i]!.meta).attrs.errors === undefined) {
        expect(
          $(pre).find('.tq-error').map((_, el) => $(el).text()).get(),
          `error notes of block ${i + 1} of ${route}`,
        ).toEqual([]);
      }
    });
    // A live example's block is typed, in its place in the live example (before Run).
    const liveBlocks = blocks.filter((b) => fences.parseMeta(b.meta).flags.has('live')).length;
    expect($('[data-live-example] .tq pre').length, `typed live examples on ${route}`).toBe(
      liveBlocks,
    );
    // One stylesheet of typed blocks per page.
    expect($('style').filter((_, s) => $(s).text().includes('.tq-pop')).length).toBe(1);
    typed += blocks.length;
    live += liveBlocks;
  }
  expect(typed).toBeGreaterThan(30);
  // The landing page's and the four guides' live examples at least.
  expect(live).toBeGreaterThanOrEqual(5);
});

test('a sample that teaches a compile error shows the message under its line', () => {
  const $ = readRoute('/docs/functions');
  const errors = $('.tq .tq-error');
  expect(errors.length).toBe(1);
  expect(errors.first().text()).toMatch(
    /^Error TS2344: Type 'Date' does not satisfy the constraint 'Json'\./,
  );
  // The error is underlined where the compiler points, and the note follows that line.
  const squiggle = errors.first().closest('pre').find('.tq-squiggle');
  expect(squiggle.text()).toBe('Date');
  // Colours follow the code's tokens, after blank lines too: keywords are whole spans.
  const lines = errors.first().closest('code');
  for (const keyword of ['import', 'type', 'class', 'const', 'return']) {
    expect(
      lines.children('span').filter((_, el) => $(el).text() === keyword).length,
      `a span holding "${keyword}"`,
    ).toBeGreaterThan(0);
  }
  const code = $('<code></code>').html(lines.html()!);
  code.find('.tq-pop').remove();
  const text = code.text();
  const before = text.slice(0, text.indexOf('Error TS2344'));
  expect(before.trimEnd().split('\n').pop()).toBe(
    'class LastVisit implements Mapper<string, Visit, string, Date> {',
  );
});

test('the quick info is in the HTML only, never in the JavaScript', () => {
  const info = quickInfo('/docs/deploying', 'runService');
  expect(info).toBeDefined();
  // The popup's first line, which no API page spells (they show the declaration, not quick info).
  const needle = info!.split('\n')[0]!;
  expect(needle).toMatch(/^\(alias\) function runService\(/);
  const js: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) js.push(full);
    }
  };
  walk(path.join(BUILD, 'assets', 'js'));
  expect(js.length).toBeGreaterThan(10);
  expect(js.filter((file) => fs.readFileSync(file, 'utf8').includes(needle))).toEqual([]);
  expect(js.filter((file) => fs.readFileSync(file, 'utf8').includes('tq-pop'))).toEqual([]);
});

test('typed samples add nothing to the first JavaScript: no extra chunk, no plugin in the config', () => {
  // The first JavaScript of every page: the scripts the landing page's HTML references.
  const main = firstLoad(BUILD, '/')
    .files.js.map((file) => fs.readFileSync(path.join(BUILD, file), 'utf8'))
    .join('\n');
  const sources = [
    ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`),
    ...fs.readdirSync(path.join(ROOT, 'blog')).map((f) => `blog/${f}`),
  ].filter((f) => /\.mdx?$/.test(f) && typedSourceBlocks(f).length > 0);
  expect(sources.length).toBeGreaterThan(5);
  for (const file of sources) {
    // The route table's entry of the page's content: `"<id>":[() => <load its chunks>, "@site/<file>", …]`.
    const at = main.indexOf(`"@site/${file}"`);
    expect(at, `a route table entry for ${file}`).toBeGreaterThan(0);
    const entry = main.slice(main.lastIndexOf(':[()=>', at), at);
    // One chunk, the page's own: a chunk shared with the code block would be loaded alongside
    // (`Promise.all([...])`), and named in this entry of the table every page loads.
    expect(entry, `the chunks ${file} loads`).not.toContain('Promise.all');
  }
  // The remark step is not serialized into the site config (a function would be `null`).
  expect(main).toMatch(/beforeDefaultRemarkPlugins:\[\]/);
  expect(main).not.toMatch(/RemarkPlugins:\[[^\]]*null/);
});

test('a block that teaches an error must fail with exactly the codes it lists', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-samples-'));
  try {
    fs.mkdirSync(path.join(dir, 'docs'));
    const page = (meta: string, body: string) => `# t\n\n\`\`\`ts ${meta}\n${body}\n\`\`\`\n`;
    const wrong = 'const n: number = "text";';
    // Three pages, one run of the checker (each block is a module of its own).
    // The error it teaches: no failure.
    fs.writeFileSync(path.join(dir, 'docs', 'teaches.md'), page('errors=2322', wrong));
    // The error went away: the block no longer teaches it.
    fs.writeFileSync(path.join(dir, 'docs', 'fixed.md'), page('errors=2322', 'const n = 1;'));
    // Another error than the one listed is a failure.
    fs.writeFileSync(path.join(dir, 'docs', 'other.md'), page('errors=2304', wrong));
    const {failures} = JSON.parse(
      execFileSync('node', [path.join(ROOT, 'src/plugins/typed-samples/samples.mjs'), '--json', '--root', dir], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as {failures: {file: string; line: number; message: string}[]};
    const of = (file: string) => failures.filter((f) => f.file === file).map((f) => f.message);
    expect(of('docs/teaches.md')).toEqual([]);
    expect(of('docs/fixed.md')).toEqual([expect.stringContaining('expected error TS2322')]);
    expect(of('docs/other.md').sort()).toEqual([
      expect.stringContaining("Type 'string' is not assignable to type 'number'"),
      expect.stringContaining('expected error TS2304'),
    ]);
    expect(failures).toHaveLength(3);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
