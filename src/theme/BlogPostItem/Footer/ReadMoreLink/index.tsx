/**
 * The blog list's "Read more" link, with the post's title in its text (visually hidden),
 * so that every link tells where it leads, for search engines and screen readers alike.
 * The theme's version puts the title in an aria-label only, which crawlers ignore.
 * Built from the theme's own pieces (Link, Translate), with the theme's translation ids.
 *
 * Why a replacement and not a wrapper: the theme's link writes its label ("Read more") as
 * its own JSX children, which win over any `children` prop a wrapper passes, so a wrapper
 * cannot add the title to the text.
 * Tested in tests/build/blog.spec.ts ('"read more" links name their post').
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import type {Props} from '@theme/BlogPostItem/Footer/ReadMoreLink';

import styles from '@site/src/css/visually-hidden.module.css';

export default function BlogPostItemFooterReadMoreLink({
  blogPostTitle,
  ...linkProps
}: Props): ReactNode {
  return (
    <Link {...linkProps}>
      <b>
        <Translate
          id="theme.blog.post.readMore"
          description="The label used in blog post item excerpts to link to full blog posts"
        >
          Read more
        </Translate>
        <span className={styles.visuallyHidden}> about {blogPostTitle}</span>
      </b>
    </Link>
  );
}
