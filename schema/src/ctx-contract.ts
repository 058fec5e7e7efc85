// The integration code contract: what `run(ctx)` receives. One text serves the
// code editor's autocompletion (Monaco `addExtraLib`), the LLM's system prompt and the docs, so
// they cannot drift apart. It is a global declaration file (no import/export) so that a
// JavaScript file can say `/** @param {IntegrationContext} ctx */`. No zod in this module: the
// docs page shows these texts (ADR 026).

export const CTX_CONTRACT_DTS = `/**
 * The object passed to \`export default async function run(ctx)\` on every scheduled run and
 * every test run. Everything the integration can reach goes through it: the sandbox has no
 * modules (no import or require), no file system, no environment and no other network access.
 */
interface IntegrationContext {
  /** The source API, bound to its base URL. Patchbay adds the source credential to every request. */
  readonly source: ApiClient;
  /** The destination API, bound to its base URL. Patchbay adds the destination credential to every request. */
  readonly destination: ApiClient;
  /**
   * Calls any other http(s) URL, under the same network rules. No credential is added.
   * Resolves to the parsed response body; throws an HttpError for a status outside 2xx.
   * @param url An absolute http(s) URL.
   * @param options The method (default GET), query, headers and body.
   */
  fetch(url: string, options?: FetchOptions): Promise<any>;
  /** Small JSON values kept between runs, such as a cursor. Writes are saved only when the run succeeds. */
  readonly state: StateStore;
  /** Writes a line to the run's log, formatted like console.log. console.log/info/warn/error are captured too. */
  log(...args: unknown[]): void;
  /** Facts about this run. */
  readonly run: RunInfo;
  /**
   * The webhook event that started this run (webhook trigger), or null on scheduled, manual and
   * test runs without a sample event. Signature and auth headers are removed.
   */
  readonly event: WebhookEvent | null;
  /**
   * Throw an instance of this class for a failure that retrying cannot fix (bad input, missing
   * configuration). Any other error fails the attempt and a deployed run is retried with backoff.
   * @example throw new ctx.NonRetryableError('The source returned no customers list');
   */
  readonly NonRetryableError: new (message: string, options?: { cause?: unknown }) => Error;
}

/**
 * A small HTTP client for one API. Paths are relative to the API's base URL
 * (\`/v1/customers\` on \`https://api.example.com\` is \`https://api.example.com/v1/customers\`);
 * full URLs are refused so that a credential only ever goes to its own API.
 * Every method resolves to the parsed response body: JSON when the response is JSON, otherwise
 * text, and null when there is no body (204). A status outside 2xx throws an HttpError.
 */
interface ApiClient {
  /**
   * Sends a request with any method.
   * @param method An HTTP method, e.g. 'GET' or 'POST'.
   * @param path A path relative to the base URL, e.g. '/v1/customers'.
   * @param options Query parameters, headers and a JSON or raw body.
   */
  request(method: string, path: string, options?: RequestOptions): Promise<any>;
  /** GET \`path\`. Resolves to the parsed body. */
  get(path: string, options?: RequestOptions): Promise<any>;
  /** POST \`path\`, usually with \`{ json: body }\`. Resolves to the parsed body. */
  post(path: string, options?: RequestOptions): Promise<any>;
  /** PUT \`path\`, usually with \`{ json: body }\`. Resolves to the parsed body. */
  put(path: string, options?: RequestOptions): Promise<any>;
  /** PATCH \`path\`, usually with \`{ json: body }\`. Resolves to the parsed body. */
  patch(path: string, options?: RequestOptions): Promise<any>;
  /** DELETE \`path\`. Resolves to the parsed body, or null for 204. */
  delete(path: string, options?: RequestOptions): Promise<any>;
}

/** A value the query string can carry; a Date is sent as ISO 8601. */
type QueryValue = string | number | boolean | Date | null | undefined;

/** What a request sends besides its method and path. */
interface RequestOptions {
  /** Query-string parameters. null and undefined values are left out; an array repeats the parameter. */
  query?: Record<string, QueryValue | QueryValue[]>;
  /**
   * Extra request headers: an object, or [name, value] pairs such as a Headers. Do not set
   * authentication headers: Patchbay adds them.
   */
  headers?: Record<string, string> | Iterable<[string, string]>;
  /** A value sent as JSON, with Content-Type: application/json. Pass json or body, not both. */
  json?: unknown;
  /**
   * A raw request body, or a URLSearchParams sent as a form (Content-Type
   * application/x-www-form-urlencoded unless you set one). Pass json or body, not both.
   */
  body?: string | URLSearchParams;
}

/** Options for ctx.fetch: a request's options plus its method. */
interface FetchOptions extends RequestOptions {
  /** The HTTP method. Default: 'GET'. */
  method?: string;
}

/**
 * Thrown by ctx.source, ctx.destination and ctx.fetch when the response status is outside 2xx.
 * @example
 * try { await ctx.destination.post('/contacts', { json: contact }); }
 * catch (error) { if (error.status !== 409) throw error; } // 409: it exists already
 */
interface HttpError extends Error {
  /** Always 'HttpError'. */
  readonly name: 'HttpError';
  /** The response status, e.g. 404 or 503. */
  readonly status: number;
  /** The parsed response body: JSON, text, or null when empty. */
  readonly body: unknown;
}

/**
 * Saved state: JSON values kept between runs, read at the start of a run. Writes are held back
 * and saved only if the run succeeds, so a failed or retried run starts from the same state.
 * Test runs never save; they report the changes they would have made.
 */
interface StateStore {
  /**
   * Reads a value saved by an earlier successful run.
   * @param key A non-empty string.
   * @returns The value, or undefined when none is saved.
   */
  get<T = any>(key: string): Promise<T | undefined>;
  /**
   * Saves a JSON value under \`key\` when this run succeeds.
   * @param key A non-empty string.
   * @param value Any JSON value (string, number, boolean, null, array or plain object).
   */
  set(key: string, value: unknown): Promise<void>;
  /**
   * Removes \`key\` when this run succeeds.
   * @param key A non-empty string.
   */
  delete(key: string): Promise<void>;
}

/** One event received on the integration's webhook URL. */
interface WebhookEvent {
  /** The provider's event id (where its description says it is), or \`sha256:<hex>\` of the body. */
  readonly id: string;
  /** When Patchbay received it, as an ISO 8601 timestamp. */
  readonly receivedAt: string;
  /** The request's headers, names lower-cased, without signature and auth headers. */
  readonly headers: Record<string, string>;
  /** Parsed JSON, form fields as an object, or the raw text. */
  readonly body: any;
}

/** Facts about the current run. */
interface RunInfo {
  /** The run's id; the same across the retries of one scheduled run. */
  readonly id: string;
  /** 1 for the first attempt, 2 for the first retry, and so on. */
  readonly attempt: number;
  /** 'test' for a sandbox test from the console (state is not saved), 'deployed' for a scheduled or manual run. */
  readonly mode: 'test' | 'deployed';
  /** When the run was due, as an ISO 8601 timestamp. */
  readonly scheduledAt: string;
}

/** The web platform's form body (a global in the sandbox and on Node); declared here only as far as RequestOptions needs it. */
interface URLSearchParams {
  /** The pairs as application/x-www-form-urlencoded text: what the request sends. */
  toString(): string;
}
`;
