/**
 * The running example's small button (Save, Delete, Add, Retry, Connect): one look for all,
 * lighter than the theme's buttons so that a table row stays one line. `primary` marks the
 * button to press next.
 */
import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import styles from './SmallButton.module.css';

export default function SmallButton({
  primary = false,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'type'> & {primary?: boolean}): ReactNode {
  return (
    <button
      {...props}
      type="button"
      className={clsx(styles.small, primary && styles.primary, className)}
    />
  );
}
