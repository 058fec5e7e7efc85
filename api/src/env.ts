import { fileURLToPath } from 'node:url';
import { parseEnv, zEnvBoolean, ZTemporalEnv, zPort, zPostgresUrl } from '@patchbay/schema/env';
import { z } from 'zod';

export const ZApiEnv = ZTemporalEnv.extend({
  DATABASE_URL: zPostgresUrl,
  PORT: zPort.default(3000),
  /** 127.0.0.1 locally; 0.0.0.0 in containers. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The built console (npm run build -w web). */
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** Linked from run history; the Temporal Web UI of the same cluster. */
  TEMPORAL_UI_URL: z.url().default('http://localhost:8233'),
  /**
   * The worker's setting, read here too: the API's own requests to URLs a user typed (OAuth
   * token exchange, revocation, UserInfo) follow the sandbox's network rules. true only for
   * development and tests, where providers listen on loopback.
   */
  SANDBOX_ALLOW_PRIVATE_NETWORK: zEnvBoolean.default(false),
  /** How often the schedule reconciler runs (it also runs at start). */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(300_000),
  /** How long POST routes wait for their workflow before answering 504. */
  WORKFLOW_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** The public URL of the console; default http://localhost:PORT. HTTPS turns on Secure cookies. */
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** `kid:base64key,…`, first active (ADR 009). npm start makes one in DATA_DIR/secret.key. */
  APP_ENCRYPTION_KEYS: z.string({ error: 'is required (kid:base64key, see .env.example)' }).min(1),
  /** Multiplies the log-in/sign-up/password rate limits (ADR 008); tests raise it. */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For. */
  TRUST_PROXY: zEnvBoolean.default(false),
  /** Google sign-in; both unset turns it off (the button then explains). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID issuer; tests point it at a mock OIDC server. */
  GOOGLE_ISSUER_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  /** Outgoing mail (password-reset links), e.g. smtp://user:pass@host:587; unset: no mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From of that mail, e.g. "Patchbay <patchbay@example.com>"; needed with SMTP_URL. */
  SMTP_FROM: z.string().min(3).optional(),
})
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine((env) => !env.SMTP_URL || Boolean(env.SMTP_FROM), {
    message: 'is required with SMTP_URL (the From address of the mail Patchbay sends)',
    path: ['SMTP_FROM'],
  });
export type ApiEnv = z.infer<typeof ZApiEnv>;

export function loadApiEnv(env: Record<string, string | undefined> = process.env): ApiEnv {
  return parseEnv(ZApiEnv, env);
}
