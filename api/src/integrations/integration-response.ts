// What the API answers for an integration: the row's fields (db's toIntegration) plus which API
// description each side uses, resolved by the catalog the same way generation and dry runs
// resolve it, and on save the static check of the code against them.
import { checkCalls } from '@patchbay/catalog/check-calls';
import { resolveDescription } from '@patchbay/catalog';
import { toIntegration, type IntegrationListRow, type IntegrationRow } from '@patchbay/db';
import type {
  TCallWarning,
  TIntegration,
  TIntegrationDescriptions,
  TIntegrationListItem,
} from '@patchbay/schema';
import { webhookSettings } from './webhook-settings.ts';

function resolveSides(row: IntegrationRow) {
  return {
    source: resolveDescription(row.source_description, row.source_api_name, row.source_api_url),
    destination: resolveDescription(row.dest_description, row.dest_api_name, row.dest_api_url),
  };
}

/** `appUrl`: the public origin (APP_URL) the webhook's URL is on. */
export function integrationResponse(row: IntegrationRow, appUrl: URL): TIntegration {
  const { source, destination } = resolveSides(row);
  return {
    ...toIntegration(row),
    webhook: webhookSettings(row, appUrl),
    sourceDescription: source.inUse,
    destDescription: destination.inUse,
  };
}

/** A list item: what the list shows and the last deployed run. */
export function integrationListItem(row: IntegrationListRow): TIntegrationListItem {
  return {
    id: row.id,
    name: row.name,
    sourceApiName: row.source_api_name,
    sourceApiUrl: row.source_api_url,
    destApiName: row.dest_api_name,
    destApiUrl: row.dest_api_url,
    userPrompt: row.user_prompt,
    status: row.status,
    trigger: row.trigger,
    schedule: row.schedule,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    lastRunStatus: row.last_run_status,
    lastError: row.last_error,
  };
}

/** Both sides' whole descriptions, for the review page's completions and static check. */
export function integrationDescriptions(row: IntegrationRow): TIntegrationDescriptions {
  const { source, destination } = resolveSides(row);
  return { source: source.description, destination: destination.description };
}

/** The static check of the integration's code against its descriptions. */
export function codeWarnings(row: IntegrationRow): TCallWarning[] {
  const { source, destination } = resolveSides(row);
  return checkCalls(row.generated_code, {
    source: source.description
      ? { description: source.description, baseUrl: row.source_api_url }
      : undefined,
    destination: destination.description
      ? { description: destination.description, baseUrl: row.dest_api_url }
      : undefined,
  }).warnings;
}
