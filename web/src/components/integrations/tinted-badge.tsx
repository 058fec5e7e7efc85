import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './legible-badge.module.css';

/** Mantine's light badge, with text that stays above 4.5:1 in the light theme. */
export function TintedBadge({ className, ...props }: BadgeProps & { children?: ReactNode }) {
  return (
    <Badge
      variant="light"
      {...props}
      className={className ? `${classes.legible} ${className}` : classes.legible}
    />
  );
}
