import type {ReactNode} from 'react';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

type Feature = {title: string; body: ReactNode};

const features: Feature[] = [
  {
    title: 'Declare the result, not the updates',
    body: 'Mappers and reducers describe how outputs follow from inputs. The runtime tracks the dependencies and recomputes only what a change reaches.',
  },
  {
    title: 'Live by default',
    body: 'Every resource can be read as a snapshot or followed as a stream of server-sent events, so clients see a change as soon as it happens.',
  },
  {
    title: 'Plain TypeScript on Node.js',
    body: 'Services are ordinary classes and objects, typed end to end, running on a WebAssembly runtime that ships with the npm packages.',
  },
  {
    title: 'Works with what you have',
    body: 'Adapters bring PostgreSQL tables, Kafka topics, polled HTTP APIs and other Skip services into the graph as reactive inputs.',
  },
];

export default function Features(): ReactNode {
  return (
    <section className={`${styles.section} ${styles.features}`} aria-labelledby="features-heading">
      <div className="container">
        <Heading as="h2" id="features-heading" className={styles.centered}>
          What Skip does for you
        </Heading>
        <ul className={styles.featureList}>
          {features.map(({title, body}) => (
            <li key={title} className={styles.feature}>
              <Heading as="h3">{title}</Heading>
              <p>{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
