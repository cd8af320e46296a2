/**
 * The theme's MDX components, plus `TypedCode` (src/components/TypedCode): the typed
 * TypeScript samples of the guides and posts (src/plugins/typed-samples) name it without
 * importing it, so that it comes with the theme's code block, in the chunk that already
 * holds it, and a page with samples loads no other chunk than it would without them.
 */
import MDXComponents from '@theme-original/MDXComponents';
import TypedCode from '@site/src/components/TypedCode';

export default {...MDXComponents, TypedCode};
