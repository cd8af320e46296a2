/**
 * The Content Security Policy's pure parts (src/plugins/content-security-policy): which
 * inline scripts get a hash, the hash itself, the policy text and where the meta tag goes;
 * and the headers files it writes, `serve.json` as serve-handler (the `serve` CLI) applies it.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import handler from 'serve-handler';
import {
  headersFile,
  IMMUTABLE,
  inlineScripts,
  REVALIDATE,
  serialize,
  serveJson,
  sha256Source,
  withPolicyMeta,
  type HeaderRule,
} from '../../src/plugins/content-security-policy';

test('only inline scripts a browser runs are hashed: not external ones, not data blocks', () => {
  const html = [
    '<script>run(1)</script>',
    '<script type="module">run(2)</script>',
    '<script type="text/javascript">run(3)</script>',
    '<script src="/assets/js/main.js"></script>',
    '<script type="application/ld+json">{"@type":"WebSite"}</script>',
    '<script type="application/json">{"a":1}</script>',
    '<SCRIPT TYPE=module>run(4)</SCRIPT >',
  ].join('\n');
  assert.deepEqual(inlineScripts(html), ['run(1)', 'run(2)', 'run(3)', 'run(4)']);
});

test('a script body is hashed as the browser hashes it: SHA-256 of its UTF-8 text, base64', () => {
  // `echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64`
  assert.equal(sha256Source('alert(1)'), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  assert.notEqual(sha256Source('alert(1) '), sha256Source('alert(1)'));
});

test('the policy is written as directives separated by semicolons', () => {
  assert.equal(
    serialize({'default-src': ["'self'"], 'img-src': ["'self'", 'data:']}),
    "default-src 'self'; img-src 'self' data:",
  );
});

test('the meta tag comes right after <meta charset>, before any script, with quotes escaped', () => {
  const page = '<html><head><meta charset="utf-8"><script>x()</script></head><body></body></html>';
  assert.equal(
    withPolicyMeta(page, `script-src 'self' "x"`),
    '<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src \'self\' &quot;x&quot;"><script>x()</script></head><body></body></html>',
  );
  assert.match(
    withPolicyMeta('<head><title>t</title></head>', 'a'),
    /^<head><meta http-equiv="Content-Security-Policy" content="a"><title>/,
  );
  assert.throws(() => withPolicyMeta('<p>no head</p>', 'a'), /without <head>/);
});

/** The build's rules in small: the site's policy, the hashed assets, the worker's policy. */
const RULES: HeaderRule[] = [
  {
    path: '/*',
    headers: {'Content-Security-Policy': 'site'},
    serveHeaders: {'Cache-Control': REVALIDATE},
  },
  {path: '/assets/*', headers: {'Cache-Control': IMMUTABLE}},
  {path: '/assets/js/live-service.0a1b.js', headers: {'Content-Security-Policy': 'worker'}},
];

test('_headers lists each rule under its path, and gives no Cache-Control to pages (hosts join repeated headers)', () => {
  assert.equal(
    headersFile(RULES),
    [
      '/*',
      '  Content-Security-Policy: site',
      '/assets/*',
      `  Cache-Control: ${IMMUTABLE}`,
      '/assets/js/live-service.0a1b.js',
      '  Content-Security-Policy: worker',
      '',
    ].join('\n'),
  );
});

test('served by serve with serve.json, a page revalidates while a hashed asset, the worker too, is kept a year', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-json-'));
  t.after(() => fs.rmSync(dir, {recursive: true, force: true}));
  fs.mkdirSync(path.join(dir, 'assets', 'js'), {recursive: true});
  for (const file of [
    'index.html',
    'llms.txt',
    'assets/js/main.0a1b.js',
    'assets/js/live-service.0a1b.js',
  ]) {
    fs.writeFileSync(path.join(dir, file), 'x');
  }
  const config = {...(JSON.parse(serveJson(RULES)) as object), public: dir};
  const server = http.createServer((req, res) => void handler(req, res, config));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = async (file: string) => {
    const response = await fetch(`${origin}/${file}`);
    await response.arrayBuffer();
    assert.equal(response.status, 200, file);
    return [response.headers.get('cache-control'), response.headers.get('content-security-policy')];
  };
  assert.deepEqual(await headers('index.html'), [REVALIDATE, 'site']);
  assert.deepEqual(await headers('llms.txt'), [REVALIDATE, 'site']);
  assert.deepEqual(await headers('assets/js/main.0a1b.js'), [IMMUTABLE, 'site']);
  assert.deepEqual(await headers('assets/js/live-service.0a1b.js'), [IMMUTABLE, 'worker']);
});
