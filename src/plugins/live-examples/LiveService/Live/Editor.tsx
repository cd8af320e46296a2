/**
 * The live example's code editor: CodeMirror 6, loaded with the running example on Run (never on a
 * first load). TypeScript highlighting in the site's own code colours (the Prism themes of
 * the site's config, prism-themes.ts, light and dark, read from the theme config so that
 * Prism itself is not loaded, and mapped onto CodeMirror's highlight tags), line numbers,
 * the failed run's line marked (and the lines a challenge's solution changed), TypeScript's
 * problems underlined with their message on hover (./lint.ts; Escape closes it), undo history,
 * Ctrl/Cmd+Enter to run, and Tab to indent (`indentWithTab`). A keyboard user leaves the
 * editor with Escape, then Tab: CodeMirror lets the Tab that follows an Escape move the focus,
 * as its `indentWithTab` documentation advises, and `escapeThenTabLeaves` makes that hold
 * for every Escape; the hint under the label says so.
 */
import {useEffect, useRef, type ReactNode} from 'react';
import {useColorMode, useThemeConfig} from '@docusaurus/theme-common';
import {Compartment, EditorState, StateEffect, StateField} from '@codemirror/state';
import {Decoration, EditorView, keymap, lineNumbers, type DecorationSet} from '@codemirror/view';
import {defaultKeymap, history, historyKeymap, indentWithTab} from '@codemirror/commands';
import {HighlightStyle, syntaxHighlighting} from '@codemirror/language';
import {javascript} from '@codemirror/lang-javascript';
import {tags, type Tag} from '@lezer/highlight';
import type {PrismTheme} from 'prism-react-renderer';
import {escapeClosesMessages, underline, type Underlined} from './lint';
import styles from './Editor.module.css';

/** Prism token types, as the site's themes colour them, and the CodeMirror tags they cover. */
const TOKENS: [string, Tag[]][] = [
  ['comment', [tags.comment]],
  ['string', [tags.string, tags.special(tags.string)]],
  ['number', [tags.number]],
  ['boolean', [tags.bool, tags.null]],
  [
    'keyword',
    [
      tags.keyword,
      tags.controlKeyword,
      tags.definitionKeyword,
      tags.moduleKeyword,
      tags.operatorKeyword,
      tags.modifier,
      tags.self,
    ],
  ],
  ['function', [tags.function(tags.variableName), tags.function(tags.propertyName)]],
  ['class-name', [tags.className, tags.typeName, tags.definition(tags.typeName)]],
  ['property', [tags.propertyName, tags.definition(tags.propertyName)]],
  ['operator', [tags.operator]],
  ['punctuation', [tags.punctuation, tags.bracket, tags.separator]],
];

function highlighting(theme: PrismTheme, dark: boolean) {
  const colour = (type: string) =>
    theme.styles.find((entry) => entry.types.includes(type))?.style.color;
  const {color = 'inherit', backgroundColor = 'transparent'} = theme.plain;
  return [
    syntaxHighlighting(
      HighlightStyle.define(
        TOKENS.flatMap(([type, tag]) => {
          const color = colour(type);
          return color ? [{tag, color}] : [];
        }),
      ),
    ),
    EditorView.theme(
      {
        '&': {color, backgroundColor},
        '.cm-gutters': {backgroundColor, color: colour('comment') ?? color, border: 'none'},
        '.cm-content': {caretColor: color},
      },
      {dark},
    ),
  ];
}

/** Lines (1-based) marked with a class; the marks follow the text as the reader edits it. */
function lineMarks(className: string) {
  const mark = StateEffect.define<number[]>();
  const field = StateField.define<DecorationSet>({
    create: () => Decoration.none,
    update(marks, transaction) {
      let next = marks.map(transaction.changes);
      const {doc} = transaction.state;
      for (const effect of transaction.effects) {
        if (!effect.is(mark)) continue;
        next = Decoration.set(
          effect.value
            .filter((line) => line >= 1 && line <= doc.lines)
            .map((line) => Decoration.line({class: className}).range(doc.line(line).from)),
        );
      }
      return next;
    },
    provide: (f) => EditorView.decorations.from(f),
  });
  return {mark, field};
}

/** The error's line, marked in the text and its number. */
const errorLine = lineMarks(styles.errorLine);
/** The lines the last solution put in changed. */
const solutionLines = lineMarks(styles.solutionLine!);

/**
 * Escape, whatever else it does, lets the next Tab leave the editor (for CodeMirror's own two
 * seconds, until another key). CodeMirror does so only for an Escape that no key binding took,
 * and the default keymap's Escape takes it when text is selected (`simplifySelection`, which
 * drops the selection): the reader who had selected text found the Tab indenting it instead.
 * An observer sees the key before any binding, so the selection still drops as well.
 */
const escapeThenTabLeaves = EditorView.domEventObservers({
  keydown(event, view) {
    if (event.key === 'Escape') view.setTabFocusMode(2000);
  },
});

type Props = {
  labelledBy: string;
  describedBy: string;
  value: string;
  invalid: boolean;
  /** The height of the code block the editor replaces, kept while CodeMirror measures. */
  minHeight?: number;
  /** The line the last error names, if any. */
  line?: number;
  /** The type checker's problems, underlined (./lint.ts). */
  underlined?: Underlined | null;
  /** The lines a solution changed (1-based). */
  marked: number[];
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  /** CodeMirror's height changed (it measured lines it had guessed). */
  onHeightChange: () => void;
};

export default function Editor({
  labelledBy,
  describedBy,
  value,
  invalid,
  minHeight,
  line,
  underlined,
  marked,
  onChange,
  onRun,
  onHeightChange,
}: Props): ReactNode {
  const {colorMode} = useColorMode();
  const {prism} = useThemeConfig();
  const dark = colorMode === 'dark';
  const codeTheme = (dark ? prism.darkTheme : prism.theme) as PrismTheme;
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const colours = useRef(new Compartment());
  const attributes = useRef(new Compartment());
  const changed = useRef(onChange);
  const run = useRef(onRun);
  const measured = useRef(onHeightChange);
  useEffect(() => {
    changed.current = onChange;
    run.current = onRun;
    measured.current = onHeightChange;
  }, [onChange, onRun, onHeightChange]);

  const contentAttributes = () =>
    EditorView.contentAttributes.of({
      // Named as focusable for checkers (axe) that do not count `contenteditable`: the
      // content is what a keyboard reaches in the scrolling area.
      tabindex: '0',
      'aria-labelledby': labelledBy,
      'aria-describedby': describedBy,
      ...(invalid ? {'aria-invalid': 'true'} : {}),
    });

  useEffect(() => {
    // CodeMirror sizes undrawn lines by a guess until its first measure, then keeps its top
    // line in place by scrolling the window: the reader's place is kept instead
    // (`onHeightChange`, ./index.tsx).
    const editor = new EditorView({
      parent: box.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([
            // Ahead of the default keymap's Mod-Enter (a blank line).
            {key: 'Mod-Enter', run: () => (run.current(), true)},
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          javascript({typescript: true}),
          errorLine.field,
          solutionLines.field,
          escapeClosesMessages,
          escapeThenTabLeaves,
          colours.current.of(highlighting(codeTheme, dark)),
          attributes.current.of(contentAttributes()),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
            if (update.heightChanged) measured.current();
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; the effects below keep it in step with its props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Shorter than the block it replaces (a fixed height, ./Editor.module.css): it shows the
  // block's last lines, those the reader saw last, just above Run (once, as it appears).
  useEffect(() => {
    const scroller = view.current?.scrollDOM;
    if (!scroller || minHeight === undefined || minHeight <= scroller.clientHeight + 1) return;
    const frame = window.requestAnimationFrame(() => {
      scroller.scrollTop = scroller.scrollHeight;
    });
    return () => window.cancelAnimationFrame(frame);
  }, [minHeight]);

  // A value set from outside (Reset) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({changes: {from: 0, to: editor.state.doc.length, insert: value}});
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: colours.current.reconfigure(highlighting(codeTheme, dark)),
    });
  }, [codeTheme, dark]);

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        attributes.current.reconfigure(contentAttributes()),
        errorLine.mark.of(line === undefined ? [] : [line]),
      ],
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labelledBy, describedBy, invalid, line]);

  useEffect(() => {
    if (view.current && underlined) underline(view.current, underlined);
  }, [underlined]);

  // After the text: a solution's marks are set once it is in, and the first one is shown.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({effects: solutionLines.mark.of(marked)});
    const first = marked[0];
    if (first === undefined || first > editor.state.doc.lines) return;
    const {top} = editor.lineBlockAt(editor.state.doc.line(first).from);
    editor.scrollDOM.scrollTop = Math.max(0, top - editor.scrollDOM.clientHeight / 4);
  }, [marked]);

  return (
    <div
      ref={box}
      className={styles.editor}
      // No taller than its fixed height, where it has one.
      style={{minHeight: minHeight && `min(${minHeight}px, var(--live-editor-height))`}}
      data-live-editor=""
    />
  );
}
