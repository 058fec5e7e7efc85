// OpenAPI from the route definitions (ADR 018, hono-openapi): each route carries
// `describeRoute(...)` next to its validators, and GET /api/openapi.json is generated from
// the app's routes. These helpers keep the descriptions short: responses point at the same
// zod schemas the handlers and the console use.
import { resolver } from 'hono-openapi';
import type { DescribeRouteOptions, GenerateSpecOptions } from 'hono-openapi';
import { ZApiError } from '@patchbay/schema';
import type { z } from 'zod';

/** Responses are documented as the handler sends them (zod's output side). */
const OUTPUT = { options: { io: 'output', unrepresentable: 'any' } };

type Responses = NonNullable<DescribeRouteOptions['responses']>;

/** A JSON success response described by a shared schema. */
export function json(description: string, schema: z.ZodType): Responses[string] {
  return { description, content: { 'application/json': { schema: resolver(schema, OUTPUT) } } };
}

/** A response without a body (204, 302). */
export function empty(description: string): Responses[string] {
  return { description };
}

const ERROR_RESPONSE = errorResponse('Error: JSON {message, code}');

/** An error answer with the shared error body. */
export function errorResponse(description: string) {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  } as const;
}

/** A request the validators refused: 400 with the shared error body and its `issues`. */
export const VALIDATION_FAILED_RESPONSE = errorResponse(
  'Validation failed: JSON {message, code: "VALIDATION_FAILED", issues}',
);

/** Every 429 says when to try again (api/src/auth/rate-limits.ts). */
export const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
} as const;

/** The error statuses a route can answer, each with the shared error body. */
export function errors(...statuses: number[]): Responses {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      status === 429 ? { ...ERROR_RESPONSE, headers: RETRY_AFTER } : ERROR_RESPONSE,
    ]),
  );
}

/** Needs a session cookie or a Bearer token (API token or session token). */
export const SIGNED_IN: DescribeRouteOptions['security'] = [{ session: [] }, { bearer: [] }];

/** The shared error body, without the $schema key a component must not carry. */
const { $schema: _dialect, ...errorSchema } = ZApiError.toJSONSchema({ io: 'output' }) as Record<
  string,
  unknown
>;
type SchemaObject = NonNullable<
  NonNullable<GenerateSpecOptions['documentation']['components']>['schemas']
>[string];

/** Document-level options for openAPIRouteHandler. */
export function openApiOptions(): Partial<GenerateSpecOptions> {
  return {
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Patchbay API',
        version: '1.0.0',
        description:
          'Errors are JSON {message, code}; mutating cookie requests must send this origin.',
      },
      components: {
        schemas: { Error: errorSchema as SchemaObject },
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'patchbay_session' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token (pbt_…) or a session token',
          },
        },
      },
    },
    // Else /api/openapi.json itself is skipped as "a static file" (its name has a dot).
    excludeStaticFile: false,
    // The validators answer 400 with the shared error body, not hono-openapi's default.
    defaultValidationErrorResponse: VALIDATION_FAILED_RESPONSE,
  };
}
