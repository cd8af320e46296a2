/**
 * Wraps the theme's code block content (the highlighted `<pre>`) so that the first load
 * of a page neither fetches nor runs the highlighter.
 *
 * The server renders every block highlighted, as before. When React hydrates the page,
 * this wrapper renders the same `<pre>` with an empty `dangerouslySetInnerHTML`. React does
 * not write inner HTML while hydrating, so the highlighted lines from the server stay as
 * they are, and Prism is never fetched (see src/plugins/code-highlight-on-demand). On a
 * throttled phone, evaluating Prism and re-tokenising every block was the longest task of
 * a page with code. The copy and word-wrap buttons still work: they read the code from
 * the block's context and reach the lines through the `<pre>`'s ref.
 *
 * The highlighted content, loaded on demand, is rendered instead:
 * - for a block mounted after hydration (client-side navigation, a tab opened later);
 * - once the page is hydrated and its colour mode is dark, since the server's lines carry
 *   the light theme's colours (the theme re-renders its blocks for the same reason).
 * A block that has switched stays switched: an empty `<pre>` mounted anew would be empty.
 *
 * This is the plugin's theme component (its `getThemePath`); the theme's own content,
 * `@theme-init/CodeBlock/Content`, is what ../../../Highlighted.tsx renders. The theme marks
 * CodeBlock/Content unsafe to wrap: UPGRADING.md says what this relies on.
 */
import {Suspense, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import HighlightedContent from '@site/src/plugins/code-highlight-on-demand/highlighted';
import type {Props} from '@theme/CodeBlock/Content';

/** The block's `<pre>` as the server wrote it; its attributes and lines are left alone. */
function ServerRenderedContent(): ReactNode {
  const {codeBlockRef} = useCodeBlockContext().wordWrap;
  return (
    <pre
      ref={codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the theme's scrollable block is reached by keyboard
      tabIndex={0}
      dangerouslySetInnerHTML={{__html: ''}}
      suppressHydrationWarning
    />
  );
}

/** Shown while the highlighted content loads: the same code, not yet coloured. */
function PlainContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {codeBlockRef} = wordWrap;
  return (
    <pre
      ref={codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the theme's scrollable block is reached by keyboard
      tabIndex={0}
      className={clsx(className, 'prism-code', 'thin-scrollbar')}
    >
      <code>{metadata.code}</code>
    </pre>
  );
}

export default function CodeBlockContent(props: Props): ReactNode {
  // False on the server and during hydration, true once hydrated and for later mounts.
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();
  const [keepServerHtml, setKeepServerHtml] = useState(
    () => typeof window !== 'undefined' && !isBrowser,
  );
  if (keepServerHtml && isBrowser && colorMode !== 'light') setKeepServerHtml(false);

  if (keepServerHtml) return <ServerRenderedContent />;
  if (typeof window === 'undefined') return <HighlightedContent {...props} />;
  return (
    <Suspense fallback={<PlainContent {...props} />}>
      <HighlightedContent {...props} />
    </Suspense>
  );
}
