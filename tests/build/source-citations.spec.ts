/**
 * A sentence about the runtime that cannot run here (on a page, or in a note of
 * api-sources/notes/ on an API page) is backed by a comment beside it naming a
 * file of the Skip packages and its lines (`<!-- source: @skipruntime/server dist/src/rest.js:8-13
 * … -->`). Each such citation must name a file the installed packages have, and lines the file
 * has: after an upgrade of the packages moves or shortens a file, this fails, naming the page and
 * the citation, until the sentence is checked again. Citations of the runtime's own sources
 * (`Runtime.sk` at a tag of SkipLabs/skip) are not installed here and are not checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {ROOT} from '../../src/lib/root.cjs';
import {noteFiles, pageFiles} from '../lib/runnable';

/** Lines of a file of node_modules, or undefined when it is missing. */
const lineCounts = new Map<string, number | undefined>();
function linesOf(file: string): number | undefined {
  if (!lineCounts.has(file)) {
    const full = path.join(ROOT, 'node_modules', file);
    lineCounts.set(
      file,
      fs.existsSync(full) ? fs.readFileSync(full, 'utf8').split('\n').length : undefined,
    );
  }
  return lineCounts.get(file);
}

test("every package file a page cites exists, with the lines it cites", () => {
  const wrong: string[] = [];
  let checked = 0;
  // The guides and posts, and our notes on the API pages (api-sources/notes/).
  for (const file of [...pageFiles(), ...noteFiles()]) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/<!--([\s\S]*?)-->|\{\/\*([\s\S]*?)\*\/\}/g)) {
      const comment = m[1] ?? m[2]!;
      const where = `${file}:${text.slice(0, m.index).split('\n').length}`;
      // In order: package names, their files (`dist/….js` or `.d.ts`, maybe with lines),
      // further line ranges (`, :290-331`) of the last file named, and the runtime's sources
      // (`Runtime.sk`), after which a bare range is theirs.
      const tokens = comment.matchAll(
        /(@(?:skipruntime|skip-adapter)\/[a-z-]+)|\b(dist\/[\w./-]+?\.(?:d\.ts|js))(?::(\d+)(?:-(\d+))?)?|(?<=[\s,(]):(\d+)(?:-(\d+))?|(\w+\.sk)\b/g,
      );
      const packages: string[] = [];
      let current: string | undefined;
      for (const t of tokens) {
        if (t[1]) {
          packages.unshift(t[1]);
          continue;
        }
        if (t[7]) {
          current = undefined;
          continue;
        }
        let last: string | undefined;
        if (t[2]) {
          // A file of something other than the packages (a template's dist/index.js).
          if (packages.length === 0) continue;
          // The file belongs to the nearest package named before it that has it.
          current = packages.map((p) => `${p}/${t[2]}`).find((f) => linesOf(f) !== undefined);
          if (!current) {
            wrong.push(`${where}: ${t[2]} is in none of ${packages.join(', ')}`);
            continue;
          }
          last = t[4] ?? t[3];
        } else if (current) {
          last = t[6] ?? t[5];
        } else {
          continue;
        }
        checked++;
        if (last && Number(last) > linesOf(current)!) {
          wrong.push(`${where}: ${current} has ${linesOf(current)} lines, line ${last} is cited`);
        }
      }
    }
  }
  expect(checked, 'citations of package files').toBeGreaterThan(50);
  expect(wrong).toEqual([]);
});
