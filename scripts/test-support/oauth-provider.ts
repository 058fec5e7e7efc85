// A real OAuth 2.0 / OpenID provider on loopback for OAuth connection tests (ADR 024):
// oauth2-mock-server, which checks PKCE itself, auto-approves its consent step and rotates the
// refresh token on every refresh. It counts what reaches its token and revocation endpoints.
import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import type { TestApp, TestUser } from './test-app.ts';

export interface OAuthProvider {
  server: OAuth2Server;
  issuer: string;
  /** Token endpoint request bodies, in order (grant_type, code_verifier, refresh_token…). */
  tokenRequests: Array<Record<string, string>>;
  /** Tokens sent to the revocation endpoint. */
  revoked: string[];
  /** Answers the next refresh with this RFC 6749 §5.2 error (e.g. invalid_grant). */
  failNextRefresh(status: number, body: Record<string, string>): void;
  close(): Promise<void>;
}

export async function startOAuthProvider(
  claims: Record<string, unknown> = { email: 'ada@example.com' },
): Promise<OAuthProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const provider: OAuthProvider = {
    server,
    issuer: server.issuer.url ?? '',
    tokenRequests: [],
    revoked: [],
    failNextRefresh: (status, body) => {
      server.service.once(
        'beforeResponse',
        (
          response: { statusCode: number; body: unknown },
          req: { body: Record<string, string> },
        ) => {
          if (req.body.grant_type !== 'refresh_token') return;
          response.statusCode = status;
          response.body = body;
        },
      );
    },
    close: () => server.stop(),
  };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    // A fresh jti: two tokens signed within the same second would otherwise be identical.
    Object.assign(token.payload, claims, { jti: randomUUID() });
  });
  server.service.on(
    'beforeResponse',
    (_response: unknown, req: { body: Record<string, string> }) => {
      provider.tokenRequests.push(req.body);
    },
  );
  // The mock does not parse a revocation's body: read the form here.
  server.service.on('beforeRevoke', (_response: unknown, req: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      provider.revoked.push(
        new URLSearchParams(Buffer.concat(chunks).toString()).get('token') ?? '',
      );
    });
  });
  return provider;
}

/** An auth config for one side using this provider and the user's own app. */
export function providerAuthConfig(
  provider: OAuthProvider,
  overrides: Record<string, unknown> = {},
) {
  return {
    grant: 'authorization_code',
    authorizeUrl: `${provider.issuer}/authorize`,
    tokenUrl: `${provider.issuer}/token`,
    revokeUrl: `${provider.issuer}/revoke`,
    scope: 'openid email offline_access',
    clientId: 'patchbay-user-app',
    ...overrides,
  };
}

/**
 * The browser's path: Connect → the provider's consent page (auto-approved) → our callback.
 * Returns where the callback sent the browser.
 */
export async function connectAccount(
  t: TestApp,
  user: TestUser,
  integrationId: string,
  side: 'source' | 'destination' = 'source',
): Promise<URL> {
  const start = await user.request(
    'POST',
    `/api/integrations/${integrationId}/oauth/${side}/connect`,
  );
  if (start.status !== 200) throw new Error(`connect: ${start.status} ${await start.text()}`);
  const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') ?? '');
  const back = await t.app.request(`${callback.pathname}${callback.search}`, {
    headers: { cookie: user.cookie },
  });
  return new URL(back.headers.get('location') ?? '', 'http://localhost');
}
