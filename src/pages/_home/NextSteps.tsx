import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

const steps = [
  {
    to: '/docs/getting_started',
    title: 'Getting started',
    body: 'Install Skip and run a reactive service in a few minutes.',
  },
  {
    to: '/docs/api/core',
    title: 'API reference',
    body: 'Every interface, class and function of the five packages.',
  },
  {to: '/blog', title: 'Blog', body: 'Releases, tutorials and essays on reactive backends.'},
];

export default function NextSteps(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="next-heading">
      <div className="container">
        <Heading as="h2" id="next-heading" className={styles.centered}>
          Where to go next
        </Heading>
        <ul className={styles.steps}>
          {steps.map(({to, title, body}) => (
            <li key={to}>
              <Link className={styles.step} to={to}>
                <span className={styles.stepTitle}>{title}</span>
                <span>{body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
