/**
 * A challenge at the end of a guide (the format: src/challenges/format.ts; README,
 * "Challenges"): the task, a live example with the starting code and **Check**, a hint and a
 * solution, both folded. Without JavaScript everything reads as it is; the live example
 * inside gets the challenge's id and its solution's code from ./context.
 */
import {Children, isValidElement, useContext, useId, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {ChallengeContext} from './context';
import styles from './styles.module.css';

type Props = {id: string; title: string; children: ReactNode};

/** The code of the first code block among `children`, as the page wrote it. */
export function codeOf(children: ReactNode): string | undefined {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const props = child.props as {code?: unknown; children?: ReactNode};
    // A typed sample (src/components/TypedCode) carries its code as a prop.
    if (typeof props.code === 'string') return props.code;
    // A fence as MDX gives it: <pre><code>text</code></pre>.
    if (typeof props.children === 'string' && child.type !== Hint) {
      return props.children.replace(/\n$/, '');
    }
    const inner = codeOf(props.children);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

export function Challenge({id, title, children}: Props): ReactNode {
  const headingId = useId();
  const [requests, setRequests] = useState(0);
  const solution = Children.toArray(children).find(
    (child) => isValidElement(child) && child.type === Solution,
  );
  const code = isValidElement(solution)
    ? codeOf((solution.props as {children?: ReactNode}).children)
    : undefined;
  return (
    <section
      className={styles.challenge}
      id={`challenge-${id}`}
      aria-labelledby={headingId}
      data-challenge={id}
    >
      <h3 id={headingId} className={styles.title}>
        <span className={styles.kicker}>Challenge</span> {title}
      </h3>
      <ChallengeContext.Provider
        value={{
          id,
          title,
          solution: code,
          requests,
          requestSolution: () => setRequests((n) => n + 1),
        }}
      >
        {children}
      </ChallengeContext.Provider>
    </section>
  );
}

export function Hint({children}: {children: ReactNode}): ReactNode {
  return (
    <details className={styles.fold} data-challenge-hint="">
      <summary>Hint</summary>
      <div className={styles.folded}>{children}</div>
    </details>
  );
}

export function Solution({children}: {children: ReactNode}): ReactNode {
  const challenge = useContext(ChallengeContext);
  const isBrowser = useIsBrowser();
  return (
    <details className={styles.fold} data-challenge-solution="">
      <summary>Solution</summary>
      <div className={styles.folded}>
        {children}
        {isBrowser && challenge?.solution !== undefined && (
          <p>
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={challenge.requestSolution}
            >
              Put this solution in the editor
            </button>
          </p>
        )}
      </div>
    </details>
  );
}
