import type { TIntegration } from '@patchbay/schema';
import type { TStatusFilter } from '../../../../lib/integration-status.ts';

/**
 * My Integrations: the search box matches the name, either API name or the prompt,
 * ignoring case; the status filter keeps one status or all. Done in the browser: the list is
 * already loaded and a keystroke should not cost a request.
 */
export function filterIntegrations<
  T extends Pick<TIntegration, 'name' | 'sourceApiName' | 'destApiName' | 'userPrompt' | 'status'>,
>(items: readonly T[], { search, status }: { search: string; status: TStatusFilter }): T[] {
  const needle = search.trim().toLowerCase();
  return items.filter((item) => {
    if (status !== 'all' && item.status !== status) return false;
    if (!needle) return true;
    return [item.name, item.sourceApiName, item.destApiName, item.userPrompt].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}
