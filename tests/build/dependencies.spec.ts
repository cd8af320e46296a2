/**
 * The dependency check we run ourselves, since the advisory service is not reachable from
 * the build machines: the production tree is valid, and no installed copy of a package
 * with a published advisory is older than the advisory's fixed release for its line.
 * UPGRADING.md's "Dependency overrides" section says why each override exists.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {test, expect} from '@playwright/test';
import {ROOT as root} from '../../src/lib/root.cjs';

const run = promisify(execFile);

type Floor = {
  /** The advisories that set the floor. */
  advisories: string[];
  /**
   * First fixed release of each release line. A copy is safe when it is at least the fixed
   * release of its own major line, or on a major line newer than every listed one.
   */
  fixed: string[];
};

/** Minimum safe versions. Raise a floor when a new advisory is published; never lower one. */
const FLOORS: Record<string, Floor> = {
  // Backported to 17.13.4 (hapijs/joi#3113); the 18.x floor is the one the hardening issue gives.
  joi: {advisories: ['GHSA-q7cg-457f-vx79'], fixed: ['17.13.4', '18.1.2']},
  // GHSA-5c6j-r48x-rmvq: <= 7.0.2; GHSA-qj8w-gfj5-8c6v: < 7.0.5. No fix on the 6.x line.
  'serialize-javascript': {advisories: ['GHSA-5c6j-r48x-rmvq', 'GHSA-qj8w-gfj5-8c6v'], fixed: ['7.0.5']},
  // Fixed in 14.0.0 and back-ported to 13.0.1, 12.0.1 and 11.1.1; nothing below 11 is fixed.
  uuid: {advisories: ['GHSA-w5hq-g745-h8pq'], fixed: ['11.1.1', '12.0.1', '13.0.1', '14.0.0']},
  // GHSA-96hv-2xvq-fx4p fixed on every line; GHSA-58qx-3vcg-4xpx (8.x < 8.20.1) lies below 8.21.0.
  ws: {advisories: ['GHSA-96hv-2xvq-fx4p', 'GHSA-58qx-3vcg-4xpx'], fixed: ['5.2.5', '6.2.4', '7.5.11', '8.21.0']},
};

function parse(version: string): number[] {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`not a release version: ${version}`);
  return match.slice(1, 4).map(Number);
}

function compare(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** Whether `version` is at or above the fixed release of its line. */
function isSafe(version: string, floor: Floor): boolean {
  const major = parse(version)[0];
  const sameLine = floor.fixed.find((fixed) => parse(fixed)[0] === major);
  if (sameLine) return compare(version, sameLine) >= 0;
  return floor.fixed.every((fixed) => parse(fixed)[0] < major);
}

/** Every installed copy of the watched packages: name, version and where it sits. */
function installedCopies(names: Set<string>): {name: string; version: string; where: string}[] {
  const copies: {name: string; version: string; where: string}[] = [];
  const visit = (modules: string) => {
    if (!fs.existsSync(modules)) return;
    for (const entry of fs.readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@')
        ? fs.readdirSync(path.join(modules, entry)).map((sub) => path.join(modules, entry, sub))
        : [path.join(modules, entry)];
      for (const dir of dirs) {
        const manifest = path.join(dir, 'package.json');
        if (!fs.existsSync(manifest)) continue;
        const {name, version} = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {name?: string; version?: string};
        if (name && version && names.has(name)) copies.push({name, version, where: path.relative(root, dir)});
        visit(path.join(dir, 'node_modules'));
      }
    }
  };
  visit(fs.realpathSync(path.join(root, 'node_modules')));
  return copies;
}

test('the production dependency tree is valid (npm ls --omit=dev --all exits 0)', async () => {
  const result = await run('npm', ['ls', '--omit=dev', '--all'], {cwd: root, maxBuffer: 64 * 1024 * 1024}).then(
    () => ({code: 0, stderr: ''}),
    (error: {code?: number; stderr?: string}) => ({code: error.code ?? 1, stderr: error.stderr ?? ''}),
  );
  expect(result.stderr.split('\n').filter((line) => /npm error/.test(line)), 'npm ls errors').toEqual([]);
  expect(result.code).toBe(0);
});

test('no installed copy of joi, serialize-javascript, uuid or ws is below its advisory floor', () => {
  const copies = installedCopies(new Set(Object.keys(FLOORS)));
  // Every watched package is in the tree today; finding none means the walk is broken.
  expect(new Set(copies.map((copy) => copy.name))).toEqual(new Set(Object.keys(FLOORS)));
  const unsafe = copies
    .filter((copy) => !isSafe(copy.version, FLOORS[copy.name]))
    .map((copy) => `${copy.where}: ${copy.name}@${copy.version} (${FLOORS[copy.name].advisories.join(', ')})`);
  expect(unsafe).toEqual([]);
});

test('the floor check rejects the versions the overrides replaced', () => {
  // The check itself: the copies Docusaurus 3.10 and its tools pulled in before the overrides.
  expect(isSafe('6.0.2', FLOORS['serialize-javascript'])).toBe(false);
  expect(isSafe('7.0.4', FLOORS['serialize-javascript'])).toBe(false);
  expect(isSafe('8.3.2', FLOORS.uuid)).toBe(false);
  expect(isSafe('17.13.3', FLOORS.joi)).toBe(false);
  expect(isSafe('7.5.10', FLOORS.ws)).toBe(false);
  expect(isSafe('8.20.1', FLOORS.ws)).toBe(false);
  expect(isSafe('7.0.5', FLOORS['serialize-javascript'])).toBe(true);
  expect(isSafe('11.1.1', FLOORS.uuid)).toBe(true);
  expect(isSafe('17.13.9', FLOORS.joi)).toBe(true);
  expect(isSafe('7.5.14', FLOORS.ws)).toBe(true);
});
