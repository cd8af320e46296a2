/**
 * A fence's meta as the live examples read it, through the site's one fence parser
 * (src/lib/fence-meta.cjs, `parseMeta`): the `live` flag (src/theme/CodeBlock,
 * src/components/TypedCode), `challenge=`, `show=` and `clients=`. Imported by every page
 * that shows code, so it stays small.
 */
import fenceMetaParser from '../../../lib/fence-meta.cjs';

/** The attributes and flags of a fence's meta (`show="a b" live`). */
export const fenceMeta = (meta: string | undefined): ReturnType<typeof fenceMetaParser.parseMeta> =>
  fenceMetaParser.parseMeta(meta ?? '');

/** Whether the fence's meta carries the flag `live`. */
export const isLive = (meta: string | undefined): boolean => fenceMeta(meta).flags.has('live');

/** The meta without the flag `name`, every other option as written. */
export const withoutFlag = (meta: string, name: string): string =>
  fenceMetaParser.withoutFlag(meta, name);
