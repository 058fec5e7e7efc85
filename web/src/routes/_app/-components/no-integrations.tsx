import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * The empty state the dashboard and My Integrations both show before the first integration;
 * only the button's words differ.
 */
export function NoIntegrations({ actionLabel }: { actionLabel: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconPlugConnected size={40} stroke={1.5} aria-hidden="true" />
        <Text fw={600} size="lg">
          No integrations yet
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          Describe what should move between two APIs and Patchbay writes the code for you.
        </Text>
        <Button
          component={Link}
          to="/integrations/new"
          leftSection={<IconPlus size={18} />}
          mt="xs"
        >
          {actionLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
