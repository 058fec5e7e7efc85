import { useId, type ReactElement } from 'react';
import classes from './hover-hint.module.css';

/**
 * A tooltip drawn by CSS alone, shown after the spec's 700 ms (§9) on hover or keyboard focus.
 * The public top bar uses it instead of Mantine's Tooltip, whose positioning library (Floating
 * UI) would add about 20 kB gzip to every public page (issue 19). Console pages, which load
 * Mantine's Tooltip anyway, keep using that one.
 */
export function HoverHint({
  label,
  children,
}: {
  label: string;
  /** Renders the control, given the hint's id for its `aria-describedby`. */
  children: (hintId: string) => ReactElement;
}) {
  const hintId = useId();
  return (
    <span className={classes.anchor}>
      {children(hintId)}
      <span role="tooltip" id={hintId} className={classes.hint}>
        {label}
      </span>
    </span>
  );
}
