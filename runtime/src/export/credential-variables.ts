import type { TAuthType } from '@patchbay/schema';
import { DEFAULT_API_KEY_HEADER, DEFAULT_API_KEY_PARAMETER } from '../ctx/auth-defaults.ts';
import type { ExportConnection } from './build-export-zip.ts';

// The environment variables an exported project reads its credentials from. The exported
// runtime derives the same names in template/runtime/credentials.js (it cannot import this
// file: the export has no TypeScript and no Patchbay); build-export-zip.test.ts runs the
// exported project with exactly the variables .env.example lists, so the two cannot drift.

export type ExportRole = 'source' | 'destination';

export interface CredentialVariable {
  name: string;
  /** What to put in it, for the comment above it in .env.example. */
  description: string;
}

const ROLE_PREFIX: Record<ExportRole, string> = { source: 'SOURCE', destination: 'DESTINATION' };

export function credentialVariable(
  role: ExportRole,
  connection: ExportConnection,
): CredentialVariable | null {
  const prefix = ROLE_PREFIX[role];
  const config = connection.authConfig;
  const kinds: Record<TAuthType, CredentialVariable | null> = {
    'api-key': {
      name: `${prefix}_API_KEY`,
      description:
        config.in === 'query'
          ? `API key, sent as the query parameter ${config.name ?? DEFAULT_API_KEY_PARAMETER}`
          : `API key, sent in the ${config.name ?? DEFAULT_API_KEY_HEADER} header`,
    },
    bearer: {
      name: `${prefix}_BEARER_TOKEN`,
      description: 'bearer token, sent as Authorization: Bearer <token>',
    },
    basic:
      config.secretIn === 'username'
        ? {
            name: `${prefix}_BASIC_USERNAME`,
            description: 'API key, sent as the basic auth user name with an empty password',
          }
        : {
            name: `${prefix}_BASIC_PASSWORD`,
            description: `basic auth password for user ${JSON.stringify(config.username ?? '')}`,
          },
    oauth:
      config.grant === 'authorization_code'
        ? {
            name: `${prefix}_OAUTH_REFRESH_TOKEN`,
            description:
              'OAuth 2.0 refresh token of your connected account; the project trades it for access tokens' +
              (config.tokenUrl ? ` at ${config.tokenUrl}` : ''),
          }
        : config.tokenUrl
          ? {
              name: `${prefix}_OAUTH_CLIENT_SECRET`,
              description:
                `OAuth 2.0 client secret` +
                (config.clientId ? ` for client ID ${JSON.stringify(config.clientId)}` : '') +
                ` (client credentials grant at ${config.tokenUrl})`,
            }
          : {
              name: `${prefix}_OAUTH_ACCESS_TOKEN`,
              description: 'OAuth 2.0 access token, sent as Authorization: Bearer <token>',
            },
    none: null,
  };
  return kinds[connection.authType];
}

/**
 * What refreshing a connected account's token needs besides the refresh token (ADR 024): the
 * OAuth app's client secret, and its client id when the configuration has none (an operator's
 * app on Patchbay). Empty for every other connection.
 */
export function oauthClientVariables(
  role: ExportRole,
  connection: ExportConnection,
): CredentialVariable[] {
  const config = connection.authConfig;
  if (connection.authType !== 'oauth' || config.grant !== 'authorization_code') return [];
  const prefix = ROLE_PREFIX[role];
  return [
    ...(config.clientId
      ? []
      : [{ name: `${prefix}_OAUTH_CLIENT_ID`, description: 'client ID of the OAuth app' }]),
    {
      name: `${prefix}_OAUTH_CLIENT_SECRET`,
      description:
        'client secret of the OAuth app' +
        (config.clientId ? ` with client ID ${JSON.stringify(config.clientId)}` : ''),
    },
  ];
}
