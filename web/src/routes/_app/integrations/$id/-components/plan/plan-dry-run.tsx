import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TPlanWrite } from '@patchbay/schema';
import { dryRunRecords } from './dry-run-records.ts';
import type { DryRunState } from './use-save-plan.ts';

/** Alert titles in the text colour: the tinted title colour is below 4.5:1 in the light theme. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * The dry run after a saved plan: its summary ("would create 12 contacts") and the first
 * records as the destination would receive them, so a corrected field is seen in its values.
 */
export function PlanDryRun({
  state,
  write,
}: {
  state: DryRunState;
  write: TPlanWrite | undefined;
}) {
  if (state.status === 'running') {
    return (
      <Group gap="xs" role="status" aria-label="Dry run">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">Dry run of the new code: reading for real, capturing the writes…</Text>
      </Group>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" title="The dry run did not run" styles={READABLE_TITLE}>
        {state.message}
      </Alert>
    );
  }
  const { result } = state;
  const records = write ? dryRunRecords(result.captured, write) : [];
  const failed = result.status !== 'success';
  return (
    <Stack gap="xs" component="section" aria-label="Dry run of the saved plan">
      <Alert
        color={failed ? 'red' : 'blue'}
        variant="light"
        title={failed ? 'Dry run failed' : 'Dry run: nothing was written'}
        styles={READABLE_TITLE}
      >
        <Text size="sm" data-testid="plan-dry-run-summary">
          {result.summary ||
            `${result.captured.length} ${result.captured.length === 1 ? 'write was' : 'writes were'} captured instead of sent.`}
        </Text>
        {result.error && (
          <Text size="sm" mt={4}>
            {result.error.message}
          </Text>
        )}
      </Alert>
      {records.length > 0 && (
        <>
          <Text size="sm" fw={500}>
            The first {records.length === 1 ? 'record' : `${records.length} records`} as they would
            be written
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {records.map((record, index) => (
              <Paper
                key={index}
                withBorder
                p="xs"
                radius="sm"
                component="article"
                aria-label={`Record ${index + 1}`}
              >
                <dl style={{ margin: 0 }}>
                  {record.fields.map((field) => (
                    <Group key={field.name} gap={6} wrap="nowrap" align="baseline">
                      <Text
                        component="dt"
                        size="xs"
                        c="dimmed"
                        ff="monospace"
                        style={{ flex: 'none' }}
                      >
                        {field.name}
                      </Text>
                      <Text
                        component="dd"
                        size="sm"
                        m={0}
                        style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                      >
                        {field.value}
                      </Text>
                    </Group>
                  ))}
                </dl>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
