/**
 * The runner of the runnable samples itself: how it compares, that a page showing output it
 * does not get fails naming the page and the block, and that nothing outlives a failed run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {
  extractBlocks,
  liveProcessGroups,
  matchOutput,
  MarkupError,
  plannedWait,
  runScenario,
  ScenarioPool,
  scenariosOf,
} from '../lib/runnable';

const UUID_A = '80f4bceb-8934-4aca-adab-4ca6883c1548';
const UUID_B = '0b6f6a5e-1f4c-4a59-9c8e-2b1c3d4e5f60';

test('outputs are compared exactly, except UUIDs and watermarks, which are compared by shape', () => {
  const page = `${UUID_A}\nevent: init\nid: 4t2L-mJpS1tknwpsq4CEYUnoyI0/9\ndata: [["a",[1]]]`;
  const run = `${UUID_B}\nevent: init\nid: 4t2TIgkixq9yU7zXSzbG1zf1Xg/31\ndata: [["a",[1]]]`;
  expect(matchOutput(page, run)).toEqual({ok: true, uuids: [[UUID_A, UUID_B]]});
  // A prefix before a UUID is compared exactly.
  expect(matchOutput(`follower1/${UUID_A}`, `follower1/${UUID_B}`).ok).toBe(true);
  expect(matchOutput(`follower1/${UUID_A}`, `follower2/${UUID_B}`).ok).toBe(false);
  // Anything else is exact: a value, a key, a number, an event name, spacing.
  expect(matchOutput(page, run.replace('[1]', '[2]')).ok).toBe(false);
  expect(matchOutput(page, run.replace('init', 'update')).ok).toBe(false);
  expect(matchOutput('OK 200', 'OK  200').ok).toBe(false);
  expect(matchOutput('[7]', '[7]\n[7]').ok).toBe(false);
  // A shape stands for that shape only: text is not a UUID, a UUID is not a watermark.
  expect(matchOutput(UUID_A, 'not-a-uuid').ok).toBe(false);
  expect(matchOutput('id: 4t2L-mJpS1tknwpsq4CEYUnoyI0/9', `id: ${UUID_B}`).ok).toBe(false);
  expect(matchOutput('id: 4t2L-mJpS1tknwpsq4CEYUnoyI0/9', 'id: short/9').ok).toBe(false);
  const diff = matchOutput('[["a",[1]]]', '[["a",[2]]]');
  expect(diff.ok || diff.diff).toContain('- [["a",[1]]]\n+ [["a",[2]]]');
});

test('bad markup is refused with the file and line', () => {
  expect(() => scenariosOf('x.md', '```json output="demo/read"\n[]\n```\n')).toThrow(MarkupError);
  expect(() => scenariosOf('x.md', '```json output="demo/read"\n[]\n```\n')).toThrow(/^x\.md:1: /);
  expect(() => scenariosOf('x.md', '```bash run="Demo"\necho\n```\n')).toThrow(
    /not <scenario>\/<block>/,
  );
  expect(() =>
    scenariosOf('x.md', '```bash run="d/a"\necho\n```\n```bash run="d/a"\necho\n```\n'),
  ).toThrow(/x\.md:4: block id "d\/a" is used twice/);
  expect(() => scenariosOf('x.md', '```ts fragment run="d/a"\nx\n```\n')).toThrow(/fragment/);
  expect(() => scenariosOf('x.md', '```json run="d/a"\n{}\n```\n')).toThrow(/needs title=/);
  expect(() =>
    scenariosOf('x.md', '```ts run="d/a"\n1\n```\n```text output="d/a"\n1\n```\n'),
  ).toThrow(/is a file; the output belongs to the command/);
  // The runner starts nothing the page does not show: no running a file by a flag.
  expect(() => scenariosOf('x.md', '```ts run="d/a" exec\n1\n```\n')).toThrow(
    /x\.md:1: exec is gone/,
  );
  expect(() => scenariosOf('x.md', '```ts run="d/a" background\n1\n```\n')).toThrow(
    /a file does not run/,
  );
  const [demo] = scenariosOf(
    'x.md',
    '```ts run="d/a"\n1\n```\n```bash run="d/b e/b" background="d"\necho\n```\n',
  );
  expect(demo.items.map((i) => i.kind === 'shell' && i.background)).toEqual([false, true]);
});

test('the live flag of a live example changes nothing for the runner and the sample checker', async () => {
  const plain =
    '```ts title="a.ts" run="d/a"\nconst x: number = 1;\n```\n```bash run="d/b" background\necho\n```\n';
  const live = plain
    .replace('run="d/a"', 'live run="d/a" height="12"')
    .replace('run="d/b"', 'run="d/b" live');
  expect(scenariosOf('x.md', live)).toEqual(scenariosOf('x.md', plain));
  // The checker reads pages with the same parser (src/lib/fences.cjs), and compiles a live block.
  const samples = await import('../../src/plugins/typed-samples/samples.mjs');
  expect(samples.extractBlocks).toBe(extractBlocks);
  const [block] = extractBlocks(live);
  expect(samples.isFragment(block)).toBe(false);
});

/** A project, a one-key service started with tsx, then the page's steps; `tail` is appended. */
const demoPage = (tail: string) => `
\`\`\`bash run="demo/setup"
npm init -y > /dev/null
npm pkg set type=module
npm i @skipruntime/core @skipruntime/server tsx
\`\`\`

\`\`\`ts title="service.ts" run="demo/service"
import type { EagerCollection, Resource, SkipService } from "@skipruntime/core";
import { runService } from "@skipruntime/server";

type Collections = { counts: EagerCollection<string, number> };

class All implements Resource<Collections> {
  instantiate(collections: Collections): EagerCollection<string, number> {
    return collections.counts;
  }
}

const service: SkipService<Collections, Collections> = {
  initialData: { counts: [["a", [1]]] },
  resources: { all: All },
  createGraph: (inputs: Collections): Collections => inputs,
};

await runService(service, { control_port: 8081, streaming_port: 8080 });
\`\`\`

\`\`\`bash run="demo/start" background
npx tsx service.ts
\`\`\`

\`\`\`bash run="demo/read"
curl -s -X POST http://localhost:8081/v1/snapshot/all -H 'Content-Type: application/json' -d '{}'
\`\`\`
${tail}`;

/** 1-based number of the last line of `text` that starts with `start`. */
const lastLine = (text: string, start: string) =>
  text
    .split('\n')
    .map((l, i) => (l.startsWith(start) ? i + 1 : 0))
    .reduce((a, b) => Math.max(a, b));

test('a page showing output the run does not print fails, naming the page and the block', async ({}, testInfo) => {
  test.setTimeout(90_000);
  const page = demoPage('\n```json output="demo/read"\n[["a",[2]]]\n```\n');
  const [scenario] = scenariosOf('fixture/wrong.md', page);
  const run = runScenario(scenario, {parallelIndex: testInfo.parallelIndex});
  const line = lastLine(page, '```json output="demo/read"');
  await expect(run).rejects.toThrow(
    `fixture/wrong.md, block "demo/read" (output at line ${line}): the page shows output the run does not print`,
  );
  await expect(run).rejects.toThrow('- [["a",[2]]]\n+ [["a",[1]]]');
  expect(liveProcessGroups()).toBe(0);
});

test('a page port in an output block stands for the free port the run used in its place', async ({}, testInfo) => {
  test.setTimeout(60_000);
  const step = '```bash run="ports/echo"\necho "listening on port 8081"\n```\n';
  const shows = (port: string) =>
    `${step}\n\`\`\`text output="ports/echo"\nlistening on port ${port}\n\`\`\`\n`;
  const [right] = scenariosOf('fixture/ports.md', shows('8081'));
  await expect(runScenario(right, {parallelIndex: testInfo.parallelIndex})).resolves.toMatchObject({
    outputs: 1,
  });
  // Only the page's own port stands for the run's: another number is compared as it is.
  const [wrong] = scenariosOf('fixture/ports.md', shows('8080'));
  await expect(runScenario(wrong, {parallelIndex: testInfo.parallelIndex})).rejects.toThrow(
    '- listening on port 8080',
  );
  expect(liveProcessGroups()).toBe(0);
});

test('a stream that never prints what the page shows fails in bounded time; UUIDs shown carry over', async ({}, testInfo) => {
  test.setTimeout(90_000);
  // The page's UUID in the second command stands for the one the first command printed.
  const tail = `
\`\`\`json output="demo/read"
[["a",[1]]]
\`\`\`

\`\`\`bash run="demo/create"
curl -s -X POST http://localhost:8081/v1/streams/all -H 'Content-Type: application/json' -d '{}'
\`\`\`

\`\`\`text output="demo/create"
${UUID_A}
\`\`\`

\`\`\`bash run="demo/stream" background
curl -s -N -H 'Accept: text/event-stream' http://localhost:8080/v1/streams/${UUID_A}
\`\`\`

\`\`\`text output="demo/stream"
event: init
id: 4t2L-mJpS1tknwpsq4CEYUnoyI0/3
data: [["a",[1]]]
\`\`\`

\`\`\`text output="demo/stream"
event: update
id: 4t2L-mJpS1tknwpsq4CEYUnoyI0/4
data: [["a",[5]]]
\`\`\`
`;
  const page = demoPage(tail);
  const [scenario] = scenariosOf('fixture/silent.md', page);
  const run = runScenario(scenario, {parallelIndex: testInfo.parallelIndex, outputTimeoutMs: 2000});
  // Everything up to the init event matched; the update never comes.
  const line = lastLine(page, '```text output="demo/stream"');
  await expect(run).rejects.toThrow(
    `fixture/silent.md, block "demo/stream" (output at line ${line}): timed out after 2 s`,
  );
  expect(liveProcessGroups()).toBe(0);
});

test('a scenario starts in an empty folder, with only what its steps create and install', async ({}, testInfo) => {
  test.setTimeout(90_000);
  const page = `
\`\`\`bash run="bare/look"
ls -A | wc -l
npx --no-install tsc --version > /dev/null 2>&1 || echo "no tsc"
\`\`\`

\`\`\`text output="bare/look"
0
no tsc
\`\`\`

\`\`\`bash run="bare/install"
mkdir app && cd app
npm init -y > /dev/null
npm i -D typescript > /dev/null
ls -A
\`\`\`

\`\`\`text output="bare/install"
node_modules
package.json
\`\`\`

\`\`\`bash run="bare/tsc"
npx tsc > /dev/null; echo "tsc exited with $?"
node -e "import('@skipruntime/core').catch((e) => console.log(e.code))"
\`\`\`

\`\`\`text output="bare/tsc"
tsc exited with 1
ERR_MODULE_NOT_FOUND
\`\`\`
`;
  const [scenario] = scenariosOf('fixture/bare.md', page);
  const report = await runScenario(scenario, {parallelIndex: testInfo.parallelIndex});
  expect(report.outputs).toBe(3);
});

test("a pool runs a file's scenarios at most its limit at a time, the longest sleepers first, each failing on its own", async ({}, testInfo) => {
  test.setTimeout(90_000);
  // Each step notes its start and end in a shared log, so that the order and the overlap of
  // the runs can be read afterwards.
  const notes = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'skip-pool-')), 'notes');
  const step = (id: string, seconds: number, prints: string) =>
    `\`\`\`bash run="${id}/go"\necho "start ${id}" >> ${notes}\nsleep ${seconds}\necho "end ${id}" >> ${notes}\necho ${prints}\n\`\`\`\n\`\`\`text output="${id}/go"\n${id}\n\`\`\`\n`;
  const page = [step('quick', 1, 'quick'), step('wrong', 1, 'other'), step('slow', 3, 'slow')].join(
    '\n',
  );
  const scenarios = scenariosOf('fixture/pool.md', page);
  expect(scenarios.map(plannedWait)).toEqual([1, 1, 3]);
  const pool = new ScenarioPool(scenarios, {parallelIndex: testInfo.parallelIndex, limit: 2});
  const [quick, wrong, slow] = await Promise.all([0, 1, 2].map((i) => pool.result(i)));
  await pool.close();
  expect(quick!.report?.outputs).toBe(1);
  expect(slow!.report?.outputs).toBe(1);
  expect(String((wrong!.error as Error)?.message)).toContain('fixture/pool.md, block "wrong/go"');
  expect(wrong!.log.join('\n')).toContain('wrong');
  const lines = fs.readFileSync(notes, 'utf8').trim().split('\n');
  fs.rmSync(path.dirname(notes), {recursive: true, force: true});
  // The sleeper started with the first of the others, before the second (limit 2), and the
  // other two ran one after the other beside it.
  expect(lines.indexOf('start slow')).toBeLessThan(lines.indexOf('start wrong'));
  expect(lines.indexOf('end slow')).toBe(lines.length - 1);
  const running = (at: number) =>
    lines.slice(0, at + 1).filter((l) => l.startsWith('start')).length -
    lines.slice(0, at + 1).filter((l) => l.startsWith('end')).length;
  expect(Math.max(...lines.map((_, i) => running(i)))).toBe(2);
  expect(liveProcessGroups()).toBe(0);
});
