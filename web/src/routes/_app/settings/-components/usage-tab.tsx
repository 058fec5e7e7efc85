import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usageQuery } from '../../../../lib/queries/integrations.ts';

/**
 * Settings → API Usage with real figures, read one way everywhere (ADR 020): the Free
 * plan's one limit is integrations created over the account's lifetime (ADR 010), so it is shown
 * as the plan limit, not under "This Month"; runs are counted per month but never capped, so
 * they carry no "/ limit" and no bar.
 */
export function UsageTab() {
  const { data: usage } = useSuspenseQuery(usageQuery);
  const pro = usage.plan === 'pro';
  const limit = usage.integrations.limit;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="month-title">
        <Title order={2} size="h4" id="month-title">
          This Month
        </Title>
        <Text size="sm" c="dimmed" mb="lg">
          Your usage for the current billing period
        </Text>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Deployed runs
            </Text>
            <Text size="sm" fw={600} data-testid="Deployed runs value">
              {usage.executionsThisMonth.used}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            Scheduled runs and Run now since the 1st of the month (UTC). Runs are not capped on any
            plan, and tests are not counted.
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="limits-title">
        <Title order={2} size="h4" id="limits-title">
          Limits
        </Title>
        <Text mt="sm" fw={500} data-testid="current-plan">
          Current Plan: {pro ? 'Pro' : 'Free'}
        </Text>
        <Text size="sm" c="dimmed" mt={4} mb="lg">
          {limit === null
            ? 'Unlimited integrations. Runs are never capped.'
            : `Up to ${limit} integrations over the life of the account. Runs are never capped.`}
        </Text>
        <Stack gap={6} mb="lg">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Integrations Created
            </Text>
            <Text size="sm" fw={600} data-testid="Integrations Created value">
              {usage.integrations.used} / {limit ?? 'Unlimited'}
            </Text>
          </Group>
          {limit !== null && (
            <>
              <Progress
                value={Math.min(100, (usage.integrations.used / limit) * 100)}
                aria-label="Integrations Created"
                color={usage.integrations.used >= limit ? 'red' : undefined}
              />
              <Text size="xs" c="dimmed">
                Counted over the life of the account: deleting one does not free a slot.
              </Text>
            </>
          )}
        </Stack>
        {pro ? (
          <Button component={Link} to="/pricing" variant="default">
            See plans
          </Button>
        ) : (
          <Button component={Link} to="/pricing">
            Upgrade Plan
          </Button>
        )}
      </Paper>
    </SimpleGrid>
  );
}
