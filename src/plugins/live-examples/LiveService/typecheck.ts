/**
 * The live examples' type checker: a second Web Worker, started by ./Live/useTypeCheck.ts
 * when the reader first edits the code (a Run of the page's own code never downloads
 * TypeScript), that checks the editor's code as the reader types, as their editor would: the
 * TypeScript compiler (`typescript`, the site's own version), strict, against the real
 * declarations of the Skip packages and TypeScript's own libs for ES2022 and a Web Worker,
 * the place the code runs (all bundled with this worker, see
 * src/plugins/live-examples), plus the one global the runner hands the code,
 * `process` (see `evaluate` in ./worker.ts). It answers with syntax errors alone when the
 * code does not parse (the type errors of a half-parsed file only repeat them), else with the
 * type errors, each with its offsets for the editor's underline.
 *
 * Apart from the runtime's worker, so that a check never holds up a run, an edit or the
 * watchdog's ping, and off the page's thread, so that typing never waits for it. Checks
 * asked for while one runs are not queued: only the newest is made. It evaluates nothing:
 * the site's own policy applies to it.
 */
import ts from 'typescript';
import files from 'live-type-files';
import type {FromChecker, ToChecker, TypeDiagnostic} from './protocol';

/** The reader's code, in the in-memory file system. */
const FILE = '/live-example.ts';
/** What ./worker.ts gives the code as `process`, and nothing more. */
const GLOBALS = '/live-globals.d.ts';
const GLOBALS_TEXT = `declare const process: {
  on(event: string, listener: (...args: any[]) => void): typeof process;
  exit(code?: number): void;
  env: Record<string, string | undefined>;
};
`;
/** Problems sent (underlined, listed); the count says how many more there are. */
const SHOWN = 20;

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.webworker.d.ts', 'lib.webworker.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
};

const texts: Record<string, string> = {...files, [GLOBALS]: GLOBALS_TEXT};
const directories = new Set(
  Object.keys(texts).flatMap((file) =>
    file
      .split('/')
      .slice(1, -1)
      .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`),
  ),
);
/** Declarations are parsed once per worker; only the reader's file is parsed per check. */
const parsed = new Map<string, ts.SourceFile>();
let previous: ts.Program | undefined;

function check(code: string): {errors: TypeDiagnostic[]; count: number} {
  const host: ts.CompilerHost = {
    getSourceFile(name, languageVersion) {
      if (name === FILE) return ts.createSourceFile(name, code, languageVersion, true);
      let file = parsed.get(name);
      const text = texts[name];
      if (!file && text !== undefined) {
        file = ts.createSourceFile(name, text, languageVersion);
        parsed.set(name, file);
      }
      return file;
    },
    getDefaultLibFileName: (given) => `/lib/${ts.getDefaultLibFileName(given)}`,
    getDefaultLibLocation: () => '/lib',
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === FILE || name in texts,
    readFile: (name) => (name === FILE ? code : texts[name]),
    directoryExists: (name) => name === '/' || directories.has(name),
    getDirectories: () => [],
  };
  const program = ts.createProgram([FILE, GLOBALS], options, host, previous);
  previous = program;
  const source = program.getSourceFile(FILE)!;
  const errorsOf = (list: readonly ts.Diagnostic[]) =>
    list.filter((d) => d.category === ts.DiagnosticCategory.Error);
  const syntax = errorsOf(program.getSyntacticDiagnostics(source));
  const kind = syntax.length > 0 ? 'syntax' : 'type';
  const diagnostics =
    syntax.length > 0
      ? syntax
      : errorsOf([
          ...program.getOptionsDiagnostics(),
          ...program.getGlobalDiagnostics(),
          ...program.getSemanticDiagnostics(source),
        ]);
  const errors = diagnostics.slice(0, SHOWN).map((d): TypeDiagnostic => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file !== source || d.start === undefined) return {kind, message, code: d.code};
    const at = source.getLineAndCharacterOfPosition(d.start);
    // TypeScript counts from 0; an editor (and the reader) from 1.
    return {
      kind,
      line: at.line + 1,
      column: at.character + 1,
      from: d.start,
      to: d.start + (d.length ?? 0),
      message,
      code: d.code,
    };
  });
  return {errors, count: diagnostics.length};
}

/** The newest check asked for and not made yet: the others are overtaken by it. */
let next: ToChecker | null = null;

function checkNext() {
  const request = next;
  next = null;
  if (!request) return;
  const started = performance.now();
  const {errors, count} = check(request.code);
  const message: FromChecker = {
    type: 'checked',
    check: request.check,
    errors,
    count,
    ms: performance.now() - started,
  };
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<ToChecker>) => {
  // A check asked for while another waits replaces it; the timer lets the messages that
  // arrived during a check come in before the next one starts.
  if (next === null) setTimeout(checkNext);
  next = event.data;
};
