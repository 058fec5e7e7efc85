import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../env.ts';
import { GoogleAuth } from './google.ts';
import { createMailer } from './mailer.ts';
import { createRateLimits } from './rate-limits.ts';

/** The auth part of AppDeps, from the API's environment. */
export function createAuthDeps(env: ApiEnv): AppDeps['auth'] {
  const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? new GoogleAuth({
          issuerUrl: new URL(env.GOOGLE_ISSUER_URL),
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          redirectUri: new URL('/api/auth/google/callback', appUrl).href,
        })
      : null;
  return {
    appUrl,
    secureCookies: appUrl.protocol === 'https:',
    trustProxy: env.TRUST_PROXY,
    google,
    rateLimits: createRateLimits(env.DATABASE_URL, env.AUTH_RATE_LIMIT_SCALE),
    mailer:
      env.SMTP_URL && env.SMTP_FROM
        ? createMailer({ url: env.SMTP_URL, from: env.SMTP_FROM })
        : null,
  };
}
