/**
 * The theme's highlighted code block content, with Prism and the extra languages of
 * `themeConfig.prism.additionalLanguages`. The server bundle imports it as is
 * (./highlighted.ts); the client bundle loads it on demand (./highlighted.client.ts), so
 * Prism is in a chunk of its own that a first page load never fetches.
 */
import type {ComponentType} from 'react';
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import ThemeContent from '@theme-init/CodeBlock/Content';
import type {Props} from '@theme/CodeBlock/Content';

prismIncludeLanguages(Prism);

export default ThemeContent as ComponentType<Props>;
