/**
 * The GitHub Actions workflows (.github/workflows/, README "Continuous integration and deployment") parse,
 * and do what the README says: tests with `npm ci` and `npm test` on pull requests, and a
 * deployment of build/ to GitHub Pages from main with the official actions, after the tests.
 * Nothing here can run them; this catches a broken file or a dropped step.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import yaml from 'js-yaml';
import {ROOT} from '../lib/build-output';

type Step = {uses?: string; run?: string; with?: Record<string, unknown>; id?: string};
type Job = {'runs-on'?: string; container?: string; needs?: string | string[]; uses?: string; steps?: Step[]; permissions?: Record<string, string>; environment?: {name?: string}};
type Workflow = {on: Record<string, unknown>; jobs: Record<string, Job>; concurrency?: {group?: string; 'cancel-in-progress'?: boolean}; permissions?: Record<string, string>};

const read = (name: string) => yaml.load(fs.readFileSync(path.join(ROOT, '.github/workflows', name), 'utf8')) as Workflow;
const steps = (job: Job | undefined) => job?.steps ?? [];
const runs = (job: Job | undefined) => steps(job).flatMap((s) => (s.run ? [s.run.trim()] : []));
const uses = (job: Job | undefined, action: string) => steps(job).find((s) => s.uses?.split('@')[0] === action);

test('every workflow file parses as YAML with jobs', () => {
  const files = fs.readdirSync(path.join(ROOT, '.github/workflows')).filter((f) => /\.ya?ml$/.test(f));
  expect(files.sort()).toEqual(['deploy.yml', 'test.yml']);
  for (const file of files) expect(Object.keys(read(file).jobs ?? {}).length, file).toBeGreaterThan(0);
});

test('pull requests run the tests: checkout, Node with the npm cache, npm ci, then npm test', () => {
  const workflow = read('test.yml');
  expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['pull_request', 'workflow_call']));
  const job = workflow.jobs.test;
  expect(uses(job, 'actions/checkout')).toBeDefined();
  expect(uses(job, 'actions/setup-node')?.with?.cache).toBe('npm');
  const commands = runs(job);
  const ci = commands.findIndex((c) => /^npm ci\b/.test(c));
  const npmTest = commands.findIndex((c) => c === 'npm test');
  expect(ci, 'npm ci').toBeGreaterThanOrEqual(0);
  expect(npmTest, 'npm test after npm ci').toBeGreaterThan(ci);
  // Debian's Chromium and PostgreSQL, installed by tests/run.sh as root, as on our machines.
  expect(job?.container).toMatch(/^debian:/);
});

test('main deploys build/ to GitHub Pages with the official actions, after the tests', () => {
  const workflow = read('deploy.yml');
  expect((workflow.on.push as {branches?: string[]}).branches).toEqual(['main']);
  expect(workflow.concurrency).toEqual({group: 'pages', 'cancel-in-progress': false});
  const {test: tests, build, deploy} = workflow.jobs;
  expect(tests?.uses).toBe('./.github/workflows/test.yml');
  expect(build?.needs).toBe('test');
  expect(runs(build)).toEqual(expect.arrayContaining(['npm run build']));
  expect(runs(build).some((c) => /^npm ci\b/.test(c))).toBe(true);
  expect(uses(build, 'actions/configure-pages')).toBeDefined();
  expect(uses(build, 'actions/upload-pages-artifact')?.with?.path).toBe('build');
  expect(deploy?.needs).toBe('build');
  expect(uses(deploy, 'actions/deploy-pages')).toBeDefined();
  expect(deploy?.permissions).toEqual({pages: 'write', 'id-token': 'write'});
  expect(deploy?.environment?.name).toBe('github-pages');
});

test('.ci/run stays the README\'s commands: npm ci, then npm test', () => {
  const commands = fs
    .readFileSync(path.join(ROOT, '.ci/run'), 'utf8')
    .split('\n')
    .filter((line) => /^npm /.test(line));
  expect(commands).toEqual(['npm ci --no-audit --no-fund', 'npm test']);
});
