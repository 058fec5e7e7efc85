import { Group, Modal, Tabs, Text } from '@mantine/core';
import type { TTestRunResponse } from '@patchbay/schema';
import { formatDuration } from '../../../../../lib/relative-time.ts';
import { LogsView, RequestList, ResponseList, RunErrorAlert } from './run-transcript.tsx';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';

interface TestResultsDialogProps {
  result: TTestRunResponse | null;
  onClose: () => void;
  onShowLine: (line: number, column?: number) => void;
}

/**
 * Spec §2: the Test Results dialog — tabs Request, Response and Logs and a Success or Failed
 * badge — showing the real transcript of the sandbox run.
 */
export function TestResultsDialog({ result, onClose, onShowLine }: TestResultsDialogProps) {
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
        </Group>
      }
    >
      {result && (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {result.requests.length} {result.requests.length === 1 ? 'request' : 'requests'} in{' '}
            {formatDuration(result.durationMs)} · workflow {result.workflowId}
          </Text>
          {result.error && (
            <RunErrorAlert
              error={result.error}
              onShowLine={(line, column) => {
                onClose();
                onShowLine(line, column);
              }}
            />
          )}
          <Tabs
            mt="md"
            defaultValue={result.status === 'success' ? 'request' : 'logs'}
            keepMounted={false}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="request">Request</Tabs.Tab>
              <Tabs.Tab value="response">Response</Tabs.Tab>
              <Tabs.Tab value="logs">Logs</Tabs.Tab>
            </Tabs.List>
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
