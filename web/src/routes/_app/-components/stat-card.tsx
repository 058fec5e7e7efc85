import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  description?: string;
}

/** A dashboard stat card: it takes a title, a value, an icon and an optional description. */
export function StatCard({ title, value, icon, description }: StatCardProps) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} c="dimmed">
            {title}
          </Text>
          <Text fz={32} fw={700} lh={1.1} data-testid="stat-value">
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
      {description !== undefined && (
        <Text size="sm" c="dimmed" mt="sm">
          {description}
        </Text>
      )}
    </Paper>
  );
}
