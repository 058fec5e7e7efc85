import { Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BrandMark } from '../app-shell/brand-mark.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import classes from './auth-layout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of /login and /signup: brand and theme toggle on top, one centred card. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className={classes.page}>
      <header className={classes.topBar}>
        <Link to="/" className={classes.brand}>
          <BrandMark />
          Patchbay
        </Link>
        <ThemeToggle />
      </header>
      <main className={classes.main}>
        <Paper withBorder radius="lg" p="xl" className={classes.card}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} fz="h2">
                {title}
              </Title>
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            </Stack>
            {children}
            <Text size="sm" ta="center" c="dimmed">
              {footer}
            </Text>
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
