import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { MAX_IMPORT_DOCUMENT_BYTES } from '@patchbay/schema';
import { isConnectionError } from '@patchbay/db';
import type { AppDeps } from './app-deps.ts';
import type { AppEnv } from './app-env.ts';
import { authenticate, checkOrigin, clientIp } from './auth/middleware.ts';
import { ApiError, errorBody } from './errors.ts';
import { rejectNulInUrl } from './validate.ts';
import { authRoutes } from './routes/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { healthRoutes } from './routes/health.ts';
import { hookRoutes } from './routes/hooks.ts';
import { generateRoutes } from './routes/generate.ts';
import { integrationRoutes } from './routes/integrations.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { runRoutes } from './routes/runs.ts';
import { oauthIntegrationRoutes, oauthRoutes } from './routes/oauth.ts';
import { runHistoryRoutes } from './routes/run-history.ts';
import { usageRoutes } from './routes/usage.ts';
import { webhookEventRoutes } from './routes/webhook-events.ts';
import { pingRoutes } from './routes/ping.ts';
import { temporalCodecRoutes } from './routes/temporal-codec.ts';
import { json } from './route-docs.ts';
import { rejectMissingMethods, routeMethods } from './method-not-allowed.ts';
import { openApiDocument } from './openapi-document.ts';
import { mountConsole } from './static-console.ts';

/** Largest JSON body any route accepts; bigger ones get 413 before parsing. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Bodies that carry an API description are larger: a pasted OpenAPI document (up to
 * MAX_IMPORT_DOCUMENT_BYTES, plus its JSON string escaping), and an integration that stores an
 * imported description.
 */
const LARGER_BODIES: Array<[RegExp, number]> = [
  [/^\/api\/catalog\/import$/, MAX_IMPORT_DOCUMENT_BYTES + 1024 * 1024],
  [/^\/api\/integrations(\/[^/]+)?$/, 4 * 1024 * 1024],
  // The Temporal Web UI decodes a history's payloads in one call (up to Temporal's 2 MB each).
  [/^\/api\/temporal-codec\//, 16 * 1024 * 1024],
];

function limitBodies(): MiddlewareHandler<AppEnv> {
  const limiter = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError(
          413,
          'PAYLOAD_TOO_LARGE',
          `Request body is larger than ${maxSize / 1024} KiB`,
        );
      },
    });
  const standard = limiter(MAX_BODY_BYTES);
  const larger = LARGER_BODIES.map(([path, size]) => [path, limiter(size)] as const);
  return (c, next) => (larger.find(([path]) => path.test(c.req.path))?.[1] ?? standard)(c, next);
}

export function createApp(deps: AppDeps) {
  const api = new Hono<AppEnv>()
    .use(limitBodies())
    // A NUL in a path parameter or query would reach PostgreSQL and fail as a 500.
    .use(rejectNulInUrl)
    .use(clientIp(deps))
    .use(authenticate(deps))
    .use(checkOrigin(deps))
    .route('/health', healthRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/integrations', generateRoutes(deps))
    .route('/integrations', integrationRoutes(deps))
    .route('/integrations', runRoutes(deps))
    .route('/integrations', oauthIntegrationRoutes(deps))
    .route('/oauth', oauthRoutes(deps))
    .route('/integrations', webhookEventRoutes(deps))
    .route('/integrations', runHistoryRoutes(deps))
    .route('/usage', usageRoutes(deps))
    .route('/notifications', notificationRoutes(deps))
    .route('/catalog', catalogRoutes(deps))
    .get(
      '/openapi.json',
      describeRoute({
        summary: 'This document: OpenAPI 3.1, generated from the routes',
        responses: { 200: json('OpenAPI 3.1 document', z.looseObject({ openapi: z.string() })) },
      }),
      // Typed by hand: the document is generated from `app`, which contains this route.
      (c, next): Promise<Response | void> => openApi(c, next),
    )
    .route('/ping', pingRoutes(deps))
    .route('/temporal-codec', temporalCodecRoutes(deps));

  // A path with other methods is 405 (method-not-allowed.ts), before any route sees it.
  const methods = routeMethods(() => app.routes);
  // One chain, so AppType carries every route (hono/client, ADR 018).
  const app = new Hono().use(rejectMissingMethods(methods)).route('/api', api);
  // Providers' webhook deliveries (ADR 021), public and outside /api (no session, no Origin).
  app.route('/hooks', hookRoutes(deps));
  // Generated on first request from the routes' describeRoute and validators (ADR 018).
  const openApi: MiddlewareHandler = openApiDocument(app);
  // An unknown API path is a JSON 404, never the console's HTML; so is one below /hooks (a
  // webhook URL asked with GET is 405 above: a browser opening it learns it takes POST).
  const noRoute = (c: Context) =>
    c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: 'NOT_FOUND' }, 404);
  app.all('/api/*', noRoute);
  app.all('/hooks/*', noRoute);
  if (deps.webDistDir) mountConsole(app, deps.webDistDir);

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error), error.status, error.headers);
    if (error instanceof HTTPException) {
      // Hono's own 400s, e.g. "Malformed JSON in request body".
      const code = error.status === 400 ? 'BAD_REQUEST' : 'HTTP_ERROR';
      return c.json({ message: error.message || 'Bad request', code }, error.status);
    }
    if (isConnectionError(error)) {
      // PostgreSQL is down or restarting: one line, no stack; postgres.js reconnects on a
      // later query, so the API serves again once it is back.
      console.error(`${c.req.method} ${c.req.path}: database unreachable (${String(error)})`);
      return c.json(
        {
          message: 'The database is unreachable. Try again in a moment.',
          code: 'DATABASE_UNAVAILABLE',
        },
        503,
      );
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ message: 'Internal server error', code: 'INTERNAL' }, 500);
  });
  return app;
}

/** The app with its routes' types (inputs and JSON outputs), for hono/client. */
export type AppType = ReturnType<typeof createApp>;
