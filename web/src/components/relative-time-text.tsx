import { Text } from '@mantine/core';
import { formatDateTime, formatRelativeTime } from '../lib/relative-time.ts';

/**
 * A table cell's "3 hours ago": a machine-readable <time>, with the exact date and time on
 * hover, as every list in the console shows it. `inline` keeps the surrounding text's size.
 */
export function RelativeTimeText({ value, inline = false }: { value: string; inline?: boolean }) {
  return (
    <Text
      size={inline ? undefined : 'sm'}
      inherit={inline}
      span={inline}
      component="time"
      dateTime={value}
      title={formatDateTime(value)}
    >
      {formatRelativeTime(value)}
    </Text>
  );
}
