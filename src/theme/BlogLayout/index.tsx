/**
 * Wraps the theme's blog layout with two accessibility fixes that belong upstream:
 * - the table of contents beside a post is a labelled navigation landmark (the theme leaves
 *   it in a bare <div>, so axe reports content outside any landmark);
 * - a blog list page's level-one heading, handed over by src/theme/BlogListPage through
 *   src/components/BlogListHeading, comes first in the layout's <main>.
 * Tested in tests/build/blog.spec.ts ("a post's table of contents is a labelled navigation
 * landmark", "every blog list page has one level-one heading, inside main").
 */
import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import BlogLayout from '@theme-original/BlogLayout';
import type BlogLayoutType from '@theme/BlogLayout';
import type {WrapperProps} from '@docusaurus/types';
import {useBlogListHeading} from '@site/src/components/BlogListHeading';
import styles from './styles.module.css';

type Props = WrapperProps<typeof BlogLayoutType>;

export default function BlogLayoutWrapper({toc, children, ...props}: Props): ReactNode {
  const heading = useBlogListHeading();
  const landmark = toc && (
    <nav
      className={styles.toc}
      aria-label={translate({
        id: 'site.blog.post.tocLabel',
        message: 'On this page',
        description: 'The accessible name of the table of contents beside a blog post',
      })}
    >
      {toc}
    </nav>
  );
  return (
    <BlogLayout {...props} toc={landmark}>
      {heading}
      {children}
    </BlogLayout>
  );
}
