/**
 * A TypeScript sample with its types: the block's lines come as HTML rendered at build time
 * (src/plugins/typed-samples), where every identifier carries the compiler's quick info in a
 * popup that opens on hover and on keyboard focus with CSS alone, and errors of a sample that
 * teaches one sit under their line.
 *
 * The HTML is in the server bundle only. While React hydrates the page, the `<pre>` (and the
 * page's one `<style>` of typed blocks) is rendered with an empty `dangerouslySetInnerHTML`,
 * which React leaves alone, so the server's lines stay as they are. A block mounted later
 * (client-side navigation) has no HTML to show and is the theme's code block instead.
 * The copy and word-wrap buttons are the theme's, fed the plain code.
 */
import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {
  CodeBlockContextProvider,
  createCodeBlockMetadata,
  useCodeBlockContext,
  useCodeWordWrap,
} from '@docusaurus/theme-common/internal';
import CodeBlock from '@theme/CodeBlock';
import Buttons from '@theme/CodeBlock/Buttons';

type Props = {
  code: string;
  language: string;
  metastring: string;
  /** The block's HTML, and on a page's first block the stylesheet; `null` in the client bundle. */
  typed: {html: string; css?: string} | null;
  /** Whether this block carries the page's stylesheet of typed blocks. */
  stylesheet?: boolean;
};

/** The block's `<pre>`: the server's typed lines, which hydration leaves as they are. */
function TypedLines({className, html}: {className: string; html: string}): ReactNode {
  const {codeBlockRef} = useCodeBlockContext().wordWrap;
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

/** The typed block as the server wrote it, with the theme's copy and word-wrap buttons. */
function ServerTypedBlock({code, language, metastring, typed, stylesheet}: Props): ReactNode {
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
        <style dangerouslySetInnerHTML={{__html: typed?.css ?? ''}} suppressHydrationWarning />
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

export default function TypedCode(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // True on the server and for a block hydrated from the server's HTML.
  const [fromServer] = useState(() => typeof window === 'undefined' || !isBrowser);
  if (fromServer && (typeof window !== 'undefined' || props.typed)) {
    return <ServerTypedBlock {...props} />;
  }
  return (
    <CodeBlock className={`language-${props.language}`} metastring={props.metastring}>
      {props.code}
    </CodeBlock>
  );
}
