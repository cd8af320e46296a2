/**
 * A throw-away copy of the site for tests that change sources and build: everything but
 * node_modules (linked) and the build outputs, plus the generated API reference with its
 * inputs stamp, so TypeDoc is not run again unless a test changes one of its inputs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawn} from 'node:child_process';
import {ROOT} from './build-output';

const SKIP = new Set(['node_modules', 'build', '.docusaurus', 'test-results', 'bench-results', '.git']);

export type BuildResult = {code: number | null; output: string; timedOut: boolean};

export class TempSite {
  private constructor(readonly dir: string) {}

  static create(): TempSite {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skip-site-'));
    for (const entry of fs.readdirSync(ROOT)) {
      if (SKIP.has(entry)) continue;
      fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), {recursive: true});
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    // The copy sits in the system's temporary folder; the checks that read ../shared
    // (originality, facts) are not run here.
    return new TempSite(dir);
  }

  /** Rewrites one file of the copy (relative path) through `edit`. */
  write(file: string, edit: (text: string) => string): void {
    const full = path.join(this.dir, file);
    const before = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '';
    fs.mkdirSync(path.dirname(full), {recursive: true});
    fs.writeFileSync(full, edit(before));
  }

  read(file: string): string {
    return fs.readFileSync(path.join(this.dir, file), 'utf8');
  }

  /** `docusaurus build` in the copy, with a time limit; resolves with its exit code and output. */
  build(timeoutMs = 180_000): Promise<BuildResult> {
    return new Promise((resolve) => {
      const child = spawn('npx', ['docusaurus', 'build'], {
        cwd: this.dir,
        env: {...process.env, NODE_ENV: 'production', FORCE_COLOR: '0'},
        detached: true,
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, timeoutMs);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({code, output, timedOut});
      });
    });
  }

  remove(): void {
    fs.rmSync(this.dir, {recursive: true, force: true});
  }
}
