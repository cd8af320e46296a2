/**
 * The date and reading time above a post, as the theme shows them ("February 11, 2025 ·
 * 6 min read"), without `Intl`.
 *
 * Why a replacement and not a wrapper: the theme's component formats them with
 * `Intl.DateTimeFormat` and `Intl.PluralRules`. The first `Intl` object a page creates
 * loads the engine's locale data, about 30 ms on this machine, all inside one component
 * while React hydrates. That is a long task on every blog page for a throttled phone
 * (measured with a CPU profile of /blog/why-skip). The site has one locale, English
 * (spec: `i18n`), and its dates are calendar days in UTC, so both are simple here. The
 * message still goes through `translate`, with the theme's id, so a translation would
 * still apply. Should a second locale come, this component should go.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Info';
import styles from './styles.module.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "February 11, 2025": the calendar day in UTC, as `Intl.DateTimeFormat('en')` writes it. */
export function formatPostDate(isoDate: string): string {
  const date = new Date(isoDate);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "One min read" or "6 min read": English has one plural form besides the singular. */
function readingTimeLabel(minutesFloat: number): string {
  const minutes = Math.ceil(minutesFloat);
  const forms = translate(
    {
      id: 'theme.blog.post.readingTime.plurals',
      description: 'Pluralized label for "{readingTime} min read", forms separated by "|"',
      message: 'One min read|{readingTime} min read',
    },
    {readingTime: minutes},
  ).split('|');
  return (minutes === 1 ? forms[0] : forms[forms.length - 1]) ?? '';
}

export default function BlogPostItemHeaderInfo({className}: Props): ReactNode {
  const {metadata} = useBlogPost();
  const {date, readingTime} = metadata;
  return (
    <div className={clsx(styles.container, 'margin-vert--md', className)}>
      <time dateTime={date}>{formatPostDate(date)}</time>
      {typeof readingTime !== 'undefined' && (
        <>
          {' · '}
          {readingTimeLabel(readingTime)}
        </>
      )}
    </div>
  );
}
