/**
 * Build-time rules of spec §5: broken links fail the build; broken Markdown links only warn
 * (broken anchors and duplicate routes, which only warn too: ./api-cache.spec.ts, whose fixture
 * build succeeds as that test needs). Checked on the fixture site (tests/fixtures/site), which
 * is built with the levels docusaurus.config.ts sets (tests/lib/fixture-config.ts imports
 * them): changing a level in the site's config changes what these builds do.
 *
 * A Markdown link to a missing file is only warned about as a Markdown link
 * (`markdown.hooks.onBrokenMarkdownLinks`), but Docusaurus leaves it in the page as written,
 * where it is a broken link like any other: the build fails on it.
 */
import {test, expect} from '@playwright/test';
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

// A broken anchor and a duplicate route only warn: ./api-cache.spec.ts, on the fixture build
// with the API reference, which succeeds as their test needs.
