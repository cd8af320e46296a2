/**
 * Spec §2: a path ending in `.html` or `/index.html` is the page without it. The first script
 * of every page's `<head>` (src/ssr-template.ts, `HTML_SUFFIX`) sends the browser there; here
 * it runs against a stand-in `location` for every shape of path the site has, which the
 * browser test (tests/site/html-suffix.spec.ts) then needs to show for only one route of each
 * shape: that the script runs first on a plain host and the page shows once.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import vm from 'node:vm';

import {HTML_SUFFIX} from '../../src/ssr-template';

/** Where the script sends a browser at `pathname` with `search` and `hash`, or null if it stays. */
function sentTo(pathname: string, search = '', hash = ''): string | null {
  let target: string | null = null;
  const location = {pathname, search, hash, replace: (url: string) => (target = url)};
  vm.runInNewContext(HTML_SUFFIX, {location});
  return target;
}

/** One route of each shape: the root, one segment, two, a number, a deep API path with capitals. */
const ROUTES = [
  '/',
  '/blog',
  '/blog/why-skip',
  '/blog/page/2',
  '/docs/api/core/interfaces/Resource',
  '/docs/getting_started',
];

test('a suffixed path is sent to its route, query and fragment kept', () => {
  for (const route of ROUTES) {
    const suffixed = route === '/' ? ['/index.html'] : [`${route}.html`, `${route}/index.html`];
    for (const path of suffixed) {
      assert.equal(sentTo(path), route, path);
      assert.equal(sentTo(path, '?from=test', '#part'), `${route}?from=test#part`, path);
    }
  }
});

test('a clean path, or one with .html elsewhere than at its end, stays', () => {
  for (const route of [...ROUTES, '/docs/a.html/b', '/blog/why-skip.htm', '/docs/html']) {
    assert.equal(sentTo(route, '?q=1', '#h'), null, route);
  }
});
