import { infiniteQueryOptions } from '@tanstack/react-query';
import { ZWebhookEventsPage } from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiJson } from '../api-json.ts';

// An integration's webhook events log (ADR 021), newest first, a page at a time, like the runs
// (lib/queries/integrations.ts); under the integration's key, so invalidating it refreshes this.

export const EVENTS_PAGE_SIZE = 20;

export const webhookEventsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: [apiPath('integrations'), id, 'events', 'pages'],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(EVENTS_PAGE_SIZE) });
      if (pageParam !== undefined) params.set('before', String(pageParam));
      return apiJson(
        'GET',
        `${apiPath('webhookEvents', { id })}?${params.toString()}`,
        ZWebhookEventsPage,
      );
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
