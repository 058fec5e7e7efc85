import { Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './public-top-bar.module.css';
import { ThemeToggle } from './theme-toggle.tsx';

interface PublicTopBarProps {
  /** Extra controls before the theme toggle, e.g. Dashboard and log-out for a signed-in user. */
  actions?: ReactNode;
}

// The landing and info pages' bar: product name and theme toggle, plus session actions.
export function PublicTopBar({ actions }: PublicTopBarProps) {
  return (
    <header className={classes.header}>
      <Container size="lg" py="sm">
        <Group justify="space-between">
          <Link to="/" className={classes.brand}>
            Patchbay
          </Link>
          <Group gap="sm">
            {actions}
            <ThemeToggle />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
