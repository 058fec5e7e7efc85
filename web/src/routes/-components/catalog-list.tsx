import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TCatalogSummary } from '@patchbay/schema';
import { errorMessage } from '../../lib/api-client.ts';
import { catalogQueries } from '../../lib/queries/catalog.ts';
import { CatalogLoading } from './catalog-list-on-view.tsx';
import tableClasses from '../../components/plain-table.module.css';
import { WithQueryClient } from '../../components/with-query-client.tsx';

/** 'email-marketing' → 'Email marketing'. */
function categoryLabel(category: TCatalogSummary['category']): string {
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The docs page lists the built-in catalog (GET /api/catalog, public), each entry
 * with its category and a link to the vendor's own reference.
 */
/** Loaded by catalog-list-on-view.tsx: the list with the console's one QueryClient. */
export default function CatalogListWithClient() {
  return (
    <WithQueryClient>
      <CatalogList />
    </WithQueryClient>
  );
}

function CatalogList() {
  const catalog = useQuery(catalogQueries.search(''));
  if (catalog.isPending) {
    return <CatalogLoading />;
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
    <table
      className={tableClasses.table}
      data-striped
      aria-label="API catalog"
      style={{ marginBottom: 'var(--mantine-spacing-md)' }}
    >
      <thead>
        <tr>
          <th>API</th>
          <th>Category</th>
          <th>Operations</th>
          <th>Vendor reference</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{entry.name}</td>
            <td>{categoryLabel(entry.category)}</td>
            <td>{entry.operationCount}</td>
            <td>
              <Anchor href={entry.docsUrl} target="_blank" rel="noreferrer" size="sm">
                {entry.name} reference
              </Anchor>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
