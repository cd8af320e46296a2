/**
 * Every page as Markdown, for readers who read through an assistant (issue 15):
 *   - a twin of each guide, API page and post at the page's path plus `.md`
 *     (`/docs/functions.md`), converted from the page's source by ./to-markdown.ts, and
 *     `/index.md`, written for the landing page from the loaded content;
 *   - `llms.txt` (llmstxt.org): the landing page, then the guides in sidebar order, the API
 *     pages by package and the posts newest first, each line linking a twin with its
 *     description; `llms-full.txt`: the twins of the guides and API pages, one after another.
 *     Its opening paragraph also links the OpenAPI document static/openapi/skip-http-0.0.15.yaml.
 *
 * Like the agent-docs plugin of Docusaurus's own website, it works in `postBuild` from the
 * routes (`route.metadata.sourceFilePath`, and `routesBuildMetadata` to skip `noIndex` pages)
 * and takes titles, descriptions and order from the docs and blog plugins' loaded content.
 * The HTML pages link their twin themselves (src/theme/DocBreadcrumbs,
 * src/theme/BlogPostItem/Header, src/pages/index.tsx, through ./twin-path.ts), so this
 * plugin edits no HTML, and it reads no file another plugin writes: the landing page's
 * description comes from the config's `customFields` (the page reads the same field), and
 * the landing sample's path from this plugin's options in the config.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {flattenRoutes} from '@docusaurus/utils';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {LoadedContent as DocsContent, LoadedVersion} from '@docusaurus/plugin-content-docs';

import {toMarkdownTwin} from './to-markdown';
import {twinPath} from './twin-path';

const NAME = 'markdown-twins';

type SidebarItem = LoadedVersion['sidebars'][string][number];

type Kind = 'guide' | 'api' | 'post' | 'other';

type Page = {
  route: string;
  kind: Kind;
  title: string;
  description: string;
  /** Absolute path of the source file. */
  file: string;
  /** Position in its group: sidebar order for docs, newest first for posts. */
  order: number;
  /** API pages: the package (sidebar category) they belong to. */
  group?: string;
};

/**
 * Doc ids in sidebar order, each with the label of the nearest category that links to a
 * page of its own (an API package), if any.
 */
function sidebarDocs(items: SidebarItem[], group?: string): {id: string; group?: string}[] {
  return items.flatMap((item) => {
    if (item.type === 'doc') return [{id: item.id, group}];
    if (item.type === 'category') {
      const link = item.link?.type === 'doc' ? item.link.id : undefined;
      const inner = link ? item.label : group;
      return [...(link ? [{id: link, group: inner}] : []), ...sidebarDocs(item.items, inner)];
    }
    return [];
  });
}

const isMarkdown = (file: string) => /\.mdx?$/.test(file);

const linkLine = (siteUrl: string, page: Pick<Page, 'title' | 'route' | 'description'>) =>
  `- [${page.title}](${siteUrl}${twinPath(page.route)})${page.description ? `: ${page.description}` : ''}`;

export type Options = {
  /** The landing page's code sample (an MDX file, relative to the site), shown in its twin. */
  landingSample?: string;
};

export default function markdownTwinsPlugin(
  {siteConfig, siteDir}: LoadContext,
  options: unknown,
): Plugin {
  const {landingSample} = (options ?? {}) as Options;
  if (landingSample !== undefined && typeof landingSample !== 'string') {
    throw new Error(`[${NAME}] the option landingSample must be a path (a string)`);
  }
  return {
    name: NAME,
    async postBuild({outDir, routes, routesBuildMetadata, plugins}) {
      const siteUrl = siteConfig.url.replace(/\/$/, '');
      const warn = (message: string) => console.warn(`[${NAME}] ${message}`);
      const contentOf = (name: string) =>
        plugins.find((p) => p.name === name && p.options.id === 'default')?.content;
      const docs = contentOf('docusaurus-plugin-content-docs') as DocsContent | undefined;
      const blog = contentOf('docusaurus-plugin-content-blog') as BlogContent | undefined;
      const version = docs?.loadedVersions[0];
      const siteFile = (source: string) => path.join(siteDir, source.replace(/^@site\//, ''));

      // Titles, descriptions, kinds and order, by source file.
      const known = new Map<string, Omit<Page, 'route' | 'file'>>();
      const inSidebar = Object.values(version?.sidebars ?? {}).flatMap((items) =>
        sidebarDocs(items),
      );
      const docById = new Map((version?.docs ?? []).map((doc) => [doc.id, doc]));
      inSidebar.forEach(({id, group}, order) => {
        const doc = docById.get(id);
        if (!doc) return;
        const kind = id.startsWith('api/') ? 'api' : 'guide';
        known.set(siteFile(doc.source), {
          kind,
          title: doc.title,
          description: doc.description,
          order,
          group,
        });
      });
      for (const doc of version?.docs ?? []) {
        if (!known.has(siteFile(doc.source))) {
          known.set(siteFile(doc.source), {
            kind: 'other',
            title: doc.title,
            description: doc.description,
            order: 0,
          });
        }
      }
      (blog?.blogPosts ?? []).forEach(({metadata}, order) => {
        known.set(siteFile(metadata.source), {
          kind: 'post',
          title: metadata.title,
          description: metadata.description,
          order,
        });
      });

      // Every indexable page built from a Markdown source.
      const sourced = flattenRoutes(routes).filter(
        (route): route is RouteConfig & {metadata: {sourceFilePath: string}} =>
          typeof route.metadata?.sourceFilePath === 'string' &&
          !routesBuildMetadata[route.path]?.noIndex,
      );
      const pages: Page[] = sourced
        .filter((route) => isMarkdown(route.metadata.sourceFilePath))
        .flatMap((route) => {
          const file = path.join(siteDir, route.metadata.sourceFilePath);
          const info = known.get(file);
          if (!info) {
            warn(`${route.path}: a Markdown page neither docs nor blog content; no twin`);
            return [];
          }
          return [{route: route.path, file, ...info}];
        });

      const pageUrl = (route: string) => `${siteUrl}${route}`;
      const pageOfFile = new Map(pages.map((page) => [page.file, pageUrl(page.route)]));
      const twins = new Map<string, string>();
      await Promise.all(
        pages.map(async (page) => {
          const source = await fs.readFile(page.file, 'utf8');
          const markdown = toMarkdownTwin(source, page.file.endsWith('.mdx') ? 'mdx' : 'md', {
            siteUrl,
            pageUrl: pageUrl(page.route),
            file: page.file,
            pageOfFile,
            title: page.title,
            warn,
          });
          twins.set(page.route, markdown);
        }),
      );

      const byOrder = (a: Page, b: Page) => a.order - b.order;
      const ofKind = (kind: Kind) => pages.filter((page) => page.kind === kind).sort(byOrder);
      const guides = ofKind('guide');
      const api = ofKind('api');
      const posts = ofKind('post');
      const others = ofKind('other');
      const apiGroups = [...new Set(api.map((page) => page.group ?? 'API'))];

      // The landing page: what the site is, the sample it shows, and where to read on.
      const landing = sourced.find((route) => route.path === siteConfig.baseUrl);
      // The same text as the landing page's description (the config's customFields).
      const landingDescription = String(siteConfig.customFields?.landingDescription ?? '');
      const sampleFile = landingSample ? path.join(siteDir, landingSample) : '';
      const sample = sampleFile ? await fs.readFile(sampleFile, 'utf8') : '';
      if (landing) {
        const sampleMarkdown = sample
          ? toMarkdownTwin(sample, 'mdx', {
              siteUrl,
              pageUrl: pageUrl('/'),
              file: sampleFile,
              pageOfFile,
              warn,
            })
          : '';
        const list = (items: Page[]) => items.map((page) => linkLine(siteUrl, page)).join('\n');
        twins.set(
          landing.path,
          [
            `# ${siteConfig.title}`,
            `> ${siteConfig.tagline}`,
            landingDescription,
            ...(sampleMarkdown ? ['## A service in one file', sampleMarkdown.trim()] : []),
            '## Guides',
            list(guides),
            '## API reference',
            list(api.filter((page) => /\/index\.mdx?$/.test(page.file))),
            '## Blog',
            list(posts),
            '',
          ]
            .filter((block) => block !== '')
            .join('\n\n')
            .concat('\n'),
        );
      }

      await Promise.all(
        [...twins].map(async ([route, markdown]) => {
          const file = path.join(outDir, twinPath(route));
          await fs.mkdir(path.dirname(file), {recursive: true});
          await fs.writeFile(file, markdown);
        }),
      );

      const landingEntry = landing
        ? [
            linkLine(siteUrl, {
              title: siteConfig.title,
              route: landing.path,
              description: landingDescription,
            }),
          ]
        : [];
      const index = [
        `# ${siteConfig.title}`,
        `> ${siteConfig.tagline}`,
        `Every page of this site is also served as Markdown at its URL plus \`.md\`; the lines below link those files. [llms-full.txt](${siteUrl}/llms-full.txt) holds every guide and API page in one file. The HTTP API of a Skip service is described by the OpenAPI document [skip-http-0.0.15.yaml](${siteUrl}/openapi/skip-http-0.0.15.yaml).`,
        ...(landingEntry.length ? ['## Overview', landingEntry.join('\n')] : []),
        '## Guides',
        guides.map((page) => linkLine(siteUrl, page)).join('\n'),
        '## API reference',
        apiGroups
          .map((group) =>
            [
              `### ${group}`,
              api
                .filter((page) => (page.group ?? 'API') === group)
                .map((page) => linkLine(siteUrl, page))
                .join('\n'),
            ].join('\n\n'),
          )
          .join('\n\n'),
        '## Blog',
        posts.map((page) => linkLine(siteUrl, page)).join('\n'),
        ...(others.length
          ? ['## Other pages', others.map((page) => linkLine(siteUrl, page)).join('\n')]
          : []),
      ].join('\n\n');

      const full = [
        `# ${siteConfig.title}\n\n> ${siteConfig.tagline}\n`,
        ...[...guides, ...api].map(
          (page) => `URL: ${pageUrl(page.route)}\n\n${twins.get(page.route)!.trim()}\n`,
        ),
      ].join('\n---\n\n');

      await fs.writeFile(path.join(outDir, 'llms.txt'), `${index}\n`);
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), full);
    },
  };
}
