import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the plan, a region named by its heading, so a screen reader can jump between them. */
export function PlanSection({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <Stack component="section" aria-labelledby={id} gap="xs">
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
