import { Box, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { editor } from 'monaco-editor';
import type { TCallWarning } from '@patchbay/schema';
import type { CompletionSources } from '../../../../../lib/monaco/call-completions.ts';
import { EDITOR_HEIGHT_PX } from './editor-height.ts';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';
import { CopyTextButton } from '../../../../../components/copy-text-button.tsx';
import { usePhoneLayout } from '../../../../../lib/use-phone-layout.ts';

// Monaco is a large chunk: it loads only when this panel renders.
const CodeEditor = lazy(() =>
  import('./monaco-editors.tsx').then((module) => ({ default: module.CodeEditor })),
);

interface CodePanelProps {
  integrationId: string;
  code: string;
  onChange: (code: string) => void;
  dirty: boolean;
  onEditorMount: (instance: editor.IStandaloneCodeEditor) => void;
  completionSources: CompletionSources | null;
  warnings: readonly TCallWarning[];
}

/** The review page's code editor, 500 px high, with a copy button. */
export function CodePanel({
  integrationId,
  code,
  onChange,
  dirty,
  onEditorMount,
  completionSources,
  warnings,
}: CodePanelProps) {
  // A phone is for reading the code, not editing it; long lines wrap there unless
  // the reader turns it off.
  const phone = usePhoneLayout();
  const [wrapChoice, setWrapChoice] = useState<boolean | null>(null);
  const wrap = wrapChoice ?? phone;
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="code-title">
      <Group justify="space-between" px="md" py="sm" gap="sm">
        <Group gap="sm">
          <Title order={2} size="h4" id="code-title">
            Code
          </Title>
          <Text size="sm" c="dimmed">
            JavaScript
          </Text>
          {dirty && (
            <TintedBadge color="yellow" size="sm">
              Unsaved changes
            </TintedBadge>
          )}
        </Group>
        <Group gap="sm">
          <Switch
            size="xs"
            label="Wrap lines"
            checked={wrap}
            onChange={(event) => setWrapChoice(event.currentTarget.checked)}
          />
          <CopyTextButton value={code} label="Copy code" />
        </Group>
      </Group>
      {phone && (
        <Text size="sm" c="dimmed" px="md" pb="sm" data-testid="phone-editing-note">
          On a phone the code is for reading: edit it on a larger screen, where completion, the line
          markers and the test tools have room.
        </Text>
      )}
      <Box
        h={EDITOR_HEIGHT_PX}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        data-testid="code-editor"
      >
        <Suspense fallback={<EditorLoading />}>
          <CodeEditor
            path={`file:///integrations/${integrationId}.js`}
            value={code}
            onChange={onChange}
            onMount={onEditorMount}
            ariaLabel="Integration code"
            completionSources={completionSources}
            warnings={warnings}
            wordWrap={wrap}
          />
        </Suspense>
      </Box>
    </Paper>
  );
}

function EditorLoading() {
  return (
    <Stack h={EDITOR_HEIGHT_PX} align="center" justify="center" gap="xs" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        Loading the editor…
      </Text>
    </Stack>
  );
}
