/**
 * The theme's blog list page, rebuilt from the same parts with one addition: a level-one
 * heading (visually hidden; the posts' titles are the visible headings), which the theme's
 * list page lacks and axe requires.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {PageMetadata, HtmlClassNameProvider, ThemeClassNames} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import BlogLayout from '@theme/BlogLayout';
import BlogListPaginator from '@theme/BlogListPaginator';
import SearchMetadata from '@theme/SearchMetadata';
import BlogPostItems from '@theme/BlogPostItems';
import BlogListPageStructuredData from '@theme/BlogListPage/StructuredData';
import Heading from '@theme/Heading';
import type {Props} from '@theme/BlogListPage';

import styles from '@site/src/css/visually-hidden.module.css';

function useListTitle({blogTitle, permalink, page}: Props['metadata']): string {
  const {siteConfig} = useDocusaurusContext();
  // Blog-only mode serves the list at the site root, under the site's title.
  const title = permalink === '/' ? siteConfig.title : blogTitle;
  return page > 1
    ? translate(
        {id: 'site.blog.list.pageTitle', message: '{title}, page {page}', description: 'Heading of a later page of the blog list'},
        {title, page},
      )
    : title;
}

export default function BlogListPage(props: Props): ReactNode {
  const {metadata, items, sidebar} = props;
  const {siteConfig} = useDocusaurusContext();
  const heading = useListTitle(metadata);
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.wrapper.blogPages, ThemeClassNames.page.blogListPage)}>
      <PageMetadata
        title={metadata.permalink === '/' ? siteConfig.title : metadata.blogTitle}
        description={metadata.blogDescription}
      />
      <SearchMetadata tag="blog_posts_list" />
      <BlogListPageStructuredData {...props} />
      <BlogLayout sidebar={sidebar}>
        <Heading as="h1" className={styles.visuallyHidden}>
          {heading}
        </Heading>
        <BlogPostItems items={items} />
        <BlogListPaginator metadata={metadata} />
      </BlogLayout>
    </HtmlClassNameProvider>
  );
}
