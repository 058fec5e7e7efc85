import type { UserRow } from '@patchbay/db';

/** Who is calling: set by the authenticate middleware on every /api request. */
export interface Auth {
  user: UserRow;
  /** The session behind a cookie or Bearer session token; null for a personal API token. */
  sessionId: string | null;
  sessionCreatedAt: Date | null;
  via: 'cookie' | 'bearer';
}

/** Hono's typed context for every route. */
export interface AppEnv {
  Variables: {
    auth: Auth | null;
    /** The caller's IP, for rate limits and the audit log. */
    ip: string;
  };
}
