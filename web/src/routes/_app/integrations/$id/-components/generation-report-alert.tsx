import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { requirementCounts, type TIntegrationGenerationReport } from '@patchbay/schema';
import type { ReactNode } from 'react';
import { failureSentence, type FailureSides } from '../../../../../lib/failure-sentence.ts';
import { RequirementsChecklist, requirementsHeadline } from './requirements-checklist.tsx';

interface GenerationReportAlertProps {
  /** The last generation's report, as the API keeps it with the code. */
  report: TIntegrationGenerationReport;
  onShowLine?: ((line: number) => void) | undefined;
  /** The way to try again (refine the description and generate again). */
  action?: ReactNode;
  /** The integration's connections, to say whose side a failed dry run's host is on. */
  sides?: FailureSides | undefined;
  /** Opens a side's Edit connection panel, when the dry run's failure is fixed there. */
  onEditConnection?: ((side: 'source' | 'destination') => void) | undefined;
}

/**
 * What the generator understood, as a checklist above the code, and what the dry run after
 * generation proved. It is saved with the code version, so it is the same in every session;
 * once the code is edited by hand it says the checklist describes the generated version.
 */
export function GenerationReportAlert({
  report,
  onShowLine,
  action,
  sides,
  onEditConnection,
}: GenerationReportAlertProps) {
  const { requirements, verification } = report;
  if (requirements.length === 0 && !verification) return null;
  const counts = requirementCounts(requirements);
  const failed =
    counts.missing > 0 ||
    verification?.status === 'failed' ||
    verification?.status === 'unverified';
  return (
    <Alert
      variant="light"
      color={failed ? 'yellow' : 'green'}
      icon={
        failed ? (
          <IconAlertTriangle size={18} aria-hidden="true" />
        ) : (
          <IconCircleCheck size={18} aria-hidden="true" />
        )
      }
      title={
        requirements.length > 0
          ? `What the generator understood: ${requirementsHeadline(requirements)}`
          : 'Generated code'
      }
      aria-label="What the generator understood"
      // The tinted title colour is below 4.5:1 on the light theme's green.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        {!report.current && (
          <Text size="sm">
            The code was edited since it was generated: this list describes the generated version.
          </Text>
        )}
        {requirements.length > 0 && (
          <RequirementsChecklist
            requirements={requirements}
            onShowLine={report.current ? onShowLine : undefined}
          />
        )}
        {counts.missing > 0 && (
          <Text size="sm">
            The code marks what is missing with TODO comments: write those parts in the editor
            below, or say them plainly (the exact list, channel or field) when you generate again.
          </Text>
        )}
        {verification?.status === 'failed' && verification.error ? (
          <DryRunFailure
            verification={verification}
            error={verification.error}
            sides={sides}
            onEditConnection={onEditConnection}
          />
        ) : (
          verification && (
            <Text size="sm">
              {verification.status === 'passed'
                ? 'Dry run passed: '
                : verification.status === 'failed'
                  ? 'Dry run failed: '
                  : verification.status === 'unverified'
                    ? 'Not verified: '
                    : 'Dry run skipped: '}
              {verification.summary}
              {verification.reason ? ` (${verification.reason})` : ''}
              {verification.repaired
                ? ' The code shown is the second attempt, after a failed dry run.'
                : ''}
            </Text>
          )
        )}
        {failed && action}
      </Stack>
    </Alert>
  );
}

/**
 * A dry run that failed leads with the plain sentence a failed test gets, and the way to the fix;
 * the verdict's own summary ("no reads; no writes to capture; 0 schema errors") and the raw
 * error go under Details, so a run that died before its first request does not open with what
 * it did not write.
 */
function DryRunFailure({
  verification,
  error,
  sides,
  onEditConnection,
}: {
  verification: NonNullable<TIntegrationGenerationReport['verification']>;
  error: NonNullable<NonNullable<TIntegrationGenerationReport['verification']>['error']>;
  sides: FailureSides | undefined;
  onEditConnection: ((side: 'source' | 'destination') => void) | undefined;
}) {
  const { sentence, fix } = failureSentence(error, sides);
  const side = fix === 'source' || fix === 'destination' ? fix : null;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" data-testid="dry-run-failure" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={600} inherit>
          Dry run failed:
        </Text>{' '}
        {sentence}
        {verification.requestsAnswered === 0 ? ' No request got through.' : ''}
      </Text>
      {side && onEditConnection && (
        <Button size="xs" variant="light" onClick={() => onEditConnection(side)}>
          Edit {side} connection
        </Button>
      )}
      <details>
        <summary>
          <Text size="sm" span>
            Details
          </Text>
        </summary>
        <Text size="sm" mt="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {verification.summary}
          {verification.reason ? ` (${verification.reason})` : ''}
        </Text>
      </details>
      {verification.repaired && (
        <Text size="sm">The code shown is the second attempt, after a failed dry run.</Text>
      )}
    </Stack>
  );
}
