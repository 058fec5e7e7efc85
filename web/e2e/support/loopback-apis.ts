import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Small HTTP APIs on 127.0.0.1 for integrations to call from the sandbox (ADR 005: real
// loopback servers, no mocks). The test stack allows loopback targets
// (SANDBOX_ALLOW_PRIVATE_NETWORK=true).

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LoopbackApi {
  baseUrl: string;
  received: ReceivedRequest[];
  close: () => Promise<void>;
}

/** Starts a server that records each request and answers with `respond(request)` as JSON. */
export async function startLoopbackApi(
  respond: (request: ReceivedRequest) => { status?: number; body: unknown },
): Promise<LoopbackApi> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body,
      };
      received.push(request);
      const answer = respond(request);
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const CUSTOMERS = [
  { id: 1, email: 'ada@example.com', name: 'Ada Lovelace' },
  { id: 2, email: 'grace@example.com', name: 'Grace Hopper' },
];

/** A billing API: GET /customers lists two customers. */
export function startSourceApi(): Promise<LoopbackApi> {
  return startLoopbackApi((request) =>
    request.url.startsWith('/customers')
      ? { body: CUSTOMERS }
      : { status: 404, body: { error: 'not found' } },
  );
}

/** A CRM: POST /contacts accepts a contact. */
export function startDestinationApi(): Promise<LoopbackApi> {
  return startLoopbackApi((request) =>
    request.method === 'POST' && request.url === '/contacts'
      ? { status: 201, body: { ok: true } }
      : { status: 404, body: { error: 'not found' } },
  );
}

/**
 * What the journey types into the editor: reads the customers, posts each one as a contact
 * and logs a line. Written flush left and without a doc comment, so Monaco's auto-indent and
 * comment completion have nothing to add while it is typed.
 */
export const SYNC_CODE = `export default async function run(ctx) {
const customers = await ctx.source.get('/customers');
for (const c of customers) {
await ctx.destination.post('/contacts', { json: { email: c.email, name: c.name } });
}
ctx.log('synced ' + customers.length + ' customers');
return { synced: customers.length };
}
`;
