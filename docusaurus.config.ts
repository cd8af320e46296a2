import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

import {apiReferencePlugins} from './api-sources/packages';
import {checkedFrontMatter} from './front-matter';
import {lightCodeTheme, darkCodeTheme} from './prism-themes';
import codeHighlightOnDemand from './src/plugins/code-highlight-on-demand';
import {SSR_TEMPLATE} from './src/ssr-template';
import desktopBreakpoint from './src/plugins/desktop-breakpoint';
import contentSecurityPolicy from './src/plugins/content-security-policy';
import markdownTwins from './src/plugins/markdown-twins';
import socialCards from './src/plugins/social-cards';
import liveExamples from './src/plugins/live-examples';
import remarkTypedSamples from './src/plugins/typed-samples';
import {links} from './src/site-links';

/** The folder of this file: the site's root. */
const siteDir = path.dirname(fileURLToPath(import.meta.url));

// Environment switches, named once.
const isDev = process.env.NODE_ENV === 'development';
// Docusaurus Faster (Rspack, SWC, Lightning CSS) is on; `DOCUSAURUS_FASTER=false` turns it
// off, only so that `npm run bench` can time the same site with the default bundler.
const useFaster = process.env.DOCUSAURUS_FASTER !== 'false';
// Guides show their last-updated date from git, which Docusaurus requires the site to be in:
// a copy outside any git worktree (the tests' and the benchmark's temporary copies, a source
// archive) builds without the dates instead of failing.
const inGitWorktree = (() => {
  try {
    return (
      execFileSync('git', ['rev-parse', '--is-inside-work-tree'], {
        cwd: siteDir,
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .trim() === 'true'
    );
  } catch {
    return false;
  }
})();

/** The description of pages that have none of their own (authors, not found). */
const defaultDescription = 'Skip: reactive backend services in TypeScript.';

/**
 * Text shared by a page and a plugin, kept here once (`customFields`): the landing page's
 * description (src/pages/index.tsx, and the Markdown twin of the landing page).
 */
const customFields = {
  landingDescription:
    'Skip is an open-source TypeScript framework for reactive backend services: declare collections computed from your inputs, and the runtime keeps them current and streams every change to clients.',
} satisfies Record<string, string>;

/**
 * TypeScript samples carry their types (src/plugins/typed-samples): guides and posts. No
 * options: the docs and blog options are serialized into the site config every page loads
 * (core's codegen writes it with `JSON.stringify`), where a function is `null`; `toJSON`
 * leaves the list out of it, so the feature adds nothing to that config.
 */
const typedSampleSteps = Object.assign([remarkTypedSamples], {toJSON: () => []});

// ---------------------------------------------------------------------------
// Site identity
// ---------------------------------------------------------------------------
const config: Config = {
  title: 'Skip',
  tagline: 'Reactive backend services in TypeScript',
  favicon: 'img/favicon.svg',
  url: 'https://skiplabs.io',
  baseUrl: '/',
  // Left undefined on purpose: every page is written as `<route>/index.html` and links stay
  // without a slash, so on a plain static host `/a/b` (redirected by the host to `/a/b/`)
  // and `/a/b/` both reach the page, and old links with a trailing slash keep working.
  trailingSlash: undefined,
  titleDelimiter: '|',
  customFields,

  organizationName: 'SkipLabs',
  projectName: 'skip',

  // Build-time rules (spec §5): broken links fail, markdown links and anchors warn.
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  // Pages are painted before the site's JavaScript runs (see src/ssr-template.ts).
  ssrTemplate: SSR_TEMPLATE,
  // Docusaurus's own banner (spec §8). Its check runs when the bundles have loaded or
  // failed, not at DOMContentLoaded: see the loader in src/ssr-template.ts.
  baseUrlIssueBanner: true,
  markdown: {
    // `.md` files are CommonMark, `.mdx` files are MDX: prose can use `{` and `<` freely.
    format: 'detect',
    // Docusaurus's parser, then checks that fail the build naming the file and the field on a
    // post or guide whose title, date or slug the content plugins would accept or replace
    // silently (./front-matter.ts).
    parseFrontMatter: checkedFrontMatter(siteDir),
    hooks: {
      onBrokenMarkdownLinks: 'warn',
      onBrokenMarkdownImages: 'warn',
    },
    // The v4 flags turn MDX 1 compatibility off; keep HTML comments working so
    // `<!-- truncate -->` still cuts blog posts in the list view.
    mdx1Compat: {comments: true, admonitions: true, headingIds: true},
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en'},
    },
  },

  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: true,
      // Spec §4 names the storage keys ('theme', the announcement bar's): no namespace.
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    faster: useFaster,
  },

  // -------------------------------------------------------------------------
  // Presets
  // -------------------------------------------------------------------------
  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          beforeDefaultRemarkPlugins: typedSampleSteps,
          // "Last updated on" under each guide, from the git history of its source (production
          // builds only). The API pages are generated and untracked, so git gives them no
          // date and they show none. In a shallow clone every guide shows the date of the
          // clone's commit (README, "Continuous integration and deployment").
          showLastUpdateTime: inGitWorktree,
          lastVersion: 'current',
          versions: {
            current: {label: 'Next', path: ''},
          },
        },
        blog: {
          path: 'blog',
          routeBasePath: 'blog',
          postsPerPage: 10,
          blogTitle: 'Skip blog',
          blogDescription:
            'Announcements, tutorials and essays on reactive backend services from the Skip team.',
          beforeDefaultRemarkPlugins: typedSampleSteps,
          blogSidebarTitle: 'All posts',
          blogSidebarCount: 'ALL',
          showReadingTime: true,
          // Spec §2: /blog/authors lists the authors and each post names its own, but there is
          // no page per author (authors.yml gives none a `page`) and no tag pages: no tags
          // file, and front-matter.ts refuses a `tags` field (the plugin publishes a page for
          // every tag used and has no option to keep tags without their pages).
          authorsMapPath: 'authors.yml',
          onInlineAuthors: 'throw',
          tags: false,
          onUntruncatedBlogPosts: 'throw',
          feedOptions: {
            type: 'all',
            title: 'Skip blog',
            description:
              'Announcements, tutorials and essays on reactive backend services from the Skip team.',
            copyright: `Copyright © ${new Date().getFullYear()} SkipLabs`,
            language: 'en',
            limit: false,
            // Opened in a browser, the feeds render as a readable page (src/feed-style/feed.xsl).
            // Paths are relative to the blog folder.
            xslt: {rss: '../src/feed-style/feed.xsl', atom: '../src/feed-style/feed.xsl'},
          },
        },
        // The landing page's sample (src/pages/_home/sample.mdx) is typed as the guides' are.
        // `pages` had no option: a `toJSON` (not enumerable, so the options' validation does
        // not see it) keeps it `{}` in the site config, as the docs' and blog's step lists are
        // `[]` there, so `main` stays the same bytes.
        pages: Object.defineProperty({beforeDefaultRemarkPlugins: typedSampleSteps}, 'toJSON', {
          value: () => ({}),
        }),
        theme: {
          customCss: './src/css/custom.css',
        },
        sitemap: {
          // `/docs` only sends the reader to the introduction (src/pages/docs.tsx).
          ignorePatterns: ['/404', '/search', '/docs'],
        },
      } satisfies Preset.Options,
    ],
  ],

  // -------------------------------------------------------------------------
  // Theme configuration
  // -------------------------------------------------------------------------
  themeConfig: {
    image: 'img/social-card.png',
    metadata: [
      {name: 'keywords', content: 'Skip, reactive, backend, TypeScript, streaming'},
      // Defaults for pages that set none (a page's own tags replace these): every page
      // carries a full Open Graph set; docs and posts say `article`.
      {property: 'og:type', content: 'website'},
      {name: 'description', content: defaultDescription},
      {property: 'og:description', content: defaultDescription},
    ],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'skip-0-0-15',
      content:
        'Skip 0.0.15 is the current release. Read the <a href="/docs/getting_started">getting started guide</a> to build your first reactive service.',
      isCloseable: true,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
    },
    blog: {
      sidebar: {groupByYear: true},
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    navbar: {
      title: 'Skip',
      logo: {
        alt: 'Skip logo',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        width: 32,
        height: 32,
      },
      items: [
        {type: 'doc', docId: 'introduction', label: 'Docs', position: 'left'},
        {to: '/docs/api/core', label: 'API', position: 'left', activeBasePath: 'docs/api'},
        {to: '/blog', label: 'Blog', position: 'left'},
        {type: 'localeDropdown', position: 'right'},
        ...links.map(({href, label, className}) => ({
          href,
          position: 'right' as const,
          className: `navbar-icon-link ${className}`,
          'aria-label': label,
          title: label,
        })),
      ],
    },
    footer: {
      style: 'dark',
      links: [],
      copyright: `Copyright © ${new Date().getFullYear()} SkipLabs. Skip is open source under the MIT licence.`,
    },
    prism: {
      // GitHub and Dracula, with every token colour at 4.5:1 or better (./prism-themes.ts).
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: ['bash', 'json', 'nginx'],
    },
  } satisfies Preset.ThemeConfig,

  // -------------------------------------------------------------------------
  // Plugins
  // -------------------------------------------------------------------------
  plugins: [
    // --- Hardening: machine-readable outputs and the Content Security Policy -------------
    // `/docs` sends the reader to the introduction: an ordinary page, src/pages/docs.tsx.
    contentSecurityPolicy, // CSP meta tag in every page, build/_headers, build/serve.json
    socialCards, // 1200×630 PNG cards: one per post, and themeConfig.image
    // A Markdown twin of every page (<route>.md), build/llms.txt, build/llms-full.txt; the
    // landing page's twin shows the landing page's code sample.
    [markdownTwins, {landingSample: './src/pages/_home/sample.mdx'}],
    // --------------------------------------------------------------------------------------
    // Desktop layout from 996 px up (spec §9); Docusaurus has no option for it.
    desktopBreakpoint,
    // Prism loads with the pages that show code, not in every page's first JavaScript.
    codeHighlightOnDemand,
    // The Skip runtime's .wasm as a hashed asset for the live examples, loaded on Run only.
    liveExamples,
    ...apiReferencePlugins({watch: isDev && process.env.API_WATCH === 'true'}),
  ],
};

export default config;
