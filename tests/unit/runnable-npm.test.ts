/**
 * The runnable scenarios' `npm` wrapper (tests/lib/runnable-npm.mjs) answers `npm init -y` and
 * `npm pkg set name=value` itself, so it must write what the real npm writes: the same
 * package.json, byte for byte, and the same output, in a folder of the same name.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';

import {ROOT} from '../../src/lib/root.cjs';

test("the wrapper's `npm init -y` writes the package.json and output of the real npm", () => {
  const realNpm = fs.realpathSync(
    execFileSync('bash', ['-c', 'command -v npm'], {encoding: 'utf8'}).trim(),
  );
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-init-'));
  try {
    // A folder name with capitals and punctuation, as the scenarios' temporary folders have.
    const [real, ours] = ['real', 'ours'].map((side) => {
      const dir = path.join(base, side, 'skip-runnable-Tasks.x_Q1');
      fs.mkdirSync(dir, {recursive: true});
      return dir;
    });
    const env = {...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false'};
    const realOut = execFileSync(realNpm, ['init', '-y'], {cwd: real, env, encoding: 'utf8'});
    const ourOut = execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'tests/lib/runnable-npm.mjs'),
        path.join(ROOT, 'node_modules'),
        realNpm,
        'init',
        '-y',
      ],
      {cwd: ours, env, encoding: 'utf8'},
    );
    assert.equal(
      fs.readFileSync(path.join(ours, 'package.json'), 'utf8'),
      fs.readFileSync(path.join(real, 'package.json'), 'utf8'),
    );
    assert.equal(ourOut.replaceAll(ours, '<dir>'), realOut.replaceAll(real, '<dir>'));
  } finally {
    fs.rmSync(base, {recursive: true, force: true});
  }
});

test("the wrapper's `npm pkg set name=value` writes the package.json and output of the real npm", () => {
  const realNpm = fs.realpathSync(
    execFileSync('bash', ['-c', 'command -v npm'], {encoding: 'utf8'}).trim(),
  );
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-pkg-'));
  try {
    const env = {...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false'};
    // After `npm init -y` (an existing name changes in place), then new names.
    const steps = [['type=module'], ['private=true', 'engines=node']];
    const [real, ours] = ['real', 'ours'].map((side) => {
      const dir = path.join(base, side, 'project');
      fs.mkdirSync(dir, {recursive: true});
      execFileSync(realNpm, ['init', '-y'], {cwd: dir, env});
      return dir;
    });
    for (const pairs of steps) {
      const realOut = execFileSync(realNpm, ['pkg', 'set', ...pairs], {
        cwd: real,
        env,
        encoding: 'utf8',
      });
      // A real npm that is not there: the wrapper must not fall back to it.
      const ourOut = execFileSync(
        process.execPath,
        [
          path.join(ROOT, 'tests/lib/runnable-npm.mjs'),
          path.join(ROOT, 'node_modules'),
          '/nonexistent/npm',
          'pkg',
          'set',
          ...pairs,
        ],
        {cwd: ours, env, encoding: 'utf8'},
      );
      assert.equal(
        fs.readFileSync(path.join(ours, 'package.json'), 'utf8'),
        fs.readFileSync(path.join(real, 'package.json'), 'utf8'),
        `after npm pkg set ${pairs.join(' ')}`,
      );
      assert.equal(ourOut, realOut);
    }
    assert.match(fs.readFileSync(path.join(ours, 'package.json'), 'utf8'), /"type": "module"/);
  } finally {
    fs.rmSync(base, {recursive: true, force: true});
  }
});
