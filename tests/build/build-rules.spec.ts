/**
 * Build-time rules of spec §5, checked by building a temporary copy of the site:
 * a broken internal link fails the build; a broken markdown anchor only warns.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {routeFilePath} from '../lib/route-file.cjs';
import {copySite} from '../lib/temp-site';

test.describe.configure({mode: 'serial', timeout: 6 * 60_000});

test('a broken internal link makes the build fail, naming the page and the link', async () => {
  const site = copySite({label: 'broken-link'});
  try {
    site.write('docs/community.md', `${site.read('docs/community.md')}\n\nSee [the missing page](/docs/no-such-page).\n`);
    const result = await site.build();
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('Docusaurus found broken links');
    expect(result.output).toContain('/docs/no-such-page');
  } finally {
    site.cleanup();
  }
});

test('a broken markdown anchor only warns, and the build succeeds', async () => {
  const site = copySite({label: 'broken-anchor'});
  try {
    site.write('docs/community.md', `${site.read('docs/community.md')}\n\nSee [a missing heading](./glossary.md#no-such-term).\n`);
    const result = await site.build();
    expect(result.output).toMatch(/broken anchor/i);
    expect(result.output).toContain('#no-such-term');
    expect(result.code).toBe(0);
    expect(fs.existsSync(path.join(site.dir, 'build', routeFilePath('/docs/community')))).toBe(true);
  } finally {
    site.cleanup();
  }
});
