import { queryOptions } from '@tanstack/react-query';
import { ZNotificationChannelList } from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { getQueryFn } from '../api-client.ts';

// Settings → Notifications (ADR 022).

/** The account's channels, the default email one included. */
export const notificationChannelsQuery = queryOptions({
  queryKey: [apiPath('notificationChannels')],
  queryFn: getQueryFn(apiPath('notificationChannels'), { schema: ZNotificationChannelList }),
});
