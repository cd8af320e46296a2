/**
 * Carries the blog list page's level-one heading from the list page wrapper
 * (src/theme/BlogListPage) to the layout wrapper (src/theme/BlogLayout), which puts it first
 * in the layout's <main>. Both stay wrappers of the theme's components: the list page renders
 * its layout itself, so this context is the one way to add a child to that <main> without
 * copying the page. Any other blog page provides nothing, and its layout is unchanged.
 */
import {createContext, useContext, type ReactNode} from 'react';

const BlogListHeadingContext = createContext<ReactNode>(null);

export const BlogListHeadingProvider = BlogListHeadingContext.Provider;

/** The heading the current blog list page asks its layout to show, or null. */
export function useBlogListHeading(): ReactNode {
  return useContext(BlogListHeadingContext);
}
