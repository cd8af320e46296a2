import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import MDXContent from '@theme/MDXContent';

import Sample from './sample.mdx';
import styles from './styles.module.css';

export default function SampleSection(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="sample-heading">
      <div className={`container ${styles.sampleGrid}`}>
        <div>
          <Heading as="h2" id="sample-heading">
            A whole service in one file
          </Heading>
          <p>
            Orders come in as an input collection. A mapper re-keys each order by customer, and a
            reducer adds the amounts up. That graph is declared once, in plain TypeScript.
          </p>
          <p>
            When an order is written, Skip recomputes only the total it touches and pushes the new
            value to every client subscribed to the <code>totals</code> resource. There is no cache
            to invalidate and no event handler to keep in sync.
          </p>
          <p>
            <Link to="/docs/functions">
              Build the orders service step by step in the guide to mappers and reducers
            </Link>
            .
          </p>
        </div>
        <div className={styles.sample}>
          <MDXContent>
            <Sample />
          </MDXContent>
        </div>
      </div>
    </section>
  );
}
