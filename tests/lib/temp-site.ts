/**
 * A throw-away copy of the site, for tests that change sources and build:
 *
 *   const site = copySite();                      // copy the working tree to a temp folder
 *   site.write('api-sources/kafka.md', text);      // change what the test needs
 *   const {ok, output} = await site.build();       // `docusaurus build`, with a timeout
 *   site.read(`build/${routeFilePath('/docs/api/adapters/kafka')}`);  // ./route-file.cjs
 *   site.cleanup();                                // remove the folder
 *
 * The copy holds the project's files (uncommitted changes included) except node_modules,
 * build/, .docusaurus/ and test or benchmark output. docs/api/ (with its stamp
 * docs/api/.inputs-hash) is copied too unless `apiReference: false`. node_modules is a
 * real folder whose entries link to the project's, so the bundler's cache
 * (node_modules/.cache) belongs to the copy and goes away with it.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {NOT_COPIED} from './not-copied.cjs';

/** The project's root folder. */
export const SITE_ROOT = path.resolve(__dirname, '..', '..');

export type CopyOptions = {
  /** Copy the generated API reference (docs/api/ and its stamp). Default true. */
  apiReference?: boolean;
  /** Part of the temporary folder's name, to tell copies apart. */
  label?: string;
};

export type BuildOptions = {
  /** The build is killed after this long; default 5 minutes. */
  timeoutMs?: number;
  /** Extra environment variables for the build. */
  env?: Record<string, string>;
};

export type BuildResult = {
  /** True when the build exited with status 0 (and was not killed). */
  ok: boolean;
  /** Exit status, or null when killed. */
  code: number | null;
  /** True when the timeout killed it. */
  timedOut: boolean;
  /** stdout and stderr, interleaved. */
  output: string;
};

export type TempSite = {
  /** Absolute path of the copy. */
  dir: string;
  /** Absolute path of a file of the copy. */
  path(relative: string): string;
  read(relative: string): string;
  write(relative: string, content: string): void;
  /** Runs `docusaurus build` in the copy. */
  build(options?: BuildOptions): Promise<BuildResult>;
  /** Removes the copy. Safe to call twice. */
  cleanup(): void;
};

export function copySite({apiReference = true, label = 'site'}: CopyOptions = {}): TempSite {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `skip-${label}-`));
  const apiDir = path.join(SITE_ROOT, 'docs', 'api');
  fs.cpSync(SITE_ROOT, dir, {
    recursive: true,
    filter: (src) => {
      if (!apiReference && (src === apiDir || src.startsWith(apiDir + path.sep))) return false;
      return !NOT_COPIED.has(path.relative(SITE_ROOT, src).split(path.sep)[0]);
    },
  });
  const modules = fs.realpathSync(path.join(SITE_ROOT, 'node_modules'));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of fs.readdirSync(modules)) {
    if (entry !== '.cache')
      fs.symlinkSync(path.join(modules, entry), path.join(dir, 'node_modules', entry));
  }

  const resolve = (relative: string) => path.join(dir, relative);
  return {
    dir,
    path: resolve,
    read: (relative) => fs.readFileSync(resolve(relative), 'utf8'),
    write: (relative, content) => fs.writeFileSync(resolve(relative), content),
    build: ({timeoutMs = 5 * 60_000, env = {}} = {}) =>
      new Promise<BuildResult>((done) => {
        const child = spawn(resolve('node_modules/.bin/docusaurus'), ['build'], {
          cwd: dir,
          env: {...process.env, ...env},
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, timeoutMs);
        child.on('close', (code) => {
          clearTimeout(timer);
          done({ok: code === 0 && !timedOut, code, timedOut, output});
        });
      }),
    cleanup: () => fs.rmSync(dir, {recursive: true, force: true}),
  };
}
