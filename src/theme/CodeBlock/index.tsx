/**
 * The theme's CodeBlock, unchanged, with the extra Prism languages of
 * `themeConfig.prism.additionalLanguages` registered when the first code block's module
 * loads rather than in the JavaScript of every page (see src/plugins/code-highlight-on-demand).
 */
import type {ReactNode} from 'react';
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import type {WrapperProps} from '@docusaurus/types';

prismIncludeLanguages(Prism);

type Props = WrapperProps<typeof CodeBlockType>;

export default function CodeBlockWrapper(props: Props): ReactNode {
  return <CodeBlock {...props} />;
}
