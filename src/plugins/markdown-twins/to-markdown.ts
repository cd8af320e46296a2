/**
 * Turns a page's source (`.md` CommonMark or `.mdx`) into the clean CommonMark of its twin,
 * with the remark/mdast tools Docusaurus itself parses pages with, so the twin reads what the
 * page shows rather than what its source spells:
 *   - front matter, `import`/`export` lines, `{expressions}` and HTML comments are dropped,
 *     and the text on both sides of one dropped inside a paragraph is joined again;
 *   - an `<img>` (JSX, or HTML in a `.md` file) becomes `![alt](absolute URL)`, a
 *     `<Challenge>` a `### Challenge: <title>` heading, `<Hint>` and `<Solution>` a bold label,
 *     each followed by its content; any other element is replaced by its content;
 *   - admonitions (`:::note`) become block quotes that open with their kind in bold;
 *   - code fences keep their language and lose the rest of their meta (`title=`, `run=`,
 *     `live`…), so a live example is its code followed by its output block;
 *   - every link and image is absolute: site paths get the site's URL, `.md`/`.mdx` file
 *     links become the URL of the page built from that file, `#anchors` the page's own URL.
 */
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkComment from '@slorber/remark-comment';
import remarkStringify from 'remark-stringify';
import {admonitionTitleToDirectiveLabel} from '@docusaurus/utils';
import type {Root, RootContent, PhrasingContent, Parent, Image} from 'mdast';

export type TwinContext = {
  /** The site's URL without a trailing slash, e.g. `https://skiplabs.io`. */
  siteUrl: string;
  /** Absolute URL of the page the source is rendered at (`#anchor` links point there). */
  pageUrl: string;
  /** Absolute path of the source file. */
  file: string;
  /** Absolute source path → absolute page URL, for links to other pages' files. */
  pageOfFile: ReadonlyMap<string, string>;
  /** The page title, written as `# h1` when the source has no h1 of its own. */
  title?: string;
  /** Called for what the conversion cannot render faithfully (an unknown link target…). */
  warn: (message: string) => void;
};

/** Admonition keywords Docusaurus knows, with the label a reader sees. */
const ADMONITIONS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

type Node = RootContent | Root;
type JsxAttribute = {type: string; name?: string; value?: unknown};

function jsxAttribute(node: {attributes?: JsxAttribute[]}, name: string): string | undefined {
  const attr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attr?.value === 'string' ? attr.value : undefined;
}

/** `name="value"` pairs of an HTML tag. */
function htmlAttribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** An HTML comment. */
const COMMENT = /<!--[\s\S]*?-->/g;

const decodeEntities = (text: string) =>
  text.replace(/&(quot|amp|lt|gt|#39|apos);/g, (_m, name: string) =>
    name === 'quot' ? '"' : name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : "'",
  );

function absolute(url: string, ctx: TwinContext): string {
  // `pathname:///file` is Docusaurus's way to link a static file as it is: a site path.
  if (url.startsWith('pathname://')) url = url.slice('pathname://'.length);
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  if (url.startsWith('#')) return `${ctx.pageUrl}${url}`;
  const [target = '', hash = ''] = url.split(/(?=#)/);
  if (/\.mdx?$/.test(target)) {
    const file = target.startsWith('/')
      ? undefined
      : path.resolve(path.dirname(ctx.file), decodeURIComponent(target));
    const page = file && ctx.pageOfFile.get(file);
    if (page) return `${page}${hash}`;
    ctx.warn(`${ctx.file}: no page for the link ${url}`);
  }
  if (url.startsWith('/')) return `${ctx.siteUrl}${url}`;
  return new URL(url, ctx.pageUrl).toString();
}

function image(alt: string | undefined, src: string, ctx: TwinContext): Image {
  return {type: 'image', url: absolute(src, ctx), alt: alt ?? ''};
}

/**
 * The twin's nodes for one source node: none (dropped), itself (children converted), or
 * replacement nodes.
 */
function convert(node: Node, ctx: TwinContext, inPhrasing: boolean): RootContent[] {
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return [];
    case 'code':
      // A fence without a language (TypeDoc copies some from doc comments) is plain text.
      return [{...node, lang: node.lang ?? 'text', meta: null}];
    case 'heading': {
      // `## Title {#id}`: the explicit anchor is Docusaurus syntax, not part of the title.
      const last = node.children.at(-1);
      if (last?.type === 'text') last.value = last.value.replace(/\s*\\?\{#[\w-]+\}\s*$/, '');
      break;
    }
    case 'link':
    case 'image':
    case 'definition':
      node.url = absolute(node.url, ctx);
      break;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      if (node.name === 'img') {
        const src = jsxAttribute(node, 'src');
        if (!src) {
          ctx.warn(`${ctx.file}: an <img> without a string src is left out`);
          return [];
        }
        const img = image(jsxAttribute(node, 'alt'), src, ctx);
        return node.type === 'mdxJsxFlowElement' && !inPhrasing
          ? [{type: 'paragraph', children: [img]}]
          : [img];
      }
      if (node.name === 'br') return [{type: 'break'}];
      // A challenge (src/plugins/live-examples/Challenge): its title as the page shows it, then the
      // task, the code, and the hint and the solution under a label each.
      const children = () => node.children.flatMap((child) => convert(child as Node, ctx, false));
      if (node.name === 'Challenge' && !inPhrasing) {
        const title = jsxAttribute(node, 'title') ?? '';
        return [
          {type: 'heading', depth: 3, children: [{type: 'text', value: `Challenge: ${title}`}]},
          ...children(),
        ];
      }
      if ((node.name === 'Hint' || node.name === 'Solution') && !inPhrasing) {
        return [
          {
            type: 'paragraph',
            children: [{type: 'strong', children: [{type: 'text', value: node.name}]}],
          },
          ...children(),
        ];
      }
      return node.children.flatMap((child) =>
        convert(child as Node, ctx, inPhrasing || node.type === 'mdxJsxTextElement'),
      );
    }
    case 'html': {
      // Comments inside other HTML (remark-comment takes those that stand alone).
      const value = node.value.replace(COMMENT, '').trim();
      if (!value) return [];
      if (/^<img\b/i.test(value)) {
        const src = htmlAttribute(value, 'src');
        if (!src) return [];
        const alt = htmlAttribute(value, 'alt');
        const img = image(
          alt === undefined ? undefined : decodeEntities(alt),
          decodeEntities(src),
          ctx,
        );
        return inPhrasing ? [img] : [{type: 'paragraph', children: [img]}];
      }
      if (/^<br\s*\/?>$/i.test(value)) return [{type: 'break'}];
      // Other tags (TypeDoc's `<a id>` anchors…) are markup only: their text is kept.
      const text = decodeEntities(value.replace(/<[^>]*>/g, '')).trim();
      if (!text) return [];
      return inPhrasing
        ? [{type: 'text', value: text}]
        : [{type: 'paragraph', children: [{type: 'text', value: text}]}];
    }
    case 'containerDirective': {
      const label = ADMONITIONS[node.name];
      const children = node.children.flatMap((child) => convert(child as Node, ctx, false));
      if (!label) return children;
      // `:::note[Title]` carries its title as a first paragraph flagged as the label.
      const first = node.children[0];
      const hasTitle =
        first?.type === 'paragraph' && (first.data as {directiveLabel?: boolean})?.directiveLabel;
      const titleText = hasTitle ? (children.shift() as Parent).children : [];
      const heading: PhrasingContent = {
        type: 'strong',
        children: hasTitle ? (titleText as PhrasingContent[]) : [{type: 'text', value: label}],
      };
      return [
        {
          type: 'blockquote',
          children: [{type: 'paragraph', children: [heading]}, ...(children as never[])],
        },
      ];
    }
    case 'leafDirective':
    case 'textDirective': {
      // Not a directive Docusaurus renders: the source's text stands.
      const text: PhrasingContent = {type: 'text', value: `:${node.name}`};
      const rest = node.children.flatMap((child) => convert(child as Node, ctx, true));
      return node.type === 'textDirective'
        ? [text, ...rest]
        : [{type: 'paragraph', children: [text, ...(rest as PhrasingContent[])]}];
    }
    default:
      // Remark-comment's node for `<!-- -->` in MDX.
      if ((node as {type: string}).type === 'comment') return [];
  }
  if ('children' in node) {
    const block = node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell';
    const children = node.children.flatMap((child) =>
      convert(child as Node, ctx, inPhrasing || block),
    );
    (node as Parent).children = (
      inPhrasing || block ? closeGaps(children as PhrasingContent[], block) : children
    ) as never[];
  }
  return [node as RootContent];
}

/**
 * Phrasing content after the conversion dropped a comment or an expression from it: the text
 * on both sides of the gap becomes one, without the doubled space, and a paragraph, heading or
 * cell (`edges`) does not open or close with the blank the gap left (a blank there would be
 * written as `&#x20;`).
 */
function closeGaps(children: PhrasingContent[], edges: boolean): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const child of children) {
    const last = out.at(-1);
    if (child.type === 'text' && last?.type === 'text') last.value += child.value;
    else out.push(child.type === 'text' ? {...child} : child);
  }
  for (const child of out) {
    if (child.type === 'text') {
      child.value = child.value.replace(/[ \t]*\n[ \t]*/g, '\n').replace(/[ \t]{2,}/g, ' ');
    }
  }
  const first = out[0];
  const end = out.at(-1);
  if (edges && first?.type === 'text') first.value = first.value.trimStart();
  if (edges && end?.type === 'text') end.value = end.value.trimEnd();
  return out.filter((child) => child.type !== 'text' || child.value !== '');
}

/** The Markdown twin of a page's source. */
export function toMarkdownTwin(source: string, format: 'md' | 'mdx', ctx: TwinContext): string {
  const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
  if (format === 'mdx') parser.use(remarkMdx);
  // Comments are read in both formats, as the site reads them (`markdown.mdx1Compat.comments`):
  // in CommonMark alone, a line opening with `<!--` would be an HTML block, taking the text
  // after the comment with it.
  parser.use(remarkComment).use(remarkGfm).use(remarkDirective);
  // As Docusaurus reads them (mdx1Compat.admonitions): `:::note Title` is `:::note[Title]`.
  const text = admonitionTitleToDirectiveLabel(source, Object.keys(ADMONITIONS));
  const tree = parser.runSync(parser.parse(text)) as Root;
  tree.children = tree.children.flatMap((child) => convert(child, ctx, false));
  const first = tree.children[0];
  if (!(first?.type === 'heading' && first.depth === 1) && ctx.title) {
    tree.children.unshift({
      type: 'heading',
      depth: 1,
      children: [{type: 'text', value: ctx.title}],
    });
  }
  return String(
    unified()
      .use(remarkStringify, {
        bullet: '-',
        fences: true,
        rule: '-',
        emphasis: '_',
        listItemIndent: 'one',
      })
      .use(remarkGfm)
      .stringify(tree),
  );
}
