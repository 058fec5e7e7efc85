import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TIntegrationListItem } from '@patchbay/schema';
import { formatRelativeTime } from '../../../lib/relative-time.ts';

/** Failed integrations named on the dashboard; the rest are a count. */
const SHOWN = 3;

/**
 * Failures are not hidden under "paused/draft". The count of failed integrations, red when
 * any, each with its latest error. Beside the four stat cards, not among them.
 */
export function FailedIntegrationsCard({
  integrations,
}: {
  integrations: readonly TIntegrationListItem[];
}) {
  const failed = integrations
    .filter((integration) => integration.status === 'failed')
    .sort((a, b) => (b.lastRunAt ?? '').localeCompare(a.lastRunAt ?? ''));
  const any = failed.length > 0;

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-label="Failed"
      data-failed={any}
      style={any ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} c="dimmed">
            Failed
          </Text>
          <Text
            fz={32}
            fw={700}
            lh={1.1}
            data-testid="failed-count"
            c={any ? 'var(--mantine-color-error)' : undefined}
          >
            {failed.length}
          </Text>
        </Stack>
        <ThemeIcon
          variant="light"
          color={any ? 'red' : 'gray'}
          size={40}
          radius="md"
          aria-hidden="true"
        >
          <IconAlertTriangle size={22} />
        </ThemeIcon>
      </Group>
      {!any ? (
        <Text size="sm" c="dimmed" mt="sm">
          No integration has failed. A deployed integration fails when a run fails after all its
          retries.
        </Text>
      ) : (
        <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {failed.slice(0, SHOWN).map((integration) => (
            <li key={integration.id}>
              <Anchor
                renderRoot={(props) => (
                  <Link to="/integrations/$id/review" params={{ id: integration.id }} {...props} />
                )}
                fw={600}
                size="sm"
              >
                {integration.name}
              </Anchor>
              <Text size="sm" c="dimmed" lineClamp={2} data-testid="latest-error">
                {integration.lastError ?? 'The last run failed.'}
                {integration.lastRunAt ? ` · ${formatRelativeTime(integration.lastRunAt)}` : ''}
              </Text>
            </li>
          ))}
          {failed.length > SHOWN && (
            <Text size="sm" c="dimmed" component="li">
              and {failed.length - SHOWN} more: filter My Integrations by Failed.
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
