/**
 * The theme's CodeBlock, rebuilt from its own parts with two changes that take work off
 * the first seconds of every page that shows code:
 *
 * - Prism is not imported here: the Content wrapper (./Content) loads it on demand, and
 *   keeps the server's highlighted lines while the page hydrates.
 * - The block is not re-mounted after hydration. The theme keys it on `useIsBrowser()` so
 *   that a dark page gets its dark colours, which re-creates every code block's DOM once
 *   React has started: a long task, and a late repaint that becomes the page's largest
 *   contentful paint. In Docusaurus 3.10 the colour mode state is the default (light)
 *   during hydration and switches in an effect (theme-common's useColorModeState), so a
 *   dark page's blocks re-render with the dark colours anyway (React patches their
 *   styles), and a light page's blocks are left alone.
 *
 * Both are why this replaces the theme's component rather than wrapping it: the theme's
 * imports Prism and keys the block. It is this plugin's theme component (its `getThemePath`),
 * so the site's own `src/theme/CodeBlock` wraps it as `@theme-original/CodeBlock`, the way
 * `@docusaurus/theme-live-codeblock` wraps the theme's block.
 */
import {Children, isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/** Plain-string children are joined so the block can be copied; elements are kept as is. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
