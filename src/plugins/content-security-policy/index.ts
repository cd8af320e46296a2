/**
 * A strict Content Security Policy for the production build, computed after it is written.
 *
 * `postBuild` reads every page of the build, hashes the body of each inline script the
 * browser would run (JSON-LD and other data blocks are never run, so they need no hash),
 * and ships one policy, the same on every page, with the union of those hashes:
 *   - as `<meta http-equiv="Content-Security-Policy">` in every page, before any script;
 *   - as `_headers` (Netlify, Cloudflare Pages) and `serve.json` (the `serve` CLI), which
 *     also carry `frame-ancestors`, a directive browsers ignore in a meta tag.
 * The headers files also say how long a browser may keep a file: a year for the hashed
 * assets, a fresh check for pages and every other file (IMMUTABLE and REVALIDATE below).
 *
 * Every page is written by the time any `postBuild` runs (the server-side generation comes
 * first), and no plugin of the site writes HTML in its own `postBuild`: `/docs`, which only
 * sends the reader on, is an ordinary page (src/pages/docs.tsx). So this hook needs no
 * ordering among plugins; a plugin that did write a page later would leave it without the
 * meta tag, which tests/build/csp.spec.ts reports for every HTML file of build/. No other
 * plugin reads the built pages either (the Markdown twins work from the sources, the loaded
 * content and the config), so each page is rewritten in place.
 *
 * Live examples (src/plugins/live-examples/LiveService) run the Skip runtime in a Web Worker, whose
 * policy is the one its script is served with, not the page's:
 *   - pages gain `worker-src 'self'` only: a same-origin worker, nothing else (no
 *     'wasm-unsafe-eval', since no page compiles WebAssembly itself). Every page carries
 *     it, not only those with an example: a page keeps the policy it was first loaded with
 *     while the reader navigates within the site, so a per-page policy would block the
 *     example of a page reached by a link;
 *   - the worker's script (`assets/js/live-service.<hash>.js`) gets its own policy in the
 *     headers files: `'wasm-unsafe-eval'` to compile the runtime, and `'unsafe-eval'`,
 *     because running the code the reader edits is evaluating a string (`AsyncFunction`);
 *     no DOM, no other origin (`default-src 'none'`, `connect-src 'self'` for the .wasm).
 *     The meta tag cannot reach a worker, so a host without headers gives it no policy.
 *     `serve` applies the later rule; a host that merges the two rules (both policies then
 *     apply) must detach the site's on that path (Cloudflare Pages: `! Content-Security-Policy`),
 *     or the examples report the blocked evaluation instead of running.
 *
 * Dev mode has no policy: `postBuild` runs only for `docusaurus build`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const NAME = 'content-security-policy';

/** The policy without its script hashes. */
const BASE_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // 'unsafe-inline' for styles only: React writes `style` attributes (code blocks' Prism
  // colours, the sidebar's and the TOC's collapse heights, Docusaurus's SVG sprite and
  // base-URL banner), and the theme sets some at runtime. Hashes cannot allow attributes
  // ('unsafe-hashes' would need one per value), and CSS cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Infima draws its icons (menu carets, external-link arrows) as data: SVG in CSS.
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // The live examples' worker, a script of this origin (see the header).
  'worker-src': ["'self'"],
};

/** The live examples' worker: the runtime's WebAssembly and the reader's code; nothing else. */
const WORKER_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"],
  'connect-src': ["'self'"],
};

/** The worker's script, named by its chunk name (src/plugins/live-examples/LiveService/Live/useLiveWorker.ts). */
const WORKER_SCRIPT = /^live-service\.[0-9a-f]+\.js$/;

/** URL paths of the live examples' worker scripts in the build (none when no page has one). */
export async function workerScripts(outDir: string): Promise<string[]> {
  const dir = path.join(outDir, 'assets', 'js');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => WORKER_SCRIPT.test(name)).map((name) => `/assets/js/${name}`);
}

/** Directives a meta tag cannot carry: in the headers files only. No page may frame the site. */
const HEADER_ONLY_DIRECTIVES: Record<string, string[]> = {
  'frame-ancestors': ["'none'"],
};

/**
 * Every file under `assets/` has its content's hash in its name (the build test checks it), so
 * a browser may keep it a year without asking again; a new build gives changed files new names.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Pages and unhashed files (`/img`, `llms.txt`, the feeds) keep their names across builds, so
 * the browser asks the host each time (a 304 when unchanged). Netlify and Cloudflare Pages send
 * this by default, and both join the values of a header set by two matching rules, so `_headers`
 * leaves it out; `serve` sends no `Cache-Control` of its own (browsers would then guess a
 * lifetime) and lets a later rule replace an earlier one, so `serve.json` states it.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * A rule of the headers files: a URL path (`/*`, `/assets/*` or one file) and its headers;
 * `serveHeaders` go to `serve.json` only.
 */
export type HeaderRule = {
  path: string;
  headers: Record<string, string>;
  serveHeaders?: Record<string, string>;
};

/** `_headers` (Netlify, Cloudflare Pages): every matching rule applies. */
export function headersFile(rules: HeaderRule[]): string {
  return rules
    .map(
      ({path: source, headers}) =>
        `${source}\n${Object.entries(headers)
          .map(([key, value]) => `  ${key}: ${value}\n`)
          .join('')}`,
    )
    .join('');
}

/**
 * `serve.json` (the `serve` CLI, through serve-handler): its patterns are globs relative to the
 * folder (`**`, `assets/**`), and a later rule's header replaces an earlier one's.
 */
export function serveJson(rules: HeaderRule[]): string {
  const glob = (source: string) => (source.endsWith('/*') ? `${source.slice(1, -1)}**` : source);
  const headers = rules.map(({path: source, headers, serveHeaders}) => ({
    source: glob(source),
    headers: Object.entries({...headers, ...serveHeaders}).map(([key, value]) => ({key, value})),
  }));
  return `${JSON.stringify({headers}, null, 2)}\n`;
}

/** `type` values of a script element the browser executes (HTML spec, "prepare the script"). */
const JS_TYPE =
  /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript))$/i;

/** The bodies of the inline scripts of `html` that a browser would run. */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  // A script element's text is raw: it ends at the first `</script`, entities are not decoded.
  for (const [, attrs = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/(^|\s)src\s*=/i.test(attrs)) continue;
    const type = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim();
    if (JS_TYPE.test(value)) bodies.push(body);
  }
  return bodies;
}

export function sha256Source(body: string): string {
  return `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

export function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Inserts the meta tag right after `<meta charset>` (kept first) or else first in `<head>`. */
export function withPolicyMeta(html: string, policy: string): string {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`;
  const charset = /<head\b[^>]*>\s*<meta\s+charset\s*=[^>]*>/i.exec(html);
  if (charset) return html.replace(charset[0], () => `${charset[0]}${tag}`);
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) throw new Error(`${NAME}: a page without <head>`);
  return html.replace(head[0], () => `${head[0]}${tag}`);
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

export default function contentSecurityPolicyPlugin(): Plugin {
  return {
    name: NAME,
    async postBuild({outDir}) {
      const files = await htmlFiles(outDir);
      const pages = await Promise.all(
        files.map(async (file) => ({file, html: await fs.readFile(file, 'utf8')})),
      );
      const hashes = [
        ...new Set(pages.flatMap(({html}) => inlineScripts(html).map(sha256Source))),
      ].sort();
      const directives = {
        ...BASE_DIRECTIVES,
        'script-src': [...BASE_DIRECTIVES['script-src']!, ...hashes],
      };
      const policy = serialize(directives);
      await Promise.all(
        pages.map(({file, html}) => fs.writeFile(file, withPolicyMeta(html, policy))),
      );

      const headerPolicy = serialize({...directives, ...HEADER_ONLY_DIRECTIVES});
      const workerPolicy = serialize({...WORKER_DIRECTIVES, ...HEADER_ONLY_DIRECTIVES});
      const workers = await workerScripts(outDir);
      const rules: HeaderRule[] = [
        {
          path: '/*',
          headers: {'Content-Security-Policy': headerPolicy},
          serveHeaders: {'Cache-Control': REVALIDATE},
        },
        {path: '/assets/*', headers: {'Cache-Control': IMMUTABLE}},
        ...workers.map((path) => ({path, headers: {'Content-Security-Policy': workerPolicy}})),
      ];
      await fs.writeFile(path.join(outDir, '_headers'), headersFile(rules));
      await fs.writeFile(path.join(outDir, 'serve.json'), serveJson(rules));
    },
  };
}
