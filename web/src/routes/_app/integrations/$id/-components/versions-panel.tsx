import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TIntegrationVersion } from '@patchbay/schema';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { integrationQueries } from '../../../../../lib/queries/integrations.ts';
import { formatDateTime } from '../../../../../lib/relative-time.ts';
import { RelativeTimeText } from '../../../../../components/relative-time-text.tsx';
import { TintedBadge } from '../../../../../components/integrations/tinted-badge.tsx';
import { RequirementsChecklist, requirementsHeadline } from './requirements-checklist.tsx';

const CodeDiff = lazy(() =>
  import('./monaco-editors.tsx').then((module) => ({ default: module.CodeDiff })),
);
const CodeEditor = lazy(() =>
  import('./monaco-editors.tsx').then((module) => ({ default: module.CodeEditor })),
);

const ORIGIN_LABELS: Record<TIntegrationVersion['origin'], string> = {
  generated: 'Generated',
  edited: 'Edited',
  deployed: 'Deployed',
  plan: 'Edited plan',
};

const ORIGIN_COLORS: Record<TIntegrationVersion['origin'], string> = {
  generated: 'violet',
  edited: 'blue',
  deployed: 'green',
  plan: 'grape',
};

/** A restore says what it restored ("Restored from v3"), not just "Edited". */
function versionLabel(version: TIntegrationVersion): string {
  return version.restoredFrom !== null
    ? `Restored from v${version.restoredFrom}`
    : ORIGIN_LABELS[version.origin];
}

interface VersionsPanelProps {
  integrationId: string;
  /** The code in the editor, saved or not: what a version is compared with. */
  currentCode: string;
  onRestore: (version: TIntegrationVersion) => void;
  restoring: boolean;
}

/**
 * Every saved state of the code (generated, edited, deployed), newest first; each
 * can be viewed, compared with the editor's code, and restored.
 */
export function VersionsPanel({
  integrationId,
  currentCode,
  onRestore,
  restoring,
}: VersionsPanelProps) {
  const versions = useQuery(integrationQueries.versions(integrationId));
  const [selected, setSelected] = useState<TIntegrationVersion | null>(null);

  if (versions.isPending) {
    return (
      <Stack gap="xs">
        <Skeleton height={32} />
        <Skeleton height={32} />
      </Stack>
    );
  }
  if (versions.isError) {
    return (
      <Alert color="red" variant="light" title="Versions could not be loaded">
        {errorMessage(versions.error, 'Please try again.')}
      </Alert>
    );
  }
  if (versions.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md" ta="center">
        No saved versions yet. Saving or deploying code records a version.
      </Text>
    );
  }

  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label="Versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Origin</Table.Th>
              <Table.Th>Saved</Table.Th>
              <Table.Th>
                <Text size="sm" fw={700} span>
                  Actions
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.map((version) => {
              const same = version.code === currentCode;
              return (
                <Table.Tr key={version.version}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      v{version.version}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TintedBadge
                      color={version.restoredFrom !== null ? 'gray' : ORIGIN_COLORS[version.origin]}
                    >
                      {versionLabel(version)}
                    </TintedBadge>
                    {version.generationReport &&
                      version.generationReport.requirements.length > 0 && (
                        <Text size="xs" c="dimmed" mt={2}>
                          {requirementsHeadline(version.generationReport.requirements)}
                        </Text>
                      )}
                  </Table.Td>
                  <Table.Td>
                    <RelativeTimeText value={version.createdAt} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setSelected(version)}
                        aria-label={`View version ${version.version}`}
                      >
                        View
                      </Button>
                      {same ? (
                        <Text size="xs" c="dimmed">
                          Same as the editor
                        </Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => onRestore(version)}
                          disabled={restoring}
                          aria-label={`Restore version ${version.version}`}
                        >
                          Restore
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <VersionDialog
        version={selected}
        currentCode={currentCode}
        onClose={() => setSelected(null)}
        onRestore={(version) => {
          setSelected(null);
          onRestore(version);
        }}
        restoring={restoring}
      />
    </>
  );
}

function VersionDialog({
  version,
  currentCode,
  onClose,
  onRestore,
  restoring,
}: {
  version: TIntegrationVersion | null;
  currentCode: string;
  onClose: () => void;
  onRestore: (version: TIntegrationVersion) => void;
  restoring: boolean;
}) {
  const [view, setView] = useState<'diff' | 'code'>('diff');
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={version !== null}
      onClose={onClose}
      size="90rem"
      title={version ? `Version ${version.version} · ${versionLabel(version)}` : ''}
    >
      {version && (
        <Stack gap="md">
          <Group justify="space-between">
            <SegmentedControl
              role="radiogroup"
              aria-label="Show"
              value={view}
              onChange={(value) => setView(value as 'diff' | 'code')}
              data={[
                { value: 'diff', label: 'Changes vs. editor' },
                { value: 'code', label: 'Full code' },
              ]}
            />
            <Text size="sm" c="dimmed">
              Saved {formatDateTime(version.createdAt)}
            </Text>
          </Group>
          {version.generationReport && version.generationReport.requirements.length > 0 && (
            <details>
              <summary>
                <Text size="sm" span>
                  What the generator understood:{' '}
                  {requirementsHeadline(version.generationReport.requirements)}
                </Text>
              </summary>
              <RequirementsChecklist requirements={version.generationReport.requirements} />
            </details>
          )}
          {view === 'diff' && (
            <Text size="sm" c="dimmed">
              Left: version {version.version}. Right: the code in the editor now.
            </Text>
          )}
          <Box style={{ border: '1px solid var(--mantine-color-default-border)' }}>
            <Suspense
              fallback={
                <Group h={420} justify="center">
                  <Loader size="sm" aria-label="Loading the editor" />
                </Group>
              }
            >
              {view === 'diff' ? (
                <CodeDiff
                  original={version.code}
                  modified={currentCode}
                  originalLabel={`version ${version.version}`}
                  height={420}
                />
              ) : (
                <CodeEditor
                  path={`file:///versions/v${version.version}.js`}
                  value={version.code}
                  onChange={() => undefined}
                  readOnly
                  height={420}
                  ariaLabel={`Code of version ${version.version}`}
                />
              )}
            </Suspense>
          </Box>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              onClick={() => onRestore(version)}
              disabled={version.code === currentCode}
              loading={restoring}
            >
              Restore this version
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
