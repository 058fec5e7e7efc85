import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconEdit, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TIntegrationListItem } from '@patchbay/schema';
import { StatusBadge } from '../../../components/integrations/status-badge.tsx';
import { useRunIntegrationNow } from '../../../components/integrations/use-integration-actions.ts';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time.ts';

/**
 * A dashboard card: name, source and destination API names, status badge, 'Last run' and
 * Run / Edit / Delete. 'Last run' is the real last deployed run or 'Never run'; a draft is not
 * deployed, so it offers no Run; Delete asks first.
 */
export function IntegrationCard({
  integration,
  onDelete,
  deleting,
}: {
  integration: TIntegrationListItem;
  onDelete: (integration: TIntegrationListItem) => void;
  deleting: boolean;
}) {
  const run = useRunIntegrationNow();

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={`card-${integration.id}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title
            order={3}
            size="h4"
            id={`card-${integration.id}`}
            lineClamp={2}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {integration.name}
          </Title>
          <StatusBadge status={integration.status} />
        </Group>
        <Group gap={6} wrap="nowrap" c="dimmed" fz="sm">
          <Text
            size="sm"
            truncate
            title={integration.sourceApiName}
            aria-label={`Source: ${integration.sourceApiName}`}
          >
            {integration.sourceApiName}
          </Text>
          <IconArrowRight size={14} aria-hidden="true" style={{ flex: 'none' }} />
          <Text
            size="sm"
            truncate
            title={integration.destApiName}
            aria-label={`Destination: ${integration.destApiName}`}
          >
            {integration.destApiName}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid="last-run">
          Last run:{' '}
          {integration.lastRunAt ? (
            <time dateTime={integration.lastRunAt} title={formatDateTime(integration.lastRunAt)}>
              {formatRelativeTime(integration.lastRunAt)}
              {integration.lastRunStatus === 'failed' ? ' (failed)' : ''}
            </time>
          ) : (
            'Never run'
          )}
        </Text>
        <Group gap="xs" mt="auto">
          {integration.status !== 'draft' && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
              loading={run.isPending}
              onClick={() => run.mutate(integration)}
              aria-label={`Run ${integration.name}`}
            >
              Run
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            renderRoot={(props) => (
              <Link to="/integrations/$id/review" params={{ id: integration.id }} {...props} />
            )}
            leftSection={<IconEdit size={14} aria-hidden="true" />}
            aria-label={`Edit ${integration.name}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            loading={deleting}
            onClick={() => onDelete(integration)}
            aria-label={`Delete ${integration.name}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
