/**
 * The grammar of code-fence metadata (src/lib/fences.cjs) and the table of options the site
 * knows (src/lib/fence-options.cjs): how a meta is parsed, and that the table, the pages'
 * fences, the files that read each option and CONTRIBUTING.md's table agree.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import fences from '../../src/lib/fences.cjs';
import options from '../../src/lib/fence-options.cjs';
import {ROOT} from '../../src/lib/root.cjs';

const {parseMeta, extractBlocks, isFragment} = fences;
const {FENCE_OPTIONS, unknownOptions, optionsTable} = options;

const parsed = (meta: string) => {
  const {attrs, flags} = parseMeta(meta);
  return {attrs, flags: [...flags]};
};

test('a value is written in double quotes, single quotes or bare', () => {
  assert.deepEqual(parsed(`title="a.ts" run='orders/service' output=orders/snapshot`), {
    attrs: {title: 'a.ts', run: 'orders/service', output: 'orders/snapshot'},
    flags: [],
  });
});

test('a quoted value keeps its spaces and the other kind of quote; a bare one ends at a space', () => {
  assert.deepEqual(parsed(`show="totals tasksOf?owner=ana" title='it "works"' run=a/b c`), {
    attrs: {show: 'totals tasksOf?owner=ana', title: 'it "works"', run: 'a/b'},
    flags: ['c'],
  });
  assert.deepEqual(parsed(`title="it's"`).attrs, {title: "it's"});
});

test('a name alone is a flag, and may sit between values', () => {
  assert.deepEqual(parsed('live show="a b" fragment background'), {
    attrs: {show: 'a b'},
    flags: ['live', 'fragment', 'background'],
  });
  // The same name as a flag and with a value: `background` then means the named scenarios.
  assert.deepEqual(parsed('background background="x y"'), {
    attrs: {background: 'x y'},
    flags: ['background'],
  });
});

test('an empty quoted value is a value; a later option of the same name wins', () => {
  assert.deepEqual(parsed(`title="" run=a/b run=c/d`).attrs, {title: '', run: 'c/d'});
  assert.deepEqual(parsed(''), {attrs: {}, flags: []});
});

test('unknown options are kept by the parser and named by the table', () => {
  const meta = parseMeta('showLineNumbers live exec=x.ts show="a"');
  assert.ok(meta.flags.has('showLineNumbers'));
  assert.equal(meta.attrs.exec, 'x.ts');
  assert.deepEqual(unknownOptions(meta), ['showLineNumbers', 'exec']);
  assert.deepEqual(unknownOptions(parseMeta('ts live show="a" run=a/b')), ['ts']);
});

test('a fragment is a flag or a value', () => {
  assert.equal(isFragment({meta: 'fragment'}), true);
  assert.equal(isFragment({meta: 'fragment="why"'}), true);
  assert.equal(isFragment({meta: 'title="fragment.ts"'}), false);
});

test('blocks keep their language, meta, line and code, without the fence indent', () => {
  const text = ['# t', '', '  ```ts live show="a b"', '  const a = 1;', '    b;', '  ```'].join(
    '\n',
  );
  assert.deepEqual(extractBlocks(text), [
    {lang: 'ts', meta: 'live show="a b"', line: 3, code: 'const a = 1;\n  b;'},
  ]);
});

/** Markdown and MDX files whose fences the site reads (docs/api is generated). */
function pages(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(ROOT, 'docs', 'api')) walk(full);
      } else if (/\.mdx?$/.test(entry.name)) out.push(full);
    }
  };
  for (const dir of ['docs', 'blog', 'src']) walk(path.join(ROOT, dir));
  return out;
}

test('every fence of docs/, blog/ and src/ uses only options the table knows', () => {
  const unknown: string[] = [];
  let seen = 0;
  for (const file of pages()) {
    for (const block of extractBlocks(fs.readFileSync(file, 'utf8'))) {
      if (block.meta) seen++;
      for (const name of unknownOptions(parseMeta(block.meta)))
        unknown.push(`${path.relative(ROOT, file)}:${block.line}: ${name}`);
    }
  }
  assert.ok(seen > 50, `only ${seen} fences with a meta found: is the walk reading the pages?`);
  assert.deepEqual(unknown, [], 'add the option to src/lib/fence-options.cjs, or fix the fence');
});

test('every option of the table is used by some page, and each reader named mentions it', () => {
  const used = new Set<string>();
  for (const file of pages())
    for (const block of extractBlocks(fs.readFileSync(file, 'utf8'))) {
      const {attrs, flags} = parseMeta(block.meta);
      for (const name of [...flags, ...Object.keys(attrs)]) used.add(name);
    }
  for (const option of FENCE_OPTIONS) {
    // `fragment` is a rule the checker keeps even while no page needs it.
    if (option.name !== 'fragment') assert.ok(used.has(option.name), `no page uses ${option.name}`);
    assert.ok(option.readBy.length > 0, `${option.name} has no reader`);
    for (const file of option.readBy) {
      const full = path.join(ROOT, file);
      assert.ok(fs.existsSync(full), `${option.name}: ${file} does not exist`);
      assert.match(
        fs.readFileSync(full, 'utf8'),
        new RegExp(`\\b${option.name}\\b`),
        `${file} is named as reading ${option.name} but never mentions it`,
      );
    }
  }
});

test("CONTRIBUTING.md's table of fence options is the table of src/lib/fence-options.cjs", () => {
  const text = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const m = /<!-- fence-options[^>]*-->\n([\s\S]*?)\n<!-- \/fence-options -->/.exec(text);
  assert.ok(m, 'CONTRIBUTING.md has no <!-- fence-options --> … <!-- /fence-options --> section');
  assert.equal(m[1].trim(), optionsTable(), 'regenerate it: node src/lib/fence-options.cjs');
});
