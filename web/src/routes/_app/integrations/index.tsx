import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowRight,
  IconDots,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TIntegrationListItem } from '@patchbay/schema';
import { StatusBadge } from '../../../components/integrations/status-badge.tsx';
import { useConfirmDelete } from '../../../components/integrations/use-confirm-delete.tsx';
import { useSetIntegrationStatus } from '../../../components/integrations/use-integration-actions.ts';
import { PageError } from '../../../components/page-error.tsx';
import { PagePending } from '../../../components/page-pending.tsx';
import { RelativeTimeText } from '../../../components/relative-time-text.tsx';
import {
  STATUS_FILTERS,
  STATUS_LABELS,
  toggledStatus,
  type TStatusFilter,
} from '../../../lib/integration-status.ts';
import { listRefreshInterval } from '../../../lib/live-status.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { integrationQueries } from '../../../lib/queries/integrations.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { NoIntegrations } from '../-components/no-integrations.tsx';
import { filterIntegrations } from './-components/filter-integrations.ts';
import classes from './-components/integrations-table.module.css';

export const Route = createFileRoute('/_app/integrations/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(integrationQueries.list()),
  pendingComponent: PagePending,
  errorComponent: PageError,
  component: IntegrationsPage,
});

const FILTER_OPTIONS = STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All' : STATUS_LABELS[value],
}));

// My Integrations.
function IntegrationsPage() {
  usePageMeta({
    title: 'My Integrations — Patchbay',
    description: 'Every integration in your account.',
  });
  // Status badges follow the runs while anything is active (ADR 019).
  const { data: integrations } = useSuspenseQuery({
    ...integrationQueries.list(),
    refetchInterval: (query) => listRefreshInterval(query.state.data),
  });
  const confirmDelete = useConfirmDelete();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TStatusFilter>('all');
  const shown = filterIntegrations(integrations, { search, status });

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Title order={1}>My Integrations</Title>
          <Text c="dimmed">Open one to review its code, test it, deploy it and see its runs.</Text>
        </Stack>
        <Button component={Link} to="/integrations/new" leftSection={<IconPlus size={18} />}>
          Create New
        </Button>
      </Group>

      {integrations.length === 0 ? (
        <NoIntegrations actionLabel="Create Your First Integration" />
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <TextInput
              placeholder="Search integrations..."
              aria-label="Search integrations"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              maw={420}
              type="search"
            />
            <NativeSelect
              aria-label="Filter by status"
              data={FILTER_OPTIONS}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as TStatusFilter)}
              w={160}
            />
          </Group>

          {shown.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="sm" ta="center">
                <IconSearch size={32} stroke={1.5} aria-hidden="true" />
                <Text fw={600}>No integrations match your filters</Text>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => {
                    setSearch('');
                    setStatus('all');
                  }}
                >
                  Clear filters
                </Button>
              </Stack>
            </Paper>
          ) : (
            <Paper withBorder radius="md">
              {/* Below the sm breakpoint (phones) the table keeps Name, Status and
                  the menu; the APIs and the creation time move under the name. */}
              <Table verticalSpacing="sm" horizontalSpacing="md" className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th visibleFrom="sm">Source → Destination</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th visibleFrom="sm">Created</Table.Th>
                    <Table.Th w={56}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((integration) => (
                    <IntegrationRow
                      key={integration.id}
                      integration={integration}
                      onDelete={confirmDelete.ask}
                      deleting={confirmDelete.isPending}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </>
      )}
      {confirmDelete.dialog}
    </Stack>
  );
}

function IntegrationRow({
  integration,
  onDelete,
  deleting,
}: {
  integration: TIntegrationListItem;
  onDelete: (integration: TIntegrationListItem) => void;
  deleting: boolean;
}) {
  const setStatus = useSetIntegrationStatus();
  const phone = usePhoneLayout();
  const toggle = toggledStatus(integration.status);

  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          renderRoot={(props) => (
            <Link to="/integrations/$id/review" params={{ id: integration.id }} {...props} />
          )}
          fw={600}
          size="sm"
        >
          {integration.name}
        </Anchor>
        {phone && (
          <Text size="xs" c="dimmed" className={classes.phoneDetails}>
            {integration.sourceApiName} → {integration.destApiName} · created{' '}
            <RelativeTimeText value={integration.createdAt} inline />
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{integration.sourceApiName}</Text>
          <IconArrowRight size={14} aria-label="to" />
          <Text size="sm">{integration.destApiName}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={integration.status} />
        {/* Pausing hides no failure (ADR 037); it stays in view until a run succeeds. */}
        {integration.status === 'paused' && integration.lastRunStatus === 'failed' && (
          <Text size="xs" c="var(--mantine-color-error)" mt={2}>
            Last run failed
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <RelativeTimeText value={integration.createdAt} />
      </Table.Td>
      <Table.Td>
        {/* No focus placeholder: a focusable role=presentation child breaks the menu's ARIA
            structure (axe aria-required-children); focus goes to the first item instead. */}
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${integration.name}`}
              loading={deleting || setStatus.isPending}
            >
              <IconDots size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              renderRoot={(props) => (
                <Link to="/integrations/$id/review" params={{ id: integration.id }} {...props} />
              )}
              leftSection={<IconEdit size={16} aria-hidden="true" />}
            >
              View / Edit
            </Menu.Item>
            {/* A draft has nothing to pause; it goes live from its review page. */}
            {integration.status !== 'draft' && (
              <Menu.Item
                leftSection={
                  toggle.action === 'Pause' ? (
                    <IconPlayerPause size={16} aria-hidden="true" />
                  ) : (
                    <IconPlayerPlay size={16} aria-hidden="true" />
                  )
                }
                onClick={() => setStatus.mutate({ integration, status: toggle.next })}
              >
                {toggle.action}
              </Menu.Item>
            )}
            <Menu.Item
              // Mantine's red-6 is below 4.5:1 on the dark dropdown (see the CSS module).
              className={classes.dangerItem}
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => onDelete(integration)}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
