/**
 * The Content Security Policy's pure parts (src/plugins/content-security-policy): which
 * inline scripts get a hash, the hash itself, the policy text and where the meta tag goes.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  inlineScripts,
  serialize,
  sha256Source,
  withPolicyMeta,
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
