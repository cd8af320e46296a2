/**
 * Writes /llms.txt and /llms-full.txt (the llmstxt.org convention) from the loaded docs and
 * blog content, so they follow the guides and posts without being kept by hand:
 *   - llms.txt: the site's name and summary, then link lists "Guides" (sidebar order),
 *     "Blog" (newest first) and "API reference" (one page per package);
 *   - llms-full.txt: the Markdown of every guide and post, front matter stripped, links
 *     made absolute.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {DocMetadata, LoadedContent as DocsContent, LoadedVersion} from '@docusaurus/plugin-content-docs';

const NAME = 'llms-txt';

type SidebarItem = LoadedVersion['sidebars'][string][number];

type Entry = {title: string; url: string; description: string; markdown: () => Promise<string>};

/** Doc ids in sidebar order: pages, and categories that link to a page. */
function sidebarDocIds(items: SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'doc') return [item.id];
    if (item.type === 'category') {
      const link = item.link?.type === 'doc' ? [item.link.id] : [];
      return [...link, ...sidebarDocIds(item.items)];
    }
    return [];
  });
}

const stripFrontMatter = (source: string) => source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');

/**
 * Makes the links of `markdown` absolute, outside code fences: site paths get the site's
 * URL, relative links to Markdown files become their page's URL. `pageUrl` maps a source
 * file's absolute path to its page's URL.
 */
function absoluteLinks(markdown: string, file: string, siteUrl: string, pageUrl: Map<string, string>): string {
  let fenced = false;
  const toUrl = (target: string): string => {
    if (target.startsWith('/')) return `${siteUrl}${target}`;
    const [file_ = '', hash = ''] = target.split(/(?=#)/);
    if (/^[^:]+\.mdx?$/.test(file_)) {
      const page = pageUrl.get(path.resolve(path.dirname(file), file_));
      if (page) return `${page}${hash}`;
    }
    return target;
  };
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      return line
        .replace(/\]\(([^)\s]+)\)/g, (_m, target: string) => `](${toUrl(target)})`)
        .replace(/\bsrc="(\/[^"]*)"/g, (_m, target: string) => `src="${toUrl(target)}"`);
    })
    .join('\n');
}

const dropTruncateMarker = (markdown: string) =>
  markdown.replace(/^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$\n?/m, '');

const linkLine = ({title, url, description}: Entry) => `- [${title}](${url})${description ? `: ${description}` : ''}`;

export default function llmsTxtPlugin({siteConfig, siteDir}: LoadContext): Plugin {
  let docs: DocsContent | undefined;
  let blog: BlogContent | undefined;
  return {
    name: NAME,
    allContentLoaded({allContent}) {
      docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
    },
    async postBuild({outDir}) {
      const siteUrl = siteConfig.url.replace(/\/$/, '');
      // A category's index doc has a permalink ending in `/`; its page is served without it.
      const pageOf = (permalink: string) =>
        `${siteUrl}${siteConfig.trailingSlash === false ? permalink.replace(/(.)\/$/, '$1') : permalink}`;
      const version = docs?.loadedVersions[0];
      const byId = new Map((version?.docs ?? []).map((doc) => [doc.id, doc]));
      const sourceFile = (source: string) => path.join(siteDir, source.replace(/^@site\//, ''));
      const pageUrl = new Map([
        ...(version?.docs ?? []).map((doc) => [sourceFile(doc.source), pageOf(doc.permalink)] as const),
        ...(blog?.blogPosts ?? []).map(({metadata}) => [sourceFile(metadata.source), pageOf(metadata.permalink)] as const),
      ]);

      const ids = Object.values(version?.sidebars ?? {}).flatMap(sidebarDocIds);
      const docEntry = (doc: DocMetadata): Entry => ({
        title: doc.title,
        url: pageOf(doc.permalink),
        description: doc.description,
        markdown: async () => {
          const file = sourceFile(doc.source);
          return absoluteLinks(stripFrontMatter(await fs.readFile(file, 'utf8')), file, siteUrl, pageUrl);
        },
      });
      const pick = (keep: (id: string) => boolean) =>
        ids.filter(keep).flatMap((id) => {
          const doc = byId.get(id);
          return doc ? [docEntry(doc)] : [];
        });
      const guides = pick((id) => !id.startsWith('api/'));
      const api = pick((id) => /^api\/.+\/index$/.test(id)).map((entry) => ({...entry, description: ''}));
      const posts: Entry[] = (blog?.blogPosts ?? [])
        .filter((post) => !post.metadata.unlisted)
        .map(({metadata, content}) => ({
          title: metadata.title,
          url: pageOf(metadata.permalink),
          description: metadata.description,
          markdown: async () => absoluteLinks(dropTruncateMarker(content), sourceFile(metadata.source), siteUrl, pageUrl),
        }));

      const header = `# ${siteConfig.title}\n\n> ${siteConfig.tagline}\n`;
      const index = [
        header,
        `The full text of every guide and post is in [llms-full.txt](${siteUrl}/llms-full.txt).\n`,
        `## Guides\n\n${guides.map(linkLine).join('\n')}\n`,
        `## Blog\n\n${posts.map(linkLine).join('\n')}\n`,
        `## API reference\n\n${api.map(linkLine).join('\n')}\n`,
      ].join('\n');

      const sections = await Promise.all(
        [...guides, ...posts].map(async (entry) =>
          [`# ${entry.title}`, '', `URL: ${entry.url}`, '', (await entry.markdown()).trim(), ''].join('\n'),
        ),
      );
      const full = [header, ...sections].join('\n---\n\n');

      await fs.writeFile(path.join(outDir, 'llms.txt'), index);
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), full);
    },
  };
}
