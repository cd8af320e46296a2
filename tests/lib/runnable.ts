/**
 * Runnable samples: the guides and posts that show a Skip service at work are executed
 * against the real runtime, and what the page prints is what the test expects. A scenario
 * starts in an empty folder and does only what the page shows: no package.json, tsconfig.json
 * or compiled file of the runner's own; `npm install` links the site's pinned packages
 * (runnable-npm.mjs). Blocks are read with the sample checker's parser (fences.cjs).
 *
 * Markup (fence meta, see CONTRIBUTING.md, "Runnable samples"):
 *   run="<scenario>/<block>"   the block takes part in that scenario of its page (several
 *                              ids, space-separated, put one block into several scenarios)
 *   output="<scenario>/<block>" the block is what that step prints
 *   background                 flag: a step that keeps running (a service, a stream)
 *   needs="postgresql"         the scenario needs a PostgreSQL server
 *
 * The API pages' examples (api-sources/examples/) run as one scenario, `api`, in one project
 * (`examplesScenario`).
 *
 * As a command, `npx tsx tests/lib/runnable.ts [page-substring] [scenario]` runs the
 * scenarios (all by default; `api-sources/examples` for the API examples) and prints one line
 * per scenario.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

import {ROOT} from '../../src/lib/root.cjs';

export {ROOT};
const LOOPBACK_PRELOAD = path.join(__dirname, 'runnable-loopback.mjs');

/** Where the pages live, relative to the project. */
const CONTENT_DIRS = ['docs', 'blog', 'src/pages/_home'];

// ---------------------------------------------------------------------------------------
// Markup

// The sample checker's parser (src/lib/fences.cjs), so that both read the same blocks.
export type Block = {lang: string; meta: string; line: number; code: string};
export type Meta = {attrs: Record<string, string>; flags: Set<string>};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fences = require('../../src/lib/fences.cjs') as {
  extractBlocks: (text: string) => Block[];
  parseMeta: (meta: string) => Meta;
  isFragment: (block: {meta: string}) => boolean;
};
export const {extractBlocks, parseMeta, isFragment} = fences;

const TS_LANGS = new Set(['ts', 'tsx', 'typescript']);
const SHELL_LANGS = new Set(['bash', 'sh', 'shell']);
const NEEDS = new Set(['postgresql']);
const REF = /^([a-z0-9][a-z0-9-]*)\/([\w.-]+)$/;

/** A file the reader saves (ts, json, sql...), as the page names it. */
export type FileItem = {
  kind: 'file';
  id: string;
  line: number;
  lang: string;
  name: string;
  code: string;
};
/** Terminal commands, run with bash in the scenario's folder. */
export type ShellItem = {
  kind: 'shell';
  id: string;
  line: number;
  code: string;
  background: boolean;
};
/** What a step prints, as the page shows it. */
export type OutputItem = {kind: 'output'; step: string; line: number; lang: string; code: string};
/** `file`: the file a block comes from, when its scenario gathers several (the API examples). */
export type Item = (FileItem | ShellItem | OutputItem) & {file?: string};

export type Scenario = {file: string; id: string; needs: string[]; items: Item[]};

export class MarkupError extends Error {}

/** Page files that may hold runnable blocks, relative to `root`. */
export function pageFiles(root = ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(root, 'docs', 'api')) walk(full);
      } else if (/\.mdx?$/.test(entry.name)) out.push(path.relative(root, full));
    }
  };
  for (const dir of CONTENT_DIRS) walk(path.join(root, dir));
  return out.sort();
}

/**
 * Our notes on the API pages (api-sources/notes/<package id>/<Symbol>.md), relative to `root`:
 * no runnable blocks, but they cite their proofs in comments as pages do.
 */
export const noteFiles = (root = ROOT): string[] =>
  markdownUnder(root, path.join('api-sources', 'notes'));

/** The `.md` files anywhere under `folder` (relative to `root`), relative to `root`, sorted. */
function markdownUnder(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The scenarios of one page, in page order, with their blocks in page order. */
export function scenariosOf(file: string, text: string): Scenario[] {
  const scenarios = new Map<string, Scenario>();
  const fail = (line: number, message: string): never => {
    throw new MarkupError(`${file}:${line}: ${message}`);
  };
  const scenario = (id: string): Scenario => {
    let s = scenarios.get(id);
    if (!s) {
      s = {file, id, needs: [], items: []};
      scenarios.set(id, s);
    }
    return s;
  };
  for (const block of extractBlocks(text)) {
    const {attrs, flags} = parseMeta(block.meta);
    if (attrs.run === undefined && attrs.output === undefined) continue;
    if (attrs.run !== undefined && attrs.output !== undefined)
      fail(block.line, 'a block is either run or output, not both');
    if (isFragment(block)) fail(block.line, 'a runnable block cannot be a fragment');
    // The runner runs only what the page shows: a program is started by a command block.
    if (flags.has('exec') || attrs.exec !== undefined)
      fail(block.line, 'exec is gone: show the command that runs the file in a bash block');
    for (const ref of (attrs.run ?? attrs.output).split(/\s+/)) {
      const m = REF.exec(ref);
      if (!m)
        fail(
          block.line,
          `"${ref}" is not <scenario>/<block> (lowercase scenario, then a block id)`,
        );
      const [, sid, bid] = m!;
      if (attrs.output !== undefined) {
        const s = scenarios.get(sid);
        if (!s) fail(block.line, `output of "${ref}", but no earlier block runs scenario "${sid}"`);
        const step = s!.items.find((i) => i.kind !== 'output' && i.id === bid);
        if (!step) fail(block.line, `output of "${ref}", which no earlier block of the page runs`);
        if (step!.kind === 'file')
          fail(block.line, `"${ref}" is a file; the output belongs to the command that runs it`);
        s!.items.push({
          kind: 'output',
          step: bid,
          line: block.line,
          lang: block.lang,
          code: block.code,
        });
        continue;
      }
      const s = scenario(sid);
      if (s.items.some((i) => i.kind !== 'output' && i.id === bid))
        fail(block.line, `block id "${ref}" is used twice`);
      if (attrs.needs !== undefined) {
        for (const need of attrs.needs.split(/[\s,]+/)) {
          if (!NEEDS.has(need))
            fail(block.line, `needs="${need}": only ${[...NEEDS].join(', ')} is known`);
          if (!s.needs.includes(need)) s.needs.push(need);
        }
      }
      // `background` applies to every scenario of the block, or, written
      // background="<scenario> ...", to those named.
      const flag = (name: string) =>
        flags.has(name) || (attrs[name] ?? '').split(/\s+/).includes(sid);
      if (SHELL_LANGS.has(block.lang)) {
        s.items.push({
          kind: 'shell',
          id: bid,
          line: block.line,
          code: block.code,
          background: flag('background'),
        });
        continue;
      }
      // A file: named by its title, else by a `// name.ts` first line (ts only), else by its id.
      const firstLine = /^\/\/\s*([\w./-]+\.(?:ts|tsx|mts))\s*$/.exec(
        block.code.split('\n')[0] ?? '',
      );
      const isTs = TS_LANGS.has(block.lang);
      const name = attrs.title ?? (isTs ? (firstLine?.[1] ?? `${bid}.ts`) : undefined);
      if (!name) fail(block.line, `a ${block.lang} file needs title="<file name>"`);
      if (path.isAbsolute(name!) || name!.split('/').includes('..'))
        fail(block.line, `"${name}" is not a path inside the project`);
      if (flag('background'))
        fail(block.line, 'a file does not run; background is for the command that runs it');
      s.items.push({
        kind: 'file',
        id: bid,
        line: block.line,
        lang: block.lang,
        name: name!,
        code: block.code,
      });
    }
  }
  return [...scenarios.values()];
}

/** The API pages' examples (api-sources/typedoc-examples.mjs), relative to `root`, sorted. */
export const exampleFiles = (root = ROOT): string[] => markdownUnder(root, EXAMPLES_DIR);

/** Where the API examples are, and the project they run in (its setup, shown on no page). */
export const EXAMPLES_DIR = 'api-sources/examples';
export const EXAMPLES_PROJECT = 'tests/runnable/api-examples.md';
export const EXAMPLES_SCENARIO = 'api';

/**
 * The API examples as one scenario: the project's setup, then every example file's blocks in
 * file order, each naming its file. One project for all of them, so that the examples cost one
 * `npm install` and one process each. Their block ids and file names must be unique; a block
 * of another scenario is refused.
 */
export function examplesScenario(root = ROOT): Scenario | undefined {
  const files = exampleFiles(root);
  if (files.length === 0) return undefined;
  const merged: Scenario = {file: EXAMPLES_DIR, id: EXAMPLES_SCENARIO, needs: [], items: []};
  const ids = new Map<string, string>();
  const names = new Map<string, string>();
  for (const file of [EXAMPLES_PROJECT, ...files]) {
    for (const scenario of scenariosOf(file, fs.readFileSync(path.join(root, file), 'utf8'))) {
      const first = scenario.items[0]!;
      const at = `${file}:${first.line}`;
      if (scenario.id !== EXAMPLES_SCENARIO)
        throw new MarkupError(`${at}: an API example's blocks run in "${EXAMPLES_SCENARIO}/…"`);
      if (scenario.needs.length) throw new MarkupError(`${at}: an API example needs nothing`);
      for (const item of scenario.items) {
        if (item.kind !== 'output') {
          const seen = ids.get(item.id);
          if (seen)
            throw new MarkupError(`${file}:${item.line}: block id "${item.id}" is ${seen}'s too`);
          ids.set(item.id, file);
        }
        if (item.kind === 'file') {
          const seen = names.get(item.name);
          if (seen) throw new MarkupError(`${file}:${item.line}: ${seen} saves "${item.name}" too`);
          names.set(item.name, file);
        }
        merged.items.push({...item, file});
      }
    }
  }
  return merged;
}

/** Every scenario of the site. Throws MarkupError, naming file and line, on bad markup. */
export function collectScenarios(root = ROOT): Scenario[] {
  const examples = examplesScenario(root);
  return [
    ...pageFiles(root).flatMap((file) =>
      scenariosOf(file, fs.readFileSync(path.join(root, file), 'utf8')),
    ),
    ...(examples ? [examples] : []),
  ];
}

// ---------------------------------------------------------------------------------------
// Comparing what a page shows with what a run prints

/**
 * The only values compared by shape, everything else is compared exactly:
 * - a UUID (8-4-4-4-12 lowercase hex digits), as created for each stream;
 * - a watermark, the `id:` of a stream event: 20 to 40 base64url characters (26 or 27 in
 *   practice: the runtime's session id), a slash and a number (its logical time).
 */
export const SHAPES: {name: string; re: RegExp}[] = [
  {
    name: 'uuid',
    re: /(?<![0-9A-Za-z-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9A-Za-z-])/g,
  },
  {name: 'watermark', re: /(?<![\w-])[\w-]{20,40}\/\d+(?![\w-])/g},
];

/** `text` with each shaped value replaced by `<name>`, and the UUIDs it held, in order. */
export function normalize(text: string): {text: string; uuids: string[]} {
  const uuids: string[] = [];
  let out = text;
  for (const {name, re} of SHAPES) {
    out = out.replace(re, (value) => {
      if (name === 'uuid') uuids.push(value);
      return `<${name}>`;
    });
  }
  return {text: out, uuids};
}

export type Match = {ok: true; uuids: [string, string][]} | {ok: false; diff: string};

/** Compares a page's output block with real output, by the rules of SHAPES. */
export function matchOutput(expected: string, actual: string): Match {
  const e = normalize(expected);
  const a = normalize(actual);
  if (e.text === a.text) return {ok: true, uuids: e.uuids.map((u, i) => [u, a.uuids[i]])};
  const el = expected.split('\n');
  const al = actual.split('\n');
  const en = e.text.split('\n');
  const an = a.text.split('\n');
  const lines: string[] = [];
  for (let i = 0; i < Math.max(el.length, al.length); i++) {
    const same = en[i] === an[i];
    if (el[i] !== undefined) lines.push(`${same ? ' ' : '-'} ${el[i]}`);
    if (!same && al[i] !== undefined) lines.push(`+ ${al[i]}`);
  }
  return {
    ok: false,
    diff: `(- page, + run; UUIDs and watermarks compared by shape)\n${lines.join('\n')}`,
  };
}

// ---------------------------------------------------------------------------------------
// Processes

/** Every process group started and not yet stopped, so that nothing outlives the worker. */
const live = new Set<number>();
process.once('exit', () => {
  for (const pgid of live) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Process groups the runner started that are still running: 0 once a run has returned. */
export function liveProcessGroups(): number {
  return [...live].filter(groupAlive).length;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends `signal` to a process group, then SIGKILL if it is still there after `graceMs`. */
async function stopGroup(pgid: number, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  try {
    process.kill(-pgid, signal);
  } catch {
    live.delete(pgid);
    return;
  }
  const until = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < until) await sleep(50);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone in between
    }
    while (groupAlive(pgid) && Date.now() < until + 2000) await sleep(50);
  }
  live.delete(pgid);
}

/** A child in its own process group, with its output collected. */
class Proc {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  exit: {code: number | null; signal: NodeJS.Signals | null} | null = null;
  private listeners = new Set<() => void>();

  constructor(
    readonly label: string,
    command: string,
    args: string[],
    options: {cwd: string; env: NodeJS.ProcessEnv; uid?: number; gid?: number},
  ) {
    this.child = spawn(command, args, {
      ...options,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (this.child.pid) live.add(this.child.pid);
    this.child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      this.stdout += d;
      this.notify();
    });
    this.child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      this.stderr += d;
      this.notify();
    });
    this.child.on('exit', (code, signal) => {
      this.exit = {code, signal};
      this.notify();
    });
    this.child.on('error', (error) => {
      this.stderr += `\n${error.message}`;
      this.exit ??= {code: -1, signal: null};
      this.notify();
    });
  }

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves with `check()`'s first non-undefined answer, re-evaluated on every event. */
  waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = (fn: () => void) => {
        this.listeners.delete(listener);
        clearTimeout(timer);
        fn();
      };
      const listener = () => {
        let value: T | undefined;
        try {
          value = check();
        } catch (error) {
          done(() => reject(error));
          return;
        }
        if (value !== undefined) done(() => resolve(value as T));
      };
      const timer = setTimeout(
        () =>
          done(() =>
            reject(new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`)),
          ),
        timeoutMs,
      );
      this.listeners.add(listener);
      listener();
    });
  }

  async stop(signal: NodeJS.Signals = 'SIGINT', graceMs = 3000): Promise<void> {
    if (this.child.pid) await stopGroup(this.child.pid, signal, graceMs);
  }

  describe(): string {
    const tail = (s: string) => s.trimEnd().split('\n').slice(-15).join('\n');
    const status = this.exit ? `exited (${this.exit.signal ?? this.exit.code})` : 'running';
    return `[${this.label}: ${status}]\n--- stdout\n${tail(this.stdout)}\n--- stderr\n${tail(this.stderr)}`;
  }
}

// ---------------------------------------------------------------------------------------
// Ports

/** Ports as the pages write them; each scenario gets free loopback ports in their place. */
export const PAGE_PORTS = [8080, 8081, 8082, 8083];
export const PAGE_POSTGRES_PORT = 5432;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * RUNNABLE_PORTS (default 21000-21499), split into slices of 50, one per parallel worker (and
 * one for the scenarios run ahead, tests/lib/scenarios-ahead.ts). A port handed out stays
 * reserved until its scenario ends (`releasePorts`): the scenarios of a pool run side by side,
 * and one may start its service well after its ports were chosen, when a free-port probe alone
 * would hand the same port to the next scenario once the cursor has gone round.
 */
const portCursor = new Map<number, number>();
const reserved = new Set<number>();
const releasePorts = (ports: Iterable<number>) => {
  for (const port of ports) reserved.delete(port);
};
async function freePort(parallelIndex: number): Promise<number> {
  const [lo, hi] = (process.env.RUNNABLE_PORTS ?? '21000-21499').split('-').map(Number);
  const slices = Math.max(1, Math.floor((hi - lo + 1) / 50));
  const start = lo + (parallelIndex % slices) * 50;
  for (let tries = 0; tries < 50; tries++) {
    const offset = portCursor.get(start) ?? 0;
    portCursor.set(start, (offset + 1) % 50);
    const port = start + offset;
    if (
      port <= hi &&
      !reserved.has(port) &&
      (await isFree(port)) &&
      !fs.existsSync(`/var/run/postgresql/.s.PGSQL.${port}`)
    ) {
      reserved.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${start}-${start + 49}`);
}

// ---------------------------------------------------------------------------------------
// PostgreSQL: Debian's server, in a temporary data directory, on a loopback port

const PG_SOCKET_DIR = '/var/run/postgresql';

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    : [];
  if (!versions.length)
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); tests/run.sh installs it',
    );
  versions.sort((a, b) => Number(b) - Number(a));
  return path.join(base, versions[0], 'bin');
}

class Postgres {
  private proc: Proc | null = null;
  private dir = '';

  constructor(readonly port: number) {}

  async start(log: (line: string) => void): Promise<void> {
    if (process.getuid?.() !== 0)
      throw new Error(
        'the PostgreSQL samples start a server as the postgres user, which needs root',
      );
    const bin = postgresBin();
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], {encoding: 'utf8'}).stdout.trim());
    const uid = id('-u');
    const gid = id('-g');
    if (!uid) throw new Error('no postgres user');
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skip-runnable-pg-'));
    fs.chownSync(this.dir, uid, gid);
    // The page's `sudo -u postgres psql` reaches the server through Debian's socket folder.
    if (!fs.existsSync(PG_SOCKET_DIR)) {
      fs.mkdirSync(PG_SOCKET_DIR, {recursive: true});
      fs.chownSync(PG_SOCKET_DIR, uid, gid);
      fs.chmodSync(PG_SOCKET_DIR, 0o2775);
    }
    const data = path.join(this.dir, 'data');
    const init = spawnSync(
      path.join(bin, 'initdb'),
      [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth-local=peer',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
      ],
      {cwd: this.dir, uid, gid, encoding: 'utf8', timeout: 60_000},
    );
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
    const settings = [
      `port=${this.port}`,
      'listen_addresses=localhost',
      `unix_socket_directories=${PG_SOCKET_DIR}`,
      'fsync=off',
      'synchronous_commit=off',
      'full_page_writes=off',
    ];
    this.proc = new Proc(
      'postgres',
      path.join(bin, 'postgres'),
      ['-D', data, ...settings.flatMap((s) => ['-c', s])],
      {cwd: this.dir, env: {PATH: process.env.PATH}, uid, gid},
    );
    await this.proc.waitFor(
      () => {
        if (this.proc!.exit)
          throw new Error(`postgres stopped at start:\n${this.proc!.describe()}`);
        return /ready to accept connections/.test(this.proc!.stderr) ? true : undefined;
      },
      30_000,
      'PostgreSQL to accept connections',
    );
    log(
      `postgresql ${path.basename(path.dirname(bin))} on 127.0.0.1:${this.port}, data in ${data}`,
    );
  }

  async stop(): Promise<void> {
    // SIGINT is PostgreSQL's fast shutdown.
    await this.proc?.stop('SIGINT', 10_000);
    if (this.dir) fs.rmSync(this.dir, {recursive: true, force: true});
  }
}

// ---------------------------------------------------------------------------------------
// Running a scenario

export type RunOptions = {
  /** Playwright's parallelIndex: picks this worker's slice of ports. */
  parallelIndex?: number;
  log?: (line: string) => void;
  /** A foreground step, or a background step's first line of output. */
  stepTimeoutMs?: number;
  /** A background step's expected output. */
  outputTimeoutMs?: number;
};

export type RunReport = {
  file: string;
  scenario: string;
  blocks: string[];
  outputs: number;
  ms: number;
};

const SHELL_STEP_ENV_SKIP = new Set(['_', 'SHLVL', 'PWD', 'OLDPWD', 'RUNNABLE_ENV_OUT']);

/** npm as a scenario sees it: `npm install` links the site's pinned packages (runnable-npm.mjs). */
const NPM_SHIM = path.join(__dirname, 'runnable-npm.mjs');

/** A folder holding the `npm` wrapper, made once per process, outside every scenario's folder. */
let toolsDir = '';
function tools(): string {
  if (toolsDir && fs.existsSync(toolsDir)) return toolsDir;
  const which = spawnSync('bash', ['-c', 'command -v npm'], {encoding: 'utf8'}).stdout.trim();
  if (!which) throw new Error('npm is not on PATH');
  const realNpm = fs.realpathSync(which);
  toolsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skip-runnable-tools-'));
  const npm = path.join(toolsDir, 'npm');
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  fs.writeFileSync(
    npm,
    `#!/usr/bin/env bash\nexec ${q(process.execPath)} ${q(NPM_SHIM)} ${q(path.join(ROOT, 'node_modules'))} ${q(realNpm)} "$@"\n`,
    {mode: 0o755},
  );
  // `npx <command>` of a command the project installed runs its node_modules/.bin entry, as npx
  // does, without starting npm first (about 0.3 CPU s a call, some sixty calls a run); anything
  // else goes to the real npx. `npx tsx <file>` (no tsx option) runs `node --import tsx <file>`,
  // the one process tsx's command starts for the file, with the project's tsx as its loader: the
  // command's own first process only relays signals and the exit status (0.13 CPU s a call, some
  // hundred calls a run).
  const whichNpx = spawnSync('bash', ['-c', 'command -v npx'], {encoding: 'utf8'}).stdout.trim();
  if (!whichNpx) throw new Error('npx is not on PATH');
  fs.writeFileSync(
    path.join(toolsDir, 'npx'),
    [
      '#!/usr/bin/env bash',
      'if [ "$1" = tsx ] && [ "$#" -gt 1 ] && [[ "$2" != -* ]] && [ -d ./node_modules/tsx ]; then',
      `  shift; exec ${q(process.execPath)} --import tsx "$@"`,
      'fi',
      'if [ "$#" -gt 0 ] && [[ "$1" != -* ]] && [ -x "./node_modules/.bin/$1" ]; then',
      '  command="./node_modules/.bin/$1"; shift; exec "$command" "$@"',
      'fi',
      `exec ${q(fs.realpathSync(whichNpx))} "$@"`,
      '',
    ].join('\n'),
    {mode: 0o755},
  );
  process.once('exit', () => fs.rmSync(toolsDir, {recursive: true, force: true}));
  return toolsDir;
}

/**
 * The environment of a scenario's processes: the test's own, less what would change them;
 * nothing of the site's node_modules is on the PATH, only the `npm` and `npx` wrappers.
 */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(NODE_OPTIONS|NODE_PATH|BASH_ENV|ENV|FORCE_COLOR|NO_COLOR|NODE_ENV|PG\w*|SKIP_\w*|PW_\w*|PLAYWRIGHT_\w*|TEST_\w*|npm_\w*|INIT_CWD|TS_NODE_\w*|TSX_\w*)$/.test(
        key,
      )
    )
      continue;
    env[key] = value;
  }
  const sitePath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(
      (p) =>
        !p.includes(`${path.sep}node_modules${path.sep}`) && !p.endsWith(`${path.sep}node_modules`),
    );
  env.PATH = [tools(), ...sitePath].join(path.delimiter);
  env.NODE_OPTIONS = `--import=${pathToFileURL(LOOPBACK_PRELOAD).href}`;
  // npx never installs anything: a command that is not in node_modules fails instead.
  env.npm_config_yes = 'false';
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  env.npm_config_offline = 'true';
  return env;
}

/**
 * Runs one scenario: writes its files into a fresh project folder, runs its steps in page
 * order and checks every output block. Every process it starts is stopped before it returns
 * or throws. Throws an Error naming the page and the block when the page and the run differ.
 */
export async function runScenario(
  scenario: Scenario,
  options: RunOptions = {},
): Promise<RunReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const stepTimeout = options.stepTimeoutMs ?? 90_000;
  const outputTimeout = options.outputTimeoutMs ?? 20_000;
  const where = (item: Item) =>
    `${item.file ?? scenario.file}, block "${scenario.id}/${item.kind === 'output' ? item.step : item.id}"` +
    ` (${item.kind === 'output' ? 'output' : item.kind === 'shell' ? 'step' : 'file'} at line ${item.line})`;

  // Ports: every page port the scenario mentions gets a free loopback port.
  const mentioned = (port: number) =>
    scenario.items.some(
      (i) => i.kind !== 'output' && new RegExp(`(?<![\\w-])${port}(?![\\w-])`).test(i.code),
    );
  const pagePorts = [
    ...PAGE_PORTS,
    ...(scenario.needs.includes('postgresql') ? [PAGE_POSTGRES_PORT] : []),
  ].filter(mentioned);
  const ports = new Map<number, number>();
  for (const port of pagePorts) ports.set(port, await freePort(options.parallelIndex ?? 0));
  const portRe = pagePorts.length
    ? new RegExp(`(?<![\\w-])(${pagePorts.join('|')})(?![\\w-])`, 'g')
    : null;
  // UUIDs shown on the page stand for the ones the run printed at the same place.
  const bindings = new Map<string, string>();
  const localizePorts = (code: string) =>
    portRe ? code.replace(portRe, (p) => String(ports.get(Number(p)))) : code;
  const localize = (code: string) => {
    let out = localizePorts(code);
    for (const [page, real] of bindings) out = out.split(page).join(real);
    return out;
  };
  log(
    `${scenario.file} ${scenario.id}: ports ${[...ports].map(([p, r]) => `${p}->${r}`).join(', ') || 'none'}`,
  );

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `skip-runnable-${scenario.id}-`));
  const procs: Proc[] = [];
  const steps = new Map<string, {proc: Proc; background: boolean; cursor: number}>();
  const executed: string[] = [];
  let outputs = 0;
  let postgres: Postgres | null = null;
  let env = baseEnv();
  let stepCount = 0;

  try {
    // An empty folder: the page's own steps create the project and install its packages.
    let cwd = dir;
    if (scenario.needs.includes('postgresql')) {
      let port = ports.get(PAGE_POSTGRES_PORT);
      if (port === undefined)
        ports.set(PAGE_POSTGRES_PORT, (port = await freePort(options.parallelIndex ?? 0)));
      postgres = new Postgres(port);
      await postgres.start(log);
    }

    const failWith = (item: Item, message: string): never => {
      const running = procs.map((p) => p.describe()).join('\n');
      throw new Error(
        `${where(item)}: ${message}${running ? `\n\nprocesses of the scenario:\n${running}` : ''}`,
      );
    };

    for (const item of scenario.items) {
      // A service or stream that has died is the failure, not the next step that cannot reach it.
      for (const [id, step] of steps) {
        const exit = step.proc.exit;
        if (step.background && exit && exit.code !== 0 && exit.signal === null) {
          const started = scenario.items.find((i) => i.kind === 'shell' && i.id === id)!;
          failWith(
            started,
            `it stopped with ${exit.code} while the page expects it to keep running`,
          );
        }
      }
      log(
        `  ${((Date.now() - started) / 1000).toFixed(1)} s: ${item.kind} ${item.kind === 'output' ? item.step : item.id}`,
      );
      if (item.kind === 'file') {
        // Saved where the reader is, byte for byte (ports aside); nothing is compiled for them.
        const target = path.join(cwd, item.name);
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.writeFileSync(target, `${localize(item.code)}\n`);
        executed.push(`${item.id} (${item.name})`);
        continue;
      }

      if (item.kind === 'shell') {
        const background = item.background;
        const envOut = path.join(dir, `.env-${++stepCount}`);
        // Steps share one environment, as commands typed in one terminal do.
        const script = background
          ? localize(item.code)
          : `trap 'env -0 > "$RUNNABLE_ENV_OUT"' EXIT\n${localize(item.code)}`;
        const proc = new Proc(`${item.id}: bash`, 'bash', ['--noprofile', '--norc', '-c', script], {
          cwd,
          env: background ? env : {...env, RUNNABLE_ENV_OUT: envOut},
        });
        procs.push(proc);
        steps.set(item.id, {proc, background, cursor: 0});
        await settle(proc, background, item);
        if (!background && fs.existsSync(envOut)) {
          const next: NodeJS.ProcessEnv = {};
          for (const entry of fs.readFileSync(envOut, 'utf8').split('\0')) {
            const eq = entry.indexOf('=');
            if (eq > 0 && !SHELL_STEP_ENV_SKIP.has(entry.slice(0, eq)))
              next[entry.slice(0, eq)] = entry.slice(eq + 1);
            // The folder a step ends in (`cd project`) is where the next ones run.
            if (
              entry.startsWith('PWD=') &&
              fs.existsSync(entry.slice(4)) &&
              !path.relative(dir, entry.slice(4)).startsWith('..')
            )
              cwd = entry.slice(4);
          }
          env = next;
        }
        executed.push(`${item.id} (${background ? 'background step' : 'step'})`);
        continue;
      }

      // An output block: the next part of its step's output must be what the page shows, a
      // page port (a service announcing it) standing for the free port the run used instead.
      const step = steps.get(item.step)!;
      const expected = localizePorts(item.code.replace(/^\s*\n/, '').trimEnd());
      const wanted = expected.split('\n').length;
      const take = (): {chunk: string; end: number} | undefined => {
        let rest = step.proc.stdout.slice(step.cursor);
        const skipped = rest.length - rest.replace(/^(?:[ \t]*\n)+/, '').length;
        rest = rest.slice(skipped);
        const finished = step.proc.exit !== null;
        const lines = rest.split('\n');
        // Not enough complete lines yet: wait for more, unless nothing more will come.
        if (!finished && lines.length - 1 < wanted) return undefined;
        // A foreground step has finished: the block must be all that is left of its output.
        if (!step.background || lines.length <= wanted)
          return {chunk: rest.trimEnd(), end: step.proc.stdout.length};
        const chunk = lines.slice(0, wanted).join('\n');
        return {chunk: chunk.trimEnd(), end: step.cursor + skipped + chunk.length + 1};
      };
      let got: {chunk: string; end: number};
      try {
        got = await step.proc.waitFor(take, outputTimeout, `the output shown at line ${item.line}`);
      } catch (error) {
        const sofar = step.proc.stdout.slice(step.cursor).trimEnd();
        return failWith(
          item,
          `${(error as Error).message}\nexpected:\n${expected}\nreceived so far:\n${sofar || '(nothing)'}`,
        );
      }
      const match = matchOutput(expected, got.chunk);
      if (!match.ok) failWith(item, `the page shows output the run does not print\n${match.diff}`);
      if (match.ok)
        for (const [page, real] of match.uuids) if (page !== real) bindings.set(page, real);
      step.cursor = got.end;
      outputs++;
      executed.push(`output of ${item.step} (line ${item.line})`);
    }
  } finally {
    // Clients first, then services, then the database they read.
    log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: stopping`);
    for (const proc of [...procs].reverse()) await proc.stop('SIGINT', 3000);
    await postgres?.stop();
    fs.rmSync(dir, {recursive: true, force: true});
    releasePorts(ports.values());
  }
  const ms = Date.now() - started;
  log(
    `${scenario.file} ${scenario.id}: ${executed.length} blocks, ${outputs} outputs checked, ${(ms / 1000).toFixed(1)} s`,
  );
  return {file: scenario.file, scenario: scenario.id, blocks: executed, outputs, ms};

  /**
   * A foreground step must finish with status 0 in time; a background step must print its
   * first line (a service announcing its port, a stream its first event).
   */
  async function settle(proc: Proc, background: boolean, item: Item): Promise<void> {
    try {
      if (background) {
        await proc.waitFor(
          () => {
            if (proc.exit)
              throw new Error(
                `it stopped (${proc.exit.signal ?? proc.exit.code}) before printing anything`,
              );
            return proc.stdout.includes('\n') ? true : undefined;
          },
          stepTimeout,
          'its first line of output',
        );
        return;
      }
      await proc.waitFor(() => proc.exit ?? undefined, stepTimeout, 'it to finish');
      // Output still in the pipe; processes the step left running keep it open, so bounded.
      if (!proc.child.stdout!.readableEnded)
        await Promise.race([
          new Promise((resolve) => proc.child.stdout!.once('end', resolve)),
          sleep(300),
        ]);
      if (proc.exit!.code !== 0)
        throw new Error(`it exited with ${proc.exit!.signal ?? proc.exit!.code}`);
    } catch (error) {
      const running = procs.map((p) => p.describe()).join('\n');
      throw new Error(
        `${where(item)}: ${(error as Error).message}\n\nprocesses of the scenario:\n${running}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------
// Several scenarios at a time

/**
 * How many scenarios one worker runs at once: RUNNABLE_CONCURRENCY, default 4. A scenario
 * spends most of its time waiting (a service starting, a stream's next event, the runtime's
 * 30 s garbage check), so while one waits the others run; each has its own folder and its
 * own ports from the worker's slice, so they do not meet. `RUNNABLE_CONCURRENCY=1` runs one
 * at a time.
 */
export function scenarioConcurrency(): number {
  const n = Number(process.env.RUNNABLE_CONCURRENCY ?? 4);
  return Number.isInteger(n) && n >= 1 ? n : 4;
}

/**
 * The seconds a scenario's steps sleep on purpose (`sleep 31` before a garbage check): the
 * scenarios that wait longest are started first, so that the others run during their waits.
 */
export function plannedWait(scenario: Scenario): number {
  let seconds = 0;
  for (const item of scenario.items)
    if (item.kind === 'shell')
      for (const m of item.code.matchAll(/(?:^|[\s;&|(])sleep\s+(\d+(?:\.\d+)?)/g))
        seconds += Number(m[1]);
  return seconds;
}

/** A scenario's run as the pool returns it: its report or its error, and its log. */
export type PooledRun = {report?: RunReport; error?: unknown; log: string[]};

/**
 * Runs the scenarios of one file, up to `limit` at a time, for tests that take them in the
 * file's order in one worker (tests/lib/runnable-tests.ts). `result(i)` makes scenario `i`
 * and every later one eligible (a test run after a failure, in a new worker, starts from its
 * own), starts the eligible ones that wait longest first as slots free, and resolves with
 * scenario `i`'s run. `close()` drops those not started and waits for those running, so that
 * nothing of the pool outlives the tests that use it.
 */
export class ScenarioPool {
  private readonly runs = new Map<number, Promise<PooledRun>>();
  private readonly waiting = new Map<number, (run: Promise<PooledRun>) => void>();
  private readonly pending = new Map<number, Promise<PooledRun>>();
  private eligibleFrom = Infinity;
  private running = 0;
  private closed = false;

  constructor(
    private readonly scenarios: Scenario[],
    private readonly options: {parallelIndex: number; limit?: number},
  ) {}

  result(index: number): Promise<PooledRun> {
    if (index < 0 || index >= this.scenarios.length) throw new Error(`no scenario ${index}`);
    this.eligibleFrom = Math.min(this.eligibleFrom, index);
    this.pump();
    return this.runs.get(index) ?? this.pendingRun(index);
  }

  /** A promise for a scenario not started yet, settled once it has been started and has run. */
  private pendingRun(index: number): Promise<PooledRun> {
    let promise = this.pending.get(index);
    if (!promise) {
      promise = new Promise<PooledRun>((resolve) => this.waiting.set(index, resolve));
      this.pending.set(index, promise);
    }
    return promise;
  }

  private pump(): void {
    const limit = this.options.limit ?? scenarioConcurrency();
    while (!this.closed && this.running < limit) {
      let next = -1;
      for (let i = this.eligibleFrom; i < this.scenarios.length; i++) {
        if (this.runs.has(i)) continue;
        if (next < 0 || plannedWait(this.scenarios[i]!) > plannedWait(this.scenarios[next]!))
          next = i;
      }
      if (next < 0) return;
      this.start(next);
    }
  }

  private start(index: number): void {
    const log: string[] = [];
    this.running++;
    const run = runScenario(this.scenarios[index]!, {
      parallelIndex: this.options.parallelIndex,
      log: (line) => log.push(line),
    }).then(
      (report): PooledRun => ({report, log}),
      (error: unknown): PooledRun => ({error, log}),
    );
    this.runs.set(index, run);
    this.waiting.get(index)?.(run);
    this.waiting.delete(index);
    void run.then(() => {
      this.running--;
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.runs.values());
  }
}

// ---------------------------------------------------------------------------------------
// Command line: npx tsx tests/lib/runnable.ts [page-substring] [scenario]

if (require.main === module) {
  const [pageFilter, scenarioFilter] = process.argv.slice(2);
  // Only the chosen pages are read, so that one page's bad markup does not stop another's run.
  const examples =
    !pageFilter || EXAMPLES_DIR.includes(pageFilter) ? examplesScenario() : undefined;
  const chosen = [
    ...pageFiles()
      .filter((file) => !pageFilter || file.includes(pageFilter))
      .flatMap((file) => scenariosOf(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))),
    ...(examples ? [examples] : []),
  ].filter((s) => !scenarioFilter || s.id === scenarioFilter);
  (async () => {
    let failed = 0;
    const t0 = Date.now();
    for (const s of chosen) {
      try {
        const report = await runScenario(s, {log: (line) => console.log(`  ${line}`)});
        console.log(`ok   ${s.file} ${s.id}: ${report.blocks.join(', ')}`);
      } catch (error) {
        failed++;
        console.log(`FAIL ${(error as Error).message}`);
      }
    }
    console.log(
      `${chosen.length - failed}/${chosen.length} scenarios passed in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    process.exit(failed ? 1 : 0);
  })();
}
