import { Alert, Group, Modal, Tabs, Text } from '@mantine/core';
import type { TTestRunResponse } from '@patchbay/schema';
import { formatDuration } from '../../../../../lib/relative-time.ts';
import { CapturedWrites } from './captured-writes.tsx';
import { LogsView, RequestList, ResponseList, RunErrorAlert } from './run-transcript.tsx';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';

/** Alert titles in the text colour: the tinted title colour is below 4.5:1 in the light theme. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface TestResultsDialogProps {
  result: TTestRunResponse | null;
  onClose: () => void;
  onShowLine: (line: number, column?: number) => void;
  /** ADR 031: an error that says to fix a connection opens its Edit connection panel. */
  onEditConnection: (side: 'source' | 'destination') => void;
}

/**
 * Spec §2: the Test Results dialog — tabs Request, Response and Logs and a Success or Failed
 * badge — showing the real transcript of the sandbox run. A dry run (issue 15 §5, the default)
 * also shows its summary and the writes it captured instead of sending; a live test says
 * plainly that its writes were real (issue 18 §4).
 */
export function TestResultsDialog({
  result,
  onClose,
  onShowLine,
  onEditConnection,
}: TestResultsDialogProps) {
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
          <Text size="sm" c="dimmed" mb="sm">
            {result.requests.length} {result.requests.length === 1 ? 'request' : 'requests'} in{' '}
            {formatDuration(result.durationMs)} · workflow {result.workflowId}
          </Text>
          {result.mode === 'dry-run' ? (
            <Alert
              variant="light"
              color="blue"
              title="Dry run: nothing was written"
              mb="sm"
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
              mb="sm"
              styles={READABLE_TITLE}
            >
              Every write below reached the API. Running the test again sends them again.
            </Alert>
          )}
          {result.error && (
            <RunErrorAlert
              error={result.error}
              onShowLine={(line, column) => {
                onClose();
                onShowLine(line, column);
              }}
              onEditConnection={(side) => {
                onClose();
                onEditConnection(side);
              }}
            />
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
