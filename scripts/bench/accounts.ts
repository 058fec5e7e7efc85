import { summarize, type BenchRow } from './table.ts';
import { underLoad } from './load.ts';

const PASSWORD = 'bench password';

/** A new account on the stack, signed in. */
export async function signUpBenchUser(baseUrl: string): Promise<{ cookie: string; email: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (signup.status !== 201)
    throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  return { cookie: (signup.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '', email };
}

/** Log-in latency (mostly argon2) and the cost of an authenticated request under load. */
export async function benchAccounts(
  baseUrl: string,
): Promise<{ rows: BenchRow[]; cookie: string; email: string }> {
  const { cookie, email } = await signUpBenchUser(baseUrl);
  const password = PASSWORD;
  const headers = { 'content-type': 'application/json', origin: baseUrl };

  // 20 log-ins stay under the per-IP limit (30 per 15 minutes).
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    samples.push(performance.now() - started);
  }
  const rows: BenchRow[] = [
    { name: 'log-in (argon2id verify)', ...summarize(samples), note: '20 sequential' },
    await underLoad('GET /api/auth/user, signed in', {
      url: `${baseUrl}/api/auth/user`,
      headers: { cookie },
    }),
  ];
  return { rows, cookie, email };
}
