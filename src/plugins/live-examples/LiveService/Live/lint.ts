/**
 * The type checker's problems in the editor (./Editor.tsx): each underlined where TypeScript
 * places it, its message in a tooltip on hover (CodeMirror's lint extension, which also keeps
 * the underlines in place as the reader types on). The same problems are listed below the
 * editor by ./Problems.tsx. Escape closes the message (`escapeClosesMessages`).
 */
import {forEachDiagnostic, setDiagnostics, type Diagnostic} from '@codemirror/lint';
import {EditorState, StateEffect, StateField} from '@codemirror/state';
import {closeHoverTooltips, hasHoverTooltips, ViewPlugin, type EditorView} from '@codemirror/view';
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

/** Whether Escape has closed the hover message and keeps it closed. */
const setDismissed = StateEffect.define<boolean>();
const dismissed = StateField.define<boolean>({
  create: () => false,
  update: (value, transaction) =>
    transaction.effects.reduce(
      (last, effect) => (effect.is(setDismissed) ? effect.value : last),
      value,
    ),
});

/** The problems' ranges under a point of the window, as one range (`null`: none). */
function problemAt(view: EditorView, x: number, y: number): {from: number; to: number} | null {
  const pos = view.posAtCoords({x, y});
  let range: {from: number; to: number} | null = null;
  if (pos === null) return range;
  forEachDiagnostic(view.state, (_, from, to) => {
    if (from <= pos && pos <= to)
      range = {from: Math.min(from, range?.from ?? from), to: Math.max(to, range?.to ?? to)};
  });
  return range;
}

/**
 * Escape closes the message shown on hover (WCAG 1.4.13, dismissible), wherever the focus is,
 * which CodeMirror's hover tooltips do not do (@codemirror/view 6.43): it stays closed until the
 * pointer leaves the underlined problem (any transaction meanwhile, the hover's own included,
 * closes hover tooltips again). The key goes on to CodeMirror: Escape, then Tab, still leaves
 * the editor.
 */
export const escapeClosesMessages = [
  dismissed,
  EditorState.transactionExtender.of((transaction) =>
    transaction.startState.field(dismissed) ? {effects: closeHoverTooltips} : null,
  ),
  ViewPlugin.define((view) => {
    let pointer = {x: -1, y: -1};
    let closed: {from: number; to: number} | null = null;
    const reopen = () => view.dispatch({effects: setDismissed.of(false)});
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !hasHoverTooltips(view.state)) return;
      closed = problemAt(view, pointer.x, pointer.y);
      view.dispatch({effects: [closeHoverTooltips, setDismissed.of(true)]});
    };
    const onMove = (event: MouseEvent) => {
      pointer = {x: event.clientX, y: event.clientY};
      if (!view.state.field(dismissed)) return;
      const under = problemAt(view, pointer.x, pointer.y);
      if (under?.from !== closed?.from || under?.to !== closed?.to) reopen();
    };
    const onLeave = () => {
      if (view.state.field(dismissed)) reopen();
    };
    document.addEventListener('keydown', onKey, true);
    view.dom.addEventListener('mousemove', onMove);
    view.dom.addEventListener('mouseleave', onLeave);
    return {
      destroy() {
        document.removeEventListener('keydown', onKey, true);
        view.dom.removeEventListener('mousemove', onMove);
        view.dom.removeEventListener('mouseleave', onLeave);
      },
    };
  }),
];
