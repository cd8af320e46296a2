/**
 * Fails the build on front matter the blog and docs plugins would accept silently: a post
 * or guide without a title falls back to its file name or first heading, a post's date can
 * be an impossible day (YAML rolls 2025-02-31 over to March) or disagree with its file
 * name, and a slug can be missing, malformed or taken twice.
 *
 * It reads blog/ and docs/ (not docs/api/, which TypeDoc generates) with the parser the
 * content plugins use (gray-matter through @docusaurus/utils), in loadContent, so a bad file
 * stops the build before any bundling.
 * Every problem is reported as `<file>: front matter field "<field>" ...`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** A post's slug, and each segment of a guide's. */
const SLUG = /^[a-z0-9][a-z0-9_-]*$/;
/** `YYYY-MM-DD`, optionally followed by a time and zone, as the blog plugin reads dates. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** The date prefix of a post's file name. */
const FILE_DATE = /^(\d{4}-\d{2}-\d{2})-/;

type Kind = 'post' | 'guide';

/** Markdown files under `dir`, skipping partials (`_name`) and, for docs, the generated `api/`. */
function markdownFiles(dir: string, skip: string[] = []): string[] {
  if (!fs.existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    if (entry.name.startsWith('_') || entry.name.startsWith('.') || skip.includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...markdownFiles(full));
    else if (/\.mdx?$/.test(entry.name)) files.push(full);
  }
  return files.sort();
}

/** The raw text of a top-level scalar in the front matter block, without quotes. */
function rawScalar(fileContent: string, key: string): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(fileContent)?.[1] ?? '';
  const line = new RegExp(`^${key}:[ \\t]*(.*?)[ \\t]*$`, 'm').exec(block)?.[1];
  return line?.replace(/\s+#.*$/, '').replace(/^(['"])(.*)\1$/, '$2');
}

/** Whether `year-month-day` exists in the calendar. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The problems with one date value; `raw` is its text in the file. */
function dateProblem(value: unknown, raw: string | undefined, fileName: string): string | undefined {
  if (value === undefined || value === null || value === '') return 'is missing';
  const text = raw ?? (value instanceof Date ? value.toISOString() : String(value));
  const match = DATE.exec(text);
  if (!match || (value instanceof Date && Number.isNaN(value.getTime()))) {
    return `is not a date (YYYY-MM-DD, optionally with a time): ${JSON.stringify(text)}`;
  }
  const [, year, month, day] = match;
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return `is not a day of the calendar: ${text}`;
  const fromName = FILE_DATE.exec(fileName)?.[1];
  if (fromName && fromName !== `${year}-${month}-${day}`) {
    return `${text} does not match the date ${fromName} of the file name`;
  }
  return undefined;
}

async function checkFile(file: string, kind: Kind, siteDir: string, slugs: Map<string, string>): Promise<string[]> {
  const name = path.relative(siteDir, file);
  const fileContent = fs.readFileSync(file, 'utf8');
  let frontMatter: Record<string, unknown>;
  try {
    ({frontMatter} = await DEFAULT_PARSE_FRONT_MATTER({filePath: file, fileContent}));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return [`${name}: front matter is not valid YAML: ${reason}`];
  }
  const problems: string[] = [];
  const field = (key: string, problem: string) => problems.push(`${name}: front matter field "${key}" ${problem}`);

  const {title, slug} = frontMatter;
  if (typeof title !== 'string' || title.trim() === '') {
    field('title', title === undefined ? 'is missing' : 'must be a non-empty string');
  }

  if (kind === 'post') {
    const problem = dateProblem(frontMatter.date, rawScalar(fileContent, 'date'), path.basename(file));
    if (problem) field('date', problem);
  }

  if (slug === undefined && kind === 'post') {
    field('slug', 'is missing');
  } else if (slug !== undefined) {
    // A post's slug is one segment; a guide's may be a path, optionally absolute.
    const text = typeof slug === 'string' ? slug : '';
    const segments = (kind === 'guide' ? text.replace(/^\//, '') : text).split('/');
    const valid = segments.every((segment) => SLUG.test(segment)) && (kind === 'guide' || segments.length === 1);
    if (!valid) {
      field('slug', `must match ${SLUG} (lower-case letters, digits, "-" and "_"): ${JSON.stringify(slug)}`);
    } else {
      const key = `${kind}:${segments.join('/')}`;
      const first = slugs.get(key);
      if (first) field('slug', `${JSON.stringify(slug)} is already used by ${first}`);
      else slugs.set(key, name);
    }
  }
  return problems;
}

export default function frontMatterCheckPlugin(context: LoadContext): Plugin {
  const {siteDir} = context;
  return {
    name: 'front-matter-check',
    // Reads synchronously on purpose: with no I/O to wait for, this settles before the content
    // plugins (loaded in parallel) have read a file, so its message is the one the build prints.
    async loadContent() {
      const slugs = new Map<string, string>();
      const problems: string[] = [];
      for (const file of markdownFiles(path.join(siteDir, 'blog'))) {
        problems.push(...(await checkFile(file, 'post', siteDir, slugs)));
      }
      for (const file of markdownFiles(path.join(siteDir, 'docs'), ['api'])) {
        problems.push(...(await checkFile(file, 'guide', siteDir, slugs)));
      }
      if (problems.length > 0) throw new Error(problems.join('\n'));
    },
  };
}
