import {
  Alert,
  Button,
  Group,
  List,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZIntegration, type TIntegration, type TTriggerType } from '@patchbay/schema';
import { useMemo, useState } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiJson } from '../../../../../lib/api-json.ts';
import { failureToast } from '../../../../../lib/failure-toast.ts';
import { runsByItself } from '../../../../../lib/integration-status.ts';
import { integrationDescriptionsQuery } from '../../../../../lib/queries/catalog.ts';
import {
  integrationQueries,
  invalidateIntegration,
} from '../../../../../lib/queries/integrations.ts';
import { toast } from '../../../../../lib/toast.ts';
import {
  describeTrigger,
  draftFrom,
  draftSchedule,
  FIRE_TIMES_SHOWN,
  readsEvent,
  formatFireTimes,
  timeZoneChoices,
  TRIGGER_LABELS,
  triggerRequest,
  type ScheduleKind,
  type TriggerDraft,
} from './trigger-form.ts';
import { WebhookSettings } from './webhook-settings.tsx';

/** ZIntervalSchedule: every 1 minute to once a day. */
const MIN_MINUTES = 1;
const MAX_MINUTES = 24 * 60;

/**
 * How deployed runs start — a schedule (an interval, or cron in an IANA zone, a Temporal
 * Schedule either way, ADR 011), a webhook, or Run now only. Nothing is saved until
 * the user saves; the next five fire times show before that.
 */
export function TriggerEditor({ integration }: { integration: TIntegration }) {
  const queryClient = useQueryClient();
  // The source description's signature scheme is the default for a new webhook.
  const descriptions = useQuery(integrationDescriptionsQuery(integration.id));
  const described = descriptions.data?.source?.webhooks?.signature;
  const [draft, setDraft] = useState<TriggerDraft>(() => draftFrom(integration, described));
  const [signatureTouched, setSignatureTouched] = useState(false);
  // Until the user picks a scheme, follow the description once it has loaded.
  const shown: TriggerDraft =
    !signatureTouched && !integration.webhook && described
      ? { ...draft, signature: { ...described } }
      : draft;
  const change = (changes: Partial<TriggerDraft>) =>
    setDraft((before) => ({ ...before, ...changes }));
  const request = triggerRequest(shown, integration);

  const save = useMutation({
    mutationFn: () =>
      apiJson('PUT', apiPath('integration', { id: integration.id }), ZIntegration, request.body),
    onSuccess: async (updated) => {
      toast({
        title: updated.trigger === 'schedule' ? 'Schedule saved' : 'Trigger saved',
        message: `${updated.name} runs ${describeTrigger(updated)}${runsByItself(updated.status) ? '' : ' once deployed'}.`,
      });
      queryClient.setQueryData(integrationQueries.detail(updated.id).queryKey, updated);
      setDraft(draftFrom(updated, described));
      setSignatureTouched(false);
      await invalidateIntegration(queryClient, updated.id);
    },
    onError: failureToast('Failed to save the trigger', 'Please try again.'),
  });

  return (
    <form
      aria-label="Trigger"
      onSubmit={(event) => {
        event.preventDefault();
        if (request.body) save.mutate();
      }}
    >
      <Stack gap="sm">
        <Group gap="sm" align="center">
          <Text size="sm" id="trigger-choice-label">
            Runs start by
          </Text>
          <SegmentedControl
            aria-labelledby="trigger-choice-label"
            size="xs"
            value={shown.trigger}
            onChange={(trigger) => change({ trigger: trigger as TTriggerType })}
            data={(['schedule', 'webhook', 'manual'] as const).map((value) => ({
              value,
              label: TRIGGER_LABELS[value],
            }))}
          />
        </Group>

        {shown.trigger === 'schedule' && (
          <ScheduleFields integrationId={integration.id} draft={shown} onChange={change} />
        )}
        {shown.trigger === 'webhook' && !readsEvent(integration.generatedCode) && (
          <Alert
            variant="light"
            color="orange"
            title="This code never reads ctx.event"
            data-testid="webhook-without-event"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            A webhook run gets the delivery in ctx.event, and this code ignores it: every event
            would run the same polling code, whatever it says. Read ctx.event.body in the code, or
            refine the description and generate again.
          </Alert>
        )}
        {shown.trigger === 'webhook' && (
          <WebhookSettings
            integration={integration}
            draft={shown}
            onChange={(changes) => {
              if (changes.signature) setSignatureTouched(true);
              change(changes);
            }}
          />
        )}
        {shown.trigger === 'manual' && (
          <Text size="sm" c="dimmed">
            Only Run now (and re-runs from the Runs tab) start runs: no schedule, no webhook.
          </Text>
        )}

        {request.problem && shown.trigger === 'webhook' && (
          <Text size="xs" c="var(--mantine-color-error)" role="alert">
            {request.problem}
          </Text>
        )}
        <Group gap="sm">
          <Button
            type="submit"
            size="xs"
            variant="default"
            disabled={!request.body}
            loading={save.isPending}
          >
            {shown.trigger === 'schedule' && integration.trigger === 'schedule'
              ? 'Save schedule'
              : 'Save trigger'}
          </Button>
          <Text size="xs" c="dimmed">
            {runsByItself(integration.status)
              ? `Runs ${describeTrigger(integration)}.`
              : `Runs ${describeTrigger(integration)} once deployed.`}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

function ScheduleFields({
  integrationId,
  draft,
  onChange,
}: {
  integrationId: string;
  draft: TriggerDraft;
  onChange: (changes: Partial<TriggerDraft>) => void;
}) {
  const zones = useMemo(() => timeZoneChoices(), []);
  const result = draftSchedule(draft);
  const fireTimes = result.schedule ? formatFireTimes(result.schedule, integrationId) : [];
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Schedule kind"
        size="xs"
        w="fit-content"
        value={draft.scheduleKind}
        onChange={(kind) => onChange({ scheduleKind: kind as ScheduleKind })}
        data={[
          { value: 'interval', label: 'Interval' },
          { value: 'cron', label: 'Cron' },
        ]}
      />
      {draft.scheduleKind === 'interval' ? (
        <NumberInput
          label="Run every (minutes)"
          size="xs"
          w={160}
          min={MIN_MINUTES}
          max={MAX_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={draft.everyMinutes}
          onChange={(everyMinutes) => onChange({ everyMinutes })}
          error={result.problem ?? undefined}
        />
      ) : (
        <Group gap="sm" align="flex-start">
          <TextInput
            label="Cron expression"
            description="minute hour day-of-month month day-of-week"
            size="xs"
            w={260}
            ff="monospace"
            value={draft.cron}
            onChange={(event) => onChange({ cron: event.currentTarget.value })}
            error={result.problem?.startsWith('Cron') ? result.problem : undefined}
            spellCheck={false}
          />
          <Select
            label="Time zone"
            description="The cron is read on this zone's clock"
            size="xs"
            w={260}
            searchable
            allowDeselect={false}
            data={zones}
            value={draft.timeZone}
            onChange={(timeZone) => {
              if (timeZone) onChange({ timeZone });
            }}
            limit={200}
            nothingFoundMessage="No such time zone"
            error={result.problem?.startsWith('Time zone') ? result.problem : undefined}
          />
        </Group>
      )}
      {fireTimes.length > 0 && (
        <Stack gap={2} component="section" aria-label="Next fire times">
          <Text size="xs" fw={600}>
            Next {FIRE_TIMES_SHOWN} runs
            {draft.scheduleKind === 'interval' ? ' (your time zone)' : ` (${draft.timeZone})`}
          </Text>
          <List size="xs" spacing={0} data-testid="next-fire-times">
            {fireTimes.map((time) => (
              <List.Item key={time.iso}>
                <time dateTime={time.iso}>{time.label}</time>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {draft.scheduleKind === 'cron' && (
        <Alert variant="light" color="gray" p="xs">
          <Text size="xs">
            When both day-of-month and day-of-week are set, both must match (
            <Text span ff="monospace" inherit>
              0 8 1-7 * MON
            </Text>{' '}
            is the first Monday), as the Temporal Schedule reads it.
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
