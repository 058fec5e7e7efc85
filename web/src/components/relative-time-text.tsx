import { Text } from '@mantine/core';
import { formatDateTime, formatRelativeTime } from '../lib/relative-time.ts';

/**
 * A table cell's "3 hours ago": a machine-readable <time>, with the exact date and time on
 * hover, as every list in the console shows it.
 */
export function RelativeTimeText({ value }: { value: string }) {
  return (
    <Text size="sm" component="time" dateTime={value} title={formatDateTime(value)}>
      {formatRelativeTime(value)}
    </Text>
  );
}
