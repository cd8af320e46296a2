/**
 * A fence's meta as the live examples read it, through the site's one fence parser
 * (src/lib/fences.cjs, `parseMeta`): the `live` flag (src/theme/CodeBlock,
 * src/components/TypedCode), `challenge=`, `show=` and `clients=`. Imported by every page
 * that shows code, so it stays small.
 */
import fences from '../../../lib/fences.cjs';

/** The attributes and flags of a fence's meta (`show="a b" live`). */
export const fenceMeta = (meta: string | undefined): ReturnType<typeof fences.parseMeta> =>
  fences.parseMeta(meta ?? '');

/** Whether the fence's meta carries the flag `live`. */
export const isLive = (meta: string | undefined): boolean => fenceMeta(meta).flags.has('live');

/**
 * The meta without the flag `name`, everything else as written. Its tokens are those of
 * `parseMeta` (a name, then `="…"`, `='…'` or a bare value), so a flag's word inside a quoted
 * value stays. (src/lib/fences.cjs exports no token pattern to share.)
 */
export const withoutFlag = (meta: string, name: string): string =>
  meta.replace(/([\w-]+)(?:=(?:"[^"]*"|'[^']*'|\S+))?/g, (token) => (token === name ? '' : token));
