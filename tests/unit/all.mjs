// @ts-check
/**
 * `npm run test:unit`: every tests/unit/*.test.ts, imported into one Node process, each file's
 * tests under its name. Run one by one, as `node --test` runs the files it is given, each file
 * paid for a Node process of its own and tsx's start in it, about a quarter of the unit tests'
 * CPU time. The files keep no state that another could see (no working-folder change, no
 * environment written, no global replaced); one file alone still runs as
 * `node --import tsx --test tests/unit/<name>.test.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe} from 'node:test';
import {fileURLToPath, pathToFileURL} from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = fs.readdirSync(dir).filter((file) => file.endsWith('.test.ts'));

for (const file of files.sort()) {
  describe(file, async () => {
    await import(pathToFileURL(path.join(dir, file)).href);
  });
}
