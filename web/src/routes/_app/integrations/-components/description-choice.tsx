import { Anchor, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isHttpUrl, type TDescriptionChoice } from '@patchbay/schema';
import { useState } from 'react';
import { operationCount, type ConnectionForm } from '../../../../lib/integration-form.ts';
import { catalogQueries } from '../../../../lib/queries/catalog.ts';
import { ImportDescriptionDialog } from './import-description-dialog.tsx';

/** Typing pauses this long before the name and URL are matched against the catalog. */
const MATCH_DEBOUNCE_MS = 400;

interface DescriptionChoiceProps {
  side: 'source' | 'destination';
  sideTitle: string;
  value: ConnectionForm;
  onChange: (patch: Partial<ConnectionForm>) => void;
  disabled: boolean;
}

/** What the line under the API name says, and the key help that goes with it. */
interface Shown {
  name: string | null;
  how: string;
  docsUrl: string | null;
  keyHelp: string | null;
}

/**
 * Which API description this side uses. By default the catalog entry the
 * typed name and URL match ("Described by: Stripe (catalog)"); the user may pick another
 * entry, none, or import an OpenAPI document. Where the user finds the key comes with it.
 */
export function DescriptionChoice({
  side,
  sideTitle,
  value,
  onChange,
  disabled,
}: DescriptionChoiceProps) {
  const [changing, setChanging] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importWarnings, setImportWarnings] = useState<string[]>([]);
  const choice = value.description;

  const typedUrl = isHttpUrl(value.baseUrl) ? value.baseUrl.trim() : '';
  const [typedName] = useDebouncedValue(value.apiName.trim(), MATCH_DEBOUNCE_MS);
  const [typedUrlSettled] = useDebouncedValue(typedUrl, MATCH_DEBOUNCE_MS);
  const match = useQuery({
    ...catalogQueries.match(typedName, typedUrlSettled),
    enabled: choice.kind === 'auto' && (typedName !== '' || typedUrlSettled !== ''),
  });
  const chosen = useQuery({
    ...catalogQueries.entry(choice.kind === 'catalog' ? choice.id : ''),
    enabled: choice.kind === 'catalog',
  });
  const catalog = useQuery({ ...catalogQueries.search(''), enabled: changing });

  const typedAnything = value.apiName.trim() !== '' || typedUrl !== '';
  const shown = describeChoice(
    choice,
    typedAnything,
    match.data?.entry ?? null,
    chosen.data ?? null,
  );
  const lineId = `${side}-description-line`;

  const choose = (next: string | null) => {
    if (next === null) return;
    if (next === 'auto' || next === 'none') onChange({ description: { kind: next } });
    else if (next !== 'imported') onChange({ description: { kind: 'catalog', id: next } });
    setChanging(false);
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text
          size="sm"
          id={lineId}
          role="status"
          aria-live="polite"
          c={shown.name ? undefined : 'dimmed'}
        >
          {shown.name ? (
            <>
              Described by:{' '}
              {shown.docsUrl ? (
                <Anchor
                  href={shown.docsUrl}
                  target="_blank"
                  rel="noreferrer"
                  inherit
                  underline="always"
                >
                  {shown.name}
                </Anchor>
              ) : (
                <Text span inherit fw={600}>
                  {shown.name}
                </Text>
              )}{' '}
              ({shown.how})
            </>
          ) : (
            shown.how
          )}
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => setChanging((open) => !open)}
          disabled={disabled}
          aria-expanded={changing}
          aria-describedby={lineId}
        >
          {changing ? 'Keep this' : 'Change'}
        </Button>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconFileImport size={14} aria-hidden="true" />}
          onClick={() => setImporting(true)}
          disabled={disabled}
        >
          Import an OpenAPI document
        </Button>
      </Group>
      {changing && (
        <Select
          label={`${sideTitle} API description`}
          searchable
          placeholder="Search the catalog"
          nothingFoundMessage="No catalog entry by that name"
          value={choiceValue(choice)}
          onChange={choose}
          data={[
            {
              group: 'Choice',
              items: [
                { value: 'auto', label: 'Match from the name and URL' },
                { value: 'none', label: 'No description' },
                ...(choice.kind === 'imported'
                  ? [{ value: 'imported', label: `Imported: ${choice.description.name}` }]
                  : []),
              ],
            },
            {
              group: 'Catalog',
              items: (catalog.data?.entries ?? []).map((entry) => ({
                value: entry.id,
                label: entry.name,
              })),
            },
          ]}
          comboboxProps={{ withinPortal: true }}
          disabled={disabled}
        />
      )}
      {shown.keyHelp && value.authType !== 'none' && (
        <Text size="xs" c="dimmed">
          Where to find the key: {shown.keyHelp}
        </Text>
      )}
      {choice.kind === 'imported' && importWarnings.length > 0 && (
        <details>
          <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>
            {importWarnings.length} {importWarnings.length === 1 ? 'note' : 'notes'} from the import
          </Text>
          <List size="xs" c="dimmed" mt={4}>
            {importWarnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </details>
      )}
      <ImportDescriptionDialog
        opened={importing}
        sideTitle={sideTitle}
        baseUrl={value.baseUrl}
        onClose={() => setImporting(false)}
        onImported={({ description, warnings }) => {
          setImportWarnings(warnings);
          setChanging(false);
          onChange({
            description: { kind: 'imported', description },
            // A blank name or URL is filled from the document; typed ones are the user's.
            ...(value.apiName.trim() === '' ? { apiName: description.name } : {}),
            ...(value.baseUrl.trim() === '' ? { baseUrl: description.baseUrl } : {}),
          });
        }}
      />
    </Stack>
  );
}

function choiceValue(choice: TDescriptionChoice): string {
  return choice.kind === 'catalog' ? choice.id : choice.kind;
}

function describeChoice(
  choice: TDescriptionChoice,
  typedAnything: boolean,
  matched: { name: string; docsUrl: string; keyHelp?: string | undefined } | null,
  chosen: { name: string; docsUrl: string; auth: { keyHelp?: string | undefined } } | null,
): Shown {
  switch (choice.kind) {
    case 'auto':
      return matched
        ? {
            name: matched.name,
            how: 'catalog',
            docsUrl: matched.docsUrl,
            keyHelp: matched.keyHelp ?? null,
          }
        : {
            name: null,
            how: typedAnything
              ? 'No catalog entry matches: generation works from the name and URL alone.'
              : 'A known API’s description is matched from the name and URL as you type.',
            docsUrl: null,
            keyHelp: null,
          };
    case 'catalog':
      return {
        name: chosen?.name ?? choice.id,
        how: 'catalog, chosen',
        docsUrl: chosen?.docsUrl ?? null,
        keyHelp: chosen?.auth.keyHelp ?? null,
      };
    case 'imported': {
      const count = operationCount(choice.description);
      return {
        name: choice.description.name,
        how: `imported, ${count} ${count === 1 ? 'operation' : 'operations'}`,
        docsUrl: choice.description.docsUrl,
        keyHelp: choice.description.auth.keyHelp ?? null,
      };
    }
    case 'none':
      return {
        name: null,
        how: 'No API description (your choice): generation works from the name and URL alone.',
        docsUrl: null,
        keyHelp: null,
      };
  }
}
