// The generation benchmark's two contracts: a task (what a user types and what the destination
// must hold afterwards) and a vendor mock (a loopback server that behaves as the vendor's public
// reference says). Tasks are JSON files in tasks/dev and tasks/heldout, validated with ZTask;
// vendor mocks are modules in vendors/, one per vendor, each exporting a VendorMock.
//
// The method, and why it is built this way, is README.md beside this file.
import { z } from 'zod';

/** How the user connects a side, with the credential the vendor mock expects. */
export const ZTaskAuth = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  /** The key goes in a header (default) or a query parameter named `name`. */
  z.strictObject({
    type: z.literal('api-key'),
    in: z.enum(['header', 'query']).default('header'),
    name: z.string().min(1),
    secret: z.string().min(1),
  }),
  z.strictObject({ type: z.literal('bearer'), secret: z.string().min(1) }),
  /** `secret` is the password; it may be empty where the vendor takes the key as the user name. */
  z.strictObject({ type: z.literal('basic'), username: z.string(), secret: z.string() }),
  /**
   * OAuth 2 client credentials: the mock serves its token endpoint at `tokenPath` (relative to
   * the side's mount) and accepts the tokens it issued.
   */
  z.strictObject({
    type: z.literal('oauth'),
    tokenPath: z.string().startsWith('/'),
    clientId: z.string().min(1),
    secret: z.string().min(1),
    scope: z.string().optional(),
  }),
]);
export type TaskAuth = z.infer<typeof ZTaskAuth>;

export const ZTaskSide = z.strictObject({
  /** What the user types in the API Name field, e.g. "GitHub" or "our inventory service". */
  apiName: z.string().min(1),
  /** The module in vendors/ that plays this API. */
  vendor: z.string().regex(/^[a-z0-9-]+$/),
  /**
   * The path part of the base URL exactly as the vendor's docs show it and a user would type it:
   * "" for https://api.github.com, "/v1" for https://api.notion.com/v1, "/api/v2" for
   * https://{subdomain}.zendesk.com/api/v2. The user's base URL is the mock's mount + mountPrefix
   * + baseUrlPath; the vendor mock sees paths after mount + mountPrefix.
   */
  baseUrlPath: z.string().regex(/^(\/[^/?#]+)*$/),
  /** A gateway or proxy prefix in front of the whole API ("/gw/acme"), usually "". */
  mountPrefix: z
    .string()
    .regex(/^(\/[^/?#]+)*$/)
    .default(''),
  auth: ZTaskAuth,
  /**
   * In-house APIs only: the OpenAPI document (a file in openapi/) the user imports, as the
   * console's "Import OpenAPI" does. The mock serves it at GET <mount>/openapi.json.
   */
  openapi: z.string().optional(),
});
export type TaskSide = z.infer<typeof ZTaskSide>;

/**
 * A change to a mock's data before a run: add, update or remove records of one collection.
 * A string value that is exactly "{NOW}" becomes the wall clock as ISO 8601 when the change is
 * applied, "{NOW_UNIX}" the Unix time in seconds (a number), "{NOW_MS}" in milliseconds; an
 * offset in minutes may follow NOW: "{NOW-5}", "{NOW_UNIX+30}". Seeds may use them too.
 */
export const ZMutation = z.strictObject({
  side: z.enum(['source', 'destination']),
  collection: z.string().min(1),
  op: z.enum(['add', 'update', 'remove']),
  /** add: the records; update: partial records merged into the one with the same `key` value. */
  records: z.array(z.record(z.string(), z.unknown())),
  /** update and remove: the field that identifies a record. */
  key: z.string().optional(),
});
export type Mutation = z.infer<typeof ZMutation>;

/**
 * What the destination must hold after a run. Values compare strictly: same JSON type, same
 * value, every field the expected record names. A value may instead be a matcher object:
 * {"$any": true} (present, not null), {"$absent": true} (missing or null),
 * {"$regex": "…"} (a string matching it), {"$number": n} (a number within 0.005).
 */
export const ZCheck = z.strictObject({
  /** Which collection of the destination mock (the vendor module names its collections). */
  collection: z.string().min(1),
  /** The field that pairs an expected record with a held one (dotted path allowed). */
  key: z.string().min(1),
  /** Every record the collection must hold after the run, and no others (exact). */
  records: z.array(z.record(z.string(), z.unknown())),
  /** When order matters (sheet rows, message lines): the held records must be in this order. */
  ordered: z.boolean().default(false),
  /** Fields a held record may not have at all (besides those the vendor adds itself). */
  forbiddenFields: z.array(z.string()).default([]),
  /** At most this many write requests (POST/PUT/PATCH/DELETE) during the run, for batching. */
  maxWrites: z.number().int().positive().optional(),
});
export type Check = z.infer<typeof ZCheck>;

export const ZTaskRun = z.strictObject({
  /** test: the sandbox test run the console's Test button does; deployed: POST /run. */
  mode: z.enum(['test', 'deployed']),
  before: z.array(ZMutation).default([]),
  checks: z.array(ZCheck).min(1),
});

export const ZTask = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** One line: what the task is about (for the table; not the prompt). */
  title: z.string().min(1),
  /** The persona the prompt's author wrote as (terse admin, chatty ops lead, …). */
  persona: z.string().min(1),
  /** What the user types in the Describe box. Written by someone who never read the generator. */
  prompt: z.string().min(10).max(1000),
  /** Tags for what the task exercises: "negation", "column-list", "incremental", … */
  covers: z.array(z.string()).default([]),
  source: ZTaskSide,
  destination: ZTaskSide,
  /** Each side's starting data, in the shape its vendor module's `create` takes. */
  seed: z.strictObject({ source: z.unknown(), destination: z.unknown() }),
  /** The first is the test run; deployed runs after it check incremental behaviour. */
  runs: z.array(ZTaskRun).min(1),
  /** Where each vendor fact comes from (reference pages), for a reader checking the mock. */
  references: z.array(z.string()).default([]),
});
export type Task = z.infer<typeof ZTask>;

// --- vendor mocks -------------------------------------------------------------------------

export interface MockRequest {
  method: string;
  /** The path after the side's mount and mountPrefix, without the query: "/v1/customers". */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The raw body, and the body parsed as JSON or a form when it is one (else undefined). */
  rawBody: string;
  body: unknown;
}

export interface MockResponse {
  status: number;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string as it is. */
  body?: unknown;
}

export interface VendorContext {
  /** The credential the task configured for this side (the mock must refuse others). */
  auth: TaskAuth;
  /** The absolute URL of this side's mount + mountPrefix, for links the vendor returns. */
  origin: string;
  /** The wall clock (ISO) the run sees, so "since the last run" is testable. */
  now: () => Date;
}

/** One running instance of a vendor's API, for one side of one task. */
export interface VendorInstance {
  handle(request: MockRequest): MockResponse | Promise<MockResponse>;
  /**
   * Every collection by name, as the vendor holds it now. The arrays are live: the harness reads
   * them for checks and applies a task's mutations to them in place.
   */
  collections(): Record<string, Record<string, unknown>[]>;
}

export interface VendorMock {
  /** The module's name in vendors/, e.g. "github". */
  vendor: string;
  /** The vendor's reference pages the behaviour is taken from. */
  references: string[];
  /** A fresh instance with the task's seed data for this side. */
  create(seed: unknown, context: VendorContext): VendorInstance;
  /**
   * The vendor's answer to a request without the right credential. The mock server checks the
   * credential itself (ZTaskAuth) before `handle`, and serves an oauth side's token endpoint.
   */
  unauthorized?: () => MockResponse;
}
