/**
 * Constants of spec §9 that are settings, not behaviour a browser must show: read where they are
 * set, without a build. The behaviour they drive (the progress bar's 200 ms delay, the 996 px
 * breakpoint) is tested in the browser: tests/site/foundation.spec.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import site from '../../docusaurus.config';

const ROOT = path.resolve(__dirname, '../..');

test('the progress bar starts at 0.08, moves in 200 ms steps and trickles every 800 ms', () => {
  // The classic theme's client module drives the bar: it starts it 200 ms after a navigation
  // begins and changes no setting but the spinner, so the bar keeps nprogress's own settings.
  const fromTheme = createRequire(
    require.resolve('@docusaurus/theme-classic/package.json', {paths: [ROOT]}),
  );
  const client = fs.readFileSync(
    fromTheme.resolve('@docusaurus/theme-classic/lib/nprogress.js'),
    'utf8',
  );
  assert.match(client, /\bconst delay = 200;/);
  assert.deepEqual(
    [...client.matchAll(/nprogress\.configure\(([^)]*)\)/g)].map((m) => m[1]!.replace(/\s/g, '')),
    ['{showSpinner:false}'],
  );
  const {settings} = fromTheme('nprogress') as {settings: Record<string, unknown>};
  assert.equal(settings.minimum, 0.08);
  assert.equal(settings.speed, 200);
  assert.equal(settings.trickleSpeed, 800);
});

test('the table of contents shows heading levels 2 to 3', () => {
  const {tableOfContents} = site.themeConfig as {tableOfContents?: Record<string, number>};
  assert.deepEqual(tableOfContents, {minHeadingLevel: 2, maxHeadingLevel: 3});
  // No page sets levels of its own.
  const pages = ['docs', 'blog', 'src/pages'].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.mdx?$/.test(file) && !file.startsWith('api'))
      .map((file) => path.join(dir, file)),
  );
  assert.ok(pages.length > 20, `${pages.length} pages`);
  const own = pages.filter((file) =>
    /^toc_(min|max)_heading_level:/m.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
  );
  assert.deepEqual(own, []);
});
