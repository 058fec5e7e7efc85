import type { TApiDescription, TDescriptionChoice, TDescriptionInUse } from '@patchbay/schema';
import { getCatalogEntry, loadCatalog } from './load-catalog.ts';
import { directoryDescription, matchTiers } from './directory.ts';
import { incomingWebhookDescription } from './incoming-webhook.ts';

// One side's description as the user chose it, resolved: the API's integration
// JSON, the review page, generation and dry runs all call this, so they agree on what a
// connection is described by.

export interface ResolvedDescription {
  description: TApiDescription | null;
  inUse: TDescriptionInUse | null;
}

const NONE: ResolvedDescription = { description: null, inUse: null };

export function resolveDescription(
  choice: TDescriptionChoice | null | undefined,
  apiName: string,
  apiUrl: string,
  catalog: readonly TApiDescription[] = loadCatalog(),
): ResolvedDescription {
  const kind = choice?.kind ?? 'auto';
  if (kind === 'none') return NONE;
  if (choice?.kind === 'imported') {
    const { description } = choice;
    return {
      description,
      inUse: {
        kind: 'imported',
        id: null,
        name: description.name,
        docsUrl: description.docsUrl,
        how: 'imported',
      },
    };
  }
  // An incoming webhook URL is its own small API, whatever the name matches (incoming-webhook.ts).
  const webhook =
    choice?.kind === 'catalog' ? undefined : incomingWebhookDescription(apiName, apiUrl);
  if (webhook)
    return {
      description: webhook,
      inUse: {
        kind: 'catalog',
        id: webhook.id,
        name: webhook.name,
        docsUrl: webhook.docsUrl,
        how: 'matched',
        tier: 'curated',
      },
    };
  // Behind the curated entries, the directory of public APIs (ADR 033): a chosen directory id,
  // or the directory API the name and URL point at when no curated entry does (matchTiers).
  const matched = choice?.kind === 'catalog' ? undefined : matchTiers(apiName, apiUrl, catalog);
  const curated =
    choice?.kind === 'catalog'
      ? (catalog.find((e) => e.id === choice.id) ?? getCatalogEntry(choice.id))
      : matched?.curated;
  const fromDirectory = curated
    ? undefined
    : directoryDescription(choice?.kind === 'catalog' ? choice.id : (matched?.directory?.id ?? ''));
  const entry = curated ?? fromDirectory;
  if (!entry) return NONE;
  return {
    description: entry,
    inUse: {
      kind: 'catalog',
      id: entry.id,
      name: entry.name,
      docsUrl: entry.docsUrl,
      how: choice?.kind === 'catalog' ? 'chosen' : 'matched',
      tier: curated ? 'curated' : 'directory',
    },
  };
}
