import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  connection,
  contactsPosted,
  destination,
  EXPECTED_CONTACTS,
  exportInput,
  exportProject,
  printedData,
  runProject,
  scenario,
  source,
  startProject,
  tokenEndpoint,
  useExportFakes,
  writeEnv,
} from './build-export-zip.test-support.ts';

// The export is only worth something if it runs without Patchbay, so these tests unzip it and
// run it with plain `node` against local HTTP servers standing in for the two APIs and an OAuth
// token endpoint, then check what those servers received.

useExportFakes();

describe('the exported project, run with node', () => {
  it('api-key: sends the key in the configured header (or X-API-Key) and prints the returned data', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'api-key', { name: 'X-Stripe-Key' }),
        destination: connection(destination, '', 'api-key'),
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'sk_source_1', DESTINATION_API_KEY: 'dk_dest_2' });

    const run = await runProject(project);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(source.received).toHaveLength(1);
    const [list] = source.received;
    expect(list?.pathname).toBe('/api/v1/customers');
    expect(list?.query.toString()).toBe('created_gt=0');
    expect(list?.headers['x-stripe-key']).toBe('sk_source_1');
    expect(list?.headers['x-api-key']).toBeUndefined();
    expect(destination.received.map((r) => r.headers['x-api-key'])).toEqual([
      'dk_dest_2',
      'dk_dest_2',
    ]);
    expect(destination.received[0]?.headers['content-type']).toBe('application/json');
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
    expect(printedData(run.stdout)).toEqual({ synced: 2 });
    expect(run.stdout).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO {2}synced 2 customers$/m,
    );
  });

  it('api-key in the query: adds the parameter, and never prints the key', async () => {
    const project = await exportProject(
      exportInput({ source: connection(source, '/api', 'api-key', { in: 'query', name: 'key' }) }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'sk_in_query' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(source.received[0]?.query.get('key')).toBe('sk_in_query');
    expect(source.received[0]?.query.get('created_gt')).toBe('0');
    expect(source.received[0]?.headers['x-api-key']).toBeUndefined();

    // A failing request names its URL, without the key the runtime added.
    scenario.sourceFailure = { status: 500, json: { error: 'boom' } };
    const failed = await runProject(project);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`GET ${source.url}/api/v1/customers?created_gt=200 → 500`);
    expect(failed.stdout + failed.stderr).not.toContain('sk_in_query');
  });

  it('bearer: sends Authorization: Bearer <token>', async () => {
    const project = await exportProject(
      exportInput({ destination: connection(destination, '', 'bearer') }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_BEARER_TOKEN: 'bearer-token-9' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer bearer-token-9',
      'Bearer bearer-token-9',
    ]);
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
  });

  it('basic: sends Authorization: Basic base64(username:password)', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'basic', { username: 'patchbay-user' }),
      }),
    );
    await writeEnv(project, { SOURCE_BASIC_PASSWORD: 'pa:ss-wörd' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    const expected = `Basic ${Buffer.from('patchbay-user:pa:ss-wörd').toString('base64')}`;
    expect(source.received[0]?.headers.authorization).toBe(expected);
  });

  it('oauth: gets a token with the client credentials grant once and reuses it', async () => {
    const project = await exportProject(
      exportInput({
        destination: connection(destination, '', 'oauth', {
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
          clientId: 'patchbay-client',
          scope: 'contacts.read contacts.write',
        }),
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(1);
    const [tokenRequest] = tokenEndpoint.received;
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.pathname).toBe('/oauth/token');
    expect(tokenRequest?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'patchbay-client',
      client_secret: 'cs-123',
      scope: 'contacts.read contacts.write',
    });
    // Two contacts, two requests, one token.
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer issued-token-1',
      'Bearer issued-token-1',
    ]);
  });

  it('oauth: fetches a new token when the old one is about to expire', async () => {
    scenario.tokenExpiresIn = 2; // refreshed half-way through, after 1 s
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  await ctx.destination.post('/contacts', { json: { n: 1 } });
  await ctx.destination.post('/contacts', { json: { n: 2 } });
  await new Promise((resolve) => setTimeout(resolve, 1300));
  await ctx.destination.post('/contacts', { json: { n: 3 } });
}
`,
        destination: connection(destination, '', 'oauth', {
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
        }),
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(2);
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer issued-token-1',
      'Bearer issued-token-1',
      'Bearer issued-token-2',
    ]);
  });

  it('oauth, a connected account: refreshes its token, keeps a rotated refresh token for the next run', async () => {
    scenario.tokenRotates = true;
    const project = await exportProject(
      exportInput({
        destination: connection(destination, '', 'oauth', {
          grant: 'authorization_code',
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
          clientId: 'patchbay-app',
        }),
      }),
    );
    const readme = await readFile(join(project, 'README.md'), 'utf8');
    expect(readme).toContain('## Connected accounts (OAuth 2.0)');
    await writeEnv(project, {
      SOURCE_API_KEY: 'k',
      DESTINATION_OAUTH_REFRESH_TOKEN: 'rt-from-env',
      DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123',
    });

    expect((await runProject(project)).code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(tokenEndpoint.received[0]?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-from-env',
      client_id: 'patchbay-app',
      client_secret: 'cs-123',
    });
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer issued-token-1',
      'Bearer issued-token-1',
    ]);

    // The provider rotated the refresh token: the next run sends the new one, not the spent one.
    scenario.customers.push({ email: 'linus@example.com', name: 'Linus', created: 300 });
    expect((await runProject(project)).code).toBe(0);
    expect(new URLSearchParams(tokenEndpoint.received[1]?.body).get('refresh_token')).toBe(
      'rotated-1',
    );
    expect(JSON.parse(await readFile(join(project, '.oauth-tokens.json'), 'utf8'))).toEqual({
      destination: { from: 'rt-from-env', refreshToken: 'rotated-2' },
    });
  });

  it('oauth, a connected account whose refresh token is refused: the run says to get a new one', async () => {
    scenario.tokenFailure = { status: 400, json: { error: 'invalid_grant' } };
    const project = await exportProject(
      exportInput({
        destination: connection(destination, '', 'oauth', {
          grant: 'authorization_code',
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
        }),
      }),
    );
    await writeEnv(project, {
      SOURCE_API_KEY: 'k',
      DESTINATION_OAUTH_REFRESH_TOKEN: 'rt-revoked',
      DESTINATION_OAUTH_CLIENT_ID: 'own-app',
      DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123',
    });
    const run = await runProject(project);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(
      /refused its refresh token \(invalid_grant\): connect the account again and put the new refresh token in DESTINATION_OAUTH_REFRESH_TOKEN/,
    );
    expect(destination.received).toHaveLength(0);
  });

  it('oauth without a token URL: the secret is an access token, sent as a bearer token', async () => {
    const project = await exportProject(
      exportInput({ destination: connection(destination, '', 'oauth', { clientId: 'unused' }) }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_OAUTH_ACCESS_TOKEN: 'at-77' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(0);
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer at-77',
      'Bearer at-77',
    ]);
  });

  it('none: adds no credential and needs no variable', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'none'),
        destination: connection(destination, '', 'none'),
      }),
    );

    const run = await runProject(project);

    expect(run.code).toBe(0);
    for (const request of [...source.received, ...destination.received]) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['x-api-key']).toBeUndefined();
    }
    expect(source.received[0]?.query.toString()).toBe('created_gt=0');
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
  });

  it('keeps state between runs: the next run starts from the saved cursor', async () => {
    const project = await exportProject(exportInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    expect((await runProject(project)).code).toBe(0);
    expect(JSON.parse(await readFile(join(project, 'state.json'), 'utf8'))).toEqual({
      cursor: 200,
    });

    scenario.customers.push({ email: 'linus@example.com', name: 'Linus', created: 300 });
    const second = await runProject(project);

    expect(second.code).toBe(0);
    expect(source.received.map((r) => r.query.get('created_gt'))).toEqual(['0', '200']);
    expect(contactsPosted()).toEqual([
      ...EXPECTED_CONTACTS,
      { email: 'linus@example.com', name: 'Linus' },
    ]);
    expect(printedData(second.stdout)).toEqual({ synced: 1 });
    expect(JSON.parse(await readFile(join(project, 'state.json'), 'utf8'))).toEqual({
      cursor: 300,
    });
  });

  it('a failed run saves nothing: state.json is left as it was', async () => {
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  await ctx.state.set('cursor', 999);
  await ctx.state.delete('keep');
  await ctx.source.get('/v1/customers');
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    const before = '{ "cursor": 100, "keep": true }\n';
    await writeFile(join(project, 'state.json'), before);
    scenario.sourceFailure = { status: 503, json: { error: 'maintenance' } };

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(await readFile(join(project, 'state.json'), 'utf8')).toBe(before);
  });

  it('a 4xx response throws an HttpError the code can catch, with status and parsed body', async () => {
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  try {
    await ctx.source.get('/v1/missing', { query: { id: 7 } });
    return 'no error';
  } catch (err) {
    return { name: err.name, status: err.status, body: err.body, method: err.method, url: err.url, message: err.message };
  }
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    const url = `${source.url}/api/v1/missing?id=7`;
    expect(printedData(run.stdout)).toEqual({
      name: 'HttpError',
      status: 404,
      body: { error: 'no such route' },
      method: 'GET',
      url,
      message: `GET ${url} → 404`,
    });
  });

  it('an uncaught 5xx fails the run: exit 1, with the status and body printed', async () => {
    const project = await exportProject(exportInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    scenario.sourceFailure = { status: 503, json: { error: 'maintenance' } };

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `HttpError: GET ${source.url}/api/v1/customers?created_gt=0 → 503`,
    );
    expect(run.stderr).toContain('status: 503');
    expect(run.stderr).toContain('body: {"error":"maintenance"}');
    expect(run.stdout).not.toContain('data:');
    expect(destination.received).toHaveLength(0);
  });

  it('a missing credential stops the run before any request, naming the variable', async () => {
    const project = await exportProject(
      exportInput({ destination: connection(destination, '', 'bearer') }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Missing environment variable DESTINATION_BEARER_TOKEN');
    expect(source.received).toHaveLength(0);

    // .env.example copied as it is, without filling it in, counts as missing too.
    await writeFile(join(project, '.env'), await readFile(join(project, '.env.example')));
    const unfilled = await runProject(project);
    expect(unfilled.code).toBe(1);
    expect(unfilled.stderr).toContain('Missing environment variable SOURCE_API_KEY');
    expect(source.received).toHaveLength(0);
  });

  it('ctx.fetch reaches other URLs without credentials; the API clients refuse full URLs', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'bearer'),
        code: `export default async function run(ctx) {
  const other = await ctx.fetch('${destination.url}/contacts', { method: 'POST', json: { via: 'fetch' } });
  let refused = null;
  try {
    await ctx.source.get('${destination.url}/contacts');
  } catch (err) {
    refused = err.name;
  }
  console.warn('careful', { n: 1 });
  return { other, refused, run: ctx.run };
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_BEARER_TOKEN: 'source-only-token' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(destination.received).toHaveLength(1);
    expect(destination.received[0]?.headers.authorization).toBeUndefined();
    expect(contactsPosted()).toEqual([{ via: 'fetch' }]);
    const data = printedData(run.stdout) as { other: unknown; refused: unknown; run: unknown };
    expect(data.other).toEqual({ id: 'contact-1' });
    expect(data.refused).toBe('TypeError');
    expect(data.run).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      attempt: 1,
      mode: 'deployed',
      scheduledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Formatted as Patchbay's sandbox formats it (formatLogArgs in @patchbay/runtime).
    expect(run.stderr).toMatch(/^\S+Z WARN {2}careful \{"n":1\}$/m);
  });

  it('ctx.NonRetryableError stops the run cleanly: exit 1, the message printed, nothing saved', async () => {
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  await ctx.state.set('cursor', 1);
  throw new ctx.NonRetryableError('The source returned no customers list');
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('NonRetryableError: The source returned no customers list');
    expect(run.stderr).toContain('retrying cannot fix it');
    expect(run.stderr).not.toContain('TypeError');
    await expect(readFile(join(project, 'state.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('--every runs on the schedule, carrying state, never overlapping runs, until stopped', async () => {
    scenario.sourceDelayMs = 500; // each run outlasts the 300 ms interval
    const project = await exportProject(exportInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k', RUN_EVERY_MINUTES: '0.005' });

    const running = startProject(project, { args: ['--every'] });
    while (source.received.length < 3) {
      if (running.child.exitCode !== null) throw new Error(running.result.stderr);
      await sleep(50);
    }
    running.child.kill('SIGTERM');
    const run = await running.exited;

    expect(run.code).toBe(0);
    expect(source.maxInFlight).toBe(1);
    expect(source.received.slice(0, 3).map((r) => r.query.get('created_gt'))).toEqual([
      '0',
      '200',
      '200',
    ]);
    expect(run.stderr).toMatch(/skipped \d+ tick/);
    expect(run.stdout).toContain('SIGTERM: stopping after the current run');
  });
});
