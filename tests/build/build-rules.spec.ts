/**
 * Build-time rules of spec §5: broken links fail the build; broken Markdown links and anchors
 * only warn; duplicate routes warn. Checked on the fixture site (tests/fixtures/site), which
 * is built with the levels docusaurus.config.ts sets (tests/lib/fixture-config.ts imports
 * them): changing a level in the site's config changes what these builds do.
 *
 * A Markdown link to a missing file is only warned about as a Markdown link
 * (`markdown.hooks.onBrokenMarkdownLinks`), but Docusaurus leaves it in the page as written,
 * where it is a broken link like any other: the build fails on it.
 */
import fs from 'node:fs';
import {test, expect} from '@playwright/test';
import {routeFilePath} from '../../scripts/lib/route-file.cjs';
import {fixtureSite} from '../lib/temp-site';

// A fixture build takes seconds; the margin is for a loaded machine.
test.describe.configure({timeout: 3 * 60_000});

test('a broken internal link, in a guide or in a post, fails the build naming each page and link', async () => {
  const site = fixtureSite({label: 'broken-link'});
  try {
    const append = (file: string, text: string) => site.write(file, `${site.read(file)}\n${text}\n`);
    append('docs/second.md', 'See [the missing page](/docs/no-such-page).');
    append('blog/2025-01-15-fixture-post.md', 'And [a missing post](/blog/no-such-post).');
    append('docs/intro.md', 'And [a missing guide](./no-such-guide.md).');
    const result = await site.build({env: {FORCE_COLOR: '0'}});
    expect(result.ok, 'build succeeded').toBe(false);
    expect(result.timedOut).toBe(false);
    const {output} = result;
    expect(output).toContain('Docusaurus found broken links');
    expect(output).toMatch(/source page path = \/docs\/second:\s*-> linking to \/docs\/no-such-page\n/);
    expect(output).toMatch(/source page path = \/blog\/fixture-post:\s*-> linking to \/blog\/no-such-post\n/);
    // The Markdown link: a warning naming the file and line, then a broken link.
    expect(output).toMatch(/\[WARNING\] Markdown link with URL `\.\/no-such-guide\.md` in source file "docs\/intro\.md" \(\d+:\d+\)/);
    expect(output).toMatch(/source page path = \/docs\/intro:\s*-> linking to \.\/no-such-guide\.md \(resolved as: \/docs\/no-such-guide\.md\)/);
  } finally {
    site.cleanup();
  }
});

test('a broken anchor and a duplicate route only warn, and the build succeeds', async () => {
  const site = fixtureSite({label: 'warnings'});
  try {
    site.write('docs/intro.md', `${site.read('docs/intro.md')}\nSee [a missing heading](./second.md#no-such-section).\n`);
    // A page at the route of the post.
    fs.mkdirSync(site.path('src/pages/blog'), {recursive: true});
    site.write('src/pages/blog/fixture-post.md', '# A page at the route of a post\n');
    const result = await site.build({env: {FORCE_COLOR: '0'}});
    expect(result.ok, result.output).toBe(true);
    expect(result.output).toMatch(/\[WARNING\] Docusaurus found broken anchors/);
    expect(result.output).toMatch(/source page path = \/docs\/intro:\s*-> linking to \/docs\/second#no-such-section\n/);
    // The anchor that exists is not reported.
    expect(result.output).not.toContain('#a-section');
    expect(result.output).toMatch(/\[WARNING\] Duplicate routes found!\s*- Attempting to create page at \/blog\/fixture-post,/);
    expect(fs.existsSync(site.path(`build/${routeFilePath('/docs/intro')}`))).toBe(true);
  } finally {
    site.cleanup();
  }
});
