// @ts-check
// A TypeDoc plugin: typing slips in the packages' doc comments that break a page's Markdown are
// mended as TypeDoc reads them (issue 28 §1), never in the generated files. Each fix names the
// symbol and the exact text it replaces; a fix whose text the symbol's comments no longer hold
// stops the generation, so a release that mends the comment itself drops the fix here.
// Likewise `Opaque`'s declaration: its one member is @hidden, so TypeDoc would show the type as
// `Value & object`; the page shows the declaration as the package writes it.
import {Converter, IntersectionType, ReflectionType, UnknownType} from 'typedoc';

/**
 * @typedef {{symbol: string, find: string, replace: string, why: string}} CommentFix
 */

/** @type {readonly CommentFix[]} */
export const COMMENT_FIXES = [
  {
    symbol: 'runService',
    find: '- `GET /v1/healthcheck\n',
    replace: '- `GET /v1/healthcheck`:\n',
    why:
      'The route lacks its closing backtick: the page showed a stray one, and the markdown ' +
      "theme's escaping then paired the backticks wrongly and escaped the event example's <watermark>.",
  },
];

/**
 * Applies the fixes to the text parts of the comments of the symbol, its signatures and their
 * parameters. Returns the fixes whose symbol is in the project but whose text was not found.
 * @param {import('typedoc').ProjectReflection} project
 * @param {readonly CommentFix[]} fixes
 * @returns {CommentFix[]}
 */
export function applyCommentFixes(project, fixes) {
  const missing = [];
  for (const fix of fixes) {
    const symbol = project.children?.find((child) => child.name === fix.symbol);
    if (!symbol) continue;
    /** @type {import('typedoc').Reflection[]} */
    const reflections = [symbol];
    for (const signature of symbol.signatures ?? []) {
      reflections.push(signature, ...(signature.parameters ?? []));
    }
    const comments = reflections.flatMap((reflection) =>
      reflection.comment ? [reflection.comment] : [],
    );
    let found = false;
    for (const comment of comments) {
      const parts = [...comment.summary, ...comment.blockTags.flatMap((tag) => tag.content)];
      for (const part of parts) {
        if (part.kind === 'text' && part.text.includes(fix.find)) {
          part.text = part.text.split(fix.find).join(fix.replace);
          found = true;
        }
      }
    }
    if (!found) missing.push(fix);
  }
  return missing;
}

/**
 * Shows `Opaque` as declared, `Value & { [opaque]: Tag }`, where TypeDoc, having dropped the hidden
 * member, has an empty object type. Throws when the declaration is no longer that shape.
 * @param {import('typedoc').ProjectReflection} project
 */
export function showOpaqueAsDeclared(project) {
  const opaque = project.children?.find((child) => child.name === 'Opaque');
  if (!opaque) return;
  const type = opaque.type;
  const last = type instanceof IntersectionType ? type.types.at(-1) : undefined;
  if (
    !(type instanceof IntersectionType) ||
    type.types.length !== 2 ||
    !(last instanceof ReflectionType) ||
    (last.declaration.children ?? []).length > 0
  ) {
    throw new Error(
      `api-sources/typedoc-comment-fixes.mjs: Opaque is no longer "Value & <a hidden member>": ${String(type)}`,
    );
  }
  type.types[1] = new UnknownType('{ [opaque]: Tag }');
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    showOpaqueAsDeclared(context.project);
    const missing = applyCommentFixes(context.project, COMMENT_FIXES);
    if (missing.length > 0) {
      throw new Error(
        `api-sources/typedoc-comment-fixes.mjs: the comments no longer hold the text to mend:\n${missing
          .map((fix) => `${fix.symbol}: ${JSON.stringify(fix.find)}`)
          .join('\n')}`,
      );
    }
  });
}
