/**
 * The site's own lists, read from its sources, so that a new post or guide needs no test edit:
 * the posts from blog/, the guides from guides.ts. The spec's fixed facts (the
 * slugs and guides that must exist, the API pages) are in ./spec.ts; tests check the sources
 * against them once (tests/build/blog.spec.ts, tests/build/guides.spec.ts).
 */
import {guides} from '../../guides';
import {POST_SLUGS} from './posts';

export {POSTS, POSTS_NEWEST_FIRST, POST_SLUGS, type SourcePost} from './posts';

/** The guides in sidebar order (../../guides.ts, which sidebars.ts reads too). */
export const GUIDES: readonly string[] = guides;

/** The landing and blog routes of the spec (§2) with every post, plus every guide. */
export const SITE_ROUTES: readonly string[] = [
  '/',
  '/blog',
  '/blog/page/2',
  '/blog/archive',
  '/blog/authors',
  ...POST_SLUGS.map((slug) => `/blog/${slug}`),
  ...GUIDES.map((id) => `/docs/${id}`),
];
