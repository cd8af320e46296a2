/**
 * The type checker's problems in the editor (./Editor.tsx): each underlined where TypeScript
 * places it, its message in a tooltip on hover (CodeMirror's lint extension, which also keeps
 * the underlines in place as the reader types on). The same problems are listed below the
 * editor by ./Problems.tsx.
 */
import {setDiagnostics, type Diagnostic} from '@codemirror/lint';
import type {EditorView} from '@codemirror/view';
import type {TypeDiagnostic} from '../protocol';

/** What the editor underlines: the problems of `code`, the text they were found in. */
export type Underlined = {code: string; errors: TypeDiagnostic[]};

const KIND = {syntax: 'Syntax error', type: 'Type error'} as const;

/** The problems as CodeMirror's diagnostics; a problem of no place marks the first character. */
export function diagnosticsOf({code, errors}: Underlined): Diagnostic[] {
  return errors.map((error) => {
    const from = Math.min(error.from ?? 0, code.length);
    // An empty range at the end of a line (a missing `}`) still shows: one character wide.
    const to = Math.min(Math.max(error.to ?? from, from + 1), code.length);
    return {
      from,
      to,
      severity: 'error',
      source: `${KIND[error.kind]} TS${error.code}`,
      message: error.message,
    };
  });
}

/**
 * Shows `problems` in the editor, when they belong to its text (a result of older text is left
 * out: the check of the newer one is on its way, and the underlines shown follow the edits).
 */
export function underline(view: EditorView, problems: Underlined): void {
  if (view.state.doc.toString() !== problems.code) return;
  view.dispatch(setDiagnostics(view.state, diagnosticsOf(problems)));
}
