import type { KeyRing } from '@patchbay/schema/vault';
import type { Client } from '@temporalio/client';
import type { GoogleAuth } from './auth/google.ts';
import type { Mailer } from './auth/mailer.ts';
import type { RateLimits } from './auth/rate-limits.ts';
import type { Sql } from '@patchbay/db';
import type { WebhookOutbox } from './runtime/webhook-outbox.ts';

/** What route handlers may use; built once in main.ts, or by a test. */
export interface AppDeps {
  sql: Sql;
  temporal: Client;
  /**
   * The vault (APP_ENCRYPTION_KEYS): seals credentials, which only the worker opens; the API opens
   * only what it uses itself (webhook signing secrets, ADR 021; OAuth secrets, ADR 024).
   */
  vault: KeyRing;
  taskQueue: string;
  /** Starts the runs of accepted webhook deliveries (ADR 047); the hooks route wakes it. */
  webhookOutbox: Pick<WebhookOutbox, 'wake'>;
  /** Links from run history to the Temporal Web UI (TEMPORAL_UI_URL). */
  temporalUi: { baseUrl: string; namespace: string };
  /** Bound on how long a request waits for its workflow; past it the answer is 504. */
  workflowWaitMs: number;
  /**
   * SANDBOX_ALLOW_PRIVATE_NETWORK: whether the API's requests to user-typed URLs (OAuth
   * providers) may reach loopback and private addresses, as the sandbox's may.
   */
  allowPrivateNetwork: boolean;
  /** Absolute path of the built console, or null to serve the API alone. */
  webDistDir: string | null;
  auth: {
    /** The app's public URL (APP_URL): the allowed Origin and the OAuth redirect base. */
    appUrl: URL;
    /** Cookies carry Secure when the app is served over HTTPS. */
    secureCookies: boolean;
    /** Trust X-Forwarded-For (behind a reverse proxy). */
    trustProxy: boolean;
    /** Null when GOOGLE_CLIENT_ID/SECRET are not set. */
    google: GoogleAuth | null;
    rateLimits: RateLimits;
    /** Sends password-reset links (SMTP_URL); null or absent when mail is not configured. */
    mailer?: Mailer | null;
  };
}
