import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { GenerationReport } from '../../../../../lib/generation-report.ts';

interface GenerationReportAlertProps {
  report: GenerationReport;
  onClose: () => void;
  /** Issue 18 §2: the way to try again (refine the description and generate again). */
  action?: ReactNode;
}

/**
 * Issue 18 §2: what generation did not understand, in view above the code rather than only in
 * its comments, with what to do about it; and what the dry run after generation proved
 * (issue 15 §6). Nothing is shown for a full success without a dry run.
 */
export function GenerationReportAlert({ report, onClose, action }: GenerationReportAlertProps) {
  const { unresolved, verification } = report;
  if (unresolved.length === 0 && !verification) return null;
  const failed =
    unresolved.length > 0 ||
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
        unresolved.length > 0
          ? `The generator did not understand ${unresolved.length} ${unresolved.length === 1 ? 'part' : 'parts'} of your description`
          : 'Generated code'
      }
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Stack gap="xs">
        {unresolved.length > 0 && (
          <>
            <List size="sm" spacing={2} aria-label="Not understood">
              {unresolved.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Text size="sm">
              The code marks these places with TODO comments: write those parts in the editor below,
              or name them plainly (the exact list, channel or field) when you generate again.
            </Text>
          </>
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
