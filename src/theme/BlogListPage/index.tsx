/**
 * Wraps the theme's blog list page to give it a level-one heading (visually hidden; the
 * posts' titles are the visible headings), which the theme's list page lacks and axe
 * requires. The heading goes to the layout's <main> through src/components/BlogListHeading
 * (src/theme/BlogLayout renders it); the page itself is the theme's.
 */
import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {translate} from '@docusaurus/Translate';
import BlogListPage from '@theme-original/BlogListPage';
import type BlogListPageType from '@theme/BlogListPage';
import Heading from '@theme/Heading';
import type {WrapperProps} from '@docusaurus/types';
import {BlogListHeadingProvider} from '@site/src/components/BlogListHeading';

import styles from '@site/src/css/visually-hidden.module.css';

type Props = WrapperProps<typeof BlogListPageType>;

function useListTitle({blogTitle, permalink, page}: Props['metadata']): string {
  const {siteConfig} = useDocusaurusContext();
  // Blog-only mode serves the list at the site root, under the site's title.
  const title = permalink === '/' ? siteConfig.title : blogTitle;
  return page > 1
    ? translate(
        {
          id: 'site.blog.list.pageTitle',
          message: '{title}, page {page}',
          description: 'Heading of a later page of the blog list',
        },
        {title, page},
      )
    : title;
}

export default function BlogListPageWrapper(props: Props): ReactNode {
  const heading = useListTitle(props.metadata);
  return (
    <BlogListHeadingProvider
      value={
        <Heading as="h1" className={styles.visuallyHidden}>
          {heading}
        </Heading>
      }
    >
      <BlogListPage {...props} />
    </BlogListHeadingProvider>
  );
}
