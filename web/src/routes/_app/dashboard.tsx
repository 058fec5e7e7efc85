import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { currentUserQuery } from '../../lib/auth.ts';

export const Route = createFileRoute('/_app/dashboard')({
  component: DashboardPage,
});

// Spec §2 "Dashboard". The four stat cards, the recent integrations and the empty state come
// with the integrations API (a later issue); they are not faked here.
function DashboardPage() {
  // The guard in _app.tsx has already loaded the user; this reads the cache.
  const { data: user } = useQuery(currentUserQuery);

  return (
    <Stack gap="xl" maw={1200}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Title order={1}>Welcome back</Title>
          <Text c="dimmed">{user?.email ?? 'User'}</Text>
        </Stack>
        <Button component={Link} to="/integrations/new" leftSection={<IconPlus size={18} />}>
          Create New Integration
        </Button>
      </Group>
    </Stack>
  );
}
