import { Alert, Group, Modal, Tabs, Text } from '@mantine/core';
import type { TTestRunResponse } from '@patchbay/schema';
import { noRequestGotThrough, type FailureSides } from '../../../../../lib/failure-sentence.ts';
import { formatDuration } from '../../../../../lib/relative-time.ts';
import { CapturedWrites } from './captured-writes.tsx';
import { LogsView, RequestList, ResponseList, RunErrorAlert } from './run-transcript.tsx';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';

/** Alert titles in the text colour: the tinted title colour is below 4.5:1 in the light theme. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface TestResultsDialogProps {
  result: TTestRunResponse | null;
  /** The integration's connections, so a failure names the side it is on. */
  sides: FailureSides;
  onClose: () => void;
  onShowLine: (line: number, column?: number) => void;
  /** ADR 031: an error that says to fix a connection opens its Edit connection panel. */
  onEditConnection: (side: 'source' | 'destination') => void;
}

/**
 * The Test Results dialog — tabs Request, Response and Logs and a Success or Failed badge —
 * showing the real transcript of the sandbox run. A dry run (ADR 017, the default) also shows
 * its summary and the writes it captured instead of sending; a live test says plainly that its
 * writes were real.
 */
export function TestResultsDialog({
  result,
  sides,
  onClose,
  onShowLine,
  onEditConnection,
}: TestResultsDialogProps) {
  const facts = result
    ? `${result.requests.length} ${result.requests.length === 1 ? 'request' : 'requests'} in ${formatDuration(result.durationMs)} · workflow ${result.workflowId}`
    : '';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={result !== null}
      onClose={onClose}
      size="xl"
      title={
        <Group gap="sm">
          <Text fw={600} size="lg" component="span">
            Test Results
          </Text>
          {result && (
            <TintedBadge color={result.status === 'success' ? 'green' : 'red'}>
              {result.status === 'success' ? 'Success' : 'Failed'}
            </TintedBadge>
          )}
          {result && (
            <TintedBadge color={result.mode === 'dry-run' ? 'blue' : 'orange'}>
              {result.mode === 'dry-run' ? 'Dry run' : 'Live test'}
            </TintedBadge>
          )}
        </Group>
      }
    >
      {result && (
        <>
          {/* A failure leads; the counts, the workflow id and the dry run's
              summary follow it in its details. */}
          {result.error && (
            <RunErrorAlert
              error={result.error}
              sides={sides}
              onShowLine={(line, column) => {
                onClose();
                onShowLine(line, column);
              }}
              onEditConnection={(side) => {
                onClose();
                onEditConnection(side);
              }}
              details={
                <>
                  <Text size="sm">{facts}</Text>
                  {result.mode === 'dry-run' && result.summary && (
                    <Text size="sm">Dry run: {result.summary}</Text>
                  )}
                </>
              }
            />
          )}
          {!result.error && (
            <Text size="sm" c="dimmed" mb="sm">
              {facts}
            </Text>
          )}
          {noRequestGotThrough(result.requests) && result.error ? (
            // It died before its first request got an answer: there was nothing to write or
            // capture, so "nothing was written" would say nothing true about the code.
            <Text size="sm" c="dimmed" mt="sm">
              {result.requests.length === 0 ? 'No request was sent.' : 'No request got through.'}
            </Text>
          ) : result.mode === 'dry-run' ? (
            <Alert
              variant="light"
              color="blue"
              title="Dry run: nothing was written"
              my="sm"
              styles={READABLE_TITLE}
            >
              {result.summary ||
                `${result.captured.length} ${result.captured.length === 1 ? 'write was' : 'writes were'} captured instead of sent.`}
            </Alert>
          ) : (
            <Alert
              variant="light"
              color="orange"
              title="Live test: the writes were real"
              my="sm"
              styles={READABLE_TITLE}
            >
              Every write below reached the API. Running the test again sends them again.
            </Alert>
          )}
          <Tabs
            mt="md"
            defaultValue={
              result.status !== 'success'
                ? 'logs'
                : result.mode === 'dry-run'
                  ? 'writes'
                  : 'request'
            }
            keepMounted={false}
          >
            <Tabs.List mb="md">
              {result.mode === 'dry-run' && (
                <Tabs.Tab value="writes">Captured writes ({result.captured.length})</Tabs.Tab>
              )}
              <Tabs.Tab value="request">Request</Tabs.Tab>
              <Tabs.Tab value="response">Response</Tabs.Tab>
              <Tabs.Tab value="logs">Logs</Tabs.Tab>
            </Tabs.List>
            {result.mode === 'dry-run' && (
              <Tabs.Panel value="writes">
                <CapturedWrites captured={result.captured} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="request">
              <RequestList requests={result.requests} />
            </Tabs.Panel>
            <Tabs.Panel value="response">
              <ResponseList requests={result.requests} />
            </Tabs.Panel>
            <Tabs.Panel value="logs">
              <LogsView
                logs={result.logs}
                data={result.data}
                stateChanges={result.stateChanges}
                error={null}
                mode="test"
              />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Modal>
  );
}
