/**
 * Stand-in for @docusaurus/theme-common's hooks/useWindowSize.js, swapped in by the
 * desktop-breakpoint plugin. Same contract and behaviour ('ssr' until hydrated, then
 * 'mobile' or 'desktop', re-rendering only when the breakpoint is crossed); the one
 * difference is that a window exactly 996 px wide counts as desktop.
 *
 * The first update after hydration ('ssr' → 'mobile' / 'desktop') is a transition: it
 * swaps the doc sidebar and table of contents for their mobile versions and mounts the
 * mobile menu, a render React can then split into short tasks instead of one long one
 * (a page's Total Blocking Time). Later updates, on resize, stay immediate.
 */
import {startTransition, useEffect, useState} from 'react';

const DESKTOP_MIN_WIDTH = 996;

function getWindowSize(desktopMinWidth) {
  return window.innerWidth >= desktopMinWidth ? 'desktop' : 'mobile';
}

export function useWindowSize({desktopBreakpoint = DESKTOP_MIN_WIDTH - 1} = {}) {
  // A constant first value keeps hydration free of mismatches.
  const [windowSize, setWindowSize] = useState('ssr');
  useEffect(() => {
    const update = () => setWindowSize(getWindowSize(desktopBreakpoint + 1));
    startTransition(update);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [desktopBreakpoint]);
  return windowSize;
}
