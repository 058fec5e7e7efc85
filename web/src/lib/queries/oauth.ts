import { queryOptions } from '@tanstack/react-query';
import {
  ZOAuthApp,
  ZOAuthConnectResponse,
  ZOAuthConnections,
  type TConnectionSide,
} from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { z } from 'zod';
import { getQueryFn } from '../api-client.ts';
import { apiJson } from '../api-json.ts';

// OAuth 2.0 connections (ADR 024): each integration's connected accounts (status and account
// name, never a token) and the operators' OAuth apps.

export const oauthQueries = {
  /** GET /api/integrations/:id/oauth */
  connections: (integrationId: string) =>
    queryOptions({
      queryKey: [apiPath('integrations'), integrationId, 'oauth'],
      queryFn: getQueryFn(apiPath('oauthConnections', { id: integrationId }), {
        schema: ZOAuthConnections,
      }),
    }),
  /** GET /api/oauth/apps (operators) */
  apps: () =>
    queryOptions({
      queryKey: [apiPath('oauthApps')],
      queryFn: getQueryFn(apiPath('oauthApps'), { schema: z.array(ZOAuthApp) }),
    }),
};

/**
 * 'Connect your account': the API records the attempt (state, PKCE) and answers the provider's
 * consent page, where the browser goes; the provider sends it back to the review page.
 */
export async function startOAuthConnect(
  integrationId: string,
  side: TConnectionSide,
): Promise<void> {
  const { authorizeUrl } = await apiJson(
    'POST',
    apiPath('oauthConnect', { id: integrationId, side }),
    ZOAuthConnectResponse,
  );
  window.location.assign(authorizeUrl);
}
