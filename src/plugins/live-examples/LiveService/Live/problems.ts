/**
 * One voice for the problems of the reader's code: the run's syntax or runtime error and
 * TypeScript's findings (./useTypeCheck.ts) become one list, one item per problem, and a
 * sentence that says whether the code ran. Pure (no React, no DOM), so that what the reader
 * is told is unit-tested (tests/unit/live-problems.test.ts); ./Problems.tsx shows it.
 *
 * The rules: a syntax error is called one, whoever found it (the transpiler on Run, or
 * TypeScript as the reader types), never a type error; a finding of TypeScript on the line
 * where the run failed is the same problem, told inside that item rather than beside it;
 * type errors never claim the code did not run, and a failed run never claims it did; once
 * the reader has edited the code that failed, its error is told as the last Run's, and a
 * syntax error of it is left to TypeScript, which has checked the code now in the editor.
 */
import type {TypeDiagnostic} from '../protocol';
import type {Banner} from './reducer';
import type {Types} from './useTypeCheck';

export type Problem = {
  /** `syntax` and `type` from TypeScript or the transpiler, `runtime` from the run. */
  kind: 'syntax' | 'type' | 'runtime';
  /** Whether the run (or a Check's run) failed on it: then the code did not run. */
  failedRun: boolean;
  line?: number;
  /** The sentence shown. */
  text: string;
};

export type ProblemList = {
  problems: Problem[];
  /** Problems TypeScript found beyond those listed. */
  more: number;
  /** Whether the code ran despite what is listed, or what stops it (null: nothing to add). */
  verdict: string | null;
};

const KIND = {syntax: 'Syntax error', type: 'Type error', runtime: 'Runtime error'} as const;

/** "at line 3, column 5" (or less, as far as the position is known). */
function where(line?: number, column?: number): string {
  if (line === undefined) return '';
  return column !== undefined ? ` at line ${line}, column ${column}` : ` at line ${line}`;
}

const finding = (d: TypeDiagnostic) => `${d.message} (TS${d.code})`;

/** Whether a banner is a problem of the code (its syntax, or what it threw), not a download or a stop. */
export const isCodeProblem = (error: Banner | null): boolean =>
  error !== null &&
  (error.from === 'run' || error.from === 'check') &&
  (error.phase === 'compile' || error.phase === 'runtime');

export function problemsOf(
  /** The example's banner (./reducer.ts): only a failed run's or Check's code problem counts. */
  error: Banner | null,
  types: Types,
  /** The code of the run on screen, when the last run did not fail. */
  ranCode: string | null,
  /** The code a failed run ran (the reducer's `failed`) and the editor's, when known. */
  codes?: {failed: string | null; editor: string},
): ProblemList {
  const found = types.state === 'checked' ? types.errors : [];
  const problems: Problem[] = [];
  let merged: TypeDiagnostic[] = [];
  const edited = error?.from === 'run' && codes?.failed != null && codes.failed !== codes.editor;
  const checkedNow = types.state === 'checked' && types.code === codes?.editor;
  if (error && isCodeProblem(error) && !(edited && error.phase === 'compile' && checkedNow)) {
    const kind = error.phase === 'compile' ? 'syntax' : 'runtime';
    merged = edited ? [] : found.filter((d) => error.line !== undefined && d.line === error.line);
    const also = merged.map((d) => ` — TypeScript: ${finding(d)}`).join('');
    problems.push({
      kind,
      failedRun: true,
      line: error.line,
      text: `${edited ? 'Last Run: ' : ''}${KIND[kind]}${where(error.line, error.column)}: ${error.message}${also}`,
    });
  }
  for (const d of found) {
    if (merged.includes(d)) continue;
    problems.push({
      kind: d.kind,
      failedRun: false,
      line: d.line,
      text: `${KIND[d.kind]}${where(d.line, d.column)}: ${finding(d)}`,
    });
  }
  const more = types.state === 'checked' ? types.count - types.errors.length : 0;
  let verdict: string | null = null;
  if (problems.some((p) => p.failedRun)) {
    // The status line, or the note over the last good run's tables, says the code did not
    // run; the list need not say it again.
    verdict = null;
  } else if (found.length > 0 && types.state === 'checked') {
    const syntax = found.some((d) => d.kind === 'syntax');
    if (ranCode === types.code) {
      verdict = 'The code ran all the same: TypeScript’s errors do not stop it, as with tsx.';
    } else if (syntax) {
      verdict = 'The code does not parse: Run will stop at its first syntax error.';
    } else {
      verdict = 'Type errors do not stop the code from running, as with tsx.';
    }
  }
  return {problems, more, verdict};
}
