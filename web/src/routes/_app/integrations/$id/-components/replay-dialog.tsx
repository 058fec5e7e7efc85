import { Alert, Code, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TReplayResponse, TReplayWrite } from '@patchbay/schema';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { diffLines } from '../../../../../lib/line-diff.ts';
import { formatDuration } from '../../../../../lib/relative-time.ts';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';
import { formatRunError, formatValue } from './format-body.ts';

/** Alert titles in the text colour: the tinted title colour is below 4.5:1 in the light theme. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface ReplayDialogProps {
  /** The run replayed, for the title; null when the dialog is closed. */
  runLabel: string | null;
  pending: boolean;
  error: unknown;
  result: TReplayResponse | undefined;
  onClose: () => void;
}

/**
 * ADR 023: the editor's code replayed against a recorded run, side by side with
 * it: the writes each made as a diff, then logs, return value and error. Nothing of the replay
 * was sent: its reads were answered from the recording and its writes captured.
 */
export function ReplayDialog({ runLabel, pending, error, result, onClose }: ReplayDialogProps) {
  return (
    <Modal
      opened={runLabel !== null}
      onClose={onClose}
      size="90rem"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text fw={600} size="lg" component="span">
          Replay with current code · {runLabel}
        </Text>
      }
    >
      {pending ? (
        <Group gap="sm" py="lg" role="status">
          <Loader size="sm" />
          <Text size="sm">
            Replaying in the sandbox: reads come from the recorded run, writes are captured…
          </Text>
        </Group>
      ) : error ? (
        <Alert color="red" variant="light" title="The replay could not run" styles={READABLE_TITLE}>
          {errorMessage(error, 'Please try again.')}
        </Alert>
      ) : result ? (
        <ReplayComparison result={result} />
      ) : null}
    </Modal>
  );
}

function ReplayComparison({ result }: { result: TReplayResponse }) {
  const { recorded, replay } = result;
  return (
    <Stack gap="lg">
      <Alert variant="light" color="blue" title="Nothing was sent" styles={READABLE_TITLE}>
        Every read was answered from the recorded run, every write was captured, and no state was
        saved. {replay.summary}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SideHeading
          title="Recorded run"
          status={recorded.status}
          detail={
            recorded.codeVersion === null
              ? 'its code version is not known'
              : `code version ${recorded.codeVersion}`
          }
        />
        <SideHeading
          title="Replay"
          status={replay.status}
          detail={`the editor's code, ${formatDuration(replay.durationMs)}`}
        />
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-label="Writes">
        <Title order={4}>Writes</Title>
        <Text size="sm" c="dimmed">
          What each would have written, in order: lines only the recorded run wrote are marked −,
          lines only the replay would write +.
        </Text>
        <WritesDiff recorded={recorded.writes} replay={replay.writes} />
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SideDetails label="Recorded run" side={recorded} />
        <SideDetails label="Replay" side={replay} />
      </SimpleGrid>
    </Stack>
  );
}

function SideHeading({ title, status, detail }: { title: string; status: string; detail: string }) {
  return (
    <Group gap="sm">
      <Text fw={600}>{title}</Text>
      <TintedBadge color={status === 'success' ? 'green' : 'red'}>
        {status === 'success' ? 'Success' : 'Failed'}
      </TintedBadge>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Group>
  );
}

/** One write as diffable text: the request line, then the body (the answer is in the caption). */
function writeText(write: TReplayWrite | undefined): string {
  if (!write) return '';
  const body = write.body === null ? '' : `\n${JSON.stringify(write.body, null, 2)}`;
  return `${write.side} ${write.method} ${write.path}${body}`;
}

function WritesDiff({ recorded, replay }: { recorded: TReplayWrite[]; replay: TReplayWrite[] }) {
  if (recorded.length === 0 && replay.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Neither made a write.
      </Text>
    );
  }
  const count = Math.max(recorded.length, replay.length);
  return (
    <Stack gap="sm">
      {Array.from({ length: count }, (_, index) => {
        const lines = diffLines(writeText(recorded[index]), writeText(replay[index]));
        const schemaErrors = replay[index]?.schemaErrors ?? [];
        return (
          <Stack key={index} gap={4} data-write-index={index}>
            <Text size="xs" c="dimmed">
              Write {index + 1}
              {recorded[index]
                ? ` · the recorded run got ${recorded[index].status ?? 'no answer'}`
                : ' · the recorded run made no such write'}
              {replay[index] ? ' · the replay captured it' : ' · the replay made no such write'}
            </Text>
            <Code block aria-label={`Write ${index + 1}, recorded against replay`}>
              {lines.map((line, number) => (
                <Text
                  key={number}
                  component="div"
                  size="xs"
                  ff="monospace"
                  data-diff={line.kind}
                  style={{
                    whiteSpace: 'pre-wrap',
                    background:
                      line.kind === 'removed'
                        ? 'var(--mantine-color-red-light)'
                        : line.kind === 'added'
                          ? 'var(--mantine-color-green-light)'
                          : undefined,
                  }}
                >
                  {line.kind === 'removed' ? '− ' : line.kind === 'added' ? '+ ' : '  '}
                  {line.text}
                </Text>
              ))}
            </Code>
            {schemaErrors.length > 0 && (
              <Text size="xs" c="var(--mantine-color-error)">
                Against the destination&apos;s description: {schemaErrors.join('; ')}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

function SideDetails({
  label,
  side,
}: {
  label: string;
  side: TReplayResponse['recorded'] | TReplayResponse['replay'];
}) {
  return (
    <Stack gap="sm" component="section" aria-label={`${label}: logs, return value and error`}>
      <Text fw={600}>{label}</Text>
      {side.error ? (
        <Alert color="red" variant="light" title="Error" styles={READABLE_TITLE}>
          <Text
            size="sm"
            ff="monospace"
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid="replay-error"
          >
            {formatRunError(side.error)}
          </Text>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          No error.
        </Text>
      )}
      <Text size="sm" fw={500}>
        Logs
      </Text>
      <Code
        block
        aria-label={`${label} logs`}
        style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}
      >
        {side.logs.length === 0 ? 'Nothing was logged.' : side.logs.join('\n')}
      </Code>
      <Text size="sm" fw={500}>
        Return value
      </Text>
      <Code block aria-label={`${label} return value`} style={{ maxHeight: 200, overflow: 'auto' }}>
        {side.error ? 'none (the run failed)' : formatValue(side.data)}
      </Code>
    </Stack>
  );
}
