/**
 * The site's own lists, read from its sources, so that a new post or guide needs no test edit:
 * the posts from blog/, the guides from `guides` in sidebars.ts. The spec's fixed facts (the
 * slugs and guides that must exist, the API pages) are in ./spec.ts; tests check the sources
 * against them once (tests/build/blog.spec.ts, tests/build/guides.spec.ts).
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {POST_SLUGS} from './posts';

export {POSTS, POSTS_NEWEST_FIRST, POST_SLUGS, type SourcePost} from './posts';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The guides in sidebar order: `guides` of sidebars.ts, loaded as Docusaurus loads that file
 * (its own jiti; the file uses `import.meta`, which Playwright's loader does not handle). It
 * reads the generated API sidebars, so it needs docs/api/ (any build makes it).
 */
function readGuides(): readonly string[] {
  const fromDocusaurus = createRequire(
    path.join(ROOT, 'node_modules/@docusaurus/utils/package.json'),
  );
  const jiti = fromDocusaurus('jiti') as (
    from: string,
    options: {interopDefault: boolean},
  ) => (id: string) => {guides: string[]};
  return jiti(__filename, {interopDefault: false})(path.join(ROOT, 'sidebars.ts')).guides;
}

export const GUIDES: readonly string[] = readGuides();

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
