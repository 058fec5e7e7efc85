import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../../../../lib/failure-toast.ts';
import { isHttpUrl } from '@patchbay/schema';
import { connectionFromCatalog, type ConnectionForm } from '../../../../lib/integration-form.ts';
import { catalogQueries } from '../../../../lib/queries/catalog.ts';

/** As long as DescriptionChoice waits, so both read one cached match. */
const MATCH_DEBOUNCE_MS = 400;

interface ApiVersionFieldProps {
  side: 'source' | 'destination';
  value: ConnectionForm;
  onChange: (patch: Partial<ConnectionForm>) => void;
  disabled: boolean;
}

/**
 * ADR 036: a directory API may have several versions (Twilio Chat v1–v3, Adyen Checkout v70 and
 * v71). A pick in API Name, or a name and URL that match, starts at the newest stable one; this
 * field, shown only then, lets the user choose another, which fills the connection from it.
 */
export function ApiVersionField({ side, value, onChange, disabled }: ApiVersionFieldProps) {
  const queryClient = useQueryClient();
  const choice = value.description;
  const chosenId = choice.kind === 'catalog' ? choice.id : '';
  const chosen = useQuery({ ...catalogQueries.versions(chosenId), enabled: chosenId !== '' });

  const [typedName] = useDebouncedValue(value.apiName.trim(), MATCH_DEBOUNCE_MS);
  const [typedUrl] = useDebouncedValue(
    isHttpUrl(value.baseUrl) ? value.baseUrl.trim() : '',
    MATCH_DEBOUNCE_MS,
  );
  const matched = useQuery({
    ...catalogQueries.match(typedName, typedUrl),
    enabled: choice.kind === 'auto' && (typedName !== '' || typedUrl !== ''),
  });

  const current = chosenId || (choice.kind === 'auto' ? (matched.data?.entry?.id ?? '') : '');
  const versions =
    choice.kind === 'catalog'
      ? (chosen.data?.versions ?? [])
      : choice.kind === 'auto'
        ? (matched.data?.entry?.versions ?? [])
        : [];
  const chooseFailed = failureToast('Could not load the API', 'That version could not be read');
  if (versions.length < 2 || current === '') return null;

  const choose = async (next: string | null) => {
    if (next === null || next === current) return;
    try {
      onChange(connectionFromCatalog(await queryClient.fetchQuery(catalogQueries.entry(next))));
    } catch (err) {
      chooseFailed(err);
    }
  };

  return (
    <Select
      label="API version"
      name={`${side}.apiVersion`}
      description="The newest stable version is chosen first; an older one keeps its own paths"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={current}
      allowDeselect={false}
      onChange={(next) => void choose(next)}
      data={versions.map((version) => ({
        value: version.id,
        label: version.default ? `${version.label} · newest stable` : version.label,
      }))}
      comboboxProps={{ withinPortal: true }}
      disabled={disabled}
    />
  );
}
