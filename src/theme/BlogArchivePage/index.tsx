/**
 * The theme's blog archive, rebuilt from the same public parts with its landmarks and
 * headings in order, two accessibility fixes that belong upstream: the page title sits
 * inside <main> (the theme puts it in a <header>, a second banner landmark beside the
 * announcement bar), and each year is a level-two heading (the theme jumps from h1 to h3).
 *
 * Why a copy and not a wrapper: the theme's page renders its title, its <main> and the year
 * headings itself, in one component with no props or slots for them, so a wrapper can
 * neither move the title nor change a heading's level. Dates are formatted as the theme's
 * internal `useDateTimeFormat` does (the current locale and its calendar), from the public
 * site context. Tested in tests/build/blog.spec.ts ("the archive's title is inside main and
 * its years are level-two headings").
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type {Props, ArchiveBlogPost} from '@theme/BlogArchivePage';

type YearPosts = {year: string; posts: ArchiveBlogPost[]};

/** Posts grouped by year, newest year first, as the theme orders them. */
function postsByYear(blogPosts: readonly ArchiveBlogPost[]): YearPosts[] {
  const years = new Map<string, ArchiveBlogPost[]>();
  for (const post of blogPosts) {
    const year = post.metadata.date.split('-')[0];
    years.set(year, [post, ...(years.get(year) ?? [])]);
  }
  return Array.from(years, ([year, posts]) => ({year, posts}));
}

function Year({year, posts}: YearPosts): ReactNode {
  const {i18n} = useDocusaurusContext();
  const {calendar} = i18n.localeConfigs[i18n.currentLocale] ?? {};
  const dateTimeFormat = new Intl.DateTimeFormat(i18n.currentLocale, {
    calendar,
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return (
    <>
      <Heading as="h2" id={year}>
        {year}
      </Heading>
      <ul>
        {posts.map((post) => (
          <li key={post.metadata.permalink}>
            <Link to={post.metadata.permalink}>
              {dateTimeFormat.format(new Date(post.metadata.date))} - {post.metadata.title}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function BlogArchivePage({archive}: Props): ReactNode {
  const title = translate({
    id: 'theme.blog.archive.title',
    message: 'Archive',
    description: 'The page & hero title of the blog archive page',
  });
  const description = translate({
    id: 'theme.blog.archive.description',
    message: 'Archive',
    description: 'The page & hero description of the blog archive page',
  });
  const years = postsByYear(archive.blogPosts);
  return (
    <>
      <PageMetadata title={title} description={description} />
      <Layout>
        <main>
          <div className="hero hero--primary">
            <div className="container">
              <Heading as="h1" className="hero__title">
                {title}
              </Heading>
              <p className="hero__subtitle">{description}</p>
            </div>
          </div>
          {years.length > 0 && (
            <section className="margin-vert--lg">
              <div className="container">
                <div className="row">
                  {years.map((props) => (
                    <div key={props.year} className="col col--4 margin-vert--lg">
                      <Year {...props} />
                    </div>
                  ))}
                </div>
              </div>
            </section>
          )}
        </main>
      </Layout>
    </>
  );
}
