import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconFileCode,
  IconPlayerPause,
  IconPlugConnected,
  IconPlus,
} from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageError } from '../../components/page-error.tsx';
import { PagePending } from '../../components/page-pending.tsx';
import { useConfirmDelete } from '../../components/integrations/use-confirm-delete.tsx';
import { currentUserQuery } from '../../lib/queries/account.ts';
import { countStatuses, recentIntegrations } from '../../lib/integration-status.ts';
import { listRefreshInterval } from '../../lib/live-status.ts';
import { integrationQueries } from '../../lib/queries/integrations.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { FailedIntegrationsCard } from './-components/failed-integrations-card.tsx';
import { IntegrationCard } from './-components/integration-card.tsx';
import { NoIntegrations } from './-components/no-integrations.tsx';
import { StatCard } from './-components/stat-card.tsx';
import { SuccessRateCard } from './-components/success-rate-card.tsx';

export const Route = createFileRoute('/_app/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(integrationQueries.list()),
  pendingComponent: PagePending,
  errorComponent: PageError,
  component: DashboardPage,
});

// The dashboard.
function DashboardPage() {
  usePageMeta({ title: 'Dashboard — Patchbay', description: 'Your integrations at a glance.' });
  // The guard in _app.tsx has already loaded the user; this reads the cache.
  const { data: user } = useQuery(currentUserQuery);
  // Statuses and last runs follow the runs while anything is active (ADR 019).
  const { data: integrations } = useSuspenseQuery({
    ...integrationQueries.list(),
    refetchInterval: (query) => listRefreshInterval(query.state.data),
  });
  const confirmDelete = useConfirmDelete();
  const counts = countStatuses(integrations);
  const recent = recentIntegrations(integrations);

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

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          title="Total"
          value={counts.total}
          icon={<IconPlugConnected size={22} />}
          description="Integrations in your account"
        />
        <StatCard
          title="Active"
          value={counts.active}
          icon={<IconCircleCheck size={22} />}
          description={`${counts.notActive} paused/draft`}
        />
        <StatCard
          title="Draft"
          value={counts.draft}
          icon={<IconFileCode size={22} />}
          description="Ready to deploy"
        />
        <StatCard
          title="Paused"
          value={counts.paused}
          icon={<IconPlayerPause size={22} />}
          description="Can be resumed"
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FailedIntegrationsCard integrations={integrations} />
        <SuccessRateCard integrations={integrations} />
      </SimpleGrid>

      <Stack gap="md" component="section" aria-labelledby="recent-title">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id="recent-title">
            Recent integrations
          </Title>
          {integrations.length > 0 && (
            <Anchor component={Link} to="/integrations" size="sm">
              View all
            </Anchor>
          )}
        </Group>
        {recent.length === 0 ? (
          <NoIntegrations actionLabel="Create Integration" />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {recent.map((integration) => (
              <IntegrationCard
                key={integration.id}
                integration={integration}
                onDelete={confirmDelete.ask}
                deleting={confirmDelete.isPending}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {confirmDelete.dialog}
    </Stack>
  );
}
