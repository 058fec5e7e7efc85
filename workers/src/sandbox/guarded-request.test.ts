import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardedRequest,
  RequestFailedError,
  type HopEnd,
  type HopStart,
  type OutgoingRequest,
  type RequestEnvironment,
} from '@patchbay/runtime/network';
import { BlockedRequestError, type LookupAll } from '@patchbay/runtime/network';
import { json, startServer, type TestServer } from './test-http-server.ts';

// The network guard on the real request path: real sockets to loopback servers. To test what
// happens when a *public* host redirects to loopback (with the guard on), a fake DNS answer
// gives api.public.test a public address, and `connectTo` — the one test seam — routes that
// checked public address to a loopback server. Every check still runs on the real code path.

const PUBLIC_ADDRESS = '93.184.216.34';

let target: TestServer; // the loopback service an attacker wants to reach
let front: TestServer; // plays the public host

beforeAll(async () => {
  target = await startServer((_request, response) => json(response, 200, { secret: 'internal' }));
  front = await startServer((request, response) => {
    const location = new URL(request.url, 'http://x').searchParams.get('to');
    if (request.url.startsWith('/redirect') && location) {
      response.writeHead(302, { location });
      response.end();
    } else {
      json(response, 200, { path: request.url });
    }
  });
});

afterAll(async () => {
  await Promise.all([target.close(), front.close()]);
});

function environment(overrides: Partial<RequestEnvironment> = {}) {
  const hops: Array<HopStart & Partial<HopEnd>> = [];
  const lookups: string[] = [];
  const lookup: LookupAll = async (hostname) => {
    lookups.push(hostname);
    if (hostname === 'api.public.test') return [{ address: PUBLIC_ADDRESS, family: 4 }];
    if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  const env: RequestEnvironment = {
    allowPrivateNetwork: false,
    maxResponseBytes: 1024 * 1024,
    timeoutMs: 5_000,
    signal: new AbortController().signal,
    lookup,
    // The fake public address is served by `front` on loopback.
    connectTo: (resolved) =>
      resolved.address === PUBLIC_ADDRESS ? { address: '127.0.0.1', family: 4 } : resolved,
    onAttempt: () => {},
    record: (start) => {
      const hop: HopStart & Partial<HopEnd> = { ...start };
      hops.push(hop);
      return (end) => Object.assign(hop, end);
    },
    ...overrides,
  };
  return { env, hops, lookups };
}

function get(url: string, extra: Partial<OutgoingRequest> = {}): OutgoingRequest {
  return { method: 'GET', url: new URL(url), headers: {}, body: null, ...extra };
}

describe('redirects', () => {
  it.each([
    (port: number) => `http://127.0.0.1:${port}/internal`,
    (port: number) => `http://localhost:${port}/internal`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/internal`,
    () => 'http://169.254.169.254/latest/meta-data/',
  ])('a public host redirecting to loopback or metadata is stopped at the hop (%#)', async (to) => {
    const { env, hops } = environment();
    const before = target.received.length;
    const location = to(target.port);
    const request = get(
      `http://api.public.test:${front.port}/redirect?to=${encodeURIComponent(location)}`,
    );
    await expect(guardedRequest(request, env)).rejects.toThrow(BlockedRequestError);
    expect(target.received.length).toBe(before);
    expect(hops.map((hop) => [hop.status, hop.error ?? null])).toEqual([
      [302, null],
      [null, expect.stringMatching(/blocked by the network guard/)],
    ]);
  });

  it('follows redirects to public hosts, re-checking each hop', async () => {
    const { env, hops, lookups } = environment();
    const response = await guardedRequest(
      get(`http://api.public.test:${front.port}/redirect?to=/landed`),
      env,
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ path: '/landed' });
    expect(hops).toHaveLength(2);
    expect(lookups).toEqual(['api.public.test', 'api.public.test']);
  });

  it('connects to the address that was checked: no second DNS lookup', async () => {
    // rebind.test exists only in this fake DNS: the request can only arrive if the socket used
    // the checked answer rather than asking the system resolver again.
    const lookups: string[] = [];
    const { env } = environment({
      allowPrivateNetwork: true,
      lookup: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const response = await guardedRequest(get(`http://rebind.test:${target.port}/`), env);
    expect(response.status).toBe(200);
    expect(lookups).toEqual(['rebind.test']);
    expect(target.received.at(-1)?.headers.host).toBe(`rebind.test:${target.port}`);
  });

  it('stops after five redirects', async () => {
    const { env, hops } = environment({ allowPrivateNetwork: true });
    let url = `${front.origin}/end`;
    for (let i = 0; i < 6; i++) url = `${front.origin}/redirect?to=${encodeURIComponent(url)}`;
    await expect(guardedRequest(get(url), env)).rejects.toThrow('more than 5 redirects');
    expect(hops).toHaveLength(6);
  });

  it('turns POST into GET on 302 and 303, keeps it on 307, and drops credentials across origins', async () => {
    const hopper = await startServer((request, response) => {
      const code = Number(new URL(request.url, 'http://x').searchParams.get('code'));
      if (code) {
        response.writeHead(code, { location: `http://localhost:${target.port}/after` });
        response.end();
      } else json(response, 200, {});
    });
    try {
      for (const [code, method, body] of [
        [302, 'GET', ''],
        [303, 'GET', ''],
        [307, 'POST', '{"a":1}'],
      ] as const) {
        const { env } = environment({ allowPrivateNetwork: true });
        await guardedRequest(
          {
            method: 'POST',
            url: new URL(`${hopper.origin}/?code=${code}`),
            headers: { 'content-type': 'application/json', authorization: 'Bearer own-token' },
            body: Buffer.from('{"a":1}'),
            credentials: {
              origin: hopper.origin,
              headers: { 'X-API-Key': 'k-123' },
              query: {},
            },
          },
          env,
        );
        const arrived = target.received.at(-1);
        expect([arrived?.method, arrived?.body]).toEqual([method, body]);
        // 127.0.0.1 → localhost is another origin: neither the host's nor the code's credential.
        expect(arrived?.headers['x-api-key']).toBeUndefined();
        expect(arrived?.headers.authorization).toBeUndefined();
      }
    } finally {
      await hopper.close();
    }
  });

  it('drops a query-string API key that an open redirect copies to another origin', async () => {
    const leaky = await startServer((request, response) => {
      // An open redirect that copies the query string along.
      const query = request.url.slice(request.url.indexOf('?'));
      response.writeHead(302, { location: `http://localhost:${target.port}/collect${query}` });
      response.end();
    });
    try {
      const { env } = environment({ allowPrivateNetwork: true });
      await guardedRequest(
        get(`${leaky.origin}/go?page=2`, {
          credentials: { origin: leaky.origin, headers: {}, query: { api_key: 'k 123/+' } },
        }),
        env,
      );
      expect(leaky.received.at(-1)?.url).toBe('/go?page=2&api_key=k+123%2F%2B');
      expect(target.received.at(-1)?.url).toBe('/collect?page=2');
    } finally {
      await leaky.close();
    }
  });
});

describe('caps', () => {
  let big: TestServer;
  beforeAll(async () => {
    big = await startServer((request, response) => {
      if (request.url === '/large') {
        response.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
      } else if (request.url === '/bomb') {
        // 20 MiB of zeros in a few KiB of gzip: the cap applies to what it inflates to.
        response.writeHead(200, { 'content-encoding': 'gzip' });
        response.end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
      } else if (request.url === '/gzip') {
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
        response.end(gzipSync('hello, compressed'));
      } else if (request.url === '/hang') {
        // Never answers.
      } else json(response, 200, {});
    });
  });
  afterAll(() => big.close());

  it('fails a response past the size cap', async () => {
    const { env } = environment({ allowPrivateNetwork: true });
    await expect(guardedRequest(get(`${big.origin}/large`), env)).rejects.toThrow(
      'the response is larger than 1 MiB',
    );
  });

  it('applies the cap after decompression (a gzip bomb stops at the cap)', async () => {
    const { env } = environment({ allowPrivateNetwork: true });
    await expect(guardedRequest(get(`${big.origin}/bomb`), env)).rejects.toThrow(
      'the response is larger than 1 MiB',
    );
    const ok = await guardedRequest(get(`${big.origin}/gzip`), env);
    expect(ok.body.toString()).toBe('hello, compressed');
  });

  it('gives up on a request that gets no answer in time', async () => {
    const { env, hops } = environment({ allowPrivateNetwork: true, timeoutMs: 300 });
    const failure = guardedRequest(get(`${big.origin}/hang`), env);
    await expect(failure).rejects.toThrow('no response within 0.3 s');
    await expect(failure).rejects.toBeInstanceOf(RequestFailedError);
    expect(hops[0]?.error).toBe('no response within 0.3 s');
  });

  it('asks the run budget before every hop', async () => {
    let attempts = 0;
    const { env } = environment({
      allowPrivateNetwork: true,
      onAttempt: () => {
        attempts += 1;
        if (attempts > 1) throw new RequestFailedError('request limit reached', false);
      },
    });
    await expect(guardedRequest(get(`${front.origin}/redirect?to=/again`), env)).rejects.toThrow(
      'request limit reached',
    );
    expect(attempts).toBe(2);
  });
});

describe('methods', () => {
  it.each(['TRACE', 'trace', 'Trace', 'CONNECT', 'connect', 'TRACK', 'PROPFIND', 'BREW'])(
    'refuses %s before anything is sent',
    async (method) => {
      let attempts = 0;
      const { env, hops } = environment({
        allowPrivateNetwork: true,
        // A CONNECT that got through would hang; it must fail at once, not at the timeout.
        timeoutMs: 300,
        onAttempt: () => {
          attempts += 1;
        },
      });
      const before = target.received.length;
      const failure = guardedRequest(get(`${target.origin}/x`, { method }), env);
      await expect(failure).rejects.toThrow(
        `the HTTP method ${method.toUpperCase()} is not allowed (use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS)`,
      );
      await expect(failure).rejects.toMatchObject({ retryable: false });
      expect(target.received.length).toBe(before);
      expect([hops.length, attempts]).toEqual([0, 0]);
    },
  );

  it('sends an allowed method upper-cased, whatever case the code used', async () => {
    for (const method of ['patch', 'Delete', 'options', 'get']) {
      const { env, hops } = environment({ allowPrivateNetwork: true });
      await guardedRequest(get(`${target.origin}/m`, { method }), env);
      expect(target.received.at(-1)?.method).toBe(method.toUpperCase());
      expect(hops[0]?.method).toBe(method.toUpperCase());
    }
  });
});

describe('query credentials across origins', () => {
  const KEY = 'k 123/key+';
  // An open redirect that copies the key along, re-encoded as the test asks.
  let leaky: TestServer;
  beforeAll(async () => {
    leaky = await startServer((request, response) => {
      const to = new URL(request.url, 'http://x').searchParams.get('to') ?? '/';
      response.writeHead(302, { location: to.replaceAll('TARGET', `localhost:${target.port}`) });
      response.end();
    });
  });
  afterAll(() => leaky.close());

  async function follow(location: string) {
    const { env, hops } = environment({ allowPrivateNetwork: true });
    const url = new URL(`${leaky.origin}/go`);
    url.searchParams.set('to', location);
    const response = await guardedRequest(
      {
        ...get(url.href),
        credentials: { origin: leaky.origin, headers: {}, query: { api_key: KEY } },
      },
      env,
    );
    return { response, hops };
  }

  it.each([
    ['lower-case percent-encoding', 'http://TARGET/collect?api_key=k%20123%2fkey%2b&n=1'],
    ['"/" left unescaped', 'http://TARGET/collect?api_key=k+123/key%2B&n=1'],
    ['the key under another name', 'http://TARGET/collect?stolen=k%20123%2Fkey%2B&n=1'],
    ['the key inside a longer value', 'http://TARGET/collect?next=a-k+123/key%2b-b&n=1'],
  ])('drops the key on a cross-origin hop: %s', async (_name, location) => {
    const { response, hops } = await follow(location);
    expect(response.status).toBe(200);
    expect(target.received.at(-1)?.url).toBe('/collect?n=1');
    expect(hops.at(-1)?.url).toBe(`http://localhost:${target.port}/collect?n=1`);
  });

  it('keeps the query as it was when nothing is dropped', async () => {
    await follow('http://TARGET/collect?a=%2f&b=x+y');
    expect(target.received.at(-1)?.url).toBe('/collect?a=%2f&b=x+y');
  });

  it.each([['in the path', 'http://TARGET/collect/k%20123%2fkey%2b']])(
    'refuses a cross-origin hop that carries the key %s',
    async (_name, location) => {
      const before = target.received.length;
      await expect(follow(location)).rejects.toThrow('would carry the credential');
      expect(target.received.length).toBe(before);
    },
  );
});

describe('a secret request body across origins', () => {
  it('an OAuth token request redirected (307) to another origin does not resend the client secret', async () => {
    const tokenEndpoint = await startServer((_request, response) => {
      response.writeHead(307, { location: `http://localhost:${target.port}/steal` });
      response.end();
    });
    try {
      const { env } = environment({ allowPrivateNetwork: true });
      const before = target.received.length;
      await expect(
        guardedRequest(
          {
            method: 'POST',
            url: new URL(`${tokenEndpoint.origin}/oauth/token`),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: Buffer.from('grant_type=client_credentials&client_secret=cs-123456'),
            bodyIsSecret: true,
          },
          env,
        ),
      ).rejects.toThrow(/would resend the request body/);
      expect(target.received.length).toBe(before);
    } finally {
      await tokenEndpoint.close();
    }
  });
});
