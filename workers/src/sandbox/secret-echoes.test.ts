import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './index.ts';
import { json, runInput, startServer, type TestServer } from './test-http-server.ts';
import type { SandboxConnection } from './types.ts';

// The sandbox's redaction and method checks end to end (ADR 012, "Hardening"): real runs
// against loopback APIs that echo credentials back the ways real servers do.

let pool: SandboxPool;
let api: TestServer;

beforeAll(async () => {
  pool = new SandboxPool({ size: 1 });
  api = await startServer((request, response) => {
    const path = request.url.split('?')[0];
    const auth = request.headers.authorization ?? '';
    const key = String(request.headers['x-api-key'] ?? '');
    if (path === '/v1/freshdesk') {
      // Freshdesk: basic auth `<api key>:X`; its answers are full of capital X.
      const user = Buffer.from(auth.replace('Basic ', ''), 'base64').toString().split(':')[0];
      return json(response, 200, { title: 'XML Export', agent: user, box: 'X' });
    }
    if (path === '/v1/echo-trimmed') {
      // Servers trim header values before echoing them.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<p>key=${key.trim()}</p>`);
      return;
    }
    if (path === '/v1/echo-encoded') {
      const trimmed = key.trim();
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        [
          JSON.stringify(trimmed).replaceAll('/', '\\/'),
          encodeURIComponent(trimmed).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
          trimmed.replaceAll('&', '&amp;').replaceAll('/', '&#x2F;'),
          [...trimmed]
            .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
            .join(''),
        ].join('\n'),
      );
      return;
    }
    if (path === '/v1/oauth/token') {
      return json(response, 200, {
        access_token: 'user-access-token-1',
        refresh_token: 'user-refresh-token-1',
        id_token: 'user-id-token-1',
      });
    }
    if (path === '/v1/me') return json(response, 200, { auth });
    return json(response, 404, {});
  });
});

afterAll(async () => {
  await pool.close();
  await api.close();
});

function connection(overrides: Partial<SandboxConnection>): SandboxConnection {
  return {
    baseUrl: `${api.origin}/v1`,
    authType: 'none',
    authConfig: {},
    secret: null,
    ...overrides,
  };
}

describe('credentials echoed back', () => {
  it('Freshdesk: the API key in the user name is redacted, the placeholder X is not', async () => {
    const result = await pool.run(
      runInput(`export default async function run(ctx) { return ctx.source.get('freshdesk'); }`, {
        source: connection({
          authType: 'basic',
          authConfig: { username: 'fd_key_0123456789' },
          secret: 'X',
        }),
      }),
    );
    expect(result.data).toEqual({ title: 'XML Export', agent: '[REDACTED]', box: 'X' });
    expect(result.requests[0]?.responseBody).toBe(
      '{"title":"XML Export","agent":"[REDACTED]","box":"X"}',
    );
    expect(result.logs).toEqual([]);
  });

  it('a key saved with spaces around it is redacted in its trimmed echo', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) { return ctx.source.get('echo-trimmed'); }`,
        {
          source: connection({ authType: 'api-key', secret: ' key/with&odd+chars ' }),
        },
      ),
    );
    expect(result.data).toBe('<p>key=[REDACTED]</p>');
  });

  it('re-encoded echoes are redacted in the data and the transcript', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) { return ctx.source.get('echo-encoded'); }`,
        {
          source: connection({ authType: 'api-key', secret: 'key/with&odd+chars' }),
        },
      ),
    );
    expect(result.data).toBe('"[REDACTED]"\n[REDACTED]\n[REDACTED]\n[REDACTED]');
    expect(result.requests[0]?.responseBody).toBe(result.data);
  });

  it('a credential too short to redact is shown, with a warning in the run log', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) { return (await ctx.source.get('echo-trimmed')) + ' blocked'; }`,
        {
          source: connection({ authType: 'api-key', secret: 'k' }),
        },
      ),
    );
    expect(result.data).toBe('<p>key=k</p> blocked');
    expect(result.logs[0]).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/^The source credential is shorter than 4 characters/),
    });
  });
});

describe('OAuth tokens the code obtains', () => {
  it('are usable by the code and hidden from the transcript, logs and data', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          const tokens = await ctx.source.post('oauth/token', { body: 'grant_type=refresh_token&refresh_token=stored-refresh-token' });
          ctx.log('tokens', JSON.stringify(tokens));
          const me = await ctx.source.get('me', { headers: { authorization: 'Bearer ' + tokens.access_token } });
          await ctx.state.set('refresh', tokens.refresh_token);
          return { me, tokens };
        }`,
        { source: connection({}) },
      ),
    );
    expect(result.status).toBe('success');
    // The code used the real token.
    expect(api.received.at(-1)?.headers.authorization).toBe('Bearer user-access-token-1');
    const shown = JSON.stringify([result.data, result.logs, result.requests]);
    for (const token of [
      'user-access-token-1',
      'user-refresh-token-1',
      'user-id-token-1',
      'stored-refresh-token',
    ]) {
      expect(shown).not.toContain(token);
    }
    expect(result.data).toEqual({
      me: { auth: 'Bearer [REDACTED]' },
      tokens: { access_token: '[REDACTED]', refresh_token: '[REDACTED]', id_token: '[REDACTED]' },
    });
    // State is the code's own: the refresh token it keeps there stays usable.
    expect(result.stateChanges.set).toEqual({ refresh: 'user-refresh-token-1' });
  });
});

describe('methods', () => {
  it('a String.prototype the code rewrote cannot smuggle TRACE or CONNECT past the host', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          String.prototype.toUpperCase = function () { return String(this); };
          const out = [];
          for (const method of ['trace', 'connect', 'track']) {
            try { await ctx.fetch('${api.origin}/v1/me', { method }); out.push('sent'); }
            catch (error) { out.push(error.message); }
          }
          return out;
        }`,
      ),
    );
    expect(result.data).toEqual([
      expect.stringMatching(/TRACE is not allowed/),
      expect.stringMatching(/CONNECT is not allowed/),
      expect.stringMatching(/TRACK is not allowed/),
    ]);
    expect(api.received.some((request) => !['GET', 'POST'].includes(request.method))).toBe(false);
  });
});
