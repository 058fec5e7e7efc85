import { Anchor, Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PublicPageLayout } from '../../components/public-page-layout.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import classes from './prose.module.css';

/** The policies' shared date. */
export const POLICIES_LAST_UPDATED = 'January 2025';

interface LegalPageProps {
  title: string;
  /** The page's search-result description; the tab title is derived from `title`. */
  description: string;
  /** The other policy: Privacy and Terms each link to the other. */
  other: { to: '/privacy' | '/terms'; label: string };
  children: ReactNode;
}

export function LegalPage({ title, description, other, children }: LegalPageProps) {
  usePageMeta({ title: `${title} — Patchbay`, description });
  return (
    <PublicPageLayout>
      <Container size="md" py={{ base: 40, sm: 64 }} className={classes.prose}>
        <Group justify="space-between" mb="lg">
          <Button component={Link} to="/" variant="default">
            Back to home
          </Button>
          <Anchor component={Link} to={other.to}>
            {other.label}
          </Anchor>
        </Group>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt="xs">
          Last updated: {POLICIES_LAST_UPDATED}
        </Text>
        {children}
      </Container>
    </PublicPageLayout>
  );
}

/** A numbered policy section with an anchor, so a clause can be linked to. */
export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <Title order={2} size="h3" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </section>
  );
}
