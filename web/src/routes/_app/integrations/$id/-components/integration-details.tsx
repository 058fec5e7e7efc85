import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { AUTH_TYPE_LABELS, type TIntegration } from '@patchbay/schema';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../../../components/integrations/status-badge.tsx';
import type { GeneratorInfo } from '../../../../../lib/generator-memory.ts';
import { formatDateTime, formatRelativeTime } from '../../../../../lib/relative-time.ts';
import { TriggerEditor } from './trigger-editor.tsx';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';

/**
 * The review page's Integration Details: name, source API, destination API, description (the
 * user's prompt) and status; plus the trigger, which generator wrote the code (ADR 013) and
 * when it was created and last changed.
 */
export function IntegrationDetails({
  integration,
  generator,
  descriptionAction,
}: {
  integration: TIntegration;
  generator: GeneratorInfo | null;
  /** Refine the description and generate again. */
  descriptionAction?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="details-title">
      <Title order={2} size="h4" id="details-title" mb="md">
        Integration Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
        <Detail label="Name">{integration.name}</Detail>
        <Detail label="Status">
          <StatusBadge status={integration.status} />
        </Detail>
        <Detail label="Code written by">
          <GeneratorBadge generator={generator} />
        </Detail>
        <Detail label="Source API">
          <ApiSummary integration={integration} side="source" />
        </Detail>
        <Detail label="Destination API">
          <ApiSummary integration={integration} side="dest" />
        </Detail>
      </SimpleGrid>
      {/* Schedule, webhook or manual; full width, since a webhook has a URL and more. */}
      <Stack gap={4} mt="lg">
        <Text size="sm" fw={600} c="dimmed" component="h3" m={0}>
          Trigger
        </Text>
        <TriggerEditor integration={integration} />
      </Stack>
      <Stack gap={4} mt="lg">
        <Group gap="sm" justify="space-between">
          <Text size="sm" fw={600} c="dimmed" component="h3" m={0}>
            Description
          </Text>
          {descriptionAction}
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="integration-description">
          {integration.userPrompt}
        </Text>
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        Created{' '}
        <time dateTime={integration.createdAt} title={formatDateTime(integration.createdAt)}>
          {formatRelativeTime(integration.createdAt)}
        </time>
        {' · '}Last changed{' '}
        <time dateTime={integration.updatedAt} title={formatDateTime(integration.updatedAt)}>
          {formatRelativeTime(integration.updatedAt)}
        </time>
      </Text>
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="dimmed" component="h3" m={0}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** One end of the integration; the source and destination fields differ only in prefix. */
function ApiSummary({ integration, side }: { integration: TIntegration; side: 'source' | 'dest' }) {
  const name = integration[`${side}ApiName`];
  const url = integration[`${side}ApiUrl`];
  const auth = AUTH_TYPE_LABELS[integration[`${side}AuthType`]];
  const hint = integration[`${side}ApiKeySet`] ? integration[`${side}ApiKeyHint`] : null;
  return (
    <Stack gap={2}>
      <Text fw={500}>{name}</Text>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {url}
      </Text>
      <Text size="xs" c="dimmed">
        {auth}
        {hint ? ` · credential ${hint}` : ''}
      </Text>
    </Stack>
  );
}

function GeneratorBadge({ generator }: { generator: GeneratorInfo | null }) {
  if (!generator) {
    return (
      <Text size="sm" c="dimmed">
        Not recorded
      </Text>
    );
  }
  if (generator.generator === 'template') {
    return (
      <Tooltip
        label="The built-in template generator: deterministic code from your settings, no AI model. An operator can configure an OpenAI-compatible model instead."
        multiline
        w={300}
        openDelay={700}
      >
        <Badge color="gray" variant="outline" tabIndex={0}>
          Template generator
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Group gap={6}>
      <TintedBadge color="violet">AI model</TintedBadge>
      {generator.model && (
        <Text size="sm" c="dimmed">
          {generator.model}
        </Text>
      )}
    </Group>
  );
}
