import { Autocomplete, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../../../../lib/failure-toast.ts';
import { connectionFromCatalog, type ConnectionForm } from '../../../../lib/integration-form.ts';
import { catalogQueries } from '../../../../lib/queries/catalog.ts';

/** Typing pauses this long before the catalog is searched. */
const SEARCH_DEBOUNCE_MS = 200;
const MAX_SUGGESTIONS = 8;

interface ApiNameFieldProps {
  side: 'source' | 'destination';
  value: ConnectionForm;
  onChange: (patch: Partial<ConnectionForm>) => void;
  error: string | undefined;
  disabled: boolean;
}

/**
 * The API Name field suggests catalog entries as the user types (GET
 * /api/catalog?q=, which also finds aliases and hosts). Picking one fills the Base URL and
 * the auth settings from the entry's first scheme, and makes it this side's description.
 * Any name may still be typed: the catalog only helps.
 */
export function ApiNameField({ side, value, onChange, error, disabled }: ApiNameFieldProps) {
  const queryClient = useQueryClient();
  const [query] = useDebouncedValue(value.apiName.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...catalogQueries.search(query),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
  const entries = query === '' ? [] : (search.data?.entries ?? []).slice(0, MAX_SUGGESTIONS);
  // Curated entries come first, so a directory API with a curated entry's name is not offered.
  // Directory APIs that share a title (a provider's several services) are told apart by id.
  const byName = new Map<string, (typeof entries)[number]>();
  for (const entry of entries) {
    if (!byName.has(entry.name)) byName.set(entry.name, entry);
    else if (entry.tier === 'directory') byName.set(`${entry.name} (${entry.id})`, entry);
  }
  const pickFailed = failureToast('Could not load the API', 'The catalog entry could not be read');

  const pick = async (name: string) => {
    const entry = byName.get(name);
    if (!entry) return;
    try {
      const description = await queryClient.fetchQuery(catalogQueries.entry(entry.id));
      onChange(connectionFromCatalog(description));
    } catch (err) {
      pickFailed(err);
    }
  };

  return (
    <Autocomplete
      label="API Name"
      name={`${side}.apiName`}
      placeholder={side === 'source' ? 'Stripe' : 'HubSpot'}
      description="Type to pick from the catalog or the directory of public APIs, or enter any name"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required
      autoComplete="off"
      value={value.apiName}
      onChange={(apiName) =>
        // A new name no longer means the entry picked before; matching takes over again.
        onChange(
          value.description.kind === 'catalog' && apiName !== value.apiName
            ? { apiName, description: { kind: 'auto' } }
            : { apiName },
        )
      }
      onOptionSubmit={(name) => void pick(name)}
      data={[...byName.keys()].map((name) => ({ value: name, label: name }))}
      // The API already ranked the entries by name, alias and host.
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const entry = byName.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Text size="sm">{option.value}</Text>
            {entry && (
              // Which tier the suggestion is from (ADR 033): a curated entry or the directory.
              <Text size="xs" c="dimmed" data-tier={entry.tier} style={{ whiteSpace: 'nowrap' }}>
                {entry.tier === 'directory'
                  ? `directory · ${entry.provider ?? ''}${entry.versions ? ` · ${entry.versions.length} versions` : ''}`
                  : `curated · ${entry.category}`}
              </Text>
            )}
          </Group>
        );
      }}
      error={error}
      disabled={disabled}
    />
  );
}
