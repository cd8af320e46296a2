/**
 * Remark step (before Docusaurus's own, in the docs and blog plugins): every ```ts / ```tsx
 * block of a page that the samples' compile typed (./render.ts) becomes
 * `<TypedCode code=… language=… metastring=… typed={require("!!<loader>!<cache>/<hash>.typed")} />`
 * (src/components/TypedCode). The HTML goes through a file that only the server bundle reads
 * (./html-loader.cjs gives the client bundle `null`), so the page's JavaScript does not carry
 * it. The page does not import `TypedCode`: MDX takes it from the MDX components
 * (src/theme/MDXComponents), so the page's chunk shares no module with the code block's.
 * A live example's fence (`live`) is typed too: TypedCode hands its block to the live example
 * (src/plugins/live-examples/LiveService), which shows it until Run. The API pages' examples
 * are typed from their sources (`apiExampleBlocks`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {visit} from 'unist-util-visit';
import type {Code, Root} from 'mdast';
import {typedBlocks, type TypedSite} from './render';

/** Where the typed HTML is written for the server bundle. */
export const cacheDir = (siteDir: string) =>
  path.join(siteDir, 'node_modules', '.cache', 'typed-samples');

const LANGS = new Set(['ts', 'tsx', 'typescript']);
const COMPONENT = 'TypedCode';
const LOADER = fileURLToPath(new URL('./html-loader.cjs', import.meta.url));

type Estree = Record<string, unknown>;
const program = (body: Estree[]): Estree => ({
  type: 'Program',
  body,
  sourceType: 'module',
  comments: [],
});
const literal = (value: string): Estree => ({type: 'Literal', value, raw: JSON.stringify(value)});

/** `require("<file>")` as an MDX attribute value. */
function requireValue(file: string) {
  const call: Estree = {
    type: 'CallExpression',
    callee: {type: 'Identifier', name: 'require'},
    arguments: [literal(file)],
    optional: false,
  };
  return {
    type: 'mdxJsxAttributeValueExpression',
    value: `require(${JSON.stringify(file)})`,
    data: {estree: program([{type: 'ExpressionStatement', expression: call}])},
  };
}

const attribute = (name: string, value: unknown) => ({type: 'mdxJsxAttribute', name, value});

/** The site's folder, from this file's place in it. */
const siteDir = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * On a generated API page, the blocks of the API examples (api-sources/examples/), which
 * api-sources/typedoc-examples.mjs copied onto the pages: a block is matched by its code, as
 * within a page.
 */
function apiExampleBlocks(blocks: TypedSite['blocks'], file: string) {
  if (path.relative(path.join(siteDir, 'docs', 'api'), path.resolve(file)).startsWith('..'))
    return undefined;
  const examples = path.join(siteDir, 'api-sources', 'examples') + path.sep;
  return [...blocks].flatMap(([source, typed]) => (source.startsWith(examples) ? typed : []));
}

/**
 * Takes no options: the docs and blog options are serialized into every page's first
 * JavaScript (the site config), so options here would be shipped to every reader.
 */
export default function remarkTypedSamples() {
  return (tree: Root, file: {path?: string}) => {
    if (!file.path) return;
    const {blocks, css} = typedBlocks(siteDir);
    const typed = blocks.get(path.resolve(file.path)) ?? apiExampleBlocks(blocks, file.path);
    if (!typed) return;
    const used = new Set<number>();
    let first = true;
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined || !LANGS.has(node.lang ?? '')) return;
      // The same block in the compile: the first one not yet used with the same code.
      const at = typed.findIndex((block, i) => !used.has(i) && block.code === node.value);
      if (at < 0) return;
      used.add(at);
      const data = JSON.stringify({html: typed[at]!.html, css: first ? css : undefined});
      const json = path.join(
        cacheDir(siteDir),
        `${crypto.createHash('sha1').update(data).digest('hex')}.typed`,
      );
      if (!fs.existsSync(json)) {
        fs.mkdirSync(path.dirname(json), {recursive: true});
        fs.writeFileSync(json, data);
      }
      const attributes = [
        attribute('code', node.value),
        attribute('language', node.lang),
        attribute('metastring', node.meta ?? ''),
        attribute('typed', requireValue(`!!${LOADER}!${json}`)),
      ];
      if (first) attributes.push(attribute('stylesheet', null));
      first = false;
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: COMPONENT,
        attributes,
        children: [],
      } as unknown as Code;
    });
  };
}
