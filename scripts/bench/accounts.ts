import { summarize, type BenchRow } from './table.ts';
import { underLoad } from './load.ts';

/** Log-in latency (mostly argon2) and the cost of an authenticated request under load. */
export async function benchAccounts(
  baseUrl: string,
): Promise<{ rows: BenchRow[]; cookie: string; email: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench password';
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (signup.status !== 201)
    throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const cookie = (signup.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

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
