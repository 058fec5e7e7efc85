// GET /api/openapi.json: every route, described with the same zod schemas that validate
// it (z.toJSONSchema). openapi.test.ts fails when a route exists without an entry here.
import {
  ZApiError,
  ZApiToken,
  ZChangePasswordRequest,
  ZCreateApiTokenRequest,
  ZCreatedApiToken,
  ZCreateIntegrationRequest,
  ZDeleteAccountRequest,
  ZExecuteRequest,
  ZGenerateRequest,
  ZGenerateResponse,
  ZIntegrationState,
  ZRunsPage,
  ZRunsQuery,
  ZRunStarted,
  ZTestRunResponse,
  ZUpdateStateRequest,
  ZHealthResponse,
  ZIntegration,
  ZIntegrationVersion,
  ZListIntegrationsQuery,
  ZLoginRequest,
  ZPingRequest,
  ZPingResponse,
  ZSignupRequest,
  ZUpdateIntegrationRequest,
  ZUsage,
  ZUser,
} from '@patchbay/schema';
import { z } from 'zod';

type Method = 'get' | 'post' | 'put' | 'delete';

export interface RouteDoc {
  method: Method;
  /** OpenAPI style: /api/integrations/{id} */
  path: string;
  summary: string;
  /** Needs a session cookie or a Bearer token. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Success status and body (none for 204 and redirects). */
  success: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  errors?: number[];
}

const integrationPath = '/api/integrations/{id}';

export const routeDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Health of the API, PostgreSQL and Temporal',
    auth: false,
    success: { status: 200, description: 'All components answer', schema: ZHealthResponse },
    errors: [503],
  },
  {
    method: 'post',
    path: '/api/ping',
    summary: 'Run the ping workflow end to end',
    auth: false,
    body: ZPingRequest,
    success: { status: 200, description: 'The worker answered', schema: ZPingResponse },
    errors: [400, 403, 504],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    auth: false,
    success: { status: 200, description: 'OpenAPI 3.1 document' },
  },

  {
    method: 'post',
    path: '/api/auth/signup',
    summary: 'Create an account and sign in',
    auth: false,
    body: ZSignupRequest,
    success: { status: 201, description: 'The new user; sets the session cookie', schema: ZUser },
    errors: [400, 403, 409, 413, 429],
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    auth: false,
    body: ZLoginRequest,
    success: { status: 200, description: 'The user; sets the session cookie', schema: ZUser },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out (idempotent)',
    auth: false,
    success: { status: 204, description: 'Signed out; clears the cookie' },
  },
  {
    method: 'get',
    path: '/api/auth/user',
    summary: 'The signed-in user',
    auth: true,
    success: { status: 200, description: 'The user', schema: ZUser },
    errors: [401],
  },
  {
    method: 'get',
    path: '/api/auth/google',
    summary: 'Start Google sign-in (browser redirect)',
    auth: false,
    success: { status: 302, description: 'To Google, or to /login?error=google_not_configured' },
  },
  {
    method: 'get',
    path: '/api/auth/google/callback',
    summary: 'Google sign-in callback (browser redirect)',
    auth: false,
    success: { status: 302, description: 'To /dashboard, or to /login?error=<code>' },
  },
  {
    method: 'get',
    path: '/api/auth/tokens',
    summary: 'List personal API tokens',
    auth: true,
    success: { status: 200, description: 'Tokens, without secrets', schema: z.array(ZApiToken) },
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/auth/tokens',
    summary: 'Create a personal API token (shown once)',
    auth: true,
    body: ZCreateApiTokenRequest,
    success: {
      status: 201,
      description: 'The token, with its secret this once',
      schema: ZCreatedApiToken,
    },
    errors: [400, 401, 403],
  },
  {
    method: 'delete',
    path: '/api/auth/tokens/{id}',
    summary: 'Revoke a personal API token',
    auth: true,
    success: { status: 204, description: 'Revoked' },
    errors: [401, 403, 404],
  },
  {
    method: 'put',
    path: '/api/auth/password',
    summary: 'Change the password (needs the current one)',
    auth: true,
    body: ZChangePasswordRequest,
    success: { status: 204, description: 'Changed; other sessions are signed out' },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'delete',
    path: '/api/auth/account',
    summary: 'Delete the account and everything it owns',
    auth: true,
    body: ZDeleteAccountRequest,
    success: { status: 204, description: 'Deleted' },
    errors: [400, 401, 403],
  },

  {
    method: 'get',
    path: '/api/integrations',
    summary: 'List integrations, newest first',
    auth: true,
    query: ZListIntegrationsQuery,
    success: { status: 200, description: 'Integrations', schema: z.array(ZIntegration) },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/integrations',
    summary: 'Create an integration (status draft)',
    auth: true,
    body: ZCreateIntegrationRequest,
    success: { status: 201, description: 'The integration', schema: ZIntegration },
    errors: [400, 401, 403, 413],
  },
  {
    method: 'get',
    path: integrationPath,
    summary: 'One integration',
    auth: true,
    success: { status: 200, description: 'The integration', schema: ZIntegration },
    errors: [401, 404],
  },
  {
    method: 'put',
    path: integrationPath,
    summary: 'Update, save code, deploy, pause or resume',
    auth: true,
    body: ZUpdateIntegrationRequest,
    success: { status: 200, description: 'The updated integration', schema: ZIntegration },
    errors: [400, 401, 403, 404, 409, 413],
  },
  {
    method: 'delete',
    path: integrationPath,
    summary: 'Delete an integration',
    auth: true,
    success: { status: 204, description: 'Deleted' },
    errors: [401, 403, 404],
  },
  {
    method: 'get',
    path: `${integrationPath}/versions`,
    summary: 'Code versions, newest first',
    auth: true,
    success: { status: 200, description: 'Versions', schema: z.array(ZIntegrationVersion) },
    errors: [401, 404],
  },
  {
    method: 'get',
    path: `${integrationPath}/export`,
    summary: 'Download a standalone Node project (zip)',
    auth: true,
    success: { status: 200, description: 'A zip file', contentType: 'application/zip' },
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/integrations/generate',
    summary: 'Generate integration code (LLM or template)',
    auth: true,
    body: ZGenerateRequest,
    success: {
      status: 200,
      description: 'The code and which generator wrote it',
      schema: ZGenerateResponse,
    },
    errors: [400, 401, 403, 422, 503, 504],
  },
  {
    method: 'post',
    path: `${integrationPath}/execute`,
    summary: 'Test run in the sandbox (never commits state)',
    auth: true,
    body: ZExecuteRequest,
    success: {
      status: 200,
      description: 'Status, data, logs and the HTTP transcript',
      schema: ZTestRunResponse,
    },
    errors: [400, 401, 403, 404, 409, 504],
  },
  {
    method: 'post',
    path: `${integrationPath}/run`,
    summary: 'Run now: a deployed run outside the schedule',
    auth: true,
    success: { status: 202, description: 'Started', schema: ZRunStarted },
    errors: [401, 403, 404, 409],
  },
  {
    method: 'get',
    path: `${integrationPath}/runs`,
    summary: 'Run history, newest first, paged',
    auth: true,
    query: ZRunsQuery,
    success: { status: 200, description: 'A page of runs', schema: ZRunsPage },
    errors: [400, 401, 404],
  },
  {
    method: 'get',
    path: `${integrationPath}/state`,
    summary: 'The saved state',
    auth: true,
    success: { status: 200, description: 'State and its version', schema: ZIntegrationState },
    errors: [401, 404],
  },
  {
    method: 'put',
    path: `${integrationPath}/state`,
    summary: 'Replace the saved state (with a version check)',
    auth: true,
    body: ZUpdateStateRequest,
    success: { status: 200, description: 'The new state', schema: ZIntegrationState },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    path: '/api/usage',
    summary: 'Plan usage this month',
    auth: true,
    success: { status: 200, description: 'Usage', schema: ZUsage },
    errors: [401],
  },
];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeDocs) {
    const responses: Record<string, unknown> = {
      [route.success.status]: {
        description: route.success.description,
        ...(route.success.schema
          ? {
              content: {
                'application/json': { schema: jsonSchema(route.success.schema, 'output') },
              },
            }
          : route.success.contentType
            ? {
                content: {
                  [route.success.contentType]: { schema: { type: 'string', format: 'binary' } },
                },
              }
            : {}),
      },
    };
    for (const status of route.errors ?? []) {
      responses[status] = {
        description: 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const parameters = [
      ...[...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
        name: match[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...(route.query ? queryParameters(route.query) : []),
    ];
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: route.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
      ...(route.auth ? { security: [{ session: [] }, { bearer: [] }] } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Patchbay API',
      version: '1.0.0',
      description:
        'Errors are JSON {message, code}; mutating cookie requests must send this origin.',
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(ZApiError, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'patchbay_session' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal API token (pbt_…) or a session token',
        },
      },
    },
  };
}

function queryParameters(schema: z.ZodType) {
  const properties =
    (jsonSchema(schema, 'input') as { properties?: Record<string, unknown> }).properties ?? {};
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
  }));
}
