/**
 * Gathers the blog's small per-post modules into two shared chunks:
 * - `blog-excerpts`: the excerpts that list pages show (the posts loaded with
 *   `?truncated=true`) and the posts' metadata;
 * - `mdx-react`: the MDX components context, which each content chunk carried a copy of.
 *
 * Docusaurus gives every module of a route its own chunk, so `/blog` loaded twenty
 * scripts, ten of them excerpt chunks. The client entry inserts those script elements
 * while it evaluates, before React renders, and on this machine that made `main`'s
 * evaluation twice as long on `/blog` as on a post (131 ms against 66 ms in a trace):
 * the longest task of the page. With these two groups `/blog` loads eleven scripts. The
 * thirteen excerpts and their metadata are short (16 KB before gzip), so a page that only
 * needs one of them pays little for the rest. The full posts keep their own chunks.
 */
import type {Plugin} from '@docusaurus/types';

type Module = {resource?: string};

/** A module of a blog post loaded with `?truncated=true`, or a post's metadata. */
function isExcerpt(module: Module): boolean {
  const resource = module.resource ?? '';
  return (
    /[\\/]blog[\\/][^?]+\.mdx?\?truncated=true$/.test(resource) ||
    /docusaurus-plugin-content-blog[\\/][^\\/]+[\\/]site-blog-[^\\/]+\.json$/.test(resource)
  );
}

/** The MDX components context, which every content chunk would otherwise carry. */
function isMdxReact(module: Module): boolean {
  return /[\\/]node_modules[\\/]@mdx-js[\\/]react[\\/]/.test(module.resource ?? '');
}

export default function blogExcerptsChunkPlugin(): Plugin {
  return {
    name: 'blog-excerpts-chunk',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              blogExcerpts: {
                name: 'blog-excerpts',
                test: isExcerpt as never,
                chunks: 'async',
                enforce: true,
                priority: 45,
              },
              mdxReact: {
                name: 'mdx-react',
                test: isMdxReact as never,
                chunks: 'async',
                enforce: true,
                priority: 45,
              },
            },
          },
        },
      };
    },
  };
}
