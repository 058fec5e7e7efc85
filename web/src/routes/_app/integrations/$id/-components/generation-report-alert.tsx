import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { requirementCounts, type TIntegrationGenerationReport } from '@patchbay/schema';
import type { ReactNode } from 'react';
import { RequirementsChecklist, requirementsHeadline } from './requirements-checklist.tsx';

interface GenerationReportAlertProps {
  /** The last generation's report, as the API keeps it with the code. */
  report: TIntegrationGenerationReport;
  onShowLine?: ((line: number) => void) | undefined;
  /** The way to try again (refine the description and generate again). */
  action?: ReactNode;
}

/**
 * What the generator understood, as a checklist above the code, and what the dry run after
 * generation proved. It is saved with the code version, so it is the same in every session;
 * once the code is edited by hand it says the checklist describes the generated version.
 */
export function GenerationReportAlert({ report, onShowLine, action }: GenerationReportAlertProps) {
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
        {verification && (
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
        )}
        {failed && action}
      </Stack>
    </Alert>
  );
}
