// Extracts every TypeScript code block of the site's content and type-checks it,
// strict, against the installed framework packages. It lives beside the typed-samples
// plugin because the build runs it (./render.ts types the blocks with the same compile);
// the tests run it as the sample checker.
//
// As a command: `node src/plugins/typed-samples/samples.mjs` prints one line per failing block
// (file:line of the line at fault, then the compiler's message) and exits 1 when any
// block fails; with `--json` it prints the whole result as JSON for the test suite.
//
// A block whose fence carries the word `fragment` (```ts fragment) is deliberately
// incomplete: it is counted but not compiled. A block with `errors=2344` teaches a compile
// error: it must fail with exactly the codes listed (comma-separated), and nothing else.
//
// The same compile gives the site its typed code blocks (src/plugins/typed-samples).

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import fences from '../../lib/fences.cjs';
import {ROOT} from '../../lib/root.cjs';

const {extractBlocks, isFragment, parseMeta} = fences;

// `--root DIR` checks the content of another copy of the site (used by the tests).
const rootFlag = process.argv.indexOf('--root');
const root = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]) : ROOT;

export const TS_LANGS = new Set(['ts', 'tsx', 'typescript']);

/**
 * Markdown and MDX sources whose samples are compiled. Generated API pages are not ours: their
 * examples are compiled from their sources, api-sources/examples/.
 */
export function contentFiles(siteDir = root) {
  const out = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full === path.join(siteDir, 'docs', 'api')) continue;
        walk(full);
      } else if (/\.mdx?$/.test(entry.name)) {
        out.push(full);
      }
    }
  };
  walk(path.join(siteDir, 'docs'));
  walk(path.join(siteDir, 'blog'));
  // The landing page's sample is an MDX partial under src/pages/.
  walk(path.join(siteDir, 'src', 'pages'));
  // The API pages' examples (api-sources/typedoc-examples.mjs puts them on the generated pages).
  walk(path.join(siteDir, 'api-sources', 'examples'));
  return out.sort();
}

// The fence parser is shared with the runnable runner (tests/lib/runnable.ts).
export {extractBlocks, isFragment};

/** Every TypeScript sample of the site, with where it comes from (its path from `siteDir`). */
export function collectSamples(siteDir = root) {
  const samples = [];
  for (const file of contentFiles(siteDir)) {
    const rel = path.relative(siteDir, file);
    for (const block of extractBlocks(fs.readFileSync(file, 'utf8'))) {
      if (!TS_LANGS.has(block.lang)) continue;
      samples.push({
        file: rel,
        line: block.line,
        lang: block.lang,
        meta: block.meta,
        code: block.code,
        fragment: isFragment(block),
        ...scenarioFile(block),
      });
    }
  }
  return samples;
}

/**
 * The file a runnable block saves, and the scenario it belongs to (its first `run` id), so
 * that blocks of one scenario that import each other (`import {x} from "./ledger.js"`) are
 * compiled side by side under their own names, as a reader's project holds them.
 * @returns {{scenario?: string, name?: string}}
 */
function scenarioFile(block) {
  const {attrs} = parseMeta(block.meta);
  const scenario = attrs.run?.split('/')[0];
  const firstLine = /^\/\/\s*([\w./-]+\.tsx?)\s*$/.exec(block.code.split('\n')[0] ?? '');
  const name = attrs.title ?? firstLine?.[1];
  return scenario && name ? {scenario, name} : {};
}

const compilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  jsx: ts.JsxEmit.ReactJSX,
  skipLibCheck: true,
  esModuleInterop: true,
  noUnusedLocals: false,
  allowImportingTsExtensions: false,
};

/**
 * The TypeScript error codes a block expects (```ts errors=2344,2322): a sample that teaches an
 * error. Its block must fail with exactly those codes; the site shows the messages inline.
 * @param {{meta: string}} block
 * @returns {number[]}
 */
export function expectedErrors(block) {
  const value = parseMeta(block.meta).attrs.errors;
  return value ? value.split(',').map((code) => Number(code.trim())) : [];
}

/**
 * Writes every sample as its own ES module into a fresh folder of this project (so that the
 * packages resolve from its node_modules) and opens a language service on them: the one
 * compile of the samples, shared by the checker below and by the site's typed code blocks
 * (src/plugins/typed-samples), which ask it for quick info and diagnostics.
 * Fragments are written too, so that their complete parts get quick info, but they are
 * never checked.
 * @returns {{service: ts.LanguageService, program: ts.Program, byFile: Map<string, object>, checked: string[], dispose: () => void}}
 */
export function compileSamples(samples = collectSamples()) {
  const cache = path.join(ROOT, 'node_modules', '.cache');
  fs.mkdirSync(cache, {recursive: true});
  // A fresh folder per run, so that two runs at once never share files.
  const dir = fs.mkdtempSync(path.join(cache, 'site-samples-'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n');

  const byFile = new Map();
  const contents = new Map();
  samples.forEach((sample, index) => {
    const slug = sample.file.replace(/[^\w]+/g, '_');
    const name = `${slug}_L${sample.line}_${index}.${sample.lang === 'tsx' ? 'tsx' : 'ts'}`;
    // A scenario's named file goes into the scenario's folder under its own name (unless two
    // blocks of the scenario save the same file: the later one is then compiled on its own).
    const named =
      !sample.fragment &&
      sample.scenario &&
      path.join(dir, `${slug}__${sample.scenario}`, sample.name);
    const full = path.normalize(
      named && !byFile.has(path.normalize(named)) ? named : path.join(dir, name),
    );
    fs.mkdirSync(path.dirname(full), {recursive: true});
    // `export {}` keeps each block a module of its own, so names never collide.
    const text = `${sample.code}\nexport {};\n`;
    fs.writeFileSync(full, text);
    contents.set(full, text);
    byFile.set(full, sample);
  });

  const checked = [...byFile].filter(([, sample]) => !sample.fragment).map(([file]) => file);
  /** @type {ts.LanguageServiceHost} */
  const host = {
    getScriptFileNames: () => [...byFile.keys()],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = contents.get(path.normalize(file)) ?? ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => compilerOptions,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => contents.has(path.normalize(file)) || ts.sys.fileExists(file),
    readFile: (file) => contents.get(path.normalize(file)) ?? ts.sys.readFile(file),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const program = /** @type {ts.Program} */ (service.getProgram());
  return {
    service,
    program,
    byFile,
    checked,
    dispose: () => {
      service.dispose();
      fs.rmSync(dir, {recursive: true, force: true});
    },
  };
}

const SHARED = Symbol.for('skip-site.typed-samples.compile');

/**
 * The compile of the samples, shared by its two readers in a build: the API reference's "Used
 * in" lists (./usage.mjs, when the TypeDoc instances start) and the typed blocks (./render.ts,
 * when the first page is compiled). The first call compiles; a later call with the same
 * samples gets the same compile, until a reader disposes it. Held on `globalThis` because the
 * two readers load this module through different loaders (TypeDoc's `import`, the site
 * config's), each with a copy of its own. Readers take the samples from the result: `byFile`
 * holds the objects the compile was made from, not a caller's equal copies.
 * @returns {ReturnType<typeof compileSamples> & {samples: ReturnType<typeof collectSamples>, key: string}}
 */
export function sharedCompile(samples = collectSamples()) {
  const key = crypto.createHash('sha256').update(JSON.stringify(samples)).digest('hex');
  const held = globalThis[SHARED];
  if (held?.key === key) return held;
  held?.dispose();
  const compile = compileSamples(samples);
  let disposed = false;
  const shared = {
    ...compile,
    samples,
    key,
    dispose: () => {
      if (globalThis[SHARED] === shared) delete globalThis[SHARED];
      if (!disposed) compile.dispose();
      disposed = true;
    },
  };
  globalThis[SHARED] = shared;
  // A compile no reader disposed (a build that stopped early) leaves no folder behind.
  process.once('exit', shared.dispose);
  return shared;
}

/**
 * Compiles every non-fragment sample as its own ES module. A block that expects errors
 * (`errors=`) fails when its errors are not exactly the expected codes.
 * @returns {{samples: object[], compiled: number, fragments: number, failures: {file: string, line: number, message: string}[]}}
 */
export function checkSamples(samples = collectSamples()) {
  const {program, byFile, checked, dispose} = compileSamples(samples);
  const failures = [];
  /** @type {Map<object, Set<number>>} codes each block that expects errors actually got */
  const got = new Map();
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => {
      const source = program.getSourceFile(file);
      return source
        ? [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
        : [];
    }),
  ];
  for (const d of diagnostics) {
    const sample = d.file && byFile.get(path.normalize(d.file.fileName));
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!sample) {
      failures.push({file: d.file?.fileName ?? '(compiler)', line: 0, message});
      continue;
    }
    const {line} = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    // A block's first line is the one after its opening fence.
    const sourceLine = sample.line + line + 1;
    const expected = expectedErrors(sample);
    if (expected.includes(d.code)) {
      got.set(sample, (got.get(sample) ?? new Set()).add(d.code));
      continue;
    }
    failures.push({file: sample.file, line: sourceLine, block: sample.line, message});
  }
  for (const sample of samples) {
    if (sample.fragment) continue;
    for (const code of expectedErrors(sample)) {
      if (got.get(sample)?.has(code)) continue;
      failures.push({
        file: sample.file,
        line: sample.line,
        block: sample.line,
        message: `expected error TS${code}, which the compiler no longer reports`,
      });
    }
  }
  dispose();
  const fragments = samples.filter((s) => s.fragment).length;
  return {samples, compiled: samples.length - fragments, fragments, failures};
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const {samples, compiled, fragments, failures} = checkSamples();
  if (process.argv.includes('--json')) {
    const files = [...new Set(samples.map((s) => s.file))];
    console.log(JSON.stringify({compiled, fragments, failures, files}));
    process.exit(0);
  }
  for (const f of failures)
    console.log(`${f.file}:${f.line}${f.block ? ` (block at line ${f.block})` : ''}: ${f.message}`);
  console.log(`samples: ${compiled} compiled, ${fragments} fragments, ${failures.length} errors`);
  process.exit(failures.length ? 1 : 0);
}
