/**
 * The live examples' type checker: a second Web Worker, started by ./Live/useTypeCheck.ts
 * just after a run's first output (never on a first load, and never before the first output,
 * which it would delay), that checks the code of each Run as the reader's editor would: the
 * TypeScript compiler (`typescript`, the site's own version), strict, against the real
 * declarations of the Skip packages and TypeScript's own libs for ES2022 and a Web Worker,
 * the place the code runs (all bundled with this worker, see
 * src/plugins/live-examples), plus the one global the runner hands the code,
 * `process` (see `evaluate` in ./worker.ts).
 *
 * Apart from the runtime's worker, so that a check never holds up a run, an edit or the
 * watchdog's ping. It evaluates nothing: the site's own policy applies to it.
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
/** Errors shown; the count says how many more there are. */
const SHOWN = 3;

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
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ].filter((d) => d.category === ts.DiagnosticCategory.Error);
  const errors = diagnostics.slice(0, SHOWN).map((d): TypeDiagnostic => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file !== source || d.start === undefined) return {message, code: d.code};
    const at = source.getLineAndCharacterOfPosition(d.start);
    // TypeScript counts from 0; an editor (and the reader) from 1.
    return {line: at.line + 1, column: at.character + 1, message, code: d.code};
  });
  return {errors, count: diagnostics.length};
}

self.onmessage = (event: MessageEvent<ToChecker>) => {
  const started = performance.now();
  const {errors, count} = check(event.data.code);
  const message: FromChecker = {
    type: 'checked',
    check: event.data.check,
    errors,
    count,
    ms: performance.now() - started,
  };
  self.postMessage(message);
};
