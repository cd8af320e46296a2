/**
 * The theme's blog layout, rebuilt from the same parts with one change: the table of
 * contents column is a labelled navigation landmark, so that every piece of a post's page
 * sits in a landmark (the theme leaves it in a bare <div>, which axe reports).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import Layout from '@theme/Layout';
import BlogSidebar from '@theme/BlogSidebar';
import type {Props} from '@theme/BlogLayout';

export default function BlogLayout({sidebar, toc, children, ...layoutProps}: Props): ReactNode {
  const hasSidebar = Boolean(sidebar && sidebar.items.length > 0);
  return (
    <Layout {...layoutProps}>
      <div className="container margin-vert--lg">
        <div className="row">
          <BlogSidebar sidebar={sidebar} />
          <main className={clsx('col', hasSidebar ? 'col--7' : 'col--9 col--offset-1')}>{children}</main>
          {toc && (
            <nav
              className="col col--2"
              aria-label={translate({
                id: 'site.blog.post.tocLabel',
                message: 'On this page',
                description: 'The accessible name of the table of contents beside a blog post',
              })}>
              {toc}
            </nav>
          )}
        </div>
      </div>
    </Layout>
  );
}
