import {
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  ZChannelTestResult,
  ZNotificationChannel,
  type TChannelType,
  type TCreateChannelRequest,
  type TNotificationChannel,
  type TUpdateChannelRequest,
} from '@patchbay/schema';
import { Suspense, useState, type FormEvent } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { apiRequest } from '../../../../lib/api-client.ts';
import { apiJson } from '../../../../lib/api-json.ts';
import { failureToast } from '../../../../lib/failure-toast.ts';
import {
  channelRequest,
  routingOf,
  selectedOf,
} from '../../../../lib/notification-channel-form.ts';
import { integrationQueries } from '../../../../lib/queries/integrations.ts';
import { notificationChannelsQuery } from '../../../../lib/queries/notifications.ts';
import { toast } from '../../../../lib/toast.ts';
import { usePhoneLayout } from '../../../../lib/use-phone-layout.ts';
import { TintedBadge } from '../../../../components/integrations/tinted-badge.tsx';

/**
 * Settings → Notifications (ADR 022): where an integration's alerts go when it turns
 * failed and when it works again. Email and webhook channels (Slack, Discord or anything that
 * takes a JSON POST), each for every integration or chosen ones, enabled or not, with Send test.
 */
export function NotificationsTab() {
  // Loaded when the tab opens, not with every Settings visit.
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading notification channels" />}>
      <Channels />
    </Suspense>
  );
}

function Channels() {
  const { data } = useSuspenseQuery(notificationChannelsQuery);
  const { data: integrations } = useSuspenseQuery(integrationQueries.list());
  const integrationOptions = integrations.map((item) => ({ value: item.id, label: item.name }));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="channels-title">
        <Title order={2} size="h4" id="channels-title" mb={4}>
          Notification channels
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          An alert is sent once when an integration fails after its retries, with the error and a
          link to the run, and once when it works again; never once per failed run.
        </Text>
        {data.channels.length === 0 ? (
          <Text size="sm">No channels: alerts go nowhere. Add one below.</Text>
        ) : (
          <ChannelsTable channels={data.channels} integrationOptions={integrationOptions} />
        )}
      </Paper>
      <AddChannelForm integrationOptions={integrationOptions} />
    </Stack>
  );
}

interface Option {
  value: string;
  label: string;
}

function useInvalidateChannels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationChannelsQuery.queryKey });
}

function ChannelsTable({
  channels,
  integrationOptions,
}: {
  channels: TNotificationChannel[];
  integrationOptions: Option[];
}) {
  const invalidate = useInvalidateChannels();
  const phone = usePhoneLayout();
  const [deleting, setDeleting] = useState<TNotificationChannel | null>(null);

  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateChannelRequest }) =>
      apiJson('PUT', apiPath('notificationChannel', { id }), ZNotificationChannel, body),
    onSuccess: invalidate,
    onError: failureToast('Failed to change the channel', 'Please try again.'),
  });
  const sendTest = useMutation({
    mutationFn: (channel: TNotificationChannel) =>
      apiJson('POST', apiPath('notificationChannelTest', { id: channel.id }), ZChannelTestResult),
    onSuccess: (result, channel) =>
      toast({ title: `Test alert sent to ${channel.name}`, message: result.detail }),
    onError: failureToast('The test alert did not arrive', 'Please try again.'),
  });
  const remove = useMutation({
    mutationFn: (channel: TNotificationChannel) =>
      apiRequest('DELETE', apiPath('notificationChannel', { id: channel.id })),
    onSuccess: async (_data, channel) => {
      toast({ title: 'Channel deleted', message: `${channel.name} gets no more alerts.` });
      await invalidate();
    },
    onError: failureToast('Failed to delete the channel', 'Please try again.'),
  });

  const integrationsSelect = (channel: TNotificationChannel) => (
    <MultiSelect
      aria-label={`Integrations ${channel.name} alerts`}
      placeholder={channel.integrationIds === 'all' ? 'All integrations' : undefined}
      data={integrationOptions}
      value={selectedOf(channel.integrationIds)}
      onChange={(selected) =>
        update.mutate({
          id: channel.id,
          body: { integrationIds: routingOf(selected) },
        })
      }
      clearable
      searchable
      size="xs"
    />
  );
  const enabledSwitch = (channel: TNotificationChannel, label?: string) => (
    <Switch
      aria-label={`${channel.name} enabled`}
      label={label}
      checked={channel.enabled}
      onChange={(event) =>
        update.mutate({
          id: channel.id,
          body: { enabled: event.currentTarget.checked },
        })
      }
    />
  );
  const actions = (channel: TNotificationChannel) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => sendTest.mutate(channel)}
        loading={sendTest.isPending && sendTest.variables.id === channel.id}
        aria-label={`Send test to ${channel.name}`}
      >
        Send test
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setDeleting(channel)}
        aria-label={`Delete ${channel.name}`}
      >
        Delete
      </Button>
    </Group>
  );
  const channelCell = (channel: TNotificationChannel) => (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {channel.name}
        </Text>
        <TintedBadge color={channel.type === 'email' ? 'blue' : 'grape'}>
          {channel.type === 'email' ? 'Email' : 'Webhook'}
        </TintedBadge>
      </Group>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {channel.target}
        {channel.accountEmail ? ' (your account email)' : ''}
      </Text>
    </>
  );

  return (
    <>
      {phone ? (
        // On a phone each channel is one column, its controls under its name, so
        // the switch, Send test and Delete are reached without scrolling sideways.
        <Table verticalSpacing="sm" aria-label="Notification channels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Channel</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {channels.map((channel) => (
              <Table.Tr key={channel.id} data-testid={`channel ${channel.name}`}>
                <Table.Td>
                  <Stack gap="xs">
                    <div>{channelCell(channel)}</div>
                    {integrationsSelect(channel)}
                    <Group justify="space-between" gap="xs">
                      {enabledSwitch(channel, 'Enabled')}
                      {actions(channel)}
                    </Group>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label="Notification channels">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Integrations</Table.Th>
                <Table.Th>Enabled</Table.Th>
                <Table.Th>
                  <Text size="sm" fw={700} span>
                    Actions
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {channels.map((channel) => (
                <Table.Tr key={channel.id} data-testid={`channel ${channel.name}`}>
                  <Table.Td>{channelCell(channel)}</Table.Td>
                  <Table.Td miw={240}>{integrationsSelect(channel)}</Table.Td>
                  <Table.Td>{enabledSwitch(channel)}</Table.Td>
                  <Table.Td>{actions(channel)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        A channel with no integrations chosen alerts for all of them, including new ones.
      </Text>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'channel'}?`}
        confirmLabel="Delete channel"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      >
        <Text>
          <strong>{deleting?.name}</strong> gets no more alerts.
          {deleting?.accountEmail
            ? ' Your account email is not added back on its own: add an email channel to get alerts by email again.'
            : ''}
        </Text>
      </ConfirmDialog>
    </>
  );
}

function AddChannelForm({ integrationOptions }: { integrationOptions: Option[] }) {
  const invalidate = useInvalidateChannels();
  const [type, setType] = useState<TChannelType>('email');
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: (body: TCreateChannelRequest) =>
      apiJson('POST', apiPath('notificationChannels'), ZNotificationChannel, body),
    onSuccess: async (channel) => {
      toast({ title: 'Channel added', message: `Alerts now go to ${channel.name} too.` });
      setName('');
      setTarget('');
      setSelected([]);
      await invalidate();
    },
    onError: failureToast('Failed to add the channel', 'Please check the fields.'),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = channelRequest({ type, name, target, selected });
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.request);
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="add-channel-title">
      <Title order={2} size="h4" id="add-channel-title" mb="md">
        Add a channel
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={560}>
          <SegmentedControl
            aria-label="Channel type"
            value={type}
            onChange={(value) => {
              setType(value === 'webhook' ? 'webhook' : 'email');
              setErrors({});
            }}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'webhook', label: 'Webhook' },
            ]}
          />
          <TextInput
            label="Name"
            placeholder={type === 'email' ? 'On-call inbox' : 'Slack #alerts'}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={100}
          />
          {type === 'email' ? (
            <TextInput
              label="Email address"
              description="Leave empty for your account email."
              type="email"
              placeholder="oncall@example.com"
              value={target}
              onChange={(event) => setTarget(event.currentTarget.value)}
              error={errors.address}
            />
          ) : (
            <TextInput
              label="Webhook URL"
              description="Receives a JSON POST with a Slack-compatible text field; Slack and Discord incoming webhooks work as they are. The URL is stored encrypted."
              placeholder="https://hooks.slack.com/services/…"
              value={target}
              onChange={(event) => setTarget(event.currentTarget.value)}
              error={errors.url}
            />
          )}
          <MultiSelect
            label="Integrations"
            description="None chosen: all of them, including new ones."
            placeholder={selected.length === 0 ? 'All integrations' : undefined}
            data={integrationOptions}
            value={selected}
            onChange={setSelected}
            error={errors.integrationIds}
            clearable
            searchable
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Add channel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
