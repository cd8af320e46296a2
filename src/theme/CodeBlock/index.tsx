/**
 * Wraps the code block to add the live examples (README, "Live examples"), as
 * `@docusaurus/theme-live-codeblock` adds its playground: a fence whose meta carries `live`
 * renders through src/plugins/live-examples/LiveService, which shows the block as usual followed by a
 * Run button and loads the rest on demand; every other block is the wrapped one.
 *
 * The wrapped block (`@theme-original/CodeBlock`) is the code-highlight-on-demand plugin's
 * rebuilt CodeBlock (src/plugins/code-highlight-on-demand/theme/CodeBlock), which keeps
 * Prism out of a page's first load.
 */
import {Children, type ReactNode} from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import type {Props} from '@theme/CodeBlock';
import LiveExample from '@site/src/plugins/live-examples/LiveService';
import {isLive} from '@site/src/plugins/live-examples/LiveService/meta';

/** The code of a fence whose meta has the word `live`, when its children are plain text. */
function liveCode({children, metastring}: Props): string | undefined {
  if (!isLive(metastring)) return undefined;
  const parts = Children.toArray(children);
  if (!parts.every((part) => typeof part === 'string')) return undefined;
  return parts.join('').replace(/\n$/, '');
}

export default function CodeBlockWrapper(props: Props): ReactNode {
  const code = liveCode(props);
  if (code === undefined) return <CodeBlock {...props} />;
  return (
    <LiveExample code={code} metastring={props.metastring!}>
      <CodeBlock {...props} />
    </LiveExample>
  );
}
