/**
 * The Docusaurus config of the fixture site (tests/fixtures/site, copied and built by
 * `fixtureSite()` in ./temp-site.ts): a few pages built with the site's own pieces, imported
 * from docusaurus.config.ts, never restated. What a build-rule test checks is then the rule
 * the site is built with: the broken-link and broken-anchor levels, the Markdown options
 * (hooks, format, the front matter check of ../../front-matter.ts bound to the fixture's
 * folder), the `future` flags (Docusaurus Faster) and the docs and blog plugins' options.
 *
 * Left out, because a fixture of four pages has no use for them: the site's own plugins, the
 * theme configuration, the feeds (their stylesheet lives in src/), the
 * custom CSS, the sidebar file (the fixture's sidebar is generated), the last-updated
 * dates (the copy is outside any git worktree) and the typed samples' remark step (it compiles
 * every sample of the site, not the fixture's, on the first page: seconds of CPU in each fixture
 * build for nothing; the typed samples are tested on the site's build).
 */
import type {Config, PluginConfig} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import site from '../../docusaurus.config';
import {checkedFrontMatter} from '../../front-matter';

/** The classic preset's options, as the site passes them. */
function classicOptions(): Preset.Options {
  const [preset] = site.presets ?? [];
  if (!Array.isArray(preset) || preset[0] !== 'classic') {
    throw new Error('docusaurus.config.ts: the first preset is no longer ["classic", options]');
  }
  return preset[1] as Preset.Options;
}

export type FixtureOptions = {
  /** Plugins added after the preset, e.g. the API reference's (api-sources/packages.ts). */
  plugins?: PluginConfig[];
  /** The docs plugin's `include` globs, when the fixture's docs hold more than its guides. */
  docsInclude?: string[];
  /**
   * The fixture holds pages that link to guides it does not have (the API pages' notes link to
   * the site's guides): broken links then only warn. The site's own build checks those links.
   */
  linksOutside?: boolean;
};

export function fixtureConfig(
  siteDir: string,
  {plugins = [], docsInclude, linksOutside = false}: FixtureOptions = {},
): Config {
  const {docs, blog, pages} = classicOptions();
  if (!docs || !blog || !pages || !site.markdown) {
    throw new Error('docusaurus.config.ts: docs, blog or markdown options are missing');
  }
  return {
    title: 'Fixture',
    url: site.url,
    baseUrl: site.baseUrl,
    trailingSlash: site.trailingSlash,
    // The rules under test, as the site sets them.
    onBrokenLinks: linksOutside ? 'warn' : site.onBrokenLinks,
    onBrokenAnchors: site.onBrokenAnchors,
    onDuplicateRoutes: site.onDuplicateRoutes,
    markdown: {...site.markdown, parseFrontMatter: checkedFrontMatter(siteDir)},
    future: site.future,
    presets: [
      [
        'classic',
        {
          docs: {
            ...docs,
            beforeDefaultRemarkPlugins: [],
            sidebarPath: undefined,
            showLastUpdateTime: false,
            ...(docsInclude && {include: docsInclude}),
          },
          blog: {...blog, beforeDefaultRemarkPlugins: [], feedOptions: {type: null}},
          pages: {...pages, beforeDefaultRemarkPlugins: []},
          theme: {},
        } satisfies Preset.Options,
      ],
    ],
    plugins,
  };
}
