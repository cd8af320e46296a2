/**
 * A TypeScript sample with its types: the block's lines come as HTML rendered at build time
 * (src/plugins/typed-samples), where every identifier carries the compiler's quick info in a
 * popup that opens on hover and on keyboard focus with CSS alone, and errors of a sample that
 * teaches one sit under their line.
 *
 * The page's MDX does not import this component: it reaches it through the MDX components
 * (src/theme/MDXComponents), which live in the chunk that already holds the theme's code
 * block. A page importing it would share the code block's modules with that chunk, and the
 * bundler would split them into a chunk of their own, named in every typed page's entry of
 * the route table that every page loads first.
 *
 * The HTML is in the server bundle only, never in the JavaScript:
 * - while React hydrates the page, the `<pre>` (and the page's one `<style>` of typed blocks)
 *   is rendered with an empty `dangerouslySetInnerHTML`, which React leaves alone, so the
 *   server's lines stay as they are;
 * - a block mounted later (the reader came by a link, client-side) shows the theme's code
 *   block while the page's own HTML is fetched (once per page, shared by its blocks), then
 *   the same block from that HTML, found by its place among the page's typed blocks. If the
 *   HTML cannot be had (offline, dev server), the theme's code block stays.
 * The copy and word-wrap buttons are the theme's, fed the plain code. Once the page runs, the
 * identifiers are one tab stop per block, and Escape closes a popup.
 *
 * A live example's fence (`live` in its meta) is typed too: this component renders the live
 * example (src/plugins/live-examples/LiveService, which the theme's code block wrapper renders for an
 * untyped one) with the typed block as the block it shows until Run.
 */
import {useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {
  CodeBlockContextProvider,
  createCodeBlockMetadata,
  useCodeBlockContext,
  useCodeWordWrap,
} from '@docusaurus/theme-common/internal';
import CodeBlock from '@theme/CodeBlock';
import Buttons from '@theme/CodeBlock/Buttons';
import LiveExample from '@site/src/plugins/live-examples/LiveService';
import {isLive, withoutFlag} from '@site/src/plugins/live-examples/LiveService/meta';

type Typed = {html: string; css?: string};

type Props = {
  code: string;
  language: string;
  metastring: string;
  /** The block's HTML, and on a page's first block the stylesheet; `null` in the client bundle. */
  typed: Typed | null;
  /** Whether this block carries the page's stylesheet of typed blocks. */
  stylesheet?: boolean;
};

/** What marks a typed block in the page, rendered or waiting for its HTML, in page order. */
const BLOCKS = '.tq, .tq-wait';

/**
 * One tab stop per block for its identifiers, a roving tabindex: the server renders every
 * identifier focusable, so that without JavaScript the keyboard reaches each quick info; once
 * the page runs, Tab stops at one identifier of the block (the first, then the last one the
 * reader was on), and the arrow keys move among them: left and right, up and down a line,
 * Home and End. Without it /docs/functions has 571 identifier tab stops instead of 19. Returns
 * the clean-up.
 */
function roveIdentifiers(pre: HTMLPreElement): () => void {
  const ids = () => Array.from(pre.querySelectorAll<HTMLElement>('.tq-id'));
  ids().forEach((id, i) => (id.tabIndex = i === 0 ? 0 : -1));
  const onKeyDown = (event: KeyboardEvent) => {
    const current = (event.target as Element).closest<HTMLElement>('.tq-id');
    if (!current || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const all = ids();
    const at = all.indexOf(current);
    const line = (id: HTMLElement) => id.offsetTop;
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowRight') next = all[at + 1];
    else if (event.key === 'ArrowLeft') next = all[at - 1];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all[all.length - 1];
    else if (event.key === 'ArrowDown')
      next = all.find((id, i) => i > at && line(id) > line(current));
    else if (event.key === 'ArrowUp') {
      const above = all
        .slice(0, at)
        .reverse()
        .find((id) => line(id) < line(current));
      next = above && all.find((id) => line(id) === line(above));
    } else return;
    event.preventDefault();
    if (!next) return;
    current.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  };
  pre.addEventListener('keydown', onKeyDown);
  return () => pre.removeEventListener('keydown', onKeyDown);
}

/** What keeps an identifier's popup closed after Escape (the page's stylesheet of typed blocks). */
const DISMISSED = 'tq-dismissed';

/**
 * Escape closes the popups open on the page, the hovered one and the focused one (WCAG 1.4.13,
 * dismissible), each until neither the pointer nor the focus is on its identifier any more.
 * One listener for the page, added by the first typed block.
 */
function dismissOnEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  for (const id of Array.from(
    document.querySelectorAll<HTMLElement>('.tq-id:hover, .tq-id:focus'),
  )) {
    if (id.classList.contains(DISMISSED)) continue;
    id.classList.add(DISMISSED);
    const done = new AbortController();
    const reopenUnless = (stillThere: () => boolean) => () => {
      if (stillThere()) return;
      id.classList.remove(DISMISSED);
      done.abort();
    };
    const {signal} = done;
    id.addEventListener(
      'mouseleave',
      reopenUnless(() => id === document.activeElement),
      {signal},
    );
    id.addEventListener(
      'blur',
      reopenUnless(() => id.matches(':hover')),
      {signal},
    );
  }
}
let escapeListened = false;

/** The block's `<pre>`: the server's typed lines, which hydration leaves as they are. */
function TypedLines({className, html}: {className: string; html: string}): ReactNode {
  const {codeBlockRef} = useCodeBlockContext().wordWrap;
  // The lines are in the `<pre>` once it is mounted: the server's, or `html` for a late block.
  useEffect(() => {
    if (!escapeListened) document.addEventListener('keydown', dismissOnEscape);
    escapeListened = true;
    const pre = codeBlockRef.current;
    return pre ? roveIdentifiers(pre) : undefined;
  }, [codeBlockRef, html]);
  return (
    <pre
      ref={codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable block is reached by keyboard, as the theme's
      tabIndex={0}
      className={clsx('prism-code', className, 'thin-scrollbar')}
      dangerouslySetInnerHTML={{__html: html}}
      suppressHydrationWarning
    />
  );
}

/** The typed block, with the theme's copy and word-wrap buttons. */
function TypedBlock({code, language, metastring, typed, stylesheet}: Props): ReactNode {
  const {prism} = useThemeConfig();
  const wordWrap = useCodeWordWrap();
  const className = `language-${language}`;
  const metadata = createCodeBlockMetadata({
    code,
    className,
    metastring,
    magicComments: prism.magicComments,
    defaultLanguage: prism.defaultLanguage,
    language: undefined,
    title: undefined,
    showLineNumbers: undefined,
  });
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      {stylesheet && (
        <style
          className="tq-css"
          dangerouslySetInnerHTML={{__html: typed?.css ?? ''}}
          suppressHydrationWarning
        />
      )}
      <div className={clsx('tq', className, ThemeClassNames.common.codeBlock)}>
        {metadata.title && <div className="tq-title">{metadata.title}</div>}
        <div className="tq-body">
          <TypedLines className={className} html={typed?.html ?? ''} />
          <Buttons />
        </div>
      </div>
    </CodeBlockContextProvider>
  );
}

/** A page's typed blocks as its server HTML has them: each `<pre>`'s lines, and the stylesheet. */
type PageBlocks = {lines: string[]; css: string};

const pages = new Map<string, Promise<PageBlocks | null>>();

/** The typed blocks of the page at `pathname`, fetched once (a failed fetch is not kept). */
function pageBlocks(pathname: string): Promise<PageBlocks | null> {
  let blocks = pages.get(pathname);
  if (!blocks) {
    blocks = fetch(pathname)
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((text) => {
        const page = new DOMParser().parseFromString(text, 'text/html');
        const lines = Array.from(page.querySelectorAll('.tq'), (block) => {
          return block.querySelector('pre')?.innerHTML ?? '';
        });
        const css = page.querySelector('style.tq-css')?.textContent ?? '';
        return lines.length > 0 && css ? {lines, css} : null;
      })
      .catch(() => {
        // Not kept: the next visit of the page tries again.
        pages.delete(pathname);
        return null;
      });
    pages.set(pathname, blocks);
  }
  return blocks;
}

/**
 * A block mounted after hydration: the theme's code block until the page's HTML gives this
 * block's typed lines. Keyboard focus inside the block moves to the typed `<pre>`.
 */
function LateTypedBlock(props: Props): ReactNode {
  const {pathname} = useLocation();
  const waiting = useRef<HTMLDivElement>(null);
  const typedRoot = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState<{block: Typed; refocus: boolean} | null>(null);
  useEffect(() => {
    let current = true;
    void pageBlocks(pathname).then((page) => {
      const element = waiting.current;
      if (!current || !page || !element) return;
      const index = Array.from(document.querySelectorAll(BLOCKS)).indexOf(element);
      const html = page.lines[index];
      if (html === undefined) return;
      setTyped({
        block: {html, css: page.css},
        refocus: element.contains(document.activeElement),
      });
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  useLayoutEffect(() => {
    if (typed?.refocus) typedRoot.current?.querySelector('pre')?.focus();
  }, [typed]);
  if (typed) {
    return (
      <div ref={typedRoot} className="tq-late">
        <TypedBlock {...props} typed={typed.block} stylesheet={props.stylesheet} />
      </div>
    );
  }
  return (
    <div ref={waiting} className="tq-wait">
      {/* Without `live`: a live example's block is this one, inside its LiveExample. */}
      <CodeBlock
        className={`language-${props.language}`}
        metastring={withoutFlag(props.metastring, 'live')}
      >
        {props.code}
      </CodeBlock>
    </div>
  );
}

export default function TypedCode(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // True on the server and for a block hydrated from the server's HTML.
  const [fromServer] = useState(() => typeof window === 'undefined' || !isBrowser);
  const block =
    fromServer && (typeof window !== 'undefined' || props.typed) ? (
      <TypedBlock {...props} />
    ) : (
      <LateTypedBlock {...props} />
    );
  if (!isLive(props.metastring)) return block;
  return (
    <LiveExample code={props.code} metastring={props.metastring}>
      {block}
    </LiveExample>
  );
}
