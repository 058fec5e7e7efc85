// The product's public HTTP API as the console calls it: a session cookie, the app's Origin on
// every request, JSON in and out. The benchmark goes through nothing else.
import { randomUUID } from 'node:crypto';
import { createSql, setPlanByEmail } from '@patchbay/db';
import { opsEnvironment } from '../../lib/ops-env.ts';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface PatchbayClient {
  url: string;
  email: string;
  call(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
}

/** One line of an unexpected answer, for a reason or an error. */
export function describeAnswer(what: string, answer: ApiAnswer): string {
  const body = answer.body as { code?: string; message?: string } | null;
  const detail =
    body && typeof body === 'object' && (body.code || body.message)
      ? `${body.code ?? ''} ${body.message ?? ''}`.trim()
      : JSON.stringify(answer.body).slice(0, 200);
  return `${what} answered ${answer.status}: ${detail}`;
}

/** Signs a new account up and keeps its session, as the console's sign-up page does. */
export async function signUp(url: string): Promise<PatchbayClient> {
  const email = `bench-generation-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const response = await fetch(url + path, {
      method,
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: kept as text for the reason.
    }
    return { status: response.status, body: parsed };
  };
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'bench generation password' }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { url, email, call };
}

/**
 * Puts the account on the Pro plan, as `npm run set-plan` does: through `databaseUrl` when the
 * bench started the stack, else the way the ops scripts find a running one (DATABASE_URL, .env).
 */
export async function makePro(email: string, databaseUrl?: string): Promise<void> {
  const sql = databaseUrl
    ? createSql(databaseUrl, { max: 1, applicationName: 'bench-generation' })
    : (await opsEnvironment()).sql;
  try {
    const changed = await setPlanByEmail(sql, email, 'pro');
    if (changed === undefined) throw new Error(`set-plan: no account with the email ${email}`);
  } finally {
    await sql.end();
  }
}
