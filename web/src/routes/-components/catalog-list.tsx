import { Alert, Anchor, Loader, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TCatalogSummary } from '@patchbay/schema';
import { errorMessage } from '../../lib/api-client.ts';
import { catalogQueries } from '../../lib/queries/catalog.ts';

/** 'email-marketing' → 'Email marketing'. */
function categoryLabel(category: TCatalogSummary['category']): string {
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Issue 14 §5: the docs page lists the built-in catalog (GET /api/catalog, public), each entry
 * with its category and a link to the vendor's own reference.
 */
export function CatalogList() {
  const catalog = useQuery(catalogQueries.search(''));
  if (catalog.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Loading the catalog…
        </Text>
      </Group>
    );
  }
  if (catalog.isError) {
    return (
      <Alert color="red" variant="light" title="The catalog could not be loaded">
        {errorMessage(catalog.error, 'Reload the page to try again.')}
      </Alert>
    );
  }
  const entries = [...catalog.data.entries].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Table striped withTableBorder aria-label="API catalog" mb="md">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>API</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th>Operations</Table.Th>
          <Table.Th>Vendor reference</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{entry.name}</Table.Td>
            <Table.Td>{categoryLabel(entry.category)}</Table.Td>
            <Table.Td>{entry.operationCount}</Table.Td>
            <Table.Td>
              <Anchor href={entry.docsUrl} target="_blank" rel="noreferrer" size="sm">
                {entry.name} reference
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
