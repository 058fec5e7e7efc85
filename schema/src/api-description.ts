import { z } from 'zod';

// API descriptions (ADR 015): a compact format of our own for what generation,
// the static check, dry runs, webhooks and the console need to know about one web API. The
// built-in catalog (`catalog/`) is written in it, and an imported OpenAPI document is distilled
// into it. It holds facts only (paths, fields, auth, pagination), never a vendor's prose.
//
// Paths use OpenAPI's template syntax (`/v1/customers/{id}`), relative to `baseUrl`.

/**
 * An OAuth endpoint of a described API. It may hold the same `{placeholder}` as the base URL
 * (Shopify's `https://{shop}.myshopify.com/admin/oauth/access_token`), which a strict URI is
 * not, so the document states a pattern and the check fills placeholders before parsing.
 */
const zEndpointTemplate = z
  .string()
  .max(2000)
  .regex(/^https?:\/\/\S+$/, 'must be an http or https URL')
  .refine(
    (value) => URL.canParse(value.replace(/\{[^{}]*\}/g, 'x')),
    'must be an http or https URL ({placeholders} are allowed)',
  );

// ── Field schemas: a small subset of JSON Schema ─────────────────────────────────────────────

export const FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'any',
] as const;

/**
 * Formats the generator and the dry run understand. `unix-time` is seconds since the epoch
 * (Stripe's `created`); `date-time` is ISO 8601.
 */
export const FIELD_FORMATS = [
  'date-time',
  'date',
  'unix-time',
  'email',
  'uri',
  'phone',
  'currency',
  'id',
  'html',
  'markdown',
  /** Atlassian Document Format: an object the API builds rich text from (Jira). */
  'adf',
] as const;

export interface TFieldSchema {
  type: (typeof FIELD_TYPES)[number];
  format?: (typeof FIELD_FORMATS)[number] | undefined;
  description?: string | undefined;
  enum?: (string | number | boolean)[] | undefined;
  nullable?: boolean | undefined;
  /** object: its fields. */
  properties?: Record<string, TFieldSchema> | undefined;
  /** object: the fields a request must send. */
  required?: string[] | undefined;
  /** object: whether fields beyond `properties` are accepted (custom fields). Default: true. */
  additionalProperties?: boolean | undefined;
  /** array: the items. */
  items?: TFieldSchema | undefined;
  /** Read-only fields are in responses only; the static check flags them in request bodies. */
  readOnly?: boolean | undefined;
}

const zFieldName = z.string().min(1).max(200);

export const ZFieldSchema: z.ZodType<TFieldSchema> = z.lazy(() =>
  z.strictObject({
    type: z.enum(FIELD_TYPES),
    format: z.enum(FIELD_FORMATS).optional(),
    description: z.string().max(500).optional(),
    enum: z
      .array(z.union([z.string(), z.number(), z.boolean()]))
      .max(200)
      .optional(),
    nullable: z.boolean().optional(),
    properties: z.record(zFieldName, ZFieldSchema).optional(),
    required: z.array(zFieldName).optional(),
    additionalProperties: z.boolean().optional(),
    items: ZFieldSchema.optional(),
    readOnly: z.boolean().optional(),
  }),
);

// ── Auth ──────────────────────────────────────────────────────────────────────────────────────

/** Where the credential goes, for one of the auth types of `schema/src/integrations.ts`. */
export const ZAuthScheme = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('api-key'),
    in: z.enum(['header', 'query']),
    /** The header or query parameter name, e.g. `X-API-Key` or `api_key`. */
    name: z.string().min(1).max(100),
    /** Text before the key in the header value, e.g. `Token ` (rare). */
    prefix: z.string().max(40).optional(),
  }),
  z.strictObject({ type: z.literal('bearer') }),
  z.strictObject({
    type: z.literal('basic'),
    /** What goes in the user name and the password, e.g. "API key" and "X" (Freshdesk). */
    username: z.string().max(200).optional(),
    password: z.string().max(200).optional(),
    /** 'username': the API key is the user name and the password is empty (ZAuthConfig.secretIn). */
    secretIn: z.enum(['password', 'username']).optional(),
  }),
  z.strictObject({
    type: z.literal('oauth'),
    grants: z.array(z.enum(['authorization_code', 'client_credentials'])).min(1),
    authorizeUrl: zEndpointTemplate.optional(),
    tokenUrl: zEndpointTemplate,
    revokeUrl: zEndpointTemplate.optional(),
    /**
     * The OpenID Connect UserInfo endpoint, when the provider has one: connecting an account
     * shows the email or name it reports.
     */
    userinfoUrl: zEndpointTemplate.optional(),
    /** Scopes this catalog entry's operations need, space-joined when sent. */
    scopes: z.array(z.string().min(1).max(200)).max(100),
    /** Whether the provider supports (or requires) PKCE. */
    pkce: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('none') }),
]);
export type TAuthScheme = z.infer<typeof ZAuthScheme>;

// ── Calls: pagination, rate limits, idempotency ──────────────────────────────────────────────

/**
 * How a list operation pages. Paths into the response body are dotted (`meta.next_cursor`);
 * an empty `itemsPath` means the body itself is the array.
 */
export const ZPagination = z.discriminatedUnion('style', [
  /** An opaque cursor read from the response and sent back as a query parameter. */
  z.strictObject({
    style: z.literal('cursor'),
    cursorParam: z.string().min(1),
    /** Where the next cursor is in the response body; empty or missing ends the list. */
    nextCursorPath: z.string().min(1),
    limitParam: z.string().optional(),
    maxLimit: z.number().int().positive().optional(),
  }),
  /** Stripe-style: `starting_after=<last id>` while `has_more` is true. */
  z.strictObject({
    style: z.literal('starting-after'),
    cursorParam: z.string().min(1),
    hasMorePath: z.string().min(1),
    /** The field of the last item whose value goes in `cursorParam`. */
    idField: z.string().min(1),
    limitParam: z.string().optional(),
    maxLimit: z.number().int().positive().optional(),
  }),
  /** Numbered pages: `page=1,2,…` until a short or empty page (or `totalPagesPath`). */
  z.strictObject({
    style: z.literal('page'),
    pageParam: z.string().min(1),
    firstPage: z.number().int().min(0),
    sizeParam: z.string().optional(),
    maxSize: z.number().int().positive().optional(),
    totalPagesPath: z.string().optional(),
  }),
  /** `offset=0,100,…` with `limit` until a short page. */
  z.strictObject({
    style: z.literal('offset'),
    offsetParam: z.string().min(1),
    limitParam: z.string().min(1),
    maxLimit: z.number().int().positive().optional(),
  }),
  /** RFC 8288 `Link: <…>; rel="next"` (GitHub). */
  z.strictObject({
    style: z.literal('link-header'),
    limitParam: z.string().optional(),
    maxLimit: z.number().int().positive().optional(),
  }),
  /** A full URL (or path) of the next page in the body, e.g. `next` or `links.next`. */
  z.strictObject({
    style: z.literal('next-url'),
    nextPath: z.string().min(1),
    limitParam: z.string().optional(),
    maxLimit: z.number().int().positive().optional(),
  }),
  /** The list is returned whole. */
  z.strictObject({ style: z.literal('none') }),
]);
export type TPagination = z.infer<typeof ZPagination>;
export const PAGINATION_STYLES = ZPagination.options.map((o) => o.shape.style.value);

export const ZRateLimit = z.strictObject({
  /** Header names the API answers with, where it has them. */
  limitHeader: z.string().optional(),
  remainingHeader: z.string().optional(),
  resetHeader: z.string().optional(),
  /** Whether a 429 carries `Retry-After`. */
  retryAfter: z.boolean(),
  /** A short fact such as "100 requests per 10 s per token". */
  note: z.string().max(200).optional(),
});
export type TRateLimit = z.infer<typeof ZRateLimit>;

// ── Resources and operations ─────────────────────────────────────────────────────────────────

export const OPERATION_KINDS = [
  'list',
  'get',
  'create',
  'update',
  'upsert',
  'search',
  'delete',
  'batch-create',
  'batch-update',
  'batch-upsert',
  'send',
] as const;
export type TOperationKind = (typeof OPERATION_KINDS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const ZParameter = z.strictObject({
  name: z.string().min(1).max(200),
  in: z.enum(['path', 'query', 'header']),
  required: z.boolean(),
  schema: ZFieldSchema,
  description: z.string().max(300).optional(),
});
export type TParameter = z.infer<typeof ZParameter>;

export const ZOperation = z.strictObject({
  /** Unique within the description, e.g. `listCustomers`. */
  id: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/),
  kind: z.enum(OPERATION_KINDS),
  method: z.enum(HTTP_METHODS),
  /** Relative to the base URL, starting with `/`; `{name}` marks a path parameter. */
  path: z
    .string()
    .min(1)
    .max(500)
    .regex(/^\/[^\s?#]*$/, 'must start with / and hold no query or fragment'),
  summary: z.string().min(1).max(300),
  params: z.array(ZParameter).default([]),
  /** The request body, for writes. */
  body: z
    .strictObject({
      contentType: z.enum(['json', 'form']),
      schema: ZFieldSchema,
    })
    .optional(),
  /** The response body's schema; for lists, the whole page (see `itemsPath`). */
  response: ZFieldSchema.optional(),
  /** list/search: where the records are in the response body; '' means the body is the array. */
  itemsPath: z.string().optional(),
  /** list/search: how it pages. Required for list operations (tests check it). */
  pagination: ZPagination.optional(),
  /**
   * list: a query parameter that returns only records changed or created after a point, and
   * the format of its value. The generator uses it for "new since the last run".
   */
  since: z
    .strictObject({
      param: z.string().min(1),
      format: z.enum(['date-time', 'unix-time', 'date']),
      /** The record field it compares against, e.g. `created` or `updated_at`. */
      field: z.string().min(1),
    })
    .optional(),
  /**
   * list: records of another kind the list returns among its own, and the field set on them
   * (GitHub's issue list holds pull requests, marked by `pull_request`). The generator leaves
   * them out unless the prompt asks for them.
   */
  mixes: z
    .strictObject({ resource: z.string().min(1).max(100), field: z.string().min(1).max(200) })
    .optional(),
  /** batch-*: the field in the body that holds the records, and how many one call takes. */
  batch: z
    .strictObject({ itemsField: z.string().min(1), maxItems: z.number().int().positive() })
    .optional(),
  /** A POST that only reads (a search, a GraphQL query); dry runs send it for real. */
  safe: z.boolean().optional(),
  /** GraphQL APIs: the operation's document, sent as `{ query, variables }`. */
  graphql: z.strictObject({ document: z.string().min(1).max(20_000) }).optional(),
  docsUrl: z.url().optional(),
});
export type TOperation = z.infer<typeof ZOperation>;

export const ZResource = z.strictObject({
  /** Singular, lower case: `customer`, `issue`, `row`. */
  name: z.string().min(1).max(100),
  plural: z.string().min(1).max(100),
  /** Other words users call it: `client`, `contact`, `ticket`. */
  aliases: z.array(z.string().min(1).max(100)).default([]),
  /** The record as the API returns it (the fields that matter, not every one). */
  schema: ZFieldSchema,
  /** The field that identifies a record. */
  idField: z.string().min(1),
  /** Fields that say when a record was created or last changed. */
  createdField: z.string().optional(),
  updatedField: z.string().optional(),
  /**
   * Writes nest the record's fields in a container: Notion's `properties`, Airtable's
   * `fields`, HubSpot's `properties`, a sheet's `values` rows.
   */
  container: z
    .strictObject({
      field: z.string().min(1),
      kind: z.enum(['object', 'values-array', 'typed-properties']),
    })
    .optional(),
  /** A realistic record, as a list or get returns it. */
  example: z.record(z.string(), z.unknown()),
  operations: z.array(ZOperation).min(1),
});
export type TResource = z.infer<typeof ZResource>;

// ── Webhooks ──────────────────────────────────────────────────────────────────────────────────

export const SIGNATURE_SCHEMES = [
  'stripe',
  'github',
  'shopify',
  'slack',
  'hmac-sha256',
  'none',
] as const;

export const ZWebhooks = z.strictObject({
  signature: z.strictObject({
    scheme: z.enum(SIGNATURE_SCHEMES),
    /** The header that carries the signature (hmac-sha256 and the vendor defaults). */
    header: z.string().optional(),
    encoding: z.enum(['hex', 'base64']).optional(),
    /** Seconds a timestamped signature stays valid (Stripe, Slack). */
    toleranceSeconds: z.number().int().positive().optional(),
  }),
  /** Where the provider's event id is: a body path (`id`) or `header:<name>`. */
  eventIdPath: z.string().optional(),
  /** Where the event's type is: a body path (`type`) or `header:<name>`. */
  eventTypePath: z.string().optional(),
  events: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(200),
        summary: z.string().max(300).optional(),
        example: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1),
});
export type TWebhooks = z.infer<typeof ZWebhooks>;

// ── The description ───────────────────────────────────────────────────────────────────────────

export const API_CATEGORIES = [
  'payments',
  'crm',
  'support',
  'chat',
  'issues',
  'code',
  'spreadsheets',
  'databases',
  'email-marketing',
  'e-commerce',
  'project-management',
  'calendar',
  'forms',
  'files',
  'accounting',
  'incidents',
  'other',
] as const;

export const ZApiDescription = z.strictObject({
  /** kebab-case, unique in the catalog: `stripe`, `google-sheets`. */
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1).max(100),
  /** Other names users type: "stripe payments", "MS Teams". */
  aliases: z.array(z.string().min(1).max(100)).default([]),
  category: z.enum(API_CATEGORIES),
  /** Host names the API answers on, for matching a typed Base URL (`api.stripe.com`). */
  hosts: z.array(z.string().min(1).max(253)).min(1),
  /** The base URL paths are relative to. `{name}` marks a part the user fills in (a subdomain). */
  baseUrl: z.string().min(1).max(500),
  docsUrl: z.url(),
  /** Where the facts come from: the vendor's OpenAPI document or reference pages. */
  source: z.strictObject({
    kind: z.enum(['openapi', 'reference', 'imported']),
    url: z.string().min(1).max(2000),
    /** When it was distilled or checked, YYYY-MM-DD. */
    retrieved: z.string().optional(),
  }),
  auth: z.strictObject({
    /** The first is the one a new connection defaults to. */
    schemes: z.array(ZAuthScheme).min(1),
    /** Where a user finds the key, in one sentence. */
    keyHelp: z.string().max(400).optional(),
  }),
  rateLimit: ZRateLimit.optional(),
  /** The header that makes a write idempotent, e.g. `Idempotency-Key`. */
  idempotencyHeader: z.string().optional(),
  /** A destination that takes a text message (chat, incoming webhook): the generator formats one. */
  messaging: z
    .strictObject({
      /** The operation that posts a message, and its text field. */
      operationId: z.string().min(1),
      textField: z.string().min(1),
      /** The field that names the channel or conversation, when the API has one. */
      channelField: z.string().optional(),
    })
    .optional(),
  /** GraphQL APIs: the one endpoint their operations POST to. */
  graphqlEndpoint: z.string().optional(),
  resources: z.array(ZResource).min(1),
  webhooks: ZWebhooks.optional(),
});
export type TApiDescription = z.infer<typeof ZApiDescription>;
export type TApiDescriptionInput = z.input<typeof ZApiDescription>;

/** One version of a directory API that has several (ADR 036). */
export const ZCatalogVersion = z.object({
  id: z.string(),
  /** `v3`, `3.6`, `legacy`: from the directory id, else the document's version. */
  label: z.string(),
  /** The newest stable version: what search offers and a name matches. */
  default: z.boolean(),
});
export type TCatalogVersion = z.infer<typeof ZCatalogVersion>;

/** A catalog search result: what the combobox and the docs list show. */
export const ZCatalogSummary = z.object({
  id: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  category: z.enum(API_CATEGORIES),
  baseUrl: z.string(),
  docsUrl: z.string(),
  defaultAuthType: z.enum(['api-key', 'bearer', 'oauth', 'basic', 'none']),
  /** The auth config a new connection starts with (header name, query name, user name). */
  keyHelp: z.string().optional(),
  operationCount: z.number().int(),
  /** curated: a hand-written entry; directory: distilled from a public OpenAPI document (ADR 033). */
  tier: z.enum(['curated', 'directory']),
  /** directory: the provider (`amazonaws.com`) and the document's version, to tell APIs apart. */
  provider: z.string().optional(),
  version: z.string().optional(),
  /** directory: every version of this API, the default first, when it has several. */
  versions: z.array(ZCatalogVersion).optional(),
});
export type TCatalogSummary = z.infer<typeof ZCatalogSummary>;

/**
 * Which description one side of an integration uses, as the user chose it and as it
 * is stored with the integration and each code version: matched from the API Name and Base URL
 * (`auto`, the default), a catalog entry picked by hand, an imported OpenAPI document (kept whole,
 * so a later import does not change what older versions were written against), or none.
 */
export const ZDescriptionChoice = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('auto') }),
  z.strictObject({ kind: z.literal('catalog'), id: z.string().min(1).max(100) }),
  z.strictObject({ kind: z.literal('imported'), description: ZApiDescription }),
  z.strictObject({ kind: z.literal('none') }),
]);
export type TDescriptionChoice = z.infer<typeof ZDescriptionChoice>;

/** What the integration's JSON says about each side's description: null when none is used. */
export const ZDescriptionInUse = z.object({
  kind: z.enum(['catalog', 'imported']),
  /** The catalog entry's id; null for an imported document. */
  id: z.string().nullable(),
  name: z.string(),
  docsUrl: z.string().nullable(),
  /** matched: from the name and URL; chosen: picked by the user; imported: their document. */
  how: z.enum(['matched', 'chosen', 'imported']),
  /** Which catalog tier the entry is from; absent for imported documents (ADR 033). */
  tier: z.enum(['curated', 'directory']).optional(),
});
export type TDescriptionInUse = z.infer<typeof ZDescriptionInUse>;

/**
 * A finding of the static check against descriptions (catalog/src/check-calls.ts): 1-based
 * positions, as Monaco's markers take them.
 */
export const CALL_WARNING_CODES = [
  'UNKNOWN_PATH',
  'UNKNOWN_METHOD',
  'MISSING_PARAMETER',
  'UNKNOWN_FIELD',
  'READ_ONLY_FIELD',
  'MISSING_FIELD',
] as const;
export const ZCallWarning = z.object({
  code: z.enum(CALL_WARNING_CODES),
  side: z.enum(['source', 'destination']),
  message: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
});
export type TCallWarning = z.infer<typeof ZCallWarning>;

/** GET /api/integrations/:id/descriptions: both sides' descriptions, whole, for the editor. */
export const ZIntegrationDescriptions = z.object({
  source: ZApiDescription.nullable(),
  destination: ZApiDescription.nullable(),
});
export type TIntegrationDescriptions = z.infer<typeof ZIntegrationDescriptions>;

// ── Catalog and import endpoints ─────────────────────────────────────────────────────────────

/** GET /api/catalog?q=: by name, alias, id, host or category; all entries without q. */
export const ZCatalogListQuery = z.strictObject({ q: z.string().max(200).optional() });
export const ZCatalogListResponse = z.object({ entries: z.array(ZCatalogSummary) });
export type TCatalogListResponse = z.infer<typeof ZCatalogListResponse>;

/** GET /api/catalog/match?name=&url=: what the Create form's API Name and Base URL point at. */
export const ZCatalogMatchQuery = z.strictObject({
  name: z.string().max(200).optional(),
  url: z.string().max(2000).optional(),
});
export const ZCatalogMatchResponse = z.object({ entry: ZCatalogSummary.nullable() });
export type TCatalogMatchResponse = z.infer<typeof ZCatalogMatchResponse>;

/** GET /api/catalog/:id/versions: the versions of a directory API; empty when it has one. */
export const ZCatalogVersionsResponse = z.object({ versions: z.array(ZCatalogVersion) });
export type TCatalogVersionsResponse = z.infer<typeof ZCatalogVersionsResponse>;

/** Largest OpenAPI document imported, pasted or fetched (a vendor's whole API fits). */
export const MAX_IMPORT_DOCUMENT_BYTES = 5 * 1024 * 1024;

const zHttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2000);

/**
 * POST /api/catalog/import: an OpenAPI 3.x or Swagger 2.0 document by URL (fetched through the
 * sandbox's network guard) or pasted (JSON or YAML text, or the parsed object). Nothing is saved.
 */
export const ZImportRequest = z
  .strictObject({
    url: zHttpUrl.optional(),
    document: z
      .union([z.string().min(1).max(MAX_IMPORT_DOCUMENT_BYTES), z.record(z.string(), z.unknown())])
      .optional(),
    /** The connection's Base URL, for a document that names no absolute server. */
    baseUrl: zHttpUrl.optional(),
  })
  .refine((request) => (request.url === undefined) !== (request.document === undefined), {
    message: 'Give either url or document (one of them)',
  });
export type TImportRequest = z.infer<typeof ZImportRequest>;

export const ZImportResponse = z.object({
  description: ZApiDescription,
  /** What was left out or guessed, each naming where in the document (a JSON pointer). */
  warnings: z.array(z.string()),
});
export type TImportResponse = z.infer<typeof ZImportResponse>;

/** Workflow and activity `importApiDescription`'s input: a document to fetch (no credentials). */
export const ZImportApiDescriptionInput = z.strictObject({
  url: zHttpUrl,
  baseUrl: zHttpUrl.optional(),
});
export type TImportApiDescriptionInput = z.infer<typeof ZImportApiDescriptionInput>;

/**
 * How one existing record of a resource is changed in place: its update operation whose single
 * path parameter beyond the ones the write fills is the record id, and the record's field that
 * holds that id. The planner and the Plan tab both offer "update a match" through this.
 */
export function inPlaceUpdate(
  resource: TResource,
  writePathParams: Readonly<Record<string, string>>,
): { operation: TOperation; idParam: string; idField: string } | undefined {
  for (const operation of resource.operations.filter((op) => op.kind === 'update')) {
    const extra = operation.params
      .filter((p) => p.in === 'path' && p.required && !(p.name in writePathParams))
      .map((p) => p.name);
    const [idParam] = extra;
    if (extra.length !== 1 || !idParam) continue;
    const idField = idParam in (resource.schema.properties ?? {}) ? idParam : resource.idField;
    return { operation, idParam, idField };
  }
  return undefined;
}
