/**
 * "Copy page" and "View as Markdown" for a guide, API page or post: its Markdown twin
 * (src/plugins/markdown-twins) copied to the clipboard, or opened.
 *
 * Rendered on the server with its final size, so nothing moves when the page hydrates or
 * when the button's label changes (the labels share one grid cell, sized by the longest).
 * The twin is fetched only when the button is pressed. A polite live region says whether
 * the copy worked. Without JavaScript the button cannot work, so it stays invisible (still
 * holding its place) until React has hydrated; the link works without JavaScript.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {twinPath} from '@site/src/plugins/markdown-twins/twin-path';
import hidden from '@site/src/css/visually-hidden.module.css';
import TwinLink from './TwinLink';
import styles from './styles.module.css';

type State = 'idle' | 'copied' | 'failed';

const LABELS: Record<State, string> = {idle: 'Copy page', copied: 'Copied', failed: 'Copy failed'};
const MESSAGES: Record<State, string> = {
  idle: '',
  copied: 'The page is copied to the clipboard as Markdown.',
  failed: 'The page could not be copied. Use "View as Markdown" to open it instead.',
};

/** `permalink`: the page's route, base URL included. */
export default function CopyPage({permalink}: {permalink: string}): ReactNode {
  const href = twinPath(permalink);
  const [state, setState] = useState<State>('idle');
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);

  const copy = async () => {
    clearTimeout(reset.current);
    setState('idle');
    let next: State = 'copied';
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
    } catch {
      next = 'failed';
    }
    setState(next);
    reset.current = setTimeout(() => setState('idle'), 4000);
  };

  return (
    <div className={styles.copyPage}>
      <TwinLink permalink={permalink} />
      <button
        type="button"
        className={clsx('button button--sm button--secondary', styles.copy)}
        onClick={copy}
      >
        <span className={styles.labels}>
          {(Object.keys(LABELS) as State[]).map((key) => (
            <span key={key} className={key === state ? undefined : styles.inactive}>
              {LABELS[key]}
            </span>
          ))}
        </span>
      </button>
      <a
        className={clsx('button button--sm button--link', styles.view)}
        href={href}
        type="text/markdown"
      >
        View as Markdown
      </a>
      <span role="status" className={hidden.visuallyHidden}>
        {MESSAGES[state]}
      </span>
    </div>
  );
}
