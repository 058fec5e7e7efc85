import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The copy indicator lasts 2 s. */
export const COPY_INDICATOR_MS = 2000;

/**
 * The console's one copy button (code, API token, webhook URL): 'Copy …' turns into a green
 * 'Copied' for 2 s, announced to screen readers.
 */
export function CopyTextButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={COPY_INDICATOR_MS}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'light' : 'default'}
          color={copied ? 'green' : undefined}
          leftSection={
            copied ? (
              <IconCheck size={14} aria-hidden="true" />
            ) : (
              <IconCopy size={14} aria-hidden="true" />
            )
          }
          onClick={copy}
          aria-live="polite"
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}
