// The PostgreSQL client (postgres.js) for every process: API, worker, ops scripts, tests.
// One driver only (ADR 014). A lost connection is not an 'error' event here: postgres.js
// rejects the queries in flight and opens a new connection on the next query, so a
// process keeps serving once PostgreSQL is back.
import postgres from 'postgres';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;
/** Either the pool or a transaction: functions that may run inside a caller's transaction. */
export type Queryable = Sql | TransactionSql;
export type JsonValue = postgres.JSONValue;

// PostgreSQL can store U+0000 neither in text nor in jsonb, and refuses the whole statement.
// The API refuses a NUL in every body and URL (ADR 028, api/src/validate.ts). What a run
// brings from outside APIs and user code (its transcript, logs, result, error message, a
// webhook's body and event id, a channel's answer) must still be recorded: there each NUL
// becomes U+FFFD, the replacement character. Both serializers below are postgres.js's own
// types with this one change, so every parameter of every query goes through them.
const NUL = '\u0000';
const REPLACEMENT = '\ufffd';

/** A text parameter, with U+FFFD for each NUL. */
function textParameter(value: unknown): string {
  const text = String(value);
  return text.includes(NUL) ? text.replaceAll(NUL, REPLACEMENT) : text;
}

/** The escape `\u0000`, or a surrogate's `\udXXX`, after an even number of backslashes. */
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;

/**
 * JSON text for a json or jsonb parameter, with U+FFFD for each escaped NUL, and for each lone
 * UTF-16 surrogate (half of a pair, e.g. from a string cut in the middle of an emoji), which
 * jsonb refuses too; `JSON.stringify` escapes only those, and writes whole pairs as they are.
 * Text parameters need no such care: UTF-8 encoding already turns a lone surrogate into U+FFFD.
 * `\\u0000` (an escaped backslash, then "u0000") is text, and stays.
 */
export function jsonbText(value: unknown): string {
  const text = JSON.stringify(value) as string;
  return text.includes('\\u') ? text.replace(UNSTORABLE_ESCAPE, '$1\\ufffd') : text;
}

/** One pool per process. Notices (e.g. "relation already exists, skipping") are noise. */
export function createSql(
  databaseUrl: string,
  options: {
    max?: number;
    applicationName?: string;
    /**
     * False: a commit returns before its WAL reaches the disk. Only for data a database crash
     * may set back by a fraction of a second without harm (rate-limit counters, ADR 047).
     */
    durableCommits?: boolean;
  } = {},
): Sql {
  return postgres(databaseUrl, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: {
      application_name: options.applicationName ?? 'patchbay',
      ...(options.durableCommits === false ? { synchronous_commit: 'off' } : {}),
    },
    types: {
      string: { to: 25, from: [], serialize: textParameter, parse: String },
      json: { to: 114, from: [114, 3802], serialize: jsonbText, parse: JSON.parse },
    },
  }) as unknown as Sql;
}

/** Resolves when PostgreSQL answers a trivial query (health checks, ops scripts). */
export async function ping(sql: Sql): Promise<void> {
  await sql`select 1`;
}

/** Creates `database` on the server of `adminUrl` unless it exists (embedded start, tests). */
export async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const sql = createSql(adminUrl, { max: 1 });
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${database}`;
    if (!exists) await sql.unsafe(`create database ${quoteIdentifier(database)}`);
  } finally {
    await sql.end();
  }
}

/** Drops `database`, closing whatever is still connected to it (tests). */
export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const sql = createSql(adminUrl, { max: 1 });
  try {
    await sql.unsafe(`drop database if exists ${quoteIdentifier(database)} with (force)`);
  } finally {
    await sql.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// Error codes of postgres.js and Node's socket layer, and PostgreSQL's own for a server
// that is shutting down or starting: all mean "the database is unreachable right now".
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** True when `error` says PostgreSQL could not be reached, rather than that a query was wrong. */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // Node's AggregateError (every address of a host refused) carries the code on its parts.
  const parts = (error as { errors?: unknown }).errors;
  return Array.isArray(parts) && parts.some(isConnectionError);
}
