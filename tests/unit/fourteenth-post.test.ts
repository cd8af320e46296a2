/**
 * A fourteenth post needs no test edit (spec §2: about 13 to 14 posts; the README's "Add a post"
 * recipe), checked without building anything:
 * - the lists a post lands in follow from the blog plugin's options as docusaurus.config.ts sets
 *   them: with the site's posts and one newer, the plugin's own pagination still makes exactly
 *   the spec's two list pages (/blog, /blog/page/2), the new post heads the first and pushes the
 *   oldest of the first to the second; the sidebar and the feeds take every post;
 * - the tests take the posts from blog/ (tests/lib/sources.ts), so none of them changes: no test
 *   file lists the posts or counts them, outside tests/lib/spec.ts (the spec's thirteen slugs,
 *   which must exist) and the runnable project (which names the pages whose samples it runs).
 * The build-level checks themselves read the posts from the sources (tests/build/blog.spec.ts
 * and the feed, sitemap and twin checks), so on a build with the new post they check it as well.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type * as Preset from '@docusaurus/preset-classic';
// The function the blog plugin cuts its list pages with (not a public API: if it moves, this
// import fails and the test names it).
import {paginateBlogPosts} from '@docusaurus/plugin-content-blog/lib/blogUtils.js';
import site from '../../docusaurus.config';
import {POSTS_NEWEST_FIRST} from '../lib/posts';
import {SPEC_POST_SLUGS} from '../lib/spec';

const ROOT = path.resolve(__dirname, '../..');

/** The blog plugin's options, as the site passes them to the classic preset. */
function blogOptions() {
  const [preset] = site.presets ?? [];
  assert.ok(Array.isArray(preset) && preset[0] === 'classic', 'the first preset is classic');
  const {blog} = preset[1] as Preset.Options;
  assert.ok(blog, 'the classic preset has blog options');
  return blog;
}

/** The list pages the plugin makes of these slugs (newest first): permalink → slugs. */
function listPages(slugs: string[]): Map<string, string[]> {
  const blog = blogOptions();
  const pages = paginateBlogPosts({
    blogPosts: slugs.map((slug) => ({id: slug}) as never),
    basePageUrl: `/${blog.routeBasePath}`,
    blogTitle: String(blog.blogTitle),
    blogDescription: String(blog.blogDescription),
    postsPerPageOption: blog.postsPerPage ?? 10,
    // The plugin's default, which the site keeps.
    pageBasePath: blog.pageBasePath ?? 'page',
  });
  return new Map(pages.map((page) => [page.metadata.permalink, page.items]));
}

test('a fourteenth post, newest of all, heads /blog and pushes the oldest of its page to /blog/page/2; no third page', () => {
  const slugs = POSTS_NEWEST_FIRST.map((post) => post.slug);
  // The site's own posts give the spec's two list pages.
  assert.deepEqual([...listPages(slugs).keys()], ['/blog', '/blog/page/2']);
  // The spec's range, however many the site has today: 13 posts, then one more.
  for (const count of [13, 14]) {
    const posts = ['a-new-post', ...slugs].slice(0, count);
    const pages = listPages(posts);
    assert.deepEqual([...pages.keys()], ['/blog', '/blog/page/2'], `${count} posts`);
    const first = pages.get('/blog')!;
    assert.equal(first[0], 'a-new-post', `${count} posts: the newest heads the first page`);
    assert.deepEqual([...first, ...pages.get('/blog/page/2')!], posts, `${count} posts, in order`);
  }
  const before = listPages(slugs.slice(0, 13)).get('/blog')!;
  const after = listPages(['a-new-post', ...slugs.slice(0, 13)]);
  assert.equal(
    after.get('/blog/page/2')![0],
    before.at(-1),
    'the oldest of page 1 moves to page 2',
  );
});

test('the sidebar and the feeds take every post, however many', () => {
  const blog = blogOptions();
  assert.equal(blog.blogSidebarCount, 'ALL');
  assert.equal(blog.feedOptions?.limit, false);
});

test('no test lists or counts the posts: they are read from blog/', () => {
  const skip = [
    'tests/lib/spec.ts', // the spec's slugs, checked against blog/ once
    'tests/unit/fourteenth-post.test.ts',
  ];
  const files = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), {withFileTypes: true}).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : files(rel);
      return /\.(ts|mjs|cjs)$/.test(entry.name) ? [rel] : [];
    });
  const offenders: string[] = [];
  // The runnable project names the pages whose samples it runs, posts among them, by file.
  for (const file of files('tests').filter(
    (f) => !skip.includes(f) && !f.startsWith('tests/runnable/'),
  )) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const named = SPEC_POST_SLUGS.filter((slug) =>
      new RegExp(`['"\`/]${slug.replace(/[-_]/g, '[-_]')}['"\`/.]`).test(text),
    );
    // One or two posts as sample pages (why-skip as "a post") are not a list.
    if (named.length > 2)
      offenders.push(`${file} names ${named.length} posts: ${named.join(', ')}`);
    if (/\b(thirteen|fourteen|1[34])\s+posts?\b/i.test(text))
      offenders.push(`${file} counts the posts`);
    // The spec's slugs are checked against blog/ in one place, never used as the site's list.
    if (/\bSPEC_POST_SLUGS\b/.test(text) && file !== 'tests/build/blog.spec.ts')
      offenders.push(`${file} uses the spec's slugs`);
  }
  assert.deepEqual(offenders, []);
});
