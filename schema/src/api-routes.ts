// The API routes the console calls, named once (ADR 042). Each is the Hono path pattern the
// API registers; api/src/console-routes.test.ts checks every pattern against the app's
// routes, its type and its registrations, so renaming a route on either side fails
// `npm run typecheck`. Its own subpath export: the public pages import it without zod.

export const API_ROUTES = {
  // Accounts and sessions (auth.ts in api/src/routes).
  login: '/api/auth/login',
  signup: '/api/auth/signup',
  logout: '/api/auth/logout',
  googleSignIn: '/api/auth/google',
  currentUser: '/api/auth/user',
  password: '/api/auth/password',
  passwordReset: '/api/auth/password-reset',
  passwordResetRequest: '/api/auth/password-reset/request',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  account: '/api/auth/account',
  apiTokens: '/api/auth/tokens',
  apiToken: '/api/auth/tokens/:id',
  usage: '/api/usage',

  // The built-in catalog of API descriptions.
  catalog: '/api/catalog',
  catalogEntry: '/api/catalog/:id',
  catalogVersions: '/api/catalog/:id/versions',
  catalogMatch: '/api/catalog/match',
  catalogImport: '/api/catalog/import',

  // Integrations, their runs and their webhook events.
  integrations: '/api/integrations',
  generate: '/api/integrations/generate',
  integration: '/api/integrations/:id',
  integrationVersions: '/api/integrations/:id/versions',
  integrationState: '/api/integrations/:id/state',
  integrationDescriptions: '/api/integrations/:id/descriptions',
  integrationExport: '/api/integrations/:id/export',
  integrationPlan: '/api/integrations/:id/plan',
  testRun: '/api/integrations/:id/execute',
  deployedRun: '/api/integrations/:id/run',
  runs: '/api/integrations/:id/runs',
  run: '/api/integrations/:id/runs/:runId',
  runHistory: '/api/integrations/:id/runs/:runId/history',
  rerun: '/api/integrations/:id/runs/:runId/rerun',
  replay: '/api/integrations/:id/runs/:runId/replay',
  webhookEvents: '/api/integrations/:id/events',
  webhookEventReplay: '/api/integrations/:id/events/:eventId/replay',
  webhookRotate: '/api/integrations/:id/webhook/rotate',

  // OAuth connections and the operators' OAuth apps.
  oauthConnections: '/api/integrations/:id/oauth',
  oauthConnect: '/api/integrations/:id/oauth/:side/connect',
  oauthDisconnect: '/api/integrations/:id/oauth/:side/disconnect',
  oauthApps: '/api/oauth/apps',
  oauthApp: '/api/oauth/apps/:appId',

  // Notification channels.
  notificationChannels: '/api/notifications/channels',
  notificationChannel: '/api/notifications/channels/:id',
  notificationChannelTest: '/api/notifications/channels/:id/test',
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;
export type ApiRoutePattern = (typeof API_ROUTES)[ApiRouteName];

/** The `:name` parameters of a path pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values `apiPath` needs for route `N`: none, or one string per parameter. */
export type ApiRouteParams<N extends ApiRouteName> = [ParamNames<(typeof API_ROUTES)[N]>] extends [
  never,
]
  ? []
  : [params: Record<ParamNames<(typeof API_ROUTES)[N]>, string>];

/**
 * The path of route `name`, each parameter URL-encoded: `apiPath('run', { id, runId })` is
 * `/api/integrations/<id>/runs/<runId>`. A query string, if any, is the caller's to append.
 */
export function apiPath<N extends ApiRouteName>(name: N, ...[params]: ApiRouteParams<N>): string {
  const values: Record<string, string> = params ?? {};
  return API_ROUTES[name].replace(/:(\w+)/g, (_match, param: string) => {
    const value = values[param];
    // Unreachable from typed code; a cast must not produce a path with `undefined` in it.
    if (value === undefined) throw new Error(`apiPath('${name}'): no value for :${param}`);
    return encodeURIComponent(value);
  });
}
