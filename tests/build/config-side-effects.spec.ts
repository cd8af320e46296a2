/**
 * Loading docusaurus.config.ts has no side effects (issue 13, upgrade item 5): `serve`,
 * `clear` and any tool that only reads the config hash nothing in node_modules and delete
 * nothing; the API reference's input hash and stamp are handled when the plugins are
 * initialised for a build or `start` (api-sources/packages.ts). The cache itself is
 * tests/build/api-cache.spec.ts.
 */
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {ROOT} from '../lib/build-output';
import {freePort} from '../lib/ports';
import {copySite} from '../lib/temp-site';

type Probe = {plugins: number; configLoad: string[]; control: string[]};

test('loading the config makes no file-system or hashing call from the site\'s modules', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/lib/config-load-probe.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const probe = JSON.parse(out.trim().split('\n').pop()!) as Probe;
  expect(probe.plugins, 'the config loaded').toBeGreaterThan(0);
  expect(probe.configLoad).toEqual([]);
  // The spies do see that work when it happens: the input hash reads the packages' versions.
  expect(probe.control).toEqual(
    expect.arrayContaining(['crypto.createHash(sha256)', 'fs.readFileSync(node_modules/typedoc/package.json)']),
  );
});

test('docusaurus serve with stale API inputs leaves the stamp and docs/api/ in place', async () => {
  // A copy of the site, then a server that loads the config on a busy machine.
  test.setTimeout(180_000);
  const site = copySite({label: 'config-load'});
  try {
    const stamp = site.read('docs/api/.inputs-hash');
    site.write('api-sources/kafka.md', `${site.read('api-sources/kafka.md').trimEnd()}\n\nA stale input.\n`);
    // An empty build/ is enough to serve; the command loads the config first.
    fs.mkdirSync(site.path('build'));
    fs.writeFileSync(site.path('build/index.html'), '<!doctype html><title>probe | Skip</title>');
    const port = await freePort();
    const args = ['serve', '--no-open', '--host', '127.0.0.1', '--port', String(port)];
    const server = spawn(site.path('node_modules/.bin/docusaurus'), args, {
      cwd: site.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const status = async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined))?.status;
      await expect
        .poll(status, {timeout: 90_000})
        .toBe(200)
        .catch((error: Error) => {
          throw new Error(`${error.message}\ndocusaurus serve said: ${output}`);
        });
    } finally {
      server.kill();
    }
    expect(site.read('docs/api/.inputs-hash')).toBe(stamp);
    expect(site.read('docs/api/core/index.md')).toContain('# @skipruntime/core');
  } finally {
    site.cleanup();
  }
});
