import { queryOptions } from '@tanstack/react-query';
import { ZNotificationChannelList } from '@patchbay/schema';
import { getQueryFn } from '../api-client.ts';

// Settings → Notifications (ADR 022).

/** GET /api/notifications/channels: the account's channels, the default email one included. */
export const notificationChannelsQuery = queryOptions({
  queryKey: ['/api/notifications/channels'],
  queryFn: getQueryFn({ schema: ZNotificationChannelList }),
});
