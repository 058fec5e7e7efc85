import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TTestRunResponse, TTranscriptEntry } from '@patchbay/schema';
import type { ReactNode } from 'react';
import { failureSentence, type FailureSides } from '../../../../../lib/failure-sentence.ts';
import { formatDuration } from '../../../../../lib/relative-time.ts';
import { formatBody, formatRunError, formatValue } from './format-body.ts';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';

// The pieces of a run's record shown by the Test Results dialog and the Runs panel: the HTTP
// transcript the sandbox recorded (secrets already redacted, ADR 012), logs and result.

type RunError = NonNullable<TTestRunResponse['error']>;

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No headers.
      </Text>
    );
  }
  return (
    <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        {entries.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w="35%" fw={500} style={{ wordBreak: 'break-all' }}>
              {name}
            </Table.Th>
            <Table.Td
              style={{ wordBreak: 'break-all', fontFamily: 'var(--mantine-font-family-monospace)' }}
            >
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Body({ body, label }: { body: string | null; label: string }) {
  const text = formatBody(body);
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        No body.
      </Text>
    );
  }
  return (
    <Code
      block
      aria-label={label}
      style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      {text}
    </Code>
  );
}

function NoRequests() {
  return (
    <Text size="sm" c="dimmed">
      The code made no HTTP requests.
    </Text>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
      {children}
    </Text>
  );
}

function statusColor(entry: TTranscriptEntry): string {
  if (entry.status === null) return 'red';
  if (entry.status < 300) return 'green';
  if (entry.status < 400) return 'blue';
  return 'red';
}

/** The Test Results 'Request' tab: every request's method, URL, headers and body. */
export function RequestList({ requests }: { requests: readonly TTranscriptEntry[] }) {
  if (requests.length === 0) return <NoRequests />;
  return (
    <Stack gap="md">
      {requests.map((entry, index) => (
        <ExchangeCard
          key={index}
          label={`Request ${index + 1}`}
          summary={
            <>
              <Badge variant="default" radius="sm" style={{ flex: 'none' }}>
                {entry.method}
              </Badge>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {entry.url}
              </Text>
            </>
          }
          headers={entry.requestHeaders}
          body={entry.requestBody}
        />
      ))}
    </Stack>
  );
}

/** The Test Results 'Response' tab: every response's status, headers, body and duration. */
export function ResponseList({ requests }: { requests: readonly TTranscriptEntry[] }) {
  if (requests.length === 0) return <NoRequests />;
  return (
    <Stack gap="md">
      {requests.map((entry, index) => (
        <ExchangeCard
          key={index}
          label={`Response ${index + 1}`}
          summary={
            <>
              <TintedBadge color={statusColor(entry)} radius="sm" style={{ flex: 'none' }}>
                {entry.status ?? 'No response'}
              </TintedBadge>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {entry.method} {entry.url}
              </Text>
              <Text size="sm" c="dimmed" ml="auto" style={{ flex: 'none' }}>
                {formatDuration(entry.durationMs)}
              </Text>
            </>
          }
          error={entry.error}
          headers={entry.responseHeaders}
          body={entry.responseBody}
        />
      ))}
    </Stack>
  );
}

interface ExchangeCardProps {
  /** 'Request 2' or 'Response 2': names the card and its headers table and body. */
  label: string;
  summary: ReactNode;
  error?: string | undefined;
  headers: Record<string, string>;
  body: string | null;
}

/** One side of one HTTP exchange; the request and response tabs differ only in the summary. */
function ExchangeCard({ label, summary, error, headers, body }: ExchangeCardProps) {
  return (
    <Paper withBorder p="sm" radius="sm" component="article" aria-label={label}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {summary}
        </Group>
        {error && (
          <Alert color="red" variant="light" p="xs">
            {error}
          </Alert>
        )}
        <Heading>Headers</Heading>
        <Headers headers={headers} label={`${label} headers`} />
        <Heading>Body</Heading>
        <Body body={body} label={`${label} body`} />
      </Stack>
    </Paper>
  );
}

interface LogsViewProps {
  logs: readonly string[];
  data: unknown;
  stateChanges: TTestRunResponse['stateChanges'] | null;
  error: RunError | null | undefined;
  /** Test runs never save state: the changes are what a deployed run would have made. */
  mode: 'test' | 'deployed';
}

/** The Test Results 'Logs' tab, plus the returned data and the state changes. */
/** The failure itself leads above the tabs (RunErrorAlert); a failed run returned no data. */
export function LogsView({ logs, data, stateChanges, error, mode }: LogsViewProps) {
  const sets = Object.entries(stateChanges?.set ?? {});
  const deleted = stateChanges?.deleted ?? [];
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Heading>Logs</Heading>
        {logs.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing was logged.
          </Text>
        ) : (
          <Code
            block
            aria-label="Log lines"
            style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}
          >
            {logs.join('\n')}
          </Code>
        )}
      </Stack>
      {!error && (
        <Stack gap={6}>
          <Heading>Returned data</Heading>
          <Code block aria-label="Returned data" style={{ maxHeight: 240, overflow: 'auto' }}>
            {formatValue(data)}
          </Code>
        </Stack>
      )}
      {stateChanges && (
        <Stack gap={6}>
          <Heading>State changes</Heading>
          {sets.length === 0 && deleted.length === 0 ? (
            <Text size="sm" c="dimmed">
              No changes to the saved state.
            </Text>
          ) : (
            <>
              {mode === 'test' && (
                <Text size="sm" c="dimmed">
                  Tests never save state; a deployed run would have made these changes.
                </Text>
              )}
              <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
                {[
                  ...sets.map(([key, value]) => `set ${key} = ${JSON.stringify(value)}`),
                  ...deleted.map((key) => `delete ${key}`),
                ].join('\n')}
              </Code>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A failure leads with one plain sentence (what failed, whose side it is likely
 * on, what to do next) and the way to the fix; the raw error, its class name and the ids sit in
 * a details area below.
 */
export function RunErrorAlert({
  error,
  sides,
  onShowLine,
  onEditConnection,
  details,
}: {
  error: RunError;
  sides?: FailureSides | undefined;
  onShowLine?: ((line: number, column?: number) => void) | undefined;
  /** Opens a side's Edit connection panel, for a failure whose fix is there. */
  onEditConnection?: ((side: 'source' | 'destination') => void) | undefined;
  /** More for the details area: the workflow id, a dry run's summary. */
  details?: ReactNode;
}) {
  const { sentence, fix } = failureSentence(error, sides);
  const side = fix === 'source' || fix === 'destination' ? fix : null;
  return (
    <Alert color="red" variant="light" aria-label="What went wrong">
      <Stack gap="xs">
        <Text
          size="sm"
          fw={600}
          data-testid="failure-sentence"
          style={{ overflowWrap: 'anywhere' }}
        >
          {sentence}
        </Text>
        <Group gap="xs">
          {error.line !== undefined && onShowLine && (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => onShowLine(error.line ?? 1, error.column)}
            >
              Show line {error.line} in the editor
            </Button>
          )}
          {side && onEditConnection && (
            <Button size="xs" variant="light" color="red" onClick={() => onEditConnection(side)}>
              Edit {side} connection
            </Button>
          )}
        </Group>
        <details>
          <summary>
            <Text size="sm" span>
              Details
            </Text>
          </summary>
          <Stack gap={4} mt="xs">
            <Text
              size="sm"
              ff="monospace"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="run-error"
            >
              {formatRunError(error)}
            </Text>
            {error.status !== undefined && <Text size="sm">HTTP status {error.status}</Text>}
            {details}
          </Stack>
        </details>
      </Stack>
    </Alert>
  );
}
