import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { integrationDescriptionsQuery } from '../../../../../lib/queries/catalog.ts';
import {
  formatEventBody,
  formatEventHeaders,
  parseEventBody,
  parseEventHeaders,
  sampleEvents,
} from './sample-event.ts';

const PASTED = 'pasted';

interface SampleEventDialogProps {
  integrationId: string;
  opened: boolean;
  onClose: () => void;
  /** Runs the test with this body as `ctx.event.body` and these headers in `ctx.event.headers`. */
  onTest: (body: unknown, headers: Record<string, string>) => void;
  testing: boolean;
}

/**
 * "Test with an event": pick one of the source description's example events, or paste
 * a body, and run the test with it. The test is a test run: state is not committed.
 */
export function SampleEventDialog({
  integrationId,
  opened,
  onClose,
  onTest,
  testing,
}: SampleEventDialogProps) {
  const descriptions = useQuery(integrationDescriptionsQuery(integrationId));
  const examples = sampleEvents(descriptions.data?.source);
  const [choice, setChoice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [headersText, setHeadersText] = useState<string | null>(null);
  const [headersError, setHeadersError] = useState<string | null>(null);
  // The first example is offered until the user picks or types something else.
  const picked = choice ?? (examples.length > 0 ? '0' : PASTED);
  const shownText =
    choice === null && text === '' && examples[0] ? formatEventBody(examples[0].body) : text;
  const shownHeaders =
    headersText ??
    (picked === PASTED ? '' : formatEventHeaders(examples[Number(picked)]?.headers ?? {}));

  const pick = (value: string | null) => {
    const next = value ?? PASTED;
    setChoice(next);
    setError(null);
    const example = next === PASTED ? undefined : examples[Number(next)];
    setText(example ? formatEventBody(example.body) : '');
    setHeadersText(null);
    setHeadersError(null);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title="Test with an event"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = parseEventBody(shownText);
          const headers = parseEventHeaders(shownHeaders);
          setError(parsed.error);
          setHeadersError(headers.error);
          if (parsed.error !== null || headers.error !== null) return;
          onTest(parsed.body, headers.headers);
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The code sees this body as <code>ctx.event.body</code> and the headers in{' '}
            <code>ctx.event.headers</code>, as it would a delivery to the webhook. It runs as a
            test: state is not saved.
          </Text>
          <Select
            label="Sample event"
            allowDeselect={false}
            data={[
              ...examples.map((example, index) => ({
                value: String(index),
                label: example.summary ? `${example.name} — ${example.summary}` : example.name,
              })),
              { value: PASTED, label: 'Paste my own JSON' },
            ]}
            value={picked}
            onChange={pick}
            description={
              examples.length === 0
                ? 'The source API’s description has no example events: paste one.'
                : 'Examples from the source API’s description'
            }
          />
          <Textarea
            label="Event body (JSON)"
            autosize
            minRows={8}
            maxRows={18}
            ff="monospace"
            spellCheck={false}
            value={shownText}
            onChange={(event) => {
              if (choice === null) setChoice(picked);
              setText(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Textarea
            label="Event headers"
            description="One Name: value a line, as the provider sends them (X-GitHub-Event, X-Shopify-Topic). Signature and credential headers are removed, as from a delivery."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autosize
            minRows={2}
            maxRows={8}
            ff="monospace"
            spellCheck={false}
            value={shownHeaders}
            onChange={(event) => {
              setHeadersText(event.currentTarget.value);
              setHeadersError(null);
            }}
            error={headersError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={testing}
              leftSection={<IconFlask size={16} aria-hidden="true" />}
            >
              Run test with this event
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
