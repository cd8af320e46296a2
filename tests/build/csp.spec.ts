/**
 * The Content Security Policy as the build ships it: the meta tag of every page, and the
 * headers files for static hosts. The browser side is tests/site/csp.spec.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {builtPages, parse, readBuilt, BUILD} from '../lib/build-output';
import {IMMUTABLE, REVALIDATE} from '../../src/plugins/content-security-policy';

type ServeJson = {headers: {source: string; headers: {key: string; value: string}[]}[]};

/** Directives of a serialized policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function metaPolicies(html: string): string[] {
  const $ = parse(html);
  return $('meta[http-equiv="Content-Security-Policy"]')
    .toArray()
    .map((el) => $(el).attr('content') ?? '');
}

/** The one policy every page carries. */
function sitePolicy(): string {
  const policies = new Set(builtPages().flatMap((p) => metaPolicies(p.html)));
  expect(policies.size, 'one policy for the whole site').toBe(1);
  return [...policies][0]!;
}

test('every page carries one CSP meta tag, in <head> before any script', () => {
  const wrong: string[] = [];
  for (const page of builtPages()) {
    const $ = parse(page.html);
    const tags = $('meta[http-equiv="Content-Security-Policy"]');
    if (tags.length !== 1) {
      wrong.push(`${page.file}: ${tags.length} tags`);
      continue;
    }
    if (!tags.parent().is('head')) wrong.push(`${page.file}: not in <head>`);
    const tag = tags.get(0)!;
    const first = $('script').get(0);
    if (first) {
      const elements = $('*').toArray();
      if (elements.indexOf(first) < elements.indexOf(tag)) wrong.push(`${page.file}: a script comes first`);
    }
    // The charset declaration must stay within the first 1024 bytes.
    if (!/<meta charset/i.test(page.html.slice(0, 1024))) wrong.push(`${page.file}: charset pushed back`);
  }
  expect(wrong).toEqual([]);
});

test('the policy is strict: self, hashes for inline scripts, no eval, no plugins, no framing base', () => {
  const policy = directives(sitePolicy());
  expect(policy.get('default-src')).toEqual(["'self'"]);
  const scriptSrc = policy.get('script-src') ?? [];
  expect(scriptSrc[0]).toBe("'self'");
  expect(scriptSrc.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  // A meta tag cannot carry frame-ancestors (browsers ignore it and complain).
  expect(policy.has('frame-ancestors')).toBe(false);
});

test('the policy allows every inline script of the build by its hash, and no other', () => {
  const executable = (type: string | undefined) => !type || /^(module|(text|application)\/javascript)$/i.test(type);
  const hashes = new Set<string>();
  const withoutScripts: string[] = [];
  for (const page of builtPages()) {
    const $ = parse(page.html);
    const bodies = $('script:not([src])')
      .toArray()
      .filter((el) => executable($(el).attr('type')))
      .map((el) => $(el).text());
    // Every page carries at least the SSR template's loader (src/ssr-template.ts).
    if (bodies.length === 0) withoutScripts.push(page.file);
    for (const body of bodies) hashes.add(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  expect(withoutScripts, 'pages where the scan found no inline script').toEqual([]);
  const allowed = (directives(sitePolicy()).get('script-src') ?? []).slice(1);
  expect(allowed.sort()).toEqual([...hashes].sort());
});

test('_headers and serve.json carry the same policy plus frame-ancestors', () => {
  const meta = sitePolicy();
  const headers = readBuilt('_headers');
  const rule = /^\/\*\n {2}Content-Security-Policy: (.+)$/m.exec(headers);
  expect(rule, '_headers has a /* rule with the policy').not.toBeNull();
  const headerPolicy = rule![1]!;
  expect(headerPolicy).toBe(`${meta}; frame-ancestors 'none'`);

  const serve = JSON.parse(readBuilt('serve.json')) as ServeJson;
  expect(serve.headers[0]).toEqual({
    source: '**',
    headers: [
      {key: 'Content-Security-Policy', value: headerPolicy},
      {key: 'Cache-Control', value: REVALIDATE},
    ],
  });
});

test("the live examples' worker script, and only it, gets the worker policy in both headers files", () => {
  const workers = fs.readdirSync(path.join(BUILD, 'assets', 'js')).filter((f) => /^live-service\.[0-9a-f]+\.js$/.test(f));
  expect(workers.length, 'the worker script is in the build').toBe(1);
  const source = `/assets/js/${workers[0]}`;
  const policy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'; frame-ancestors 'none'";
  const serve = JSON.parse(readBuilt('serve.json')) as ServeJson;
  // After the site-wide rule, which `serve` applies first and this one overrides.
  expect(serve.headers.filter((rule) => rule.headers.some((h) => h.key === 'Content-Security-Policy')).slice(1)).toEqual([
    {source, headers: [{key: 'Content-Security-Policy', value: policy}]},
  ]);
  expect(readBuilt('_headers')).toContain(`\n${source}\n  Content-Security-Policy: ${policy}\n`);
  // The pages' policy allows the worker and evaluates nothing.
  expect(directives(sitePolicy()).get('worker-src')).toEqual(["'self'"]);
  expect(sitePolicy()).not.toContain('unsafe-eval');
});

test('hashed assets are kept a year (immutable) by both headers files; pages and unhashed files revalidate', () => {
  // The rule is safe only because every file under assets/ has its content's hash in its name.
  const assets = fs.readdirSync(path.join(BUILD, 'assets'), {recursive: true, withFileTypes: true}).filter((e) => e.isFile());
  expect(assets.length).toBeGreaterThan(50);
  const unhashed = assets.map((e) => e.name).filter((name) => !/[.-][0-9a-f]{8,}\.[a-z0-9]+$/.test(name));
  expect(unhashed, 'files under assets/ without a content hash in their name').toEqual([]);
  // Nothing hashed lives outside assets/, where it would miss the long lifetime.
  const outside = fs
    .readdirSync(BUILD, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && !path.relative(BUILD, e.parentPath).startsWith('assets'))
    .map((e) => e.name)
    .filter((name) => /\.[0-9a-f]{8}\.(js|css|wasm)$/.test(name));
  expect(outside).toEqual([]);

  // _headers: one Cache-Control, on /assets/*; pages keep the host's default (revalidate),
  // since Netlify and Cloudflare Pages join the values of a header two matching rules set.
  const headers = readBuilt('_headers');
  expect(headers).toContain(`\n/assets/*\n  Cache-Control: ${IMMUTABLE}\n`);
  expect(headers.match(/Cache-Control/g)).toHaveLength(1);

  // serve.json: everything revalidates, then assets/** (a later rule wins) is kept a year.
  const serve = JSON.parse(readBuilt('serve.json')) as ServeJson;
  const cache = serve.headers.flatMap(({source, headers}) => headers.filter((h) => h.key === 'Cache-Control').map((h) => [source, h.value]));
  expect(cache).toEqual([
    ['**', REVALIDATE],
    ['assets/**', IMMUTABLE],
  ]);
});
