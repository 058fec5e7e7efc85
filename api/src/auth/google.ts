// Google sign-in: authorization code flow with PKCE and state (openid-client does the
// protocol and checks the ID token's issuer, audience and expiry; we check
// email_verified). The issuer is configurable so tests use a mock OIDC server.
import * as oidc from 'openid-client';

export interface GoogleOptions {
  issuerUrl: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export class GoogleAuth {
  readonly #options: GoogleOptions;
  #config: Promise<oidc.Configuration> | undefined;

  constructor(options: GoogleOptions) {
    this.#options = options;
  }

  /** Discovery happens on first use and is cached; a failure is retried next time. */
  #configuration(): Promise<oidc.Configuration> {
    this.#config ??= oidc
      .discovery(
        this.#options.issuerUrl,
        this.#options.clientId,
        this.#options.clientSecret,
        undefined,
        {
          // Only the loopback mock issuer in tests is plain http.
          execute: this.#options.issuerUrl.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        this.#config = undefined;
        throw error;
      });
    return this.#config;
  }

  async start(): Promise<{ url: string; state: string; codeVerifier: string }> {
    const config = await this.#configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.#options.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    return { url: url.href, state, codeVerifier };
  }

  /** Exchanges the code; throws on a state mismatch, a failed exchange or an invalid ID token. */
  async finish(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string },
  ): Promise<GoogleIdentity> {
    const config = await this.#configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: expected.state,
      pkceCodeVerifier: expected.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || typeof claims.email !== 'string')
      throw new Error('The ID token carries no email');
    return {
      subject: claims.sub,
      email: claims.email,
      emailVerified: claims.email_verified === true,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
      lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
    };
  }
}
