// Where one side's secrets go, as origins (ADR 029): the API key or access token to the base URL,
// the client secret and refresh token to the token and revocation URLs, the access token to the
// UserInfo URL, and the consent to the authorize URL. A secret only ever goes to the origins it
// was entered or issued for, so moving any of them drops the side's stored secret and ends its
// connected account. The endpoints are the resolved ones (auth config, else the catalog), so a
// new API name or description that brings other endpoints counts too.
import { resolveDescription } from '@patchbay/catalog';
import type { IntegrationRow } from '@patchbay/db';
import {
  oauthEndpoints,
  type TAuthConfig,
  type TConnectionSide,
  type TDescriptionChoice,
  type TUpdateIntegrationRequest,
} from '@patchbay/schema';

/** What decides one side's endpoints. */
export interface SideSettings {
  apiName: string;
  apiUrl: string;
  authConfig: TAuthConfig;
  description: TDescriptionChoice;
}

const ENDPOINT_NAMES = {
  api: 'base URL',
  authorize: 'authorize URL',
  token: 'token URL',
  revoke: 'revocation URL',
  userinfo: 'UserInfo URL',
} as const;

type EndpointOrigins = Record<keyof typeof ENDPOINT_NAMES, string | null>;

export function sideSettings(row: IntegrationRow, side: TConnectionSide): SideSettings {
  return side === 'source'
    ? {
        apiName: row.source_api_name,
        apiUrl: row.source_api_url,
        authConfig: row.source_auth_config,
        description: row.source_description,
      }
    : {
        apiName: row.dest_api_name,
        apiUrl: row.dest_api_url,
        authConfig: row.dest_auth_config,
        description: row.dest_description,
      };
}

/** The side's settings once `body` is applied, before anything is written. */
export function sideSettingsAfter(
  before: IntegrationRow,
  body: TUpdateIntegrationRequest,
  side: TConnectionSide,
): SideSettings {
  const was = sideSettings(before, side);
  const source = side === 'source';
  return {
    apiName: (source ? body.sourceApiName : body.destApiName) ?? was.apiName,
    apiUrl: (source ? body.sourceApiUrl : body.destApiUrl) ?? was.apiUrl,
    authConfig: (source ? body.sourceAuthConfig : body.destAuthConfig) ?? was.authConfig,
    description: (source ? body.sourceDescription : body.destDescription) ?? was.description,
  };
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    // Validation keeps bad URLs out; one that slipped in is its own origin, unlike any other.
    return url;
  }
}

function endpointOrigins(settings: SideSettings): EndpointOrigins {
  const description = resolveDescription(
    settings.description,
    settings.apiName,
    settings.apiUrl,
  ).description;
  const endpoints = oauthEndpoints(settings.authConfig, description);
  return {
    api: originOf(settings.apiUrl),
    authorize: originOf(endpoints.authorizeUrl),
    token: originOf(endpoints.tokenUrl),
    revoke: originOf(endpoints.revokeUrl),
    userinfo: originOf(endpoints.userinfoUrl),
  };
}

/** The endpoints ("base URL", "token URL"…) whose origin differs between the two settings. */
export function movedEndpoints(before: SideSettings, after: SideSettings): string[] {
  const was = endpointOrigins(before);
  const now = endpointOrigins(after);
  return (Object.keys(ENDPOINT_NAMES) as (keyof typeof ENDPOINT_NAMES)[])
    .filter((endpoint) => was[endpoint] !== now[endpoint])
    .map((endpoint) => ENDPOINT_NAMES[endpoint]);
}

/** Why a connected account ended, as its last error and the worker's reconnect message say. */
export function movedReason(moved: readonly string[]): string {
  const list =
    moved.length === 1
      ? moved[0]
      : `${moved.slice(0, -1).join(', ')} and ${moved[moved.length - 1]}`;
  return `its ${list} moved to another server, so its tokens were withdrawn`;
}
