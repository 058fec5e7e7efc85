import { Loader, Group, Table, Text, Tooltip } from '@mantine/core';
import type { TRunInFlight } from '@patchbay/schema';
import { useEffect, useState } from 'react';
import {
  formatDateTime,
  formatDuration,
  formatRelativeTime,
} from '../../../../../lib/relative-time.ts';
import { inFlightLine } from '../../../../../lib/run-progress.ts';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';

/** Ticks once a second, so a countdown and an elapsed time move between the history's polls. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A deployed run under way (ADR 037), at the head of the run history from its first attempt:
 * the attempt out of the policy's, the failure before it, when the next attempt is due, and how
 * long it has taken so far.
 */
export function RunInFlightRow({
  run,
  kindLabel,
  phone,
  columns,
}: {
  run: TRunInFlight;
  kindLabel: string;
  phone: boolean;
  columns: number;
}) {
  const now = useNow();
  const line = inFlightLine(run, now);
  const elapsed = formatDuration(Math.max(0, now.getTime() - Date.parse(run.startedAt)));
  const retrying = run.state === 'waiting';
  return (
    <>
      <Table.Tr
        data-run-status="in-progress"
        data-run-kind={run.kind}
        data-workflow-id={run.workflowId}
      >
        <Table.Td>
          <Loader size={16} aria-hidden="true" color={retrying ? 'orange' : 'blue'} />
        </Table.Td>
        <Table.Td>
          <TintedBadge color={retrying ? 'orange' : 'blue'}>
            {retrying ? 'Retrying' : 'Running'}
          </TintedBadge>
        </Table.Td>
        <Table.Td visibleFrom="sm">
          <Text size="sm">{kindLabel}</Text>
        </Table.Td>
        <Table.Td>
          <Tooltip label={formatDateTime(run.startedAt)}>
            <Text size="sm" component="time" dateTime={run.startedAt}>
              {formatRelativeTime(run.startedAt, now)}
            </Text>
          </Tooltip>
          {phone && (
            <Text size="xs" c="dimmed">
              {kindLabel} · {elapsed} so far
            </Text>
          )}
        </Table.Td>
        <Table.Td visibleFrom="sm">
          <Text size="sm">{elapsed} so far</Text>
        </Table.Td>
        <Table.Td visibleFrom="sm">
          <Text size="sm">
            {run.attempt} of {run.maxAttempts}
          </Text>
        </Table.Td>
        {columns > 6 && <Table.Td visibleFrom="sm" />}
      </Table.Tr>
      <Table.Tr data-run-progress={run.workflowId}>
        <Table.Td />
        <Table.Td colSpan={columns - 1}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {/* Not a live region: its countdown changes every second. */}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {line}.
            </Text>
          </Group>
        </Table.Td>
      </Table.Tr>
    </>
  );
}
