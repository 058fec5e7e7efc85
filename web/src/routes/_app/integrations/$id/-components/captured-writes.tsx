import { Alert, Badge, Code, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { TCapturedWrite } from '@patchbay/schema';
import { formatValue } from './format-body.ts';

/** Alert titles in the text colour: the tinted title colour is below 4.5:1 in the light theme. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const SIDE_LABEL: Record<TCapturedWrite['side'], string> = {
  source: 'Source',
  destination: 'Destination',
  fetch: 'ctx.fetch',
};

/**
 * The writes a dry run (ADR 017) captured instead of sending, each with its body, the
 * described operation it matched, and what is wrong with the body against that operation's
 * request schema.
 */
export function CapturedWrites({ captured }: { captured: readonly TCapturedWrite[] }) {
  if (captured.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The code made no writes: nothing would have been sent.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {captured.map((write, index) => {
        const label = `Captured write ${index + 1}`;
        return (
          <Paper key={index} withBorder p="sm" radius="sm" component="article" aria-label={label}>
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="default" radius="sm" style={{ flex: 'none' }}>
                  {write.method}
                </Badge>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {write.url}
                </Text>
                <Text size="sm" c="dimmed" ml="auto" style={{ flex: 'none' }}>
                  {SIDE_LABEL[write.side]}
                  {write.operationId ? ` · ${write.operationId}` : ''}
                </Text>
              </Group>
              {write.schemaErrors.length > 0 ? (
                <Alert
                  color="red"
                  variant="light"
                  p="xs"
                  title="Does not match the description"
                  styles={READABLE_TITLE}
                >
                  <List size="sm" spacing={2} aria-label={`${label} schema errors`}>
                    {write.schemaErrors.map((error) => (
                      <List.Item key={error}>{error}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : (
                <Text size="sm" c="dimmed">
                  {write.operationId
                    ? 'The body matches the description.'
                    : 'No described operation matches this write, so its body was not checked.'}
                </Text>
              )}
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                Body
              </Text>
              {write.body === null || write.body === undefined ? (
                <Text size="sm" c="dimmed">
                  No body.
                </Text>
              ) : (
                <Code
                  block
                  aria-label={`${label} body`}
                  style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}
                >
                  {typeof write.body === 'string' ? write.body : formatValue(write.body)}
                </Code>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
