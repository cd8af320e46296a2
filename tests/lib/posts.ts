/**
 * The site's posts, read from blog/ (front matter and body), so that a new post needs no test
 * edit. Apart from ./sources.ts (which re-exports it) because it needs no build: the unit tests
 * run before the build and read the posts here.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const ROOT = path.resolve(__dirname, '../..');

export type SourcePost = {
  /** File name under blog/. */
  file: string;
  slug: string;
  title: string;
  /** Publication date, as the blog plugin reads it (a bare day is midnight UTC). */
  date: Date;
  authors: string[];
  /** The whole front matter. */
  data: Record<string, unknown>;
  /** The Markdown after the front matter. */
  body: string;
};

/** Every post under blog/, oldest first. */
function readPosts(): SourcePost[] {
  const dir = path.join(ROOT, 'blog');
  return fs
    .readdirSync(dir)
    .filter((file) => /\.mdx?$/.test(file) && !file.startsWith('_'))
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`blog/${file}: no front matter`);
      const data = yaml.load(match[1]) as Record<string, unknown>;
      const date = data.date instanceof Date ? data.date : new Date(String(data.date));
      return {
        file,
        slug: String(data.slug),
        title: String(data.title),
        date,
        authors: (data.authors as string[] | undefined) ?? [],
        data,
        body: match[2],
      };
    })
    .sort((a, b) => a.date.getTime() - b.date.getTime());
}

/** The posts, oldest first. */
export const POSTS: readonly SourcePost[] = readPosts();

/** The posts, newest first, as the list pages, the sidebar and the feeds order them. */
export const POSTS_NEWEST_FIRST: readonly SourcePost[] = [...POSTS].reverse();

/** The posts' slugs, alphabetically. */
export const POST_SLUGS: readonly string[] = POSTS.map((post) => post.slug).sort();
