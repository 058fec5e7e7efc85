import { Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../../../../lib/failure-toast.ts';
import { connectionFromCatalog, type ConnectionForm } from '../../../../lib/integration-form.ts';
import { catalogQueries } from '../../../../lib/queries/catalog.ts';

interface ApiVersionFieldProps {
  side: 'source' | 'destination';
  value: ConnectionForm;
  onChange: (patch: Partial<ConnectionForm>) => void;
  disabled: boolean;
}

/**
 * ADR 034: a directory API picked in API Name may have several versions (Twilio Chat v1–v3,
 * Adyen Checkout v70 and v71). The newest stable one is picked by default; this field, shown
 * only then, lets the user choose another, which fills the connection from that version.
 */
export function ApiVersionField({ side, value, onChange, disabled }: ApiVersionFieldProps) {
  const queryClient = useQueryClient();
  const id = value.description.kind === 'catalog' ? value.description.id : '';
  const versions = useQuery({ ...catalogQueries.versions(id), enabled: id !== '' });
  const list = versions.data?.versions ?? [];
  const chooseFailed = failureToast('Could not load the API', 'That version could not be read');
  if (list.length < 2) return null;

  const choose = async (next: string | null) => {
    if (next === null || next === id) return;
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
      value={id}
      allowDeselect={false}
      onChange={(next) => void choose(next)}
      data={list.map((version) => ({
        value: version.id,
        label: version.default ? `${version.label} (newest stable)` : version.label,
      }))}
      comboboxProps={{ withinPortal: true }}
      disabled={disabled}
    />
  );
}
