import { useEffect, useId, useState, type ReactElement } from 'react';
import classes from './hover-hint.module.css';

/**
 * A tooltip drawn by CSS, shown after the console's 700 ms tooltip delay on hover or keyboard
 * focus, and closed by Escape until the pointer or the focus leaves (WCAG 1.4.13). The public top
 * bar uses it instead of Mantine's Tooltip, whose positioning library (Floating UI) would add
 * about 20 kB gzip to every public page (ADR 026). Console pages, which load Mantine's Tooltip
 * anyway, keep using that one.
 */
export function HoverHint({
  label,
  children,
}: {
  label: string;
  /**
   * Renders the control, given the hint's id for its `aria-describedby` (leave it out when the
   * hint only repeats the control's name).
   */
  children: (hintId: string) => ReactElement;
}) {
  const hintId = useId();
  const [dismissed, setDismissed] = useState(false);
  // On the document: a hint shown by hover alone has no focus inside it to get the key.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <span
      className={classes.anchor}
      data-dismissed={dismissed || undefined}
      onPointerLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {children(hintId)}
      <span role="tooltip" id={hintId} className={classes.hint}>
        {label}
      </span>
    </span>
  );
}
