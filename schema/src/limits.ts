// Limits and retention windows that more than one process relies on: the worker
// enforces them, the housekeeping job prunes by them, the API reports them and the console's
// docs, privacy and terms pages render them. Change a value here and every place follows.

/**
 * Credential values shorter than this are never redacted from transcripts:
 * replacing a one- or two-character value everywhere corrupts data, and such a value is a
 * placeholder (Freshdesk's basic-auth password `X`), not a secret. The API warns on save.
 */
export const MIN_REDACTED_CHARS = 4;

/** One sandbox run (ADR 012). The worker's SandboxPool starts from these. */
export const SANDBOX_LIMITS = {
  /** Whole run, measured from outside the runner process (covers time spent awaiting I/O). */
  wallClockMs: 30_000,
  /** The isolate's heap limit. */
  memoryMb: 128,
  /** CPU time spent inside the isolate. */
  cpuMs: 10_000,
  /** HTTP requests per run, redirects included. */
  maxRequests: 100,
  /** Per response body, after decompression; also the cap on a request body. */
  maxResponseBytes: 5 * 1024 * 1024,
  /** Per ctx call, redirects included. */
  requestTimeoutMs: 15_000,
  /** Log output per run; the rest is dropped with a marker. */
  maxLogBytes: 256 * 1024,
  /** The return value (as JSON), and separately the state changes (as JSON). */
  maxDataBytes: 1024 * 1024,
} as const;

/** How long records are kept before pruneRetention deletes them; the privacy policy states it. */
export const RETENTION_DAYS = {
  /** Run records: logs, data and the HTTP transcript. */
  runLogs: 90,
  /** audit_log rows (sign-ins, password changes, deletions): one year. */
  auditLog: 365,
} as const;

/** After an account is closed (web/src/routes: privacy policy § 5, terms § 9). */
export const CLOSED_ACCOUNT_DAYS = {
  /** Its API credentials are deleted within this many days. */
  credentialsDeletedWithin: 30,
  /** Its generated code can still be asked for (we send it) for this many days. */
  codeAvailableFor: 90,
  /** Its account data is deleted within this many days. */
  dataDeletedWithin: 90,
} as const;

/** How often we advise rotating third-party API keys (docs, privacy, terms). */
export const KEY_ROTATION_ADVICE_DAYS = 90;

/**
 * Deployed runs' retries (ADR 011). workflows/src/retry-policy.ts builds the Temporal
 * retry policy from these; the docs page states them.
 */
export const DEPLOYED_RUN_MAX_ATTEMPTS = 5;
/** The longest wait between two attempts, also the cap on an API's Retry-After. */
export const MAX_RETRY_DELAY_MS = 2 * 60_000;

/**
 * Free allows 5 integrations created over the account's lifetime (deleting one does
 * not free a slot, ADR 010); Pro is unlimited. Runs are not capped on either plan (ADR 020).
 */
export const FREE_INTEGRATION_LIMIT = 5;

/** The plans' limits; `null` is unlimited. */
export const PLAN_LIMITS = {
  free: { integrations: FREE_INTEGRATION_LIMIT, monthlyExecutions: null },
  pro: { integrations: null, monthlyExecutions: null },
} as const;

/** "1 year" rather than "365 days" when a count of days is a whole number of years. */
export function formatDays(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * 5242880 → "5 MB", 1572864 → "1.5 MB", 1000 → "1000 bytes": binary multiples, to one decimal.
 * The console's pages say MB and KB; the errors of the sandbox, the network guard and the OpenAPI
 * importer have always said MiB and KiB (`units: 'MiB'`).
 */
export function formatBytes(bytes: number, units: 'MB' | 'MiB' = 'MB'): string {
  const [mega, kilo] = units === 'MB' ? ['MB', 'KB'] : ['MiB', 'KiB'];
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} ${mega}`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} ${kilo}`;
  return `${bytes} bytes`;
}

/** 30000 → "30 seconds", 120000 → "2 minutes". */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds >= 60 && seconds % 60 === 0) {
    return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  }
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
