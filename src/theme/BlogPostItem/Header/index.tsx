/**
 * Wraps a post's header to add the copy control (src/components/CopyPage: "Copy page",
 * "View as Markdown" and the page's `<link rel="alternate" type="text/markdown">`) under it,
 * on the post's own page only (the list pages show the same header for each excerpt).
 * The header's date line is src/theme/BlogPostItem/Header/Info, a deliberate replacement.
 */
import type {ReactNode} from 'react';
import Header from '@theme-original/BlogPostItem/Header';
import type HeaderType from '@theme/BlogPostItem/Header';
import type {WrapperProps} from '@docusaurus/types';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import CopyPage from '@site/src/components/CopyPage';

type Props = WrapperProps<typeof HeaderType>;

export default function HeaderWrapper(props: Props): ReactNode {
  const {metadata, isBlogPostPage} = useBlogPost();
  return (
    <>
      <Header {...props} />
      {isBlogPostPage && <CopyPage permalink={metadata.permalink} />}
    </>
  );
}
