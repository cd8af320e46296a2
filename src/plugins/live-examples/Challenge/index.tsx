/**
 * A challenge at the end of a guide (the format: src/challenges/format.ts; CONTRIBUTING.md,
 * "Challenges"): the task, a live example with the starting code and **Check**, a hint and a
 * solution, both folded in native `<details>`. Without JavaScript everything reads as it is.
 *
 * Light on purpose: it imports nothing but React and the core's `useIsBrowser` and styles
 * itself with the theme's classes, so that a page with challenges loads no new shared chunk
 * and the site's one stylesheet does not grow. The solution reaches the live example
 * (src/plugins/live-examples/LiveService) as a DOM event on the challenge's section,
 * `challenge-solution`, whose `detail` is the solution's code.
 */
import {Children, isValidElement, useId, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** The event "Put this solution in the editor" sends to the live example. */
export const SOLUTION_EVENT = 'challenge-solution';

/** The code of the first code block among `children`, as the page wrote it. */
export function codeOf(children: ReactNode): string | undefined {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const props = child.props as {code?: unknown; children?: ReactNode};
    // A typed sample (src/components/TypedCode) carries its code as a prop.
    if (typeof props.code === 'string') return props.code;
    // A fence as MDX gives it: <pre><code>text</code></pre>.
    if (child.type !== 'p' && typeof props.children === 'string') {
      return props.children.replace(/\n$/, '');
    }
    const inner = codeOf(props.children);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

export function Challenge({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}): ReactNode {
  const headingId = useId();
  return (
    <section
      className="card margin-vert--lg"
      id={`challenge-${id}`}
      aria-labelledby={headingId}
      data-challenge={id}
    >
      <div className="card__body">
        <h3 id={headingId}>Challenge: {title}</h3>
        {children}
      </div>
    </section>
  );
}

export function Hint({children}: {children: ReactNode}): ReactNode {
  return (
    <details className="margin-bottom--md" data-challenge-hint="">
      <summary>Hint</summary>
      <div className="margin-top--sm">{children}</div>
    </details>
  );
}

export function Solution({children}: {children: ReactNode}): ReactNode {
  const isBrowser = useIsBrowser();
  const code = codeOf(children);
  return (
    <details className="margin-bottom--md" data-challenge-solution="">
      <summary>Solution</summary>
      <div className="margin-top--sm">
        {children}
        {isBrowser && code !== undefined && (
          <p>
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={(event) =>
                event.currentTarget
                  .closest('[data-challenge]')
                  ?.dispatchEvent(new CustomEvent(SOLUTION_EVENT, {detail: code}))
              }
            >
              Put this solution in the editor
            </button>
          </p>
        )}
      </div>
    </details>
  );
}
