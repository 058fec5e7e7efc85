import { Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './wide-table-scroll.module.css';

/**
 * A table wider than the screen says that it scrolls sideways, and keeps its key
 * column (the row headers) in view while it does. When it fits, nothing is added. The scrolling
 * box is focusable so keyboard users can scroll it too (axe scrollable-region-focusable).
 */
export function WideTableScroll({
  label,
  minWidth,
  children,
}: {
  /** Names the scrolling region, e.g. the table's caption. */
  label: string;
  /** The width below which the table scrolls instead of squeezing. */
  minWidth: number;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div>
      {overflows && (
        <Text size="xs" c="dimmed" className={classes.hint} data-testid="scroll-hint">
          <IconArrowsHorizontal size={14} aria-hidden="true" />
          Scroll sideways to see every column
        </Text>
      )}
      <div
        ref={box}
        className={classes.box}
        data-overflows={overflows}
        // Only a box that scrolls needs to be reachable and named.
        {...(overflows
          ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` }
          : {})}
      >
        <div style={{ minWidth }}>{children}</div>
      </div>
    </div>
  );
}
