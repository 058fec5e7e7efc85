import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usageQuery } from '../../../../lib/queries/integrations.ts';

/**
 * Spec §2 Settings → API Usage, with real figures (DESIGN §9, ADR 010): integrations created
 * (counted over the account's lifetime on Free) and deployed runs this month, against the
 * plan's limits; Pro is unlimited.
 */
export function UsageTab() {
  const { data: usage } = useSuspenseQuery(usageQuery);
  const plan = usage.plan === 'pro' ? 'Pro' : 'Free';

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="month-title">
        <Title order={2} size="h4" id="month-title">
          This Month
        </Title>
        <Text size="sm" c="dimmed" mb="lg">
          Your usage for the current billing period
        </Text>
        <Stack gap="lg">
          <Meter
            label="Integrations Created"
            used={usage.integrations.used}
            limit={usage.integrations.limit}
            note={
              usage.integrations.limit === null
                ? undefined
                : 'Counted over the life of the account; deleting one does not free a slot.'
            }
          />
          <Meter
            label="Integrations Executed"
            used={usage.executionsThisMonth.used}
            limit={usage.executionsThisMonth.limit}
            note="Deployed runs (scheduled and Run now) since the 1st of the month; tests are free."
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="limits-title">
        <Title order={2} size="h4" id="limits-title">
          Limits
        </Title>
        <Text mt="sm" fw={500} data-testid="current-plan">
          Current Plan: {plan}
        </Text>
        <Text size="sm" c="dimmed" mt={4} mb="lg">
          {usage.plan === 'pro'
            ? 'Unlimited integrations and runs.'
            : `Up to ${usage.integrations.limit ?? 5} integrations and ${usage.executionsThisMonth.limit ?? 1000} runs a month.`}
        </Text>
        {usage.plan === 'pro' ? (
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

function Meter({
  label,
  used,
  limit,
  note,
}: {
  label: string;
  used: number;
  limit: number | null;
  note?: string | undefined;
}) {
  const percent = limit ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" fw={600} data-testid={`${label} value`}>
          {used} / {limit ?? 'Unlimited'}
        </Text>
      </Group>
      {limit !== null && (
        <Progress
          value={percent}
          aria-label={label}
          color={percent >= 100 ? 'red' : percent >= 80 ? 'yellow' : undefined}
        />
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
