/**
 * Wraps the docs' breadcrumbs to put the copy control (src/components/CopyPage: "Copy page",
 * "View as Markdown" and the page's `<link rel="alternate" type="text/markdown">`) on the
 * same line, on every guide and API page.
 */
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@site/src/components/CopyPage';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <div className={styles.row}>
      <DocBreadcrumbs {...props} />
      <CopyPage permalink={metadata.permalink} />
    </div>
  );
}
