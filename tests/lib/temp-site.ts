/**
 * Throw-away sites for tests that change sources and build:
 *
 *   const site = fixtureSite();                    // the fixture site (tests/fixtures/site)
 *   const site = copySite();                       // or the whole project, when the test needs it
 *   site.write('docs/intro.md', text);             // change what the test needs
 *   const {ok, output} = await site.build();       // `docusaurus build`, with a timeout
 *   site.read(`build/${routeFilePath('/docs/intro')}`);  // scripts/lib/route-file.cjs
 *   site.cleanup();                                // remove the folder
 *
 * A rule of the build (broken links, front matter, the API reference cache) is tested on the
 * fixture site: four pages built with the site's own rules and options, imported from
 * docusaurus.config.ts by ./fixture-config.ts, so a build takes seconds instead of a minute.
 * `copySite()` copies the project as scripts/lib/temp-copy.cjs says (npm run bench copies it the same
 * way).
 */
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../src/lib/root.cjs';
import {copyFolder, copyProject} from '../../scripts/lib/temp-copy.cjs';

export type CopyOptions = {
  /** Copy the generated API reference (docs/api/ and its stamp). Default true. */
  apiReference?: boolean;
  /** Part of the temporary folder's name, to tell copies apart. */
  label?: string;
};

export type FixtureOptions = {
  /**
   * Add the site's API reference plugins (api-sources/packages.ts, copied with api-sources/
   * and the project's docs/api/, stamped with the copy's inputs). The fixture's docs then include the Kafka
   * adapter's pages, the smallest package, to show that the reference reaches the build.
   */
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

/** The fixture site's sources. */
export const FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'site');

/** A copy of the whole project (see scripts/lib/temp-copy.cjs for what it leaves out). */
export function copySite(options: CopyOptions = {}): TempSite {
  return tempSite(copyProject(options));
}

/**
 * A copy of the fixture site, with a docusaurus.config.ts that builds it with the site's
 * pieces (./fixture-config.ts).
 */
export function fixtureSite({
  apiReference = false,
  label = 'fixture',
}: FixtureOptions = {}): TempSite {
  const dir = copyFolder(FIXTURE, {label});
  const lines = [
    `import {fixtureConfig} from ${JSON.stringify(path.join(ROOT, 'tests/lib/fixture-config'))};`,
  ];
  let options = '';
  if (apiReference) {
    // api-sources/ with what packages.ts loads from the site: the guides' order and the
    // modules of the "Used in" lists.
    for (const part of ['api-sources', 'guides.ts', 'src/lib', 'src/plugins/typed-samples']) {
      fs.cpSync(path.join(ROOT, part), path.join(dir, part), {recursive: true});
    }
    fs.cpSync(path.join(ROOT, 'docs', 'api'), path.join(dir, 'docs', 'api'), {recursive: true});
    // The pages are the project's; the stamp is the copy's inputs, whose guides and posts (what
    // the "Used in" lists are made from) are the fixture's: the copy's reference is current.
    const script =
      "const m = await import('./api-sources/packages.ts'); const p = m.apiInputsHash ? m : m.default; process.stdout.write(p.apiInputsHash());";
    const hash = execFileSync('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: dir,
      encoding: 'utf8',
    });
    fs.writeFileSync(path.join(dir, 'docs', 'api', '.inputs-hash'), hash);
    // packages.ts finds the site's folder from its own place, so it is the copy's.
    lines.push(`import {apiReferencePlugins} from './api-sources/packages';`);
    options = `, {plugins: apiReferencePlugins({watch: false}), docsInclude: ['*.md', 'api/adapters/kafka/**/*.md'], linksOutside: true}`;
  }
  lines.push('', `export default fixtureConfig(${JSON.stringify(dir)}${options});`, '');
  fs.writeFileSync(path.join(dir, 'docusaurus.config.ts'), lines.join('\n'));
  return tempSite(dir);
}

function tempSite(dir: string): TempSite {
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
