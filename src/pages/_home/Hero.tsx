import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

export default function Hero(): ReactNode {
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.heroTitle}>
          Backend data that keeps itself up to date
        </Heading>
        <p className={styles.heroLead}>
          Skip is an open-source TypeScript framework for reactive backend services: you declare how
          your data is derived from its inputs, and the runtime keeps every result current and
          streams each change to your clients.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/docs/getting_started">
            Get started
          </Link>
          <Link className="button button--secondary button--lg" to="/docs/introduction">
            Read the introduction
          </Link>
        </div>
        <p className={styles.install}>
          <code>
            npm i @skipruntime/core@0.0.15 @skipruntime/server@0.0.15 @skipruntime/helpers@0.0.15
          </code>
        </p>
      </div>
    </header>
  );
}
