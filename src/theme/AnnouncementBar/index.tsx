/**
 * Wraps the theme's announcement bar. Before React loads, an inline script of the theme
 * hides the bar when a dismissal is stored, without looking at the bar's id; the theme
 * then resets that dismissal for a new id but leaves the bar hidden by CSS until the next
 * page load. When the theme says the bar is active, this clears the stale flag so that a
 * new announcement shows at once (spec §4).
 */
import {useEffect, type ReactNode} from 'react';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof AnnouncementBarType>;

const INITIALLY_DISMISSED = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute(INITIALLY_DISMISSED, 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
