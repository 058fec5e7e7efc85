import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import type { UserRow } from '@patchbay/db';
import { ApiError } from '../errors.ts';
import { validateApiToken } from './api-tokens.ts';
import { readSessionCookie, setSessionCookie } from './cookies.ts';
import { validateSessionToken } from './sessions.ts';

/** The caller's IP: the socket's, or the one our trusted proxy appended to X-Forwarded-For. */
export function clientIp(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const forwarded = deps.auth.trustProxy
      ? // The right-most entry is the one our proxy added; those before it are the client's to invent.
        c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
      : undefined;
    let socket: string | undefined;
    try {
      socket = getConnInfo(c).remote.address;
    } catch {
      // app.request() in tests has no socket
    }
    c.set('ip', forwarded || socket || 'unknown');
    await next();
  };
}

/**
 * Resolves the caller from `Authorization: Bearer <token>` (a session token or a
 * personal API token) or from the session cookie. Never rejects by itself.
 */
export function authenticate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('auth', null);
    const header = c.req.header('authorization');
    const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (header !== undefined) {
      if (!bearer)
        throw new ApiError(
          401,
          'UNAUTHENTICATED',
          'Malformed Authorization header: use "Bearer <token>"',
        );
      const viaToken = await validateApiToken(deps.sql, bearer);
      const viaSession = viaToken ? null : await validateSessionToken(deps.sql, bearer);
      if (viaToken)
        c.set('auth', {
          user: viaToken.user,
          sessionId: null,
          sessionCreatedAt: null,
          via: 'bearer',
        });
      else if (viaSession) {
        const { session, user } = viaSession;
        c.set('auth', {
          user,
          sessionId: session.id,
          sessionCreatedAt: session.createdAt,
          via: 'bearer',
        });
      } else {
        // A bad bearer token is an error, not an anonymous request: the caller meant to sign in.
        throw new ApiError(401, 'UNAUTHENTICATED', 'Invalid or revoked token');
      }
    } else {
      const token = readSessionCookie(c);
      const result = token ? await validateSessionToken(deps.sql, token) : null;
      if (result && token) {
        const { session, user } = result;
        c.set('auth', {
          user,
          sessionId: session.id,
          sessionCreatedAt: session.createdAt,
          via: 'cookie',
        });
        if (result.renewed) setSessionCookie(c, token, session, deps.auth.secureCookies);
      }
    }
    await next();
  };
}

/** The signed-in user of a route behind requireAuth. */
export function currentUser(c: { get(key: 'auth'): AppEnv['Variables']['auth'] }): UserRow {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
  return auth.user;
}

/** The signed-in user's id: what the routes scope every query by. */
export function currentUserId(c: Parameters<typeof currentUser>[0]): string {
  return currentUser(c).id;
}

/** 401 unless authenticated. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('auth')) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
  await next();
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TEMPORAL_CODEC_PATH = '/api/temporal-codec/';

/**
 * CSRF: a mutating request that is not Bearer-authenticated must carry
 * an Origin of this app — the configured APP_URL or the origin it was addressed to.
 */
export function checkOrigin(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (MUTATING.has(c.req.method) && !c.req.header('authorization')) {
      const origin = c.req.header('origin');
      const allowed = [deps.auth.appUrl.origin, new URL(c.req.url).origin];
      // The Temporal Web UI calls the codec endpoint from its own origin (its CORS
      // and operator check are in routes/temporal-codec.ts).
      if (c.req.path.startsWith(TEMPORAL_CODEC_PATH))
        allowed.push(new URL(deps.temporalUi.baseUrl).origin);
      if (!origin || !allowed.includes(origin)) {
        throw new ApiError(
          403,
          'ORIGIN_MISMATCH',
          'Cross-origin request refused: the Origin header must be this app',
        );
      }
    }
    await next();
  };
}
