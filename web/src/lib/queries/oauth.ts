import { queryOptions } from '@tanstack/react-query';
import {
  ZOAuthApp,
  ZOAuthConnectResponse,
  ZOAuthConnections,
  type TConnectionSide,
} from '@patchbay/schema';
import { z } from 'zod';
import { getQueryFn } from '../api-client.ts';
import { apiJson } from '../api-json.ts';

// OAuth 2.0 connections (ADR 024): each integration's connected accounts (status and account
// name, never a token) and the operators' OAuth apps.

export const oauthQueries = {
  /** GET /api/integrations/:id/oauth */
  connections: (integrationId: string) =>
    queryOptions({
      queryKey: ['/api/integrations', integrationId, 'oauth'],
      queryFn: getQueryFn({ schema: ZOAuthConnections }),
    }),
  /** GET /api/oauth/apps (operators) */
  apps: () =>
    queryOptions({
      queryKey: ['/api/oauth/apps'],
      queryFn: getQueryFn({ schema: z.array(ZOAuthApp) }),
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
    `/api/integrations/${encodeURIComponent(integrationId)}/oauth/${side}/connect`,
    ZOAuthConnectResponse,
  );
  window.location.assign(authorizeUrl);
}
