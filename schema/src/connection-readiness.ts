import { AUTH_TYPE_LABELS } from './integration-constants.ts';
import type { TAuthConfig, TAuthType } from './integrations.ts';

// What a connection needs before it can run (ADR 031): the API refuses to deploy or run one
// without it, and the console's forms and Edit connection panel say the same thing.

/** A `{name}` in a URL: a value the user still has to fill in (a shop, a region, a subdomain). */
const PLACEHOLDER = /\{([^{}/]*)\}/g;

/** The placeholder names left in a URL, in order, each once: `{shop}` gives `shop`. */
export function urlPlaceholders(url: string): string[] {
  return [...new Set([...url.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** The URL with each `{name}` replaced by its value; names without a value stay as they are. */
export function fillUrlPlaceholders(url: string, values: Record<string, string>): string {
  return url.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name]?.trim();
    return value ? value : whole;
  });
}

/**
 * What a side must have before it can run: nothing, a stored secret (API key, bearer token,
 * password, OAuth client secret or access token), or a connected OAuth account (the
 * authorization-code grant, ADR 024). A token URL without a grant means client credentials.
 */
export type CredentialNeed = 'nothing' | 'secret' | 'account';

export function credentialNeed(authType: TAuthType, config: TAuthConfig): CredentialNeed {
  if (authType === 'none') return 'nothing';
  if (authType === 'oauth' && config.grant === 'authorization_code') return 'account';
  return 'secret';
}

/** The secret's name for an auth type, as the forms label it ("API Key", "Client Secret"). */
export function secretName(authType: TAuthType, config: TAuthConfig): string {
  switch (authType) {
    case 'api-key':
      return 'API key';
    case 'bearer':
      return 'bearer token';
    case 'basic':
      return 'password';
    case 'oauth':
      return config.grant === 'client_credentials' || (!config.grant && config.tokenUrl)
        ? 'client secret'
        : 'access token';
    case 'none':
      return AUTH_TYPE_LABELS.none;
  }
}
